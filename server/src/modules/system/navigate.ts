import { navigate } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { TreeNode } from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { type MenuNode, routesOf } from './menu-access.ts';

/**
 * Navigation (导航管理): each tenant's quick-navigation tiles, shown on the home page. A tile's
 * address is a console menu's path or an http(s) address; `navigate/home` gives a user the
 * enabled tiles they can open: a menu path only when their menus include it.
 */
const MSG = {
  path: {
    zh: '导航地址必须是菜单路径(以/开头)或以http(s)://开头的网址',
    en: 'The address must be a menu path (starting with /) or a web address starting with http(s)://',
  },
  noMenu: { zh: '导航地址不是任何菜单的路径', en: 'No menu has this path' },
} as const;

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\S*$/i;
const ENABLED = 1;

/** The path part of a console address: a tile may carry a query string its menu's path does not. */
const pathOf = (address: string) => address.split(/[?#]/)[0];

/** A console path must be a live menu's (category 1); a web address is taken as it is. */
async function checkAddress(q: Queryable, value: unknown): Promise<string> {
  const address = String(value ?? '').trim();
  if (WEB_ADDRESS.test(address)) return address;
  if (!address.startsWith('/') || /\s/.test(address)) throw badRequest(MSG.path);
  const menu = await q.query('select 1 from blade_menu where path = $1 and category = 1 and is_deleted = 0 limit 1', [
    pathOf(address),
  ]);
  if (!menu.length) throw badRequest(MSG.noMenu);
  return address;
}

function menuPaths(nodes: TreeNode<MenuNode>[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.path) into.add(n.path);
    menuPaths(n.children ?? [], into);
  }
  return into;
}

export function registerNavigate(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, navigate, {
    async beforeSave({ q, values }) {
      if (values.path !== undefined) values.path = await checkAddress(q, values.path);
    },
  });
  mountResource(app, resource);

  // The home page's tiles: enabled, sorted, and only those the caller can open.
  app.get('/api/blade-system/navigate/home', { config: { title: '首页导航' } }, async () => {
    const rows = await resource.list({ status_equal: ENABLED });
    const mine = menuPaths(await routesOf(platform, ctx()));
    return ok(rows.filter((r) => WEB_ADDRESS.test(String(r.path)) || mine.has(pathOf(String(r.path)))));
  });
}
