import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchMenuRoutes, type MenuNode } from '../api/menu.ts';
import { roleAliasesOf, visibleMenus } from '../auth/roles.ts';
import { useSession } from '../stores/session.ts';
import { menuPages } from './menuRoutes.ts';

/** One empty tree while loading, so effects that depend on the tree do not rerun on every render. */
const NO_MENUS: MenuNode[] = [];

/**
 * The user's menu tree and its leaf pages; fetched once per session. Items whose `meta.roles` leave the
 * user out are gone from the sidebar, both searches and the routes alike. Free of the catalog and of the
 * screens' loaders, which only the menu routes need (useMenuRoutes): the shell and home use this.
 */
export function useMenuTree() {
  const menus = useQuery({
    queryKey: ['menu', 'routes'],
    queryFn: () => fetchMenuRoutes(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const roleName = useSession((s) => s.user?.roleName);
  const tree = useMemo(
    () => (menus.data ? visibleMenus(menus.data, roleAliasesOf(roleName)) : NO_MENUS),
    [menus.data, roleName],
  );
  const pages = useMemo(() => menuPages(tree), [tree]);
  return { menus, tree, pages };
}
