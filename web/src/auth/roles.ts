import type { MenuNode } from '../api/menu.ts';
import { useSession } from '../stores/session.ts';

/** The role alias of the administrator (CONTRACT.md, seed data). */
export const ADMINISTRATOR = 'administrator';

/** The session's role aliases: the token's `role_name` is them joined by commas. */
export function roleAliasesOf(roleName: string | null | undefined): string[] {
  return (roleName ?? '')
    .split(',')
    .map((alias) => alias.trim())
    .filter(Boolean);
}

/** Whether the signed-in user may see something restricted to `roles`. */
export function useAllowed(roles: readonly string[] | undefined): boolean {
  return allowedFor(roles, roleAliasesOf(useSession((s) => s.user?.roleName)));
}

/**
 * Whether something restricted to `roles` (role aliases, an array or comma-joined) may be shown to a
 * user with `aliases` (spec part 6): yes when no list is given, else when one of the user's roles is in it.
 */
export function allowedFor(roles: readonly string[] | string | null | undefined, aliases: readonly string[]): boolean {
  const list = typeof roles === 'string' ? roleAliasesOf(roles) : (roles ?? []).map(String);
  return list.length === 0 || list.some((role) => aliases.includes(role));
}

/**
 * The menu tree without the items whose `meta.roles` (as BladeX's Avue sidebar reads it) leaves the user
 * out; a group whose every page went is dropped too, so no empty folder stays.
 */
export function visibleMenus(tree: MenuNode[], aliases: readonly string[]): MenuNode[] {
  const visible: MenuNode[] = [];
  for (const node of tree) {
    if (!allowedFor(node.meta?.roles, aliases)) continue;
    if (!node.children?.length) {
      visible.push(node);
      continue;
    }
    const children = visibleMenus(node.children, aliases);
    if (children.length) visible.push(children.length === node.children.length ? node : { ...node, children });
  }
  return visible;
}
