/**
 * Menu paths moved to BladeX's (issue 35.6, migration 0185_saber_menu_paths.sql), old to new: an address from before
 * the move (a bookmark, a tab kept in localStorage, a link) leads to the screen's new one.
 */
export const MOVED_PATHS: ReadonlyMap<string, string> = new Map([
  ['/system/role', '/authority/role'],
  ['/system/datascope', '/authority/datascope'],
  ['/system/apiscope', '/authority/apiscope'],
  ['/system/region', '/base/region'],
  ['/develop/code', '/tool/code'],
  ['/develop/datasource', '/tool/datasource'],
  ['/develop/report', '/report/reportlist'],
]);

/**
 * The address a moved screen's old address now is (a page below it moves with it, and the query and hash stay),
 * or undefined when `address` is no moved screen's.
 */
export function movedAddress(address: string): string | undefined {
  const cut = address.search(/[?#]/);
  const path = cut < 0 ? address : address.slice(0, cut);
  const rest = cut < 0 ? '' : address.slice(cut);
  for (const [from, to] of MOVED_PATHS) {
    if (path === from || path.startsWith(`${from}/`)) return `${to}${path.slice(from.length)}${rest}`;
  }
  return undefined;
}
