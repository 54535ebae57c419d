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
const syllables = new Map<string, string[]>();

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

/** The pinyin of each character of a name, lower case: 参数管理 -> can shu guan li; empty until loadPinyin has been. */
function syllablesOf(name: string): string[] {
  if (!pinyin) return [];
  let found = syllables.get(name);
  if (found === undefined) {
    found = pinyin(name, { toneType: 'none', type: 'array' }).map((syllable) => syllable.toLowerCase());
    syllables.set(name, found);
  }
  return found;
}

/** The pinyin initials of a Chinese name, lower case: 企业管理 -> qygl; empty until loadPinyin has been. */
export function initialsOf(name: string): string {
  return syllablesOf(name)
    .map((syllable) => syllable[0] ?? '')
    .join('');
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

/**
 * How well a name matches, best first (issue 14: prefix first, as spec part 2 has it, then inside the name):
 * its start, its pinyin's start (initials csgl or full canshu), the start of a group above it, a part inside
 * it, a part inside its pinyin (from a syllable's start).
 */
export const RANK = { prefix: 0, pinyinPrefix: 1, groupPrefix: 2, inside: 3, pinyinInside: 4 } as const;

/** Where a query matched a name as shown: characters [start, end). */
export interface Mark {
  start: number;
  end: number;
}

interface NameMatch extends Mark {
  rank: number;
}

/**
 * Where `q` (lower case) falls in the pinyin of `name`, as characters, counted from a syllable's start (from the
 * name's start only, with `atStart`): its initials, one letter a character (csgl), or its syllables run together,
 * the last perhaps typed in part (canshug).
 */
function pinyinMatch(name: string, q: string, atStart: boolean): Mark | undefined {
  const parts = syllablesOf(name);
  // Not loaded yet, or a character outside the basic plane: the characters cannot be told apart.
  if (parts.length !== name.length) return undefined;
  const last = atStart ? Math.min(1, parts.length) : parts.length;
  for (let from = 0; from < last; from += 1) {
    const initials = parts
      .slice(from)
      .map((syllable) => syllable[0] ?? '')
      .join('');
    if (initials.startsWith(q)) return { start: from, end: from + q.length };
    let spelled = '';
    for (let to = from; to < parts.length; to += 1) {
      spelled += parts[to];
      if (spelled.startsWith(q)) return { start: from, end: to + 1 };
      if (!q.startsWith(spelled)) break;
    }
  }
  return undefined;
}

/** How `q` (lower case, trimmed) matches a menu's name in the language, with the part to mark. */
function matchName(menu: MenuName, q: string, lang: Lang): NameMatch | undefined {
  const shown = menuLabel(menu.code, menu.name, lang);
  // The Chinese name's own characters can be marked only where it is the name shown.
  const chinese = shown === menu.name;
  const at = shown.toLowerCase().indexOf(q);
  if (at === 0) return { rank: RANK.prefix, start: 0, end: q.length };
  if (menu.name.toLowerCase().startsWith(q)) return { rank: RANK.prefix, start: 0, end: chinese ? q.length : 0 };
  const spelledFromStart = pinyinMatch(menu.name, q, true);
  if (spelledFromStart) return { rank: RANK.pinyinPrefix, ...(chinese ? spelledFromStart : { start: 0, end: 0 }) };
  if (at > 0) return { rank: RANK.inside, start: at, end: at + q.length };
  const inName = menu.name.toLowerCase().indexOf(q);
  if (inName > 0)
    return { rank: RANK.inside, ...(chinese ? { start: inName, end: inName + q.length } : { start: 0, end: 0 }) };
  const spelled = pinyinMatch(menu.name, q, false);
  if (spelled) return { rank: RANK.pinyinInside, ...(chinese ? spelled : { start: 0, end: 0 }) };
  return undefined;
}

/** A search result: the page, how well it matched, and its trail with the matched part of each name to mark. */
export interface MenuHit {
  leaf: MenuLeaf;
  rank: number;
  trail: { text: string; mark?: Mark }[];
}

/**
 * The leaves that match `query`, case-insensitive, best first and in menu order within a rank: a page by its own
 * name (its start, then its pinyin's start), by the start of a group above it (`qy` finds every page under
 * 企业管理), then by a part inside its name or its pinyin (`管理`, `canshu`). Empty finds nothing.
 */
export function searchMenus(leaves: MenuLeaf[], query: string, lang: Lang): MenuHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: MenuHit[] = [];
  for (const leaf of leaves) {
    const own = matchName(leaf, q, lang);
    const groups = leaf.ancestors.map((group) => {
      const match = matchName(group, q, lang);
      return match && match.rank <= RANK.pinyinPrefix ? match : undefined;
    });
    const byGroup = groups.some(Boolean);
    if (!own && !byGroup) continue;
    const rank = own && (own.rank <= RANK.pinyinPrefix || !byGroup) ? own.rank : RANK.groupPrefix;
    const marks = [...groups, own];
    const trail = [...leaf.ancestors, leaf].map((menu, i) => {
      const mark = marks[i];
      return {
        text: menuLabel(menu.code, menu.name, lang),
        mark: mark && mark.end > mark.start ? { start: mark.start, end: mark.end } : undefined,
      };
    });
    hits.push({ leaf, rank, trail });
  }
  // A stable sort keeps the menu order within a rank.
  return hits.sort((a, b) => a.rank - b.rank);
}
