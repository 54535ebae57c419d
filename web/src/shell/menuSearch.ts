import { pinyin } from 'pinyin-pro';
import type { MenuNode } from '../api/menu.ts';
import { type Lang, menuLabel } from '../i18n/index.ts';

/** A menu's names as the searches match them. */
export interface MenuName {
  code: string;
  name: string;
  /** The pinyin initials of the Chinese name, lower case: 企业管理 -> qygl. */
  initials: string;
}

/** A page of the menu tree as the searches see it (spec part 2: leaf menus only), with the groups above it. */
export interface MenuLeaf extends MenuName {
  path: string;
  /** The groups it sits in, outermost first: 企业管理 for 企业信息. */
  ancestors: MenuName[];
}

export function initialsOf(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();
}

const nameOf = (node: MenuNode): MenuName => ({ code: node.code, name: node.name, initials: initialsOf(node.name) });

/** Every leaf with a path, in menu order, once per path. */
export function menuLeaves(tree: MenuNode[]): MenuLeaf[] {
  const leaves = new Map<string, MenuLeaf>();
  const visit = (nodes: MenuNode[], ancestors: MenuName[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children, [...ancestors, nameOf(node)]);
      else if (node.path && !leaves.has(node.path))
        leaves.set(node.path, { ...nameOf(node), path: node.path, ancestors });
    }
  };
  visit(tree, []);
  return [...leaves.values()];
}

/** Whether a menu's name starts with `q`: as shown in the language, the Chinese name, or its pinyin initials. */
function matches(menu: MenuName, q: string, lang: Lang): boolean {
  return (
    menuLabel(menu.code, menu.name, lang).toLowerCase().startsWith(q) ||
    menu.name.toLowerCase().startsWith(q) ||
    menu.initials.startsWith(q)
  );
}

/**
 * The leaves whose own name or one of whose groups' names starts with `query`, case-insensitive, in
 * menu order: `qy` finds 企业信息 and every other page under 企业管理. Empty finds nothing.
 */
export function searchMenus(leaves: MenuLeaf[], query: string, lang: Lang): MenuLeaf[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return leaves.filter((leaf) => [leaf, ...leaf.ancestors].some((menu) => matches(menu, q, lang)));
}

/** Where a leaf sits, as a result shows it: 企业管理 / 企业信息. */
export function menuTrail(leaf: MenuLeaf, lang: Lang): string {
  return [...leaf.ancestors, leaf].map((menu) => menuLabel(menu.code, menu.name, lang)).join(' / ');
}
