import { type ComponentProps, lazy, Suspense } from 'react';

const Tree = lazy(() => import('antd/es/tree'));

/**
 * Antd's table imports its tree for one kind of column filter (`filterMode: 'tree'`), so every list loaded the tree
 * (12 kB compressed) with the table. The build gives the table this stand-in instead (web/build/tableImports.ts
 * `tableImports`): the tree is loaded when such a filter is first drawn, and draws as antd's would.
 */
export default function LazyFilterTree(props: ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={null}>
      <Tree {...props} />
    </Suspense>
  );
}
