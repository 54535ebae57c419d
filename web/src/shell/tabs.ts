import { allowedFor, roleAliasesOf } from '../auth/roles.ts';
import type { MenuPage } from '../router/menuRoutes.ts';
import { HOME_PATH } from '../router/paths.ts';
import { useSession } from '../stores/session.ts';
import type { Tag } from '../stores/tags.ts';
import { STATIC_PAGES } from './staticPages.ts';

/** The id of the tags bar's pinned 首页 tab, which the list of tabs owns (repairTablists). */
export const HOME_TAB_ID = 'tags-home';

/** Which tab becomes active when `closing` closes: the one before it if it was active, else no change. */
export function activeAfterClose(keys: string[], closing: string, active: string): string {
  if (closing !== active) return active;
  const index = keys.indexOf(closing);
  return keys[index - 1] ?? keys[index + 1] ?? active;
}

/**
 * The tab a path opens: a menu page or a page of the shell itself that the user's roles (`aliases`,
 * the session's by default) may open; none for home, which has its own.
 */
export function tagOf(
  routes: MenuPage[],
  path: string,
  aliases = roleAliasesOf(useSession.getState().user?.roleName),
): Tag | undefined {
  const page =
    routes.find((r) => r.path === path) ?? STATIC_PAGES.find((p) => p.path === path && allowedFor(p.roles, aliases));
  return page && page.path !== HOME_PATH ? { path: page.path, code: page.code, name: page.name } : undefined;
}
