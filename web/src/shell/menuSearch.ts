import { useEffect, useState } from 'react';
import type { MenuNode } from '../api/menu.ts';
import { type Lang, menuLabel } from '../i18n/index.ts';

/** A menu's names as the searches match them. */
export interface MenuName {
  code: string;
  name: string;
}

/** A page of the menu tree as the searches see it (spec part 2: leaf menus only), with the groups above it. */
export interface MenuLeaf extends MenuName {
  path: string;
  /** The groups it sits in, outermost first: 企业管理 for 企业信息. */
  ancestors: MenuName[];
}

type Pinyin = typeof import('pinyin-pro').pinyin;

/** pinyin-pro and its dictionary (~140 kB compressed) serve the searches alone: loaded on their first use. */
let pinyin: Pinyin | undefined;
let loading: Promise<void> | undefined;
const initials = new Map<string, string>();

export function loadPinyin(): Promise<void> {
  loading ??= import('pinyin-pro').then(
    (module) => {
      pinyin = module.pinyin;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Loads pinyin once `wanted` (a search box focused or opened); true when the initials can be matched. */
export function usePinyin(wanted: boolean): boolean {
  const [ready, setReady] = useState(pinyin !== undefined);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    loadPinyin().then(
      () => live && setReady(true),
      // Without the dictionary the searches still match the names; the next search tries again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, ready]);
  return ready;
}

/** The pinyin initials of a Chinese name, lower case: 企业管理 -> qygl; empty until loadPinyin has been. */
export function initialsOf(name: string): string {
  if (!pinyin) return '';
  let found = initials.get(name);
  if (found === undefined) {
    found = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();
    initials.set(name, found);
  }
  return found;
}

const nameOf = (node: MenuNode): MenuName => ({ code: node.code, name: node.name });

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
    initialsOf(menu.name).startsWith(q)
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
