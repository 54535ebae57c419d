import { apiScope, client, dataScope, dict, menu, region, tenant, tenantPackage } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId, seedId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { startServer, type TestServer } from './harness.ts';
import { flatten, type MenuNode } from './menu-trees.ts';
import { tokenFor } from './tokens.ts';

/**
 * The platform tenant's own screens (tenants, packages, clients, scope rules) and the write
 * buttons of the tables it shares (menus, system dictionaries, regions) never reach another
 * tenant (route-access.ts `platformOnly`): not in its sidebar, buttons, grant or package trees,
 * and refused by the server, whatever its package or roles hold.
 */
let server: TestServer;
let admin: string;
/** A tenant whose package holds the whole 系统管理 subtree, platform screens included. */
const PACKAGED = '300001';
/** A tenant without a package (nothing limits it). */
const UNLIMITED = '300002';
const tenantAdmin: Record<string, string> = {};

const PLATFORM_SCREENS = [tenant, tenantPackage, client, dataScope, apiScope];
const SHARED_TABLES = [menu, dict, region];
const WRITES = ['add', 'edit', 'delete'];
/** A screen's buttons without the read-only debug one (region_debug). */
const readOnly = (codes: string[] | undefined) => codes?.filter((code) => !code.endsWith('_debug'));
/** The seeded ids of what only the platform holds: the screens, their buttons, the shared tables' writes. */
const platformIds = () => {
  const screens = PLATFORM_SCREENS.map((e) => e.key);
  return new Set([
    ...screens.map(menuId),
    ...SHARED_TABLES.flatMap((e) => WRITES.map((a) => seedId(`${e.key}:${e.key}_${a}`))),
  ]);
};

type Menu = MenuNode & { code: string; children?: Menu[] };
const codes = (nodes: Menu[] | undefined) => (nodes ?? []).map((n) => n.code);

async function data<T>(url: string, token: string): Promise<T> {
  const res = await server.call({ method: 'GET', url, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

beforeAll(async () => {
  server = await startServer();
  admin = tokenFor(server);
  const systemSubtree = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ id: string }>(
      `with recursive s as (select id from blade_menu where id = any($1::bigint[])
                            union all select m.id from blade_menu m join s on m.parent_id = s.id)
       select id::text from s`,
      // 系统管理 with BladeX's 权限管理 and 基础配置 beside it (issue 35.6).
      [['system', 'authority', 'base'].map(menuId)],
    ),
  );
  const packageId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_tenant_package', [
      { id: packageId, package_name: '整个系统管理', menu_id: systemSubtree.map((m) => m.id).join(',') },
    ]);
    await insertRows(q, 'blade_tenant', [
      { id: nextId(), tenant_id: PACKAGED, tenant_name: '整包租户', package_id: packageId },
      { id: nextId(), tenant_id: UNLIMITED, tenant_name: '无包租户' },
    ]);
  });
  for (const tenantId of [PACKAGED, UNLIMITED]) {
    tenantAdmin[tenantId] = tokenFor(server, { tenantId, userId: nextId(), roleIds: [nextId()] });
  }
});
afterAll(() => server.close());

