import { tenantPackage } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { platformOnly, requirePlatformAdmin } from './access.ts';
import { idList } from './id-list.ts';
import { invalidateMenus } from './menu-access.ts';

/** Tenant packages (platform administrator only): the menus a tenant may see at most, ids joined by commas. */
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
      values.menuId = ids.join(',');
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
}
