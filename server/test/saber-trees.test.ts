import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { data, refused } from './answers.ts';
import {
  createTenant,
  createUserWithButtons,
  login,
  startServer,
  type TestServer,
  type TestTenant,
} from './harness.ts';

/**
 * Issue 35 points 2 and 3: the user calls answer under SpringBlade's `/api/blade-system/user/...` as under
 * `/api/blade-user/...` (the same handlers and the same checks), and `dept/list`, `role/list`, `dict/list` and
 * `dict-biz/list` answer SpringBlade's tree (ForestNodeMerger over the filtered rows), unpaged; other lists page.
 */
let server: TestServer;
let admin: string;
const U = '/api/blade-user';
const S = '/api/blade-system/user';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

type Node = { id: string; parentId: string; hasChildren: boolean; children?: Node[]; [k: string]: unknown };

async function get(url: string, token = admin) {
  return data(server.call({ method: 'GET', url, token }));
}
async function post(url: string, token = admin, payload?: object) {
  return server.call({ method: 'POST', url, token, payload });
}

/** Every node of a forest, depth first. */
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** The forest's shape: `children` present exactly when non-empty, `hasChildren` saying so, each child under its parent. */
function expectForest(nodes: Node[]) {
  expect(Array.isArray(nodes), JSON.stringify(nodes).slice(0, 200)).toBe(true);
  for (const n of flat(nodes)) {
    expect(typeof n.id).toBe('string');
    expect(n.hasChildren).toBe(Boolean(n.children));
    if (n.children) {
      expect(n.children.length).toBeGreaterThan(0);
      for (const c of n.children) expect(c.parentId).toBe(n.id);
    }
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('the user calls under /api/blade-system/user', () => {
  it('mounts every blade-user route under the alias too, with the same config', () => {
    const routes = server.app.apiRoutes;
    const own = routes.filter((r) => r.url.startsWith(`${U}/`));
    expect(own.length).toBeGreaterThan(15);
    for (const r of own) {
      const twin = routes.find((t) => t.method === r.method && t.url === `${S}/${r.url.slice(U.length + 1)}`);
      expect(twin, `${r.method} ${r.url}`).toBeDefined();
      expect(twin?.config.title).toBe(r.config.title);
      expect(twin?.config.button).toBe(r.config.button);
      expect(Boolean(twin?.config.public)).toBe(Boolean(r.config.public));
    }
    // What Saber (both lines) calls, and the user screen's Excel calls.
    const served = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const call of [
      'GET list',
      'GET detail',
      'GET info',
      'GET export-user',
      'GET export-template',
      'POST submit',
      'POST update',
      'POST remove',
      'POST grant',
      'POST reset-password',
      'POST update-password',
      'POST update-info',
      'POST unlock',
      'POST register-guest',
      'POST import-user',
    ]) {
      const [method, path] = call.split(' ');
      expect(served.has(`${method} ${S}/${path}`), call).toBe(true);
    }
  });

  it('reads, writes, grants and removes through the alias as through blade-user', async () => {
    expect(await get(`${S}/list?account=admin`)).toEqual(await get(`${U}/list?account=admin`));
    expect(await get(`${S}/info`)).toEqual(await get(`${U}/info`));
    const added = await data(
      post(`${S}/submit`, admin, {
        account: 'saber_alias',
        name: '别名',
        realName: '别名用户',
        password: 'first1',
        password2: 'first1',
        roleId: SEED.userRole,
        deptId: SEED.rootDept,
      }),
    );
    const detail = await get(`${S}/detail?id=${added.id}`);
    expect(detail).toEqual(await get(`${U}/detail?id=${added.id}`));
    expect(detail).toMatchObject({ account: 'saber_alias', realName: '别名用户', roleName: '用户' });
    await data(post(`${S}/update`, admin, { id: added.id, realName: '改过' }));
    expect((await get(`${U}/detail?id=${added.id}`)).realName).toBe('改过');
    await data(post(`${S}/grant?userIds=${added.id}&roleIds=${SEED.adminRole}`));
    expect((await get(`${U}/detail?id=${added.id}`)).roleId).toBe(SEED.adminRole);
    await data(post(`${S}/reset-password?userIds=${added.id}`));
    const token = await login(server, 'saber_alias', '123456');
    await data(
      post(`${S}/update-password`, token, {
        oldPassword: md5('123456'),
        newPassword: md5('n2'),
        newPassword1: md5('n2'),
      }),
    );
    const again = await login(server, 'saber_alias', 'n2');
    await data(post(`${S}/update-info`, again, { realName: '自己改' }));
    expect((await get(`${S}/info`, again)).realName).toBe('自己改');
    await data(post(`${S}/unlock?userIds=${added.id}`));
    await data(post(`${S}/remove?ids=${added.id}`));
    expect(await get(`${U}/list?account=saber_alias`)).toMatchObject({ total: 0 });
  });

  it('answers the user list as a page, as blade-user does (SpringBlade pages users)', async () => {
    const page = await get(`${S}/list?current=1&size=1`);
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(page.records).toHaveLength(1);
  });

  it('refuses alike: no token, no screen, no button, an API scope', async () => {
    for (const base of [U, S]) {
      await refused(server.call({ method: 'GET', url: `${base}/list` }), 401);
    }
    await createUserWithButtons(server, '000000', 'a_param', ['param', 'param_view']);
    const paramOnly = await login(server, 'a_param', 'pass');
    await createUserWithButtons(server, '000000', 'a_viewer', ['user', 'user_view']);
    const viewer = await login(server, 'a_viewer', 'pass');
    for (const base of [U, S]) {
      await refused(server.call({ method: 'GET', url: `${base}/list`, token: paramOnly }), 403);
      // Its own account is every user's.
      expect((await get(`${base}/info`, paramOnly)).account).toBe('a_param');
      expect((await get(`${base}/list`, viewer)).total).toBeGreaterThan(0);
      await refused(post(`${base}/remove?ids=${SEED.adminUser}`, viewer), 403);
      await refused(post(`${base}/reset-password?userIds=${SEED.adminUser}`, viewer), 403);
    }
    // An API scope rule granted to no role fences its path, spelled either way.
    const scopeId = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) =>
      insertRows(q, 'blade_scope_api', [
        {
          id: scopeId,
          menu_id: menuId('user'),
          resource_code: 'alias_test',
          scope_name: '别名测试',
          scope_path: '/api/blade-user/detail',
          scope_type: 2,
        },
      ]),
    );
    try {
      await server.platform.cache.invalidate('permissions');
      for (const base of [U, S]) {
        await refused(server.call({ method: 'GET', url: `${base}/detail?id=${SEED.adminUser}`, token: viewer }), 403);
      }
    } finally {
      await server.platform.db.tx(ALL_TENANTS, (q) => q.query('delete from blade_scope_api where id = $1', [scopeId]));
      await server.platform.cache.invalidate('permissions');
    }
    expect((await get(`${S}/detail?id=${SEED.adminUser}`, viewer)).account).toBe('admin');
  });

  it('opens register-guest without a token under both spellings', async () => {
    for (const base of [U, S]) {
      const res = await server.call({ method: 'POST', url: `${base}/register-guest`, payload: { tenantId: '000000' } });
      expect(res.status, base).toBe(400);
      expect(res.body.msg).not.toContain('令牌');
    }
  });
});

