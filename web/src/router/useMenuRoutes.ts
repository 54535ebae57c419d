import { entityByRoute } from '@park/catalog';
import { useMemo } from 'react';
import { buildMenuRoutes } from './menuRoutes.ts';
import { useMenuTree } from './useMenuTree.ts';
import { views } from './views.ts';

/**
 * The user's menu tree and the page routes built from it, each with its screen: a custom one or the catalog
 * entity's generic one. Only the menu screens use it, so the catalog loads with them, not with the shell.
 */
export function useMenuRoutes() {
  const { menus, tree } = useMenuTree();
  const routes = useMemo(() => buildMenuRoutes(tree, views, entityByRoute), [tree]);
  return { menus, tree, routes };
}