describe("another tenant's administrator", () => {
  it.each([PACKAGED, UNLIMITED])(
    'of tenant %s sees no platform screen and no write button of the shared tables',
    async (tenantId) => {
      const token = tenantAdmin[tenantId];
      const routes = await data<Menu[]>('/api/blade-system/menu/routes', token);
      const folders = flatten(routes).filter((n) => ['system', 'authority', 'base'].includes((n as Menu).code));
      const screens = (folders as Menu[]).flatMap((folder) => codes(folder.children));
      for (const e of PLATFORM_SCREENS) expect(screens).not.toContain(e.key);
      for (const code of ['user', 'role', 'menu', 'dict', 'dictbiz', 'region', 'param', 'topmenu']) {
        expect(screens).toContain(code);
      }

      const buttons = await data<Menu[]>('/api/blade-system/menu/buttons', token);
      const byMenu = new Map(flatten(buttons).map((n) => [(n as Menu).code, codes((n as Menu).children)]));
      // Saber's 调试 (region_debug) only reads: the shared tables' buttons besides it are their view alone.
      for (const e of SHARED_TABLES) expect(readOnly(byMenu.get(e.key))).toEqual([`${e.key}_view`]);
      for (const e of PLATFORM_SCREENS) expect(byMenu.has(e.key)).toBe(false);
      expect(byMenu.get('dictbiz')).toEqual(['dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view']);
    },
  );

  it('is refused the platform screens and the shared tables’ writes by the server', async () => {
    const token = tenantAdmin[PACKAGED];
    for (const e of PLATFORM_SCREENS) {
      const res = await server.call({ method: 'GET', url: `/api/${e.api}/page`, token });
      expect(res.status, e.key).toBe(403);
    }
    for (const e of SHARED_TABLES) {
      expect((await server.call({ method: 'GET', url: `/api/${e.api}/list`, token })).status, e.key).toBe(200);
      const res = await server.call({ method: 'POST', url: `/api/${e.api}/submit`, token, payload: {} });
      expect(res.status, e.key).toBe(403);
    }
  });

  it('keeps a role granted a platform screen out of it', async () => {
    const roleId = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_role', [{ id: roleId, tenant_id: UNLIMITED, role_name: '越权', role_alias: 'reach' }]).then(
        () =>
          insertRows(
            q,
            'blade_role_menu',
            [menuId('tenant'), seedId('tenant:tenant_view'), menuId('client'), seedId('region:region_add')].map(
              (id) => ({ id: nextId(), menu_id: id, role_id: roleId }),
            ),
          ),
      ),
    );
    const token = tokenFor(server, {
      tenantId: UNLIMITED,
      userId: nextId(),
      roleIds: [roleId],
      roleAliases: ['reach'],
    });
    expect(await data('/api/blade-system/menu/routes', token)).toEqual([]);
    expect(await data('/api/blade-system/menu/buttons', token)).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/blade-system/tenant/page', token })).status).toBe(403);
  });

  it('is offered none of them to grant, and a grant of one is refused', async () => {
    const token = tenantAdmin[PACKAGED];
    const rule = await server.call({
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      token: admin,
      payload: {
        menuId: menuId('tenant'),
        resourceCode: 'tenant',
        scopeName: '本人租户',
        scopeColumn: 'create_user',
        scopeType: 2,
      },
    });
    expect(rule.body.code, JSON.stringify(rule.body)).toBe(200);
    const trees = await data<Record<'menu' | 'dataScope' | 'apiScope', MenuNode[]>>(
      '/api/blade-system/menu/grant-tree',
      token,
    );
    const offered = new Set(flatten(trees.menu).map((n) => n.id));
    for (const id of platformIds()) expect(offered.has(id), id).toBe(false);
    for (const code of ['menu', 'param']) expect(offered.has(menuId(code))).toBe(true);
    expect(offered.has(seedId('menu:menu_view'))).toBe(true);
    expect(flatten(trees.dataScope).map((n) => n.id)).not.toContain(rule.body.data.id);
    const platformTrees = await data<typeof trees>('/api/blade-system/menu/grant-tree', admin);
    expect(flatten(platformTrees.dataScope).map((n) => n.id)).toContain(rule.body.data.id);

    const top = await data<{ menu: MenuNode[] }>('/api/blade-system/menu/grant/top-tree', token);
    expect(flatten(top.menu).map((n) => n.id)).not.toContain(menuId('tenant'));

    const roleId = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_role', [{ id: roleId, tenant_id: PACKAGED, role_name: '员工', role_alias: 'worker' }]),
    );
    for (const id of [menuId('client'), seedId('dict:dict_add')]) {
      const refused = await server.call({
        method: 'POST',
        url: '/api/blade-system/role/grant',
        token,
        payload: { roleIds: [roleId], menuIds: [menuId('system'), id] },
      });
      expect(refused.body).toMatchObject({ code: 400, msg: '所选菜单超出租户产品包范围' });
    }
    const granted = await server.call({
      method: 'POST',
      url: '/api/blade-system/role/grant',
      token,
      payload: { roleIds: [roleId], menuIds: [menuId('system'), menuId('dict'), seedId('dict:dict_view')] },
    });
    expect(granted.body.code, JSON.stringify(granted.body)).toBe(200);
  });
});

