import { topMenu } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree, fullyHeld, heldAlone, parentsIn, treeNodes, withAncestors } from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { inCallerTenant } from './access.ts';
import { idList, NONE_SELECTED } from './id-list.ts';
import { invalidateMenus, menuNode, tenantMenus } from './menu-access.ts';
import { checkMenus } from './role.ts';

/**
 * Top menus of a tenant and their grant: which menus each top menu shows (replacing what it
 * had). The sidebar follows the top menu picked in the top bar (`menu/routes?topMenuId=`).
 */
const MENU = '/api/blade-system/menu';

/** Every top menu must be a live one of the caller's tenant (404 otherwise). */
async function checkTopMenus(q: Queryable, topMenuIds: string[]) {
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int as n from blade_top_menu where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0',
    [topMenuIds, ctx().tenantId],
  );
  if (n !== topMenuIds.length) throw notFound();
}

export function registerTopMenu(app: FastifyInstance, platform: Platform) {
  const changed = () => invalidateMenus(platform);
  const inTenant = inCallerTenant(platform);
  const resource = createResource(platform, topMenu, {
    afterSave: changed,
    async afterRemove({ q, ids }) {
      await q.query('delete from blade_top_menu_setting where top_menu_id = any($1::bigint[])', [ids]);
      await changed();
    },
  });
  mountResource(app, resource);

  app.post<{ Querystring: Record<string, string | undefined>; Body: Record<string, unknown> | undefined }>(
    '/api/blade-system/topmenu/grant',
    { config: { title: '顶部菜单配置', button: 'topmenu_setting' } },
    async (req) => {
      const input = { ...req.query, ...(req.body ?? {}) };
      const topMenuIds = idList(input.topMenuIds, NONE_SELECTED);
      const sent = idList(input.menuIds);
      await platform.db.tx(ctx().tenantId, async (q) => {
        await checkTopMenus(q, topMenuIds);
        await checkMenus(q, sent);
        const tree = await topTree(q, ctx().tenantId);
        const menus = new Set([...sent, ...withAncestors(sent, parentsIn(tree))]);
        // What the tree does not show (the buttons of a menu, seeded with it) stays while its menu does.
        const kept = await q.query<{ top: string; menu: string }>(
          `select s.top_menu_id::text as top, s.menu_id::text as menu from blade_top_menu_setting s
             join blade_menu m on m.id = s.menu_id and m.is_deleted = 0
            where s.top_menu_id = any($1::bigint[]) and not (s.menu_id::text = any($2::text[]))
              and m.parent_id::text = any($3::text[])`,
          [topMenuIds, treeNodes(tree).map((n) => n.id), [...menus]],
        );
        await q.query('delete from blade_top_menu_setting where top_menu_id = any($1::bigint[])', [topMenuIds]);
        for (const top of topMenuIds) {
          const own = kept.filter((k) => k.top === top).map((k) => k.menu);
          for (const menu of new Set([...menus, ...own])) {
            await q.query('insert into blade_top_menu_setting (id, top_menu_id, menu_id) values ($1, $2, $3)', [
              nextId(),
              top,
              menu,
            ]);
          }
        }
      });
      await changed();
      return ok(true, { zh: '配置成功', en: 'Saved' });
    },
  );

  // The menus (no buttons) a top menu may be given: the tenant's (tenantMenus).
  // BladeX's client asks grant-top-tree; the spec names grant/top-tree: both answer `{ menu }`.
  for (const path of [`${MENU}/grant/top-tree`, `${MENU}/grant-top-tree`]) {
    app.get(path, { config: { title: '顶部菜单分配树' } }, async () => {
      const menu = await inTenant((q, tenantId) => topTree(q, tenantId));
      return ok({ menu });
    });
  }

  /**
   * The menus the given top menus hold, to tick them in the 菜单配置 dialog: the fully held nodes of
   * grant-top-tree (fullyHeld, as role-tree-keys), never an id that tree does not hold; `menuHeldAlone`,
   * a menu held without any of its child menus, for our own dialog (as role-tree-keys).
   */
  app.get<{ Querystring: Record<string, string | undefined> }>(
    `${MENU}/top-tree-keys`,
    { config: { title: '顶部菜单所分配的树' } },
    async (req) => {
      const topMenuIds = idList(req.query.topMenuIds, NONE_SELECTED);
      const [tree, rows] = await inTenant(async (q, tenantId) => {
        await checkTopMenus(q, topMenuIds);
        return Promise.all([
          topTree(q, tenantId),
          q.query<{ id: string }>(
            'select distinct menu_id::text as id from blade_top_menu_setting where top_menu_id = any($1::bigint[])',
            [topMenuIds],
          ),
        ]);
      });
      const held = new Set(rows.map((r) => r.id));
      return ok({ menu: fullyHeld(tree, held), menuHeldAlone: heldAlone(tree, held) });
    },
  );
}

/** grant-top-tree: the menus (no buttons) of the tenant (tenantMenus) as a tree. */
async function topTree(q: Queryable, tenantId: string) {
  const [rows, usable] = await Promise.all([
    q.query<{ id: string; parentId: string; code: string; name: string; category: number }>(
      `select id::text, parent_id::text as "parentId", code, name, category from blade_menu
        where is_deleted = 0 and category = 1 order by sort, id`,
    ),
    tenantMenus(q, tenantId),
  ]);
  return buildTree(rows.filter((m) => usable.has(m.id)).map(menuNode));
}
