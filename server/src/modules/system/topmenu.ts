import { topMenu } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { idList, NONE_SELECTED } from './id-list.ts';
import { invalidateMenus } from './menu-access.ts';

/** Top menus of a tenant and their grant: which menus each top menu shows (replacing what it had). */
export function registerTopMenu(app: FastifyInstance, platform: Platform) {
  const changed = () => invalidateMenus(platform);
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
      const menuIds = idList(input.menuIds);
      const c = ctx();
      await platform.db.tx(c.tenantId, async (q) => {
        const [{ n }] = await q.query<{ n: number }>(
          'select count(*)::int as n from blade_top_menu where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0',
          [topMenuIds, c.tenantId],
        );
        if (n !== topMenuIds.length) throw notFound();
        const [{ m }] = await q.query<{ m: number }>(
          'select count(*)::int as m from blade_menu where id = any($1::bigint[]) and is_deleted = 0',
          [menuIds],
        );
        if (m !== menuIds.length) throw badRequest({ zh: '所选菜单不存在', en: 'A selected menu does not exist' });
        await q.query('delete from blade_top_menu_setting where top_menu_id = any($1::bigint[])', [topMenuIds]);
        for (const top of topMenuIds) {
          for (const menu of menuIds) {
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
}