describe('tenant packages', () => {
  it('are made from a tree without the platform’s own menus, which a save leaves out', async () => {
    const tree = flatten(await data<MenuNode[]>('/api/blade-system/tenant-package/menu-tree', admin));
    const offered = new Set(tree.map((n) => n.id));
    for (const id of platformIds()) expect(offered.has(id), id).toBe(false);
    for (const id of [menuId('system'), menuId('menu'), seedId('menu:menu_view'), seedId('dictbiz:dictbiz_add')]) {
      expect(offered.has(id)).toBe(true);
    }
    expect(tree.find((n) => n.id === menuId('param'))).toMatchObject({ title: '参数管理', parentId: menuId('system') });
    const refused = await server.call({
      method: 'GET',
      url: '/api/blade-system/tenant-package/menu-tree',
      token: tenantAdmin[UNLIMITED],
    });
    expect(refused.status).toBe(403);

    const saved = await server.call({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      token: admin,
      payload: {
        packageName: '含平台菜单',
        menuId: [menuId('system'), menuId('tenant'), seedId('menu:menu_add'), menuId('param')].join(','),
      },
    });
    expect(saved.body.data.menuId).toBe([menuId('system'), menuId('param')].join(','));
    const onlyPlatform = await server.call({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      token: admin,
      payload: { packageName: '只有平台菜单', menuId: menuId('tenant') },
    });
    expect(onlyPlatform.body).toMatchObject({ code: 400, msg: '请选择菜单' });
  });

  it('the seeded basic package holds none of them, and the menu tree of a tenant leaves them out', async () => {
    const [pkg] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ menu_id: string }>('select menu_id from blade_tenant_package where id = $1', [SEED.package]),
    );
    const held = new Set(pkg.menu_id.split(','));
    for (const id of platformIds()) expect(held.has(id), id).toBe(false);
    expect(held.has(menuId('menu'))).toBe(true);

    const ofTenant = flatten(await data<MenuNode[]>(`/api/blade-system/menu/tree?tenantId=${UNLIMITED}`, admin));
    expect(ofTenant.map((n) => n.id)).not.toContain(menuId('tenant'));
    expect(ofTenant.map((n) => n.id)).toContain(menuId('menu'));
    const whole = flatten(await data<MenuNode[]>('/api/blade-system/menu/tree', admin));
    expect(whole.map((n) => n.id)).toContain(menuId('tenant'));
  });
});

describe('the platform administrator', () => {
  it('keeps every platform screen and write button', async () => {
    const routes = flatten(await data<Menu[]>('/api/blade-system/menu/routes', admin)) as Menu[];
    for (const e of PLATFORM_SCREENS) expect(routes.map((n) => n.code)).toContain(e.key);
    const buttons = new Map(
      (flatten(await data<Menu[]>('/api/blade-system/menu/buttons', admin)) as Menu[]).map((n) => [
        n.code,
        codes(n.children),
      ]),
    );
    for (const e of SHARED_TABLES)
      expect(readOnly(buttons.get(e.key))).toEqual(WRITES.map((a) => `${e.key}_${a}`).concat(`${e.key}_view`));
    for (const e of PLATFORM_SCREENS) {
      expect((await server.call({ method: 'GET', url: `/api/${e.api}/page`, token: admin })).status).toBe(200);
    }
  });
});
