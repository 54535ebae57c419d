import type { MenuNode } from '../../api/menu.ts';
import { i18n, type Lang, menuLabel } from '../../i18n/index.ts';
import { dhm } from '../../i18n/zh/dhm.ts';

/** The console's screens a tile may open that no menu lists, by path: their Chinese names and their names' keys. */
const PAGES: Record<string, { zh: string; key: 'dhm:weekMenu' }> = {
  '/dhm/dhm/order-meal/book': { zh: dhm.weekMenu, key: 'dhm:weekMenu' },
};

/**
 * Quick-navigation tiles are the tenant's rows, named once, in Chinese as a rule. Outside Chinese a tile or a group
 * named as a menu of the user's is named as that menu is in the language, and a tile named as the screen it opens
 * (本周菜单) as that screen; a name of the tenant's own (端到端导航, 园区服务) stays as it was typed, as do all in Chinese.
 */
export function tileNamer(tree: MenuNode[], lang: Lang) {
  const byName = new Map<string, MenuNode>();
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (!byName.has(node.name)) byName.set(node.name, node);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  const group = (name: string) => {
    const menu = byName.get(name);
    return menu ? menuLabel(menu.code, name, lang) : name;
  };
  const tile = (name: string, path: string) => {
    const page = PAGES[path.split(/[?#]/)[0]];
    return page?.zh === name ? i18n.t(page.key, { lng: lang }) : group(name);
  };
  return {
    tile: (name: string, path: string) => (lang === 'zh' ? name : tile(name, path)),
    group: (name: string) => (lang === 'zh' ? name : group(name)),
  };
}
