import { Input } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { EnterpriseSelector } from './EnterpriseSelector.tsx';
import type { PersonPickerInput } from './PersonPicker.tsx';
import type { RowPickerInput } from './RowPicker.tsx';

/*
 * The pickers' form inputs, whose code (their dialogs, trees and tables) loads with the first form that shows
 * one, so a list whose forms have no such field does without. A plain disabled input stands in for the moment
 * it loads. Value, onChange and id pass through from the Form.Item around them, which gives them to its child.
 */

const Enterprise = lazy(() =>
  import('./EnterpriseSelector.tsx').then((module) => ({ default: module.EnterpriseSelector })),
);
const Row = lazy(() => import('./RowPicker.tsx').then((module) => ({ default: module.RowPickerInput })));
const Person = lazy(() => import('./PersonPicker.tsx').then((module) => ({ default: module.PersonPickerInput })));

function Loading({ placeholder }: { placeholder?: string }) {
  return <Input disabled placeholder={placeholder} />;
}

export function LazyEnterpriseSelector(props: ComponentProps<typeof EnterpriseSelector>) {
  return (
    <Suspense fallback={<Loading placeholder={props.placeholder} />}>
      <Enterprise {...props} />
    </Suspense>
  );
}

export function LazyRowPickerInput(props: ComponentProps<typeof RowPickerInput>) {
  return (
    <Suspense fallback={<Loading placeholder={props.placeholder} />}>
      <Row {...props} />
    </Suspense>
  );
}

export function LazyPersonPickerInput(props: ComponentProps<typeof PersonPickerInput>) {
  return (
    <Suspense fallback={<Loading placeholder={props.placeholder} />}>
      <Person {...props} />
    </Suspense>
  );
}
