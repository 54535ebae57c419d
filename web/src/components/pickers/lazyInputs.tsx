import { lazy } from 'react';

/* The pickers' form inputs, drawn through Deferred: their code (dialogs, trees, tables) loads with the first form that shows one. */

export const LazyEnterpriseSelector = lazy(() =>
  import('./EnterpriseSelector.tsx').then((module) => ({ default: module.EnterpriseSelector })),
);
export const LazyRowPickerInput = lazy(() =>
  import('./RowPicker.tsx').then((module) => ({ default: module.RowPickerInput })),
);
export const LazyPersonPickerInput = lazy(() =>
  import('./PersonPicker.tsx').then((module) => ({ default: module.PersonPickerInput })),
);
export const LazyTagInput = lazy(() => import('./TagInput.tsx').then((module) => ({ default: module.TagInput })));
export const LazyRefTreeSelect = lazy(() =>
  import('./RefTreeSelect.tsx').then((module) => ({ default: module.RefTreeSelect })),
);
