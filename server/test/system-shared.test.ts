import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createTenant, login, startServer, type TestServer } from './harness.ts';

/** Clients, regions, scopes, top menus and notices. */
let server: TestServer;
let admin: string;
let other: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '600001');
  other = await login(server, 'admin', 'admin', '600001');
});
afterAll(() => server.close());

describe('clients', () => {
  it('adds a client that can then call the API, and refuses a duplicate id', async () => {
    const body = {
      clientId: 'mobile',
      clientSecret: 'mobile_secret',
      authorizedGrantTypes: 'password',
      scope: 'all',
      accessTokenValidity: 60,
      refreshTokenValidity: 600,
    };
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      token: admin,
      payload: body,
    });
    expect(res.body.code).toBe(200);
    const basic = `Basic ${Buffer.from('mobile:mobile_secret').toString('base64')}`;
    const info = await server.call({
      method: 'GET',
      url: '/api/blade-system/tenant/info?domain=none',
      headers: { authorization: basic },
    });
    expect(info.status).toBe(200);
    const dup = await server.call({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      token: admin,
      payload: body,
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '应用ID已存在' });
  });
});

describe('regions', () => {
  it('serves the lazy tree by parentCode, detail by code, and refuses removing a region with children', async () => {
    const provinces = await server.call({
      method: 'GET',
      url: '/api/blade-system/region/lazy-tree?parentCode=00',
      token: other,
    });
    // The whole country, in the official order (migration 0135), Taiwan, Hong Kong and Macao last.
    const titles = provinces.body.data.map((p: { title: string }) => p.title);
    expect(titles).toHaveLength(34);
    expect(titles.slice(0, 3)).toEqual(['北京市', '天津市', '河北省']);
    expect(titles.slice(-3)).toEqual(['台湾省', '香港特别行政区', '澳门特别行政区']);
    expect(provinces.body.data[titles.indexOf('广东省')]).toMatchObject({
      id: '440000',
      value: '440000',
      hasChildren: true,
    });
    const cities = await server.call({
      method: 'GET',
      url: '/api/blade-system/region/lazy-tree?parentCode=440000',
      token: other,
    });
    const cityTitles = cities.body.data.map((c: { title: string }) => c.title);
    expect(cityTitles).toHaveLength(21);
    expect(cityTitles.slice(0, 3)).toEqual(['广州市', '韶关市', '深圳市']);
    const detail = await server.call({
      method: 'GET',
      url: '/api/blade-system/region/detail?code=440300',
      token: other,
    });
    expect(detail.body.data).toMatchObject({ name: '深圳市', parentCode: '440000', regionLevel: 2 });

    const gd = detail.body.data;
    const parent = (
      await server.call({ method: 'GET', url: '/api/blade-system/region/detail?code=440000', token: admin })
    ).body.data;
    const refused = await server.call({
      method: 'POST',
      url: `/api/blade-system/region/remove?ids=${parent.id}`,
      token: admin,
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点' });
    expect(
      (await server.call({ method: 'POST', url: `/api/blade-system/region/remove?ids=${gd.id}`, token: other })).status,
    ).toBe(403);

    const added = await server.call({
      method: 'POST',
      url: '/api/blade-system/region/submit',
      token: admin,
      payload: { code: '440399', name: '前海新区', parentCode: '440300', sort: 20 },
    });
    expect(added.body.code).toBe(200);
    const f = await server.call({ method: 'GET', url: '/api/blade-system/region/detail?code=440399', token: admin });
    expect(f.body.data).toMatchObject({ ancestors: '0,440000,440300', regionLevel: 3 });
    const removed = await server.call({
      method: 'POST',
      url: `/api/blade-system/region/remove?id=${f.body.data.id}`,
      token: admin,
    });
    expect(removed.body.code).toBe(200);
  });
});

describe('scopes', () => {
  it('are the platform administrator’s, and an API scope rule fences its path off', async () => {
    const [menu] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>("select id::text from blade_menu where code = 'param'"),
    );
    const denied = await server.call({ method: 'GET', url: '/api/blade-system/api-scope/list', token: other });
    expect(denied.status).toBe(403);
    const missing = await server.call({
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      token: admin,
      payload: { menuId: menu.id },
    });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入资源编号' });
    const rule = await server.call({
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      token: admin,
      payload: {
        menuId: menu.id,
        resourceCode: 'param',
        scopeName: '参数列表',
        scopePath: '/api/blade-system/post/select',
        scopeType: 1,
      },
    });
    expect(rule.body.code).toBe(200);
    const { createUserWithButtons } = await import('./harness.ts');
    await createUserWithButtons(server, '000000', 'fenced', []);
    const token = await login(server, 'fenced', 'pass');
    expect((await server.call({ method: 'GET', url: '/api/blade-system/post/select', token })).status).toBe(403);
    await server.call({
      method: 'POST',
      url: `/api/blade-system/api-scope/remove?ids=${rule.body.data.id}`,
      token: admin,
    });
    expect((await server.call({ method: 'GET', url: '/api/blade-system/post/select', token })).status).toBe(200);

    const data = await server.call({
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      token: admin,
      payload: { menuId: menu.id, resourceCode: 'post', scopeName: '本人', scopeColumn: 'create_user', scopeType: 2 },
    });
    expect(data.body.code).toBe(200);
  });
});

describe('top menus', () => {
  it('groups menus through topmenu/grant', async () => {
    const top = await server.call({
      method: 'POST',
      url: '/api/blade-system/topmenu/submit',
      token: admin,
      payload: { code: 'ops', name: '运营', sort: 1 },
    });
    expect(top.body.code).toBe(200);
    const [menu] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>("select id::text from blade_menu where code = 'system'"),
    );
    const bad = await server.call({
      method: 'POST',
      url: `/api/blade-system/topmenu/grant?topMenuIds=${top.body.data.id}&menuIds=7`,
      token: admin,
    });
    expect(bad.body.code).toBe(400);
    const ok = await server.call({
      method: 'POST',
      url: `/api/blade-system/topmenu/grant?topMenuIds=${top.body.data.id}&menuIds=${menu.id}`,
      token: admin,
    });
    expect(ok.body.code).toBe(200);
    const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query('select menu_id::text from blade_top_menu_setting where top_menu_id = $1', [top.body.data.id]),
    );
    expect(rows).toEqual([{ menu_id: menu.id }]);
    const foreign = await server.call({
      method: 'POST',
      url: `/api/blade-system/topmenu/grant?topMenuIds=${top.body.data.id}`,
      token: other,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('notices', () => {
  it('requires title, category and release time, and keeps notices to their tenant', async () => {
    const N = '/api/blade-desk/notice';
    const missing = await server.call({
      method: 'POST',
      url: `${N}/submit`,
      token: admin,
      payload: { title: '停电', category: 1 },
    });
    expect(missing.body).toMatchObject({ code: 400, msg: '请选择通知时间' });
    const res = await server.call({
      method: 'POST',
      url: `${N}/submit`,
      token: admin,
      payload: { title: '停电通知', category: 1, releaseTime: '2025-05-01 09:00:00', content: '<p>周六停电</p>' },
    });
    expect(res.body.data).toMatchObject({ title: '停电通知', category: 1, releaseTime: '2025-05-01 09:00:00' });
    const select = await server.call({ method: 'GET', url: `${N}/select?title=停电`, token: admin });
    expect(select.body.data).toHaveLength(1);
    expect((await server.call({ method: 'GET', url: `${N}/select?title=停电`, token: other })).body.data).toEqual([]);
  });
});
