import type { PageQuery, Row } from '../api/crud.ts';
import { request } from '../api/http.ts';

/**
 * Flat rows as a forest by parentId, for tree tables. A row whose parent is not among
 * them is a root (a search can leave a parent out). Leaves get no `children`, so the
 * table draws no expander on them.
 */
export function treeRows(rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, { ...row } as Row & { children?: Row[] }]));
  const roots: Row[] = [];
  for (const row of byId.values()) {
    const parent = byId.get(String(row.parentId));
    if (!parent || parent === row) roots.push(row);
    else if (parent.children) parent.children.push(row);
    else parent.children = [row];
  }
  return roots;
}

/**
 * The rows of a tree entity (catalog `tree`: departments, roles, industries, jobs) as its list shows
 * them: every row matching the filters (its `list` answers them all, unpaged), nested.
 */
export async function fetchTree(
  api: string,
  { current: _current, size: _size, ...filters }: PageQuery,
): Promise<Row[]> {
  return treeRows(await request<Row[]>(`${api}/list`, { query: filters }));
}
