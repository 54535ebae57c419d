import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId } from '../src/seed/menus.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, login, startServer, type TestServer } from './harness.ts';
import { flatten, type MenuNode as TreeNode } from './menu-trees.ts';

/** Menu management (platform administrator only) and the role-grant trees. */
let server: TestServer;
let admin: string;
const BASE = '/api/blade-system/menu';

async function get(url: string, token = admin) {
  const res = await server.call({ method: 'GET', url, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const submit = (payload: object, token = admin) =>
  server.call({ method: 'POST', url: `${BASE}/submit`, token, payload });

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('menu management', () => {
  it('lists the whole tree, and one lazy level with hasChildren', async () => {
    const tree: TreeNode[] = await get(`${BASE}/list`);
    const all = flatten(tree);
    expect(all.find((n) => n.id === menuId('param'))?.children?.map((c) => c.name)).toContain('新增');
    const roots: TreeNode[] = await get(`${BASE}/lazy-list?parentId=0`);
    expect(roots.every((r) => r.parentId === '0')).toBe(true);
    expect(roots.find((r) => r.id === menuId('system'))?.hasChildren).toBe(true);
    const menusOnly: TreeNode[] = await get(`${BASE}/menu-list`);
    expect(flatten(menusOnly).some((n) => n.name === '新增')).toBe(false);
  });

  it('adds, edits and removes a menu and its button, children first; the sidebar follows', async () => {
    const empty = await submit({});
    expect(empty.body).toMatchObject({ code: 400, msg: '请输入菜单名称' });
    const created = await submit({
      parentId: menuId('system'),
      name: '测试菜单',
      path: '/system/test',
      code: 'test_menu',
      category: 1,
      sort: 99,
    });
    expect(created.body.code).toBe(200);
    const parentId = created.body.data.id;
    const dup = await submit({ parentId, name: '重复', path: '/x', code: 'test_menu', category: 2, sort: 1 });
    expect(dup.body.msg).toBe('菜单编号已存在');
    const button = await submit({
      parentId,
      name: '新增',
      path: '/system/test/add',
      code: 'test_menu_add',
      category: 2,
      sort: 1,
    });
    expect(button.body.code).toBe(200);

    const routes: TreeNode[] = await get('/api/blade-system/menu/routes');
    expect(flatten(routes).some((n) => n.id === parentId)).toBe(true);

    const cycle = await submit({ id: parentId, parentId: button.body.data.id });
    expect(cycle.body.code).toBe(400);
    const renamed = await submit({ id: parentId, name: '测试菜单二' });
    expect(renamed.body.data.name).toBe('测试菜单二');

    const refused = await server.call({ method: 'POST', url: `${BASE}/remove?ids=${parentId}`, token: admin });
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点' });
    expect((await get(`${BASE}/detail?id=${parentId}`)).name).toBe('测试菜单二'); // nothing removed
    await server.call({ method: 'POST', url: `${BASE}/remove?ids=${button.body.data.id}`, token: admin });
    const removed = await server.call({ method: 'POST', url: `${BASE}/remove?ids=${parentId}`, token: admin });
    expect(removed.body.code).toBe(200);
    expect(flatten(await get('/api/blade-system/menu/routes')).some((n) => n.id === parentId)).toBe(false);
  });

  it('takes only a console path or an http(s) address as the path', async () => {
    const menu = (path: string, n: number) => ({
      parentId: menuId('system'),
      name: '路径',
      path,
      code: `path_menu_${n}`,
      category: 1,
      sort: 99,
    });
    const refused = [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\tjavascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'VBScript:msgbox(1)',
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      'system/user',
    ];
    for (const [n, path] of refused.entries()) {
      const res = await submit(menu(path, n));
      expect(res.body, path).toMatchObject({
        code: 400,
        success: false,
        msg: '路由地址只能是以/开头的站内路径或http(s)网址',
      });
    }
    const english = await server.call({
      method: 'POST',
      url: `${BASE}/submit`,
      token: admin,
      payload: menu('javascript:void(0)', 90),
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.msg).toBe('The path must be a console path starting with / or an http(s) address');
    for (const [n, path] of ['/system/user', 'https://example.com/x'].entries()) {
      const res = await submit(menu(path, 100 + n));
      expect(res.body, path).toMatchObject({ code: 200, data: { path } });
      await server.call({ method: 'POST', url: `${BASE}/remove?ids=${res.body.data.id}`, token: admin });
    }
  });

  it('refuses changes from anyone but the platform administrator', async () => {
    await createTenant(server, '300001');
    const other = await login(server, 'admin', 'admin', '300001');
    const res = await submit({ parentId: '0', name: 'x', path: '/x', code: 'x_menu', category: 1, sort: 1 }, other);
    expect(res.status).toBe(403);
  });
});

describe('grant-tree', () => {
  it('gives every menu and button, and scope rules as leaves under their menus', async () => {
    const ruleId = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_scope_data', [
        {
          id: ruleId,
          menu_id: menuId('param'),
          resource_code: 'param',
          scope_name: '本部门可见',
          scope_column: 'create_dept',
          scope_type: 3,
        },
      ]),
    );
    const trees = await get(`${BASE}/grant-tree`);
    const menus = flatten(trees.menu);
    expect(menus.find((n) => n.id === menuId('param'))).toMatchObject({ title: '参数管理', hasChildren: true });
    expect(menus.some((n) => n.title === '新增' && n.parentId === menuId('param'))).toBe(true);
    const rule = flatten(trees.dataScope).find((n) => n.id === ruleId);
    expect(rule).toMatchObject({ parentId: menuId('param'), title: '本部门可见', key: ruleId, value: ruleId });
    expect(trees.apiScope).toEqual([]);
  });

  it("keeps a tenant's grants within its package", async () => {
    await createTenant(server, '300002');
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const packageId = nextId();
      await insertRows(q, 'blade_tenant_package', [
        // The role screen too: a tenant without it may not grant at all.
        {
          id: packageId,
          package_name: '参数套餐',
          menu_id: [menuId('system'), menuId('role'), menuId('param')].join(','),
        },
      ]);
      await q.query(`update blade_tenant set package_id = $1 where tenant_id = '300002'`, [packageId]);
    });
    const other = await login(server, 'admin', 'admin', '300002');
    const ids = flatten((await get(`${BASE}/grant-tree`, other)).menu).map((n) => n.id);
    expect(ids.sort()).toEqual([menuId('param'), menuId('role'), menuId('system')].sort());
  });
});
