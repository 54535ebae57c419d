import { pinyin } from 'pinyin-pro';
import type { MenuNode } from '../api/menu.ts';
import { type Lang, menuLabel } from '../i18n/index.ts';

/** A page of the menu tree as the searches see it (spec part 2: leaf menus only). */
export interface MenuLeaf {
  path: string;
  code: string;
  name: string;
  /** The pinyin initials of the Chinese name, lower case: 企业管理 -> qygl. */
  initials: string;
}

export function initialsOf(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();
}

/** Every leaf with a path, in menu order, once per path. */
export function menuLeaves(tree: MenuNode[]): MenuLeaf[] {
  const leaves = new Map<string, MenuLeaf>();
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else if (node.path && !leaves.has(node.path)) {
        leaves.set(node.path, { path: node.path, code: node.code, name: node.name, initials: initialsOf(node.name) });
      }
    }
  };
  visit(tree);
  return [...leaves.values()];
}

/**
 * The leaves whose name starts with `query`, case-insensitive: the name shown in the current
 * language, the Chinese name, or its pinyin initials (so `qy` finds 企业管理). Empty finds nothing.
 */
export function searchMenus(leaves: MenuLeaf[], query: string, lang: Lang): MenuLeaf[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return leaves.filter(
    (leaf) =>
      menuLabel(leaf.code, leaf.name, lang).toLowerCase().startsWith(q) ||
      leaf.name.toLowerCase().startsWith(q) ||
      leaf.initials.startsWith(q),
  );
}
