import type { Row } from '../../../api/crud.ts';

/**
 * A tree table's rows loaded level by level: the top level and the levels below the rows
 * that are open. A row with children still unloaded gets an empty `children`, so the table
 * draws its expander; a row without children gets none.
 */
export async function lazyTree(
  fetchLevel: (parentId: string) => Promise<Row[]>,
  open: ReadonlySet<string>,
  parentId = '0',
): Promise<Row[]> {
  const rows = await fetchLevel(parentId);
  return Promise.all(
    rows.map(async (row) => {
      if (!row.hasChildren) return row;
      return { ...row, children: open.has(row.id) ? await lazyTree(fetchLevel, open, row.id) : [] };
    }),
  );
}

/** Whether an opened row's level is still to be loaded. */
export function unloaded(row: Row): boolean {
  return Array.isArray(row.children) && row.children.length === 0;
}
