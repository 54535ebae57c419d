/**
 * What antd's table takes from rc-tree for its row selection (checking a parent row checks its children), from the
 * modules that hold it. The build gives the table this module for `@rc-component/tree` (web/build/tableImports.ts):
 * rc-tree's index brought the tree's node and drag code (4.6 kB compressed) into every list, which
 * draws no tree. rc-tree's two array helpers live beside its node, so they are spelled here as the table uses them.
 */
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';

/** The list without `value` (a copy; none for no list). */
export function arrDel<T>(list: T[] | undefined, value: T): T[] {
  return list ? list.filter((item) => item !== value) : [];
}

/** The list with `value` at its end unless it holds it already (a copy). */
export function arrAdd<T>(list: T[] | undefined, value: T): T[] {
  const copy = [...(list ?? [])];
  if (!copy.includes(value)) copy.push(value);
  return copy;
}
