import type { Queryable } from '../platform/db.ts';
import { insertRows } from './rows.ts';

/**
 * The product's menu tree: every module and screen of spec parts 1 and 2, so that the
 * sidebar shows the whole product. A list screen carries the four buttons
 * `<key>_add|_edit|_delete|_view` (CONTRACT.md), which the server also enforces.
 */
export interface MenuSeed {
  code: string;
  name: string;
  path: string;
  source?: string;
  alias?: string;
  /** 2 keeps the page alive. */
  isOpen?: 1 | 2;
  /** Buttons of a list screen: the catalog key whose add/edit/delete/view codes it gets. */
  buttons?: string;
  children?: MenuSeed[];
}

export const MENUS: MenuSeed[] = [
  {
    code: 'system',
    name: '系统管理',
    path: '/system',
    source: 'setting',
    children: [{ code: 'param', name: '参数管理', path: '/system/param', source: 'profile', buttons: 'param' }],
  },
];

const BUTTONS: [suffix: string, name: string, action: number][] = [
  ['add', '新增', 1],
  ['edit', '修改', 2],
  ['delete', '删除', 3],
  ['view', '查看', 2],
];

export async function seedMenus(q: Queryable) {
  let n = 0;
  const id = () => `1164733389668${String(++n).padStart(6, '0')}`;
  const rows: Record<string, unknown>[] = [];
  const walk = (menus: MenuSeed[], parentId: string) => {
    for (const [i, m] of menus.entries()) {
      const menuId = id();
      rows.push({
        id: menuId,
        parent_id: parentId,
        code: m.code,
        name: m.name,
        alias: m.alias ?? 'menu',
        path: m.path,
        source: m.source ?? 'appstore',
        sort: i + 1,
        category: 1,
        action: 0,
        is_open: m.isOpen ?? 1,
      });
      if (m.buttons) {
        for (const [j, [suffix, name, action]] of BUTTONS.entries()) {
          rows.push({
            id: id(),
            parent_id: menuId,
            code: `${m.buttons}_${suffix}`,
            name,
            alias: suffix,
            path: `${m.path}/${suffix}`,
            source: suffix,
            sort: j + 1,
            category: 2,
            action,
            is_open: 1,
          });
        }
      }
      if (m.children) walk(m.children, menuId);
    }
  };
  walk(MENUS, '0');
  await insertRows(q, 'blade_menu', rows);
}
