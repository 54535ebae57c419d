import { Input } from 'antd';
import { type ComponentProps, type ComponentType, type LazyExoticComponent, Suspense } from 'react';

/**
 * A form input whose code loads with the first form that shows one (`React.lazy`), so a list whose forms have no
 * such field does without: a disabled input with the field's placeholder stands in meanwhile. Value, onChange and
 * id pass through from the Form.Item, which gives them to its direct child.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props; ComponentProps<C> types each use
export function Deferred<C extends LazyExoticComponent<ComponentType<any>>>({
  input: Loaded,
  ...props
}: { input: C } & ComponentProps<C>) {
  // The form item's id and the field's name go to the stand-in too: a form checked while an input still loads names it.
  const { placeholder, id, label } = props as { placeholder?: string; id?: string; label?: string };
  const Component = Loaded as unknown as ComponentType<typeof props>;
  return (
    <Suspense fallback={<Input disabled id={id} aria-label={label} aria-busy placeholder={placeholder} />}>
      <Component {...props} />
    </Suspense>
  );
}
