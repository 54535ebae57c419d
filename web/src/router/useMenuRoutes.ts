import { entityByRoute } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchMenuRoutes, type MenuNode } from '../api/menu.ts';
import { roleAliasesOf, visibleMenus } from '../auth/roles.ts';
import { useSession } from '../stores/session.ts';
import { buildMenuRoutes } from './menuRoutes.ts';
import { views } from './views.ts';

/** One empty tree while loading, so effects that depend on the tree do not rerun on every render. */
const NO_MENUS: MenuNode[] = [];

/**
 * The user's menu tree and the page routes built from it; fetched once per session. Items whose
 * `meta.roles` leave the user out are gone from the sidebar, both searches and the routes alike.
 */
export function useMenuRoutes() {
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
  const routes = useMemo(() => buildMenuRoutes(tree, views, entityByRoute), [tree]);
  return { menus, tree, routes };
}
