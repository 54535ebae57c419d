import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { platformOnly } from '../src/platform/route-access.ts';
import { menuId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';
import { expectMenuTreeNodes, flatten, type MenuNode as Node } from './menu-trees.ts';

/**
 * The system and user calls of spec part 7 not covered elsewhere: the data-permission grant,
 * the menu trees (by tenant, lazily without buttons), role and user searches, the notice
 * and tenant pickers.
 */
let server: TestServer;
let admin: string;
let other: string;
const STAFF_ROLE = '1123598816738675203';
const COMPANY_ROLE = '1123598816738675204';
const SALES = '1123598813738675202';
const PROPERTY = '1123598813738675203';

async function get(url: string, token = admin) {
  const res = await server.call({ method: 'GET', url, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function post(url: string, payload?: object, token = admin) {
  return server.call({ method: 'POST', url, token, payload });
}

async function addUser(account: string, realName: string, roleId: string, deptId: string, token = admin) {
  const res = await post(
    '/api/blade-user/submit',
    { account, name: account, realName, password: 'x1', roleId, deptId },
    token,
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as string;
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '630001');
  other = await login(server, 'admin', 'admin', '630001');
});
afterAll(() => server.close());

describe('role/grant-data-permission', () => {
  it('replaces the data scopes of the roles only, keeping their menus and API scopes', async () => {
    const scope = async (api: string, payload: object) => {
      const res = await post(`/api/blade-system/${api}/submit`, payload);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as string;
    };
    const own = await scope('data-scope', {
      menuId: menuId('notice'),
      resourceCode: 'notice',
      scopeName: '本人通知',
      scopeColumn: 'create_user',
      scopeType: 2,
    });
    const all = await scope('data-scope', {
      menuId: menuId('notice'),
      resourceCode: 'notice',
      scopeName: '全部通知',
      scopeColumn: 'create_user',
      scopeType: 1,
    });
    const api = await scope('api-scope', {
      menuId: menuId('notice'),
      resourceCode: 'notice',
      scopeName: '通知接口',
      scopePath: '/api/blade-desk/notice/select',
      scopeType: 2,
    });
    const roles = `${STAFF_ROLE},${COMPANY_ROLE}`;
    const full = await post('/api/blade-system/role/grant', {
      roleIds: roles,
      menuIds: menuId('notice'),
      dataScopeIds: own,
      apiScopeIds: api,
    });
    expect(full.body.code).toBe(200);

    const data = await post(`/api/blade-system/role/grant-data-permission?roleIds=${roles}&dataScopeIds=${all}`);
    expect(data.body).toMatchObject({ code: 200, msg: '授权成功' });
    for (const role of [STAFF_ROLE, COMPANY_ROLE]) {
      // 通知公告 without its buttons: not a key (a cascading tree would tick them all), held alone (issue 35).
      expect(await get(`/api/blade-system/menu/role-tree-keys?roleIds=${role}`)).toEqual({
        menu: [],
        dataScope: [all],
        apiScope: [api],
        menuHeldAlone: [menuId('notice')],
      });
    }
    // The body works as well as the query, and an empty list takes the data scopes away.
    const cleared = await post('/api/blade-system/role/grant-data-permission', {
      roleIds: STAFF_ROLE,
      dataScopeIds: '',
    });
    expect(cleared.body.code).toBe(200);
    expect((await get(`/api/blade-system/menu/role-tree-keys?roleIds=${STAFF_ROLE}`)).dataScope).toEqual([]);

    const unknownScope = await post(
      `/api/blade-system/role/grant-data-permission?roleIds=${STAFF_ROLE}&dataScopeIds=7`,
    );
    expect(unknownScope.body).toMatchObject({ code: 400, msg: '所选权限不存在' });
    const noRole = await post(`/api/blade-system/role/grant-data-permission?dataScopeIds=${all}`);
    expect(noRole.body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const foreignRole = await post(`/api/blade-system/role/grant-data-permission?roleIds=${STAFF_ROLE}`, {}, other);
    expect(foreignRole.status).toBe(404);

    await createUserWithButtons(server, '000000', 'no_grant', ['role']);
    const noButton = await login(server, 'no_grant', 'pass');
    const refused = await post(`/api/blade-system/role/grant-data-permission?roleIds=${STAFF_ROLE}`, {}, noButton);
    expect(refused.status).toBe(403);
    await post('/api/blade-system/role/grant', { roleIds: roles, menuIds: '', dataScopeIds: '', apiScopeIds: '' });
  });
});

describe('menu trees', () => {
  it('menu/tree gives the menus (no buttons) as tree nodes', async () => {
    const tree: Node[] = await get('/api/blade-system/menu/tree');
    expectMenuTreeNodes(flatten(tree));
    expect(tree.find((n) => n.id === menuId('system'))?.hasChildren).toBe(true);
  });

  it('the grant and package trees carry each menu and button code and category', async () => {
    const trees = await get('/api/blade-system/menu/grant-tree');
    const packageTree = await get('/api/blade-system/tenant-package/menu-tree');
    for (const nodes of [flatten(trees.menu), flatten(packageTree)]) {
      expect(nodes.find((n) => n.id === menuId('param'))).toMatchObject({ code: 'param', category: 1 });
      expect(nodes.find((n) => n.code === 'param_add')).toMatchObject({ title: '新增', category: 2 });
    }
  });

  it("menu/tree?tenantId= gives the platform administrator that tenant's package", async () => {
    const whole = flatten(await get('/api/blade-system/menu/tree')).length;
    // Without a package, every menu but the platform's own screens (route-access.ts platformOnly).
    const unlimited = flatten(await get('/api/blade-system/menu/tree?tenantId=630001')).map((n) => n.id);
    expect(unlimited.length).toBe(whole - platformOnly.screens.size);
    expect(unlimited).not.toContain(menuId('tenant'));
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query("update blade_tenant set package_id = $1 where tenant_id = '630001'", [SEED.package]),
    );
    const packaged = flatten(await get('/api/blade-system/menu/tree?tenantId=630001')).map((n) => n.id);
    expect(packaged).toContain(menuId('param'));
    expect(packaged).toContain(menuId('system'));
    expect(packaged).not.toContain(menuId('dhm'));
    const unknown = await server.call({
      method: 'GET',
      url: '/api/blade-system/menu/tree?tenantId=999999',
      token: admin,
    });
    expect(unknown.status).toBe(404);
    // A tenant's own administrator cannot look at another tenant's package: the parameter is ignored.
    const ignored = flatten(await get('/api/blade-system/menu/tree?tenantId=630001', other)).length;
    expect(ignored).toBe(whole);
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query("update blade_tenant set package_id = null where tenant_id = '630001'"),
    );
  });

  it('menu/lazy-menu-list gives one level of menus without buttons, each saying whether it has children', async () => {
    const roots: (Node & { category: number })[] = await get('/api/blade-system/menu/lazy-menu-list?parentId=0');
    expect(roots.every((r) => r.parentId === '0' && r.category === 1)).toBe(true);
    expect(roots.find((r) => r.id === menuId('system'))?.hasChildren).toBe(true);
    const system: (Node & { category: number })[] = await get(
      `/api/blade-system/menu/lazy-menu-list?parentId=${menuId('system')}`,
    );
    expect(system.map((r) => r.name)).toContain('参数管理');
    expect(system.every((r) => r.category === 1)).toBe(true);
    // Its buttons do not count as children here; they do in lazy-list.
    expect(system.find((r) => r.id === menuId('param'))?.hasChildren).toBe(false);
    const withButtons: Node[] = await get(`/api/blade-system/menu/lazy-list?parentId=${menuId('system')}`);
    expect(withButtons.find((r) => r.id === menuId('param'))?.hasChildren).toBe(true);
    const buttons: Node[] = await get(`/api/blade-system/menu/lazy-menu-list?parentId=${menuId('param')}`);
    expect(buttons).toEqual([]);
  });
});

describe('role/select', () => {
  it("lists the tenant's roles, or with userId the roles that user holds", async () => {
    const all: { id: string; roleName: string }[] = await get('/api/blade-system/role/select');
    const seeded = ['超级管理员', '用户', '园区员工', '企业用户'];
    expect(all.map((r) => r.roleName).filter((name) => seeded.includes(name))).toEqual(seeded);
    const user = await addUser('sel_user', '选择', `${COMPANY_ROLE},${STAFF_ROLE}`, SALES);
    const held: { id: string }[] = await get(`/api/blade-system/role/select?userId=${user}`);
    expect(held.map((r) => r.id).sort()).toEqual([STAFF_ROLE, COMPANY_ROLE].sort());
    // Another tenant's user is nobody here.
    expect(await get(`/api/blade-system/role/select?userId=${user}`, other)).toEqual([]);
    expect((await get('/api/blade-system/role/select', other)).map((r: { roleName: string }) => r.roleName)).toEqual([
      '管理员',
    ]);
    const bad = await server.call({ method: 'GET', url: '/api/blade-system/role/select?userId=x', token: admin });
    expect(bad.body.code).toBe(400);
  });
});

describe('user searches', () => {
  it('search/user pages users by their fields and a department subtree', async () => {
    await addUser('search_a', '搜索甲', STAFF_ROLE, SALES);
    await addUser('search_b', '搜索乙', STAFF_ROLE, PROPERTY);
    const byName = await get('/api/blade-user/search/user?realName=搜索&current=1&size=10');
    expect(byName.records.map((r: { account: string }) => r.account).sort()).toEqual(['search_a', 'search_b']);
    expect(byName).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(byName.records[0].deptName).toBeTruthy();
    const byDept = await get(`/api/blade-user/search/user?realName=搜索&deptId=${SALES}`);
    expect(byDept.records.map((r: { account: string }) => r.account)).toEqual(['search_a']);
    const elsewhere = await get('/api/blade-user/search/user?realName=搜索', other);
    expect(elsewhere.total).toBe(0);
  });

  it('search/detail answers a user by id or by the first match of the filters, with names', async () => {
    const id = await addUser('detail_a', '详情甲', STAFF_ROLE, SALES);
    expect(await get(`/api/blade-user/search/detail?id=${id}`)).toMatchObject({
      account: 'detail_a',
      roleName: '园区员工',
      deptName: '招商部',
    });
    expect(await get('/api/blade-user/search/detail?account_equal=detail_a')).toMatchObject({ id, realName: '详情甲' });
    expect(await get('/api/blade-user/search/detail?account_equal=nobody')).toBeNull();
    const foreign = await server.call({ method: 'GET', url: `/api/blade-user/search/detail?id=${id}`, token: other });
    expect(foreign.status).toBe(404);
    expect(await get('/api/blade-user/search/detail?account_equal=detail_a', other)).toBeNull();
  });
});

describe('pickers', () => {
  it('notice/select finds notices by title, newest release first, in the caller tenant only', async () => {
    const N = '/api/blade-desk/notice';
    for (const [title, releaseTime] of [
      ['选择通知一', '2025-01-01 09:00:00'],
      ['选择通知二', '2025-03-01 09:00:00'],
      ['其他', '2025-02-01 09:00:00'],
    ]) {
      expect((await post(`${N}/submit`, { title, category: 1, releaseTime })).body.code).toBe(200);
    }
    const found: { title: string }[] = await get(`${N}/select?title=选择通知`);
    expect(found.map((n) => n.title)).toEqual(['选择通知二', '选择通知一']);
    expect((await get(`${N}/select`)).length).toBe(3);
    expect(await get(`${N}/select?title=选择通知`, other)).toEqual([]);
  });

  it('tenant/select lists every tenant for the platform administrator only', async () => {
    const tenants: { tenantId: string; tenantName: string }[] = await get('/api/blade-system/tenant/select');
    expect(tenants.map((t) => t.tenantId).sort()).toEqual(['000000', '630001']);
    const refused = await server.call({ method: 'GET', url: '/api/blade-system/tenant/select', token: other });
    expect(refused.status).toBe(403);
  });
});
