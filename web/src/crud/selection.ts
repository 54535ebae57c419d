import type { Row } from '../api/crud.ts';

/** Every row's id on the page, its children's too (a tree's rows are picked at any level). */
export function pageIds(rows: readonly Row[]): string[] {
  return rows.flatMap((row) => [row.id, ...(Array.isArray(row.children) ? pageIds(row.children as Row[]) : [])]);
}

/**
 * The selection after a pick on one page: the table reports only that page's picked rows, so the rows picked on
 * the other pages stay, those of this page are replaced by what it reports. Bulk delete and export then act on
 * every page's picks.
 */
export function keepSelection(
  selected: readonly string[],
  onPage: readonly string[],
  picked: readonly string[],
): string[] {
  const page = new Set(onPage);
  const elsewhere = selected.filter((id) => !page.has(id));
  return [...elsewhere, ...picked.filter((id) => !elsewhere.includes(id))];
}
