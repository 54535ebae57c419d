import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/menu.ts';
import { loadLanguage } from '../../i18n/index.ts';
import { tileNamer } from './tileNames.ts';

const node = (code: string, name: string, path: string, children: MenuNode[] = []): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name,
  path,
  children,
});

/** The demo's menus the tiles name: 食堂管理 › 订餐记录, 系统管理 › 用户管理. */
const TREE = [
  node('dhm', '食堂管理', '/dhm', [node('order_meal', '订餐记录', '/dhm/dhm/order-meal')]),
  node('system', '系统管理', '/system', [node('user', '用户管理', '/system/user')]),
];

describe('quick-navigation names', () => {
  beforeAll(() => loadLanguage('en'));

  it('reads tiles and groups named as menus, and the week menu, in English', () => {
    const names = tileNamer(TREE, 'en');
    expect(names.group('食堂管理')).toBe('Canteen');
    expect(names.tile('用户管理', '/system/user')).toBe('Users');
    expect(names.tile('本周菜单', '/dhm/dhm/order-meal/book')).toBe('Week menu');
  });

  it("keeps a tenant's own names as typed, and every name in Chinese", () => {
    const en = tileNamer(TREE, 'en');
    expect(en.tile('端到端导航', '/system/user')).toBe('端到端导航');
    expect(en.group('园区服务')).toBe('园区服务');
    expect(tileNamer(TREE, 'zh').tile('用户管理', '/system/user')).toBe('用户管理');
  });
});
