import { tenantPackage } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ALL_TENANTS } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree } from '../../platform/tree.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { platformOnly, requirePlatformAdmin } from './access.ts';
import { idList } from './id-list.ts';
import { invalidateMenus, menuNode, placedMenus, platformOnlyIds } from './menu-access.ts';

/**
 * Tenant packages (platform administrator only): the menus a tenant may see at most, ids joined by
 * commas. No package holds the platform's own menus (route-access.ts `platformOnly`): they are
 * not offered, and a save leaves them out.
 */
const MSG = {
  menus: { zh: '请选择菜单', en: 'Please select the menus' },
  unknownMenu: { zh: '所选菜单不存在', en: 'A selected menu does not exist' },
  inUse: { zh: '产品包正在被租户使用, 不可删除', en: 'A tenant uses this package: it cannot be removed' },
} as const;

export function registerTenantPackage(app: FastifyInstance, platform: Platform) {
  const menusChanged = () => invalidateMenus(platform);
  const resource = createResource(platform, tenantPackage, {
    ...platformOnly,
    async beforeSave({ q, values }) {
      requirePlatformAdmin();
      if (values.menuId === undefined) return;
      const ids = idList(values.menuId, MSG.menus);
      const [{ n }] = await q.query<{ n: number }>(
        'select count(*)::int as n from blade_menu where id = any($1::bigint[]) and is_deleted = 0',
        [ids],
      );
      if (n !== ids.length) throw badRequest(MSG.unknownMenu);
      const cut = platformOnlyIds(await placedMenus(q));
      const sold = ids.filter((id) => !cut.has(id));
      if (!sold.length) throw badRequest(MSG.menus);
      values.menuId = sold.join(',');
    },
    afterSave: menusChanged,
    async afterRemove({ q, ids }) {
      const used = await q.query(
        'select 1 from blade_tenant where package_id = any($1::bigint[]) and is_deleted = 0 limit 1',
        [ids],
      );
      if (used.length) throw badRequest(MSG.inUse);
      await menusChanged();
    },
  });
  mountResource(app, resource);

  // The tree a package's menus are ticked in: every menu and button but the platform's own.
  app.get('/api/blade-system/tenant-package/menu-tree', { config: { title: '产品包菜单树' } }, async () => {
    requirePlatformAdmin();
    const menus = await platform.db.scoped(ALL_TENANTS, placedMenus);
    const cut = platformOnlyIds(menus);
    return ok(buildTree(menus.filter((m) => !cut.has(m.id)).map(menuNode)));
  });
}
