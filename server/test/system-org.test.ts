import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { SEED } from '../src/seed/platform.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** Roles (tree, grant, keys), departments (trees, ancestors) and posts (select). */
let server: TestServer;
let admin: string;
const R = '/api/blade-system/role';
const D = '/api/blade-system/dept';

const menuIds = async (codes: string[]) =>
  (
    await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>('select id::text from blade_menu where code = any($1) order by id', [codes]),
    )
  ).map((m) => m.id);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('roles', () => {
  it('builds the role tree and refuses a parent cycle', async () => {
    const tree = await server.call({ method: 'GET', url: `${R}/tree`, token: admin });
    const user = tree.body.data.find((n: { id: string }) => n.id === SEED.userRole);
    expect(user).toMatchObject({ title: '用户', key: SEED.userRole, value: SEED.userRole, hasChildren: true });
    expect(user.children.map((c: { title: string }) => c.title)).toEqual(['园区员工', '企业用户']);
    const byId = await server.call({ method: 'GET', url: `${R}/tree-by-id?roleId=${SEED.userRole}`, token: admin });
    expect(byId.body.data).toEqual(tree.body.data);

    const cycle = await server.call({
      method: 'POST',
      url: `${R}/submit`,
      token: admin,
      payload: { id: SEED.userRole, parentId: '1123598816738675203' },
    });
    expect(cycle.body).toMatchObject({ code: 400, msg: '上级角色不能是自己或自己的下级' });
    const missing = await server.call({
      method: 'POST',
      url: `${R}/submit`,
      token: admin,
      payload: { roleName: 'x', sort: 1 },
    });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入角色别名' });
  });

  it('grants menus and scopes, answers the keys, and the grant takes effect at once', async () => {
    const role = await server.call({
      method: 'POST',
      url: `${R}/submit`,
      token: admin,
      payload: { roleName: '参数管理员', roleAlias: 'param_keeper', sort: 9 },
    });
    const roleId = role.body.data.id as string;
    const { userId } = await createUserWithButtons(server, '000000', 'keeper', []);
    await server.call({
      method: 'POST',
      url: `/api/blade-user/grant?userIds=${userId}&roleIds=${roleId}`,
      token: admin,
    });
    const token = await login(server, 'keeper', 'pass');
    const add = () =>
      server.call({
        method: 'POST',
        url: '/api/blade-system/param/submit',
        token,
        payload: { paramName: 'n', paramKey: `k.${Date.now()}`, paramValue: 'v' },
      });
    expect((await add()).status).toBe(403);

    const menus = await menuIds(['system', 'param', 'param_add']);
    const bad = await server.call({
      method: 'POST',
      url: `${R}/grant`,
      token: admin,
      payload: { roleIds: [roleId], menuIds: ['5'] },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '所选菜单不存在' });
    const none = await server.call({ method: 'POST', url: `${R}/grant`, token: admin, payload: { menuIds: menus } });
    expect(none.body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const ok = await server.call({
      method: 'POST',
      url: `${R}/grant`,
      token: admin,
      payload: { roleIds: [roleId], menuIds: menus },
    });
    expect(ok.body.code).toBe(200);
    expect((await add()).body.code).toBe(200);

    const keys = await server.call({
      method: 'GET',
      url: `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`,
      token: admin,
    });
    // The keys are the fully held nodes (issue 35): the button; its menu and folder are held half.
    expect(keys.body.data.menu).toEqual(await menuIds(['param_add']));
    expect(keys.body.data).toMatchObject({ dataScope: [], apiScope: [] });

    // A grant replaces: granting nothing takes the button away again.
    await server.call({ method: 'POST', url: `${R}/grant`, token: admin, payload: { roleIds: roleId, menuIds: '' } });
    expect((await add()).status).toBe(403);
  });

  it("keeps roles within their tenant and refuses grants outside the tenant's package", async () => {
    const t = await createTenant(server, '400001');
    const other = await login(server, 'admin', 'admin', '400001');
    const foreign = await server.call({
      method: 'POST',
      url: `${R}/grant`,
      token: other,
      payload: { roleIds: [SEED.userRole] },
    });
    expect(foreign.status).toBe(404);
    const [system] = await menuIds(['system']);
    const [role] = await menuIds(['role']);
    const [param] = await menuIds(['param']);
    const pkg = await server.call({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      token: admin,
      payload: { packageName: '只有角色', menuId: `${system},${role}` },
    });
    await server.call({
      method: 'POST',
      url: `/api/blade-system/tenant/package-setting?tenantId=400001&packageId=${pkg.body.data.id}`,
      token: admin,
    });
    const outside = await server.call({
      method: 'POST',
      url: `${R}/grant`,
      token: other,
      payload: { roleIds: [t.adminRole], menuIds: [system, param] },
    });
    expect(outside.body).toMatchObject({ code: 400, msg: '所选菜单超出租户产品包范围' });
    const inside = await server.call({
      method: 'POST',
      url: `${R}/grant`,
      token: other,
      payload: { roleIds: [t.adminRole], menuIds: [system] },
    });
    expect(inside.body.code).toBe(200);
  });

  it('refuses to remove the administrator role or a role with children', async () => {
    const admRole = await server.call({ method: 'POST', url: `${R}/remove?ids=${SEED.adminRole}`, token: admin });
    expect(admRole.body).toMatchObject({ code: 400, msg: '超级管理员角色不可删除' });
    const parent = await server.call({ method: 'POST', url: `${R}/remove?ids=${SEED.userRole}`, token: admin });
    expect(parent.body).toMatchObject({ code: 400, msg: '请先删除子节点' });
  });
});

describe('departments', () => {
  it('keeps ancestors through create and move, and serves the trees', async () => {
    const add = (body: Record<string, unknown>) =>
      server.call({ method: 'POST', url: `${D}/submit`, token: admin, payload: body });
    const ancestorsOf = async (id: string) =>
      (await server.call({ method: 'GET', url: `${D}/detail?id=${id}`, token: admin })).body.data.ancestors;
    const a = (await add({ deptName: '研发部', fullName: '研发部', deptCategory: 1, sort: 4, parentId: SEED.rootDept }))
      .body.data;
    expect(await ancestorsOf(a.id)).toBe(`0,${SEED.rootDept}`);
    const b = (
      await add({
        deptName: '前端组',
        fullName: '前端组',
        deptCategory: 1,
        sort: 1,
        parentId: a.id,
        enterpriseId: '777',
      })
    ).body.data;
    expect(await ancestorsOf(b.id)).toBe(`0,${SEED.rootDept},${a.id}`);
    // Moving 研发部 under 招商部 carries 前端组 along.
    await add({ id: a.id, parentId: '1123598813738675202' });
    expect(await ancestorsOf(b.id)).toBe(`0,${SEED.rootDept},1123598813738675202,${a.id}`);

    const cycle = await add({ id: a.id, parentId: b.id });
    expect(cycle.body).toMatchObject({ code: 400, msg: '上级节点不能是自己或自己的下级' });
    const noParent = await add({ deptName: 'x', fullName: 'x', deptCategory: 1, sort: 1, parentId: '12345' });
    expect(noParent.body).toMatchObject({ code: 400, msg: '上级节点不存在' });
    const noName = await add({ fullName: 'x', deptCategory: 1, sort: 1 });
    expect(noName.body).toMatchObject({ code: 400, msg: '请输入机构名称' });

    const lazy = await server.call({ method: 'GET', url: `${D}/lazy-tree?parentId=0`, token: admin });
    expect(lazy.body.data).toEqual([
      expect.objectContaining({ id: SEED.rootDept, title: '园区运营中心', hasChildren: true }),
    ]);
    const lazyList = await server.call({ method: 'GET', url: `${D}/lazy-list?parentId=${a.id}`, token: admin });
    expect(lazyList.body.data).toEqual([expect.objectContaining({ id: b.id, deptName: '前端组', hasChildren: false })]);
    const byEnterprise = await server.call({
      method: 'GET',
      url: `${D}/treeByEnterpriseId?enterpriseId=777`,
      token: admin,
    });
    expect(byEnterprise.body.data.map((n: { title: string }) => n.title)).toEqual(['前端组']);
    const select = await server.call({ method: 'GET', url: `${D}/select?deptId=${a.id},${b.id}`, token: admin });
    expect(select.body.data).toHaveLength(2);
    const tree = await server.call({ method: 'GET', url: `${D}/tree`, token: admin });
    expect(tree.body.data[0].children.map((c: { title: string }) => c.title)).toEqual(['招商部', '物业部']);

    const notEmpty = await server.call({ method: 'POST', url: `${D}/remove?ids=${a.id}`, token: admin });
    expect(notEmpty.body).toMatchObject({ code: 400, msg: '请先删除子节点' });
    const both = await server.call({ method: 'POST', url: `${D}/remove?ids=${a.id},${b.id}`, token: admin });
    expect(both.body.code).toBe(200);
  });

  it('serves the platform tree of every tenant to the platform administrator only', async () => {
    await createTenant(server, '400002');
    const tree = await server.call({ method: 'GET', url: `${D}/platform-tree`, token: admin });
    const codes = tree.body.data.map((n: { id: string }) => n.id);
    expect(codes).toEqual(expect.arrayContaining(['000000', '400002']));
    const other = await login(server, 'admin', 'admin', '400002');
    expect((await server.call({ method: 'GET', url: `${D}/platform-tree`, token: other })).status).toBe(403);
  });
});

describe('posts', () => {
  it('offers every post in sort order and refuses a duplicate code', async () => {
    const select = await server.call({ method: 'GET', url: '/api/blade-system/post/select', token: admin });
    expect(select.body.data.map((p: { postCode: string }) => p.postCode)).toEqual([
      'ceo',
      'coo',
      'cfo',
      'cto',
      'cio',
      'pm',
      'hrm',
      'staff',
    ]);
    const dup = await server.call({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      token: admin,
      payload: { category: 1, postCode: 'ceo', postName: 'x', sort: 1 },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '岗位编号已存在' });
  });
});
