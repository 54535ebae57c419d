import { ENTITY_ROUTES } from '@park/catalog/routes';
import { useMemo } from 'react';
import { buildMenuRoutes } from './menuRoutes.ts';
import { useMenuTree } from './useMenuTree.ts';
import { views } from './views.ts';

const entityRoutes = new Set(ENTITY_ROUTES);

/**
 * The user's menu tree and the page routes built from it, each with its screen: a custom one or the catalog
 * entity's generic one. The catalog itself loads with the generic screen (crud/EntityScreen.tsx), not here.
 */
export function useMenuRoutes() {
  const { menus, tree } = useMenuTree();
  const routes = useMemo(() => buildMenuRoutes(tree, views, entityRoutes), [tree]);
  return { menus, tree, routes };
}
