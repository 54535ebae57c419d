import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { menuId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';
import { expectMenuTreeNodes, flatten, type MenuNode as Node } from './menu-trees.ts';

/** Top menus: the tree to give them menus from, the menus they hold, and the sidebar each one shows. */
let server: TestServer;
let admin: string;
let other: string;
const M = '/api/blade-system/menu';
const T = '/api/blade-system/topmenu';

const ids = (nodes: Node[]) => flatten(nodes).map((n) => n.id);

async function get(url: string, token = admin) {
  const res = await server.call({ method: 'GET', url, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function addTopMenu(token: string, code: string) {
  const res = await server.call({ method: 'POST', url: `${T}/submit`, token, payload: { code, name: code, sort: 9 } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as string;
}

const grant = (token: string, topMenuIds: string, menuIds: string[]) =>
  server.call({ method: 'POST', url: `${T}/grant`, token, payload: { topMenuIds, menuIds: menuIds.join(',') } });

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '620001');
  // The second tenant has the basic package (desk, CRM, system): its trees stop there.
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    q.query("update blade_tenant set package_id = $1 where tenant_id = '620001'", [SEED.package]),
  );
  other = await login(server, 'admin', 'admin', '620001');
});
afterAll(() => server.close());

describe('menu/grant/top-tree', () => {
  it("gives every menu (no buttons) as tree nodes, within the caller's package", async () => {
    const { menu } = await get(`${M}/grant/top-tree`);
    expectMenuTreeNodes(flatten(menu));
    expect(ids(menu)).toContain(menuId('dhm'));
    // BladeX's client asks grant-top-tree for the same.
    expect((await get(`${M}/grant-top-tree`)).menu).toEqual(menu);

    const packaged = (await get(`${M}/grant/top-tree`, other)).menu;
    expect(ids(packaged)).toContain(menuId('param'));
    expect(ids(packaged)).not.toContain(menuId('dhm'));
  });
});

describe('top menu grant and keys', () => {
  it('answers the menus a top menu holds, replaces them on grant, and keeps to the tenant', async () => {
    const top = await addTopMenu(admin, 'tm_keys');
    expect(await get(`${M}/top-tree-keys?topMenuIds=${top}`)).toEqual({ menu: [], menuHeldAlone: [] });
    const chosen = [menuId('param'), menuId('notice')];
    expect((await grant(admin, top, chosen)).body.code).toBe(200);
    expect((await get(`${M}/top-tree-keys?topMenuIds=${top}`)).menu.sort()).toEqual([...chosen].sort());
    expect((await grant(admin, top, [menuId('user')])).body.code).toBe(200);
    expect(await get(`${M}/top-tree-keys?topMenuIds=${top}`)).toEqual({ menu: [menuId('user')], menuHeldAlone: [] });

    const none = await server.call({ method: 'GET', url: `${M}/top-tree-keys`, token: admin });
    expect(none.body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const foreign = await server.call({ method: 'GET', url: `${M}/top-tree-keys?topMenuIds=${top}`, token: other });
    expect(foreign.status).toBe(404);
  });

  it("refuses menus outside the tenant's package, and unknown menus", async () => {
    const top = await addTopMenu(other, 'tm_package');
    const outside = await grant(other, top, [menuId('dhm')]);
    expect(outside.body).toMatchObject({ code: 400, msg: '所选菜单超出租户产品包范围' });
    const unknown = await grant(other, top, ['7']);
    expect(unknown.body).toMatchObject({ code: 400, msg: '所选菜单不存在' });
    expect((await grant(other, top, [menuId('param')])).body.code).toBe(200);
  });
});

describe('the sidebar of a top menu', () => {
  it('shows only the menus the top menu holds (with their parents); none picked shows all', async () => {
    const top = await addTopMenu(admin, 'tm_routes');
    await grant(admin, top, [menuId('param'), menuId('notice')]);
    const picked: Node[] = await get(`${M}/routes?topMenuId=${top}`);
    expect(ids(picked).sort()).toEqual([menuId('desk'), menuId('notice'), menuId('system'), menuId('param')].sort());
    const all: Node[] = await get(`${M}/routes`);
    expect(ids(all)).toContain(menuId('dhm'));

    const tops: { id: string; code: string }[] = await get(`${M}/top-menu`);
    expect(tops.map((t) => t.code)).toContain('tm_routes');
    expect((await get(`${M}/top-menu`, other)).map((t: { code: string }) => t.code)).not.toContain('tm_routes');

    // A role's grants narrow the top menu's menus further.
    await createUserWithButtons(server, '000000', 'tm_staff', ['notice', 'user']);
    const staff = await login(server, 'tm_staff', 'pass');
    const staffPicked: Node[] = await get(`${M}/routes?topMenuId=${top}`, staff);
    expect(ids(staffPicked).sort()).toEqual([menuId('desk'), menuId('notice')].sort());

    const bad = await server.call({ method: 'GET', url: `${M}/routes?topMenuId=abc`, token: admin });
    expect(bad.body.code).toBe(400);
  });

  it('offers a caller only the top menus whose sidebar would show it something', async () => {
    const desk = await addTopMenu(admin, 'tm_notice_only');
    await grant(admin, desk, [menuId('notice')]);
    const crm = await addTopMenu(admin, 'tm_crm');
    await grant(admin, crm, [menuId('crm'), menuId('enterprise')]);
    const empty = await addTopMenu(admin, 'tm_empty');
    const codes = async (token: string) => (await get(`${M}/top-menu`, token)).map((t: { code: string }) => t.code);

    expect(await codes(admin)).toEqual(expect.arrayContaining(['desk', 'system', 'tm_notice_only', 'tm_crm']));
    expect(await codes(admin)).not.toContain('tm_empty');
    // A company-like role holding the enterprise screen alone: the seeded 工作台 and 系统管理 hold nothing of it.
    await createUserWithButtons(server, '000000', 'tm_company', ['enterprise', 'enterprise_view']);
    const company = await login(server, 'tm_company', 'pass');
    const offered = await codes(company);
    expect(offered).toContain('tm_crm');
    for (const code of ['desk', 'system', 'tm_notice_only', 'tm_empty']) expect(offered).not.toContain(code);
    // Given a menu the top menu holds, it is offered at once (grants drop the menu cache).
    await grant(admin, empty, [menuId('enterprise')]);
    expect(await codes(company)).toContain('tm_empty');
  });

  it('forgets a removed top menu with its menus', async () => {
    const top = await addTopMenu(admin, 'tm_removed');
    await grant(admin, top, [menuId('param')]);
    await server.call({ method: 'POST', url: `${T}/remove?ids=${top}`, token: admin });
    const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query('select 1 from blade_top_menu_setting where top_menu_id = $1', [top]),
    );
    expect(rows).toHaveLength(0);
    const keys = await server.call({ method: 'GET', url: `${M}/top-tree-keys?topMenuIds=${top}`, token: admin });
    expect(keys.status).toBe(404);
  });
});