describe('the four SpringBlade trees', () => {
  let t: TestTenant;
  let other: TestTenant;
  let token: string;
  let otherToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTenant(server, '350001');
    other = await createTenant(server, '350002');
    for (const k of ['d1', 'd11', 'd12', 'd121', 'd2', 'r1', 'r11', 'r2', 'b1', 'b1a', 'b1b', 'b2', 'b2a'])
      ids[k] = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const dept = (id: string, parent: string, name: string, sort: number, ancestors: string) => ({
        id,
        tenant_id: t.tenantId,
        parent_id: parent,
        dept_name: name,
        full_name: name,
        sort,
        ancestors,
        dept_category: 1,
      });
      await insertRows(q, 'blade_dept', [
        dept(ids.d1, t.deptId, '研发中心', 1, `0,${t.deptId}`),
        dept(ids.d11, ids.d1, '前端组', 1, `0,${t.deptId},${ids.d1}`),
        dept(ids.d12, ids.d1, '后端组', 2, `0,${t.deptId},${ids.d1}`),
        dept(ids.d121, ids.d12, '后端一组', 1, `0,${t.deptId},${ids.d1},${ids.d12}`),
        dept(ids.d2, t.deptId, '市场部', 2, `0,${t.deptId}`),
        { ...dept(nextId(), t.deptId, '已删除部门', 3, `0,${t.deptId}`), is_deleted: 1 },
        { ...dept(nextId(), 0 as unknown as string, '别家总部', 1, '0'), tenant_id: other.tenantId },
      ]);
      const role = (id: string, parent: string, name: string, sort: number) => ({
        id,
        tenant_id: t.tenantId,
        parent_id: parent,
        role_name: name,
        role_alias: `alias_${id}`,
        sort,
      });
      await insertRows(q, 'blade_role', [
        role(ids.r1, t.adminRole, '经理', 1),
        role(ids.r11, ids.r1, '副经理', 1),
        role(ids.r2, t.adminRole, '职员', 2),
        { ...role(nextId(), '0', '别家角色', 1), tenant_id: other.tenantId },
      ]);
      const biz = (
        id: string,
        tenant: string,
        parent: string,
        code: string,
        key: string,
        value: string,
        sort: number,
      ) => ({
        id,
        tenant_id: tenant,
        parent_id: parent,
        code,
        dict_key: key,
        dict_value: value,
        sort,
      });
      await insertRows(q, 'blade_dict_biz', [
        biz(ids.b1, t.tenantId, '0', 'tree_color', '-1', '颜色', 2),
        biz(ids.b1a, t.tenantId, ids.b1, 'tree_color', '1', '红色', 1),
        biz(ids.b1b, t.tenantId, ids.b1, 'tree_color', '2', '绿色', 2),
        biz(ids.b2, t.tenantId, '0', 'tree_size', '-1', '尺寸', 1),
        biz(ids.b2a, t.tenantId, ids.b2, 'tree_size', '1', '大号', 1),
        biz(nextId(), other.tenantId, '0', 'tree_other', '-1', '别家字典', 1),
      ]);
    });
    token = await login(server, 'admin', 'admin', t.tenantId);
    otherToken = await login(server, 'admin', 'admin', other.tenantId);
  });

  it('dept/list: the tenant’s whole tree, unpaged, never a page', async () => {
    for (const query of ['', '?current=2&size=1']) {
      const tree: Node[] = await get(`/api/blade-system/dept/list${query}`, token);
      expect(tree).not.toHaveProperty('records');
      expectForest(tree);
      expect(tree.map((n) => n.deptName)).toEqual(['总部']);
      const [root] = tree;
      expect(root.children?.map((n) => n.deptName)).toEqual(['研发中心', '市场部']);
      const rd = root.children?.[0] as Node;
      expect(rd.children?.map((n) => n.deptName)).toEqual(['前端组', '后端组']);
      expect(rd.children?.[1].children?.map((n) => n.id)).toEqual([ids.d121]);
      expect(rd.children?.[0]).not.toHaveProperty('children');
      expect(rd.children?.[0].hasChildren).toBe(false);
      expect(flat(tree)).toHaveLength(6);
    }
    const others: Node[] = await get('/api/blade-system/dept/list', otherToken);
    expect(
      flat(others)
        .map((n) => n.deptName)
        .sort(),
    ).toEqual(['别家总部', '总部']);
  });

  it('dept/list: a filter keeps the matching rows, each under its parent when that matched too, else a root', async () => {
    const tree: Node[] = await get(`/api/blade-system/dept/list?deptName=${encodeURIComponent('后端')}`, token);
    expectForest(tree);
    expect(tree.map((n) => n.id)).toEqual([ids.d12]);
    expect(tree[0].children?.map((n) => n.id)).toEqual([ids.d121]);
    const leaf: Node[] = await get(`/api/blade-system/dept/list?deptName=${encodeURIComponent('一组')}`, token);
    expect(leaf.map((n) => [n.id, n.parentId])).toEqual([[ids.d121, ids.d12]]);
    expect(await get(`/api/blade-system/dept/list?deptName=${encodeURIComponent('别家')}`, token)).toEqual([]);
  });

  it('role/list: the tree with each parent’s name (顶级 at the top), filtered', async () => {
    const tree: Node[] = await get('/api/blade-system/role/list', token);
    expectForest(tree);
    expect(tree.map((n) => [n.roleName, n.parentName])).toEqual([['管理员', '顶级']]);
    expect(tree[0].children?.map((n) => [n.roleName, n.parentName])).toEqual([
      ['经理', '管理员'],
      ['职员', '管理员'],
    ]);
    expect(tree[0].children?.[0].children?.map((n) => [n.id, n.parentName])).toEqual([[ids.r11, '经理']]);
    const found: Node[] = await get(`/api/blade-system/role/list?roleName=${encodeURIComponent('副')}`, token);
    expect(found.map((n) => [n.id, n.parentName])).toEqual([[ids.r11, '经理']]);
    expect(
      flat(await get('/api/blade-system/role/list', otherToken))
        .map((n) => n.roleName)
        .sort(),
    ).toEqual(['别家角色', '管理员']);
  });

  it('dict-biz/list: the tenant’s dictionaries with their entries below, by sort', async () => {
    const tree: Node[] = await get('/api/blade-system/dict-biz/list?current=1&size=1', token);
    expectForest(tree);
    expect(tree.map((n) => n.dictValue)).toEqual(['尺寸', '颜色']);
    expect(tree[1].children?.map((n) => n.dictValue)).toEqual(['红色', '绿色']);
    const one: Node[] = await get('/api/blade-system/dict-biz/list?code=tree_color', token);
    expect(one.map((n) => n.id)).toEqual([ids.b1]);
    expect(one[0].children).toHaveLength(2);
    const entry: Node[] = await get(`/api/blade-system/dict-biz/list?dictValue=${encodeURIComponent('绿')}`, token);
    expect(entry.map((n) => n.id)).toEqual([ids.b1b]);
    expect(flat(await get('/api/blade-system/dict-biz/list', otherToken)).map((n) => n.dictValue)).toEqual([
      '别家字典',
    ]);
  });

  it('dict/list: the system dictionaries at the top, their entries as children, not cut to 10', async () => {
    const tree: Node[] = await get('/api/blade-system/dict/list');
    expectForest(tree);
    const [{ n: parents }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>('select count(*)::int as n from blade_dict where parent_id = 0 and is_deleted = 0'),
    );
    const [{ n: all }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>('select count(*)::int as n from blade_dict where is_deleted = 0'),
    );
    expect(parents).toBeGreaterThan(10);
    expect(tree).toHaveLength(parents);
    expect(flat(tree)).toHaveLength(all);
    expect(tree.every((n) => n.parentId === '0' && n.dictKey === '-1')).toBe(true);
    const sex: Node[] = await get('/api/blade-system/dict/list?code=sex');
    expect(sex).toHaveLength(1);
    expect(sex[0].children?.map((n) => n.dictKey)).toEqual(expect.arrayContaining(['1', '2']));
    // Every tenant reads the platform's dictionaries the same.
    expect(await get('/api/blade-system/dict/list?code=sex', token)).toEqual(sex);
  });

  it('keeps the page shape for the generic list of other entities', async () => {
    for (const api of ['blade-system/post', 'blade-system/param']) {
      const list = await get(`/api/${api}/list?current=1&size=1`);
      expect(Object.keys(list).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    }
  });
});
