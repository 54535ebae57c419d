import { expect } from 'vitest';
import { menuId } from '../src/seed/menus.ts';

/** Shared by the menu tests: a menu tree's nodes as the API answers them, and checks on them. */
export type MenuNode = {
  id: string;
  parentId: string;
  title?: string;
  name?: string;
  code?: string;
  category?: number;
  children?: MenuNode[];
  hasChildren?: boolean;
};

/** Every node of a tree, parents before their children. */
export const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/**
 * A grant or selection tree: the menus as tree nodes (key and value are the id), without buttons, each with
 * its code and category, by which the web names it in the user's language.
 */
export function expectMenuTreeNodes(all: MenuNode[]) {
  expect(all.find((n) => n.id === menuId('param'))).toMatchObject({
    parentId: menuId('system'),
    title: '参数管理',
    key: menuId('param'),
    value: menuId('param'),
    code: 'param',
    category: 1,
  });
  expect(all.some((n) => n.title === '新增')).toBe(false);
}
