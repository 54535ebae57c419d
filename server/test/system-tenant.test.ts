import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, login, startServer, type TestServer } from './harness.ts';

/** Tenants and tenant packages: platform administrator only, provisioning in one transaction, limits, settings. */
let server: TestServer;
let admin: string;
let otherAdmin: string;
const T = '/api/blade-system/tenant';
const P = '/api/blade-system/tenant-package';

const menuIds = async (codes: string[]) =>
  (
    await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>('select id::text from blade_menu where code = any($1) order by id', [codes]),
    )
  ).map((m) => m.id);

/** The engine reserves the tenantId filter for tenant isolation, so tenants are found by their id here. */
const tenantRow = async (code: string) =>
  (
    (await server.call({ method: 'GET', url: `${T}/list?size=1000`, token: admin })).body.data.records as {
      id: string;
      tenantId: string;
      datasourceId: string | null;
    }[]
  ).find((t) => t.tenantId === code)!;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '200001');
  otherAdmin = await login(server, 'admin', 'admin', '200001');
});
afterAll(() => server.close());

describe('tenant packages', () => {
  it('requires a name and menus, with the spec messages, and joins menu ids by commas', async () => {
    const noName = await server.call({ method: 'POST', url: `${P}/submit`, token: admin, payload: { menuId: '1' } });
    expect(noName.body).toMatchObject({ code: 400, success: false, msg: '请输入产品包名称' });
    const noMenus = await server.call({
      method: 'POST',
      url: `${P}/submit`,
      token: admin,
      payload: { packageName: '基础包' },
    });
    expect(noMenus.body).toMatchObject({ code: 400, msg: '请选择菜单' });
    const en = await server.call({
      method: 'POST',
      url: `${P}/submit`,
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: { packageName: 'x' },
    });
    expect(en.body.msg).toBe('Please select the menus');
    const unknown = await server.call({
      method: 'POST',
      url: `${P}/submit`,
      token: admin,
      payload: { packageName: '基础包', menuId: '999999999' },
    });
    expect(unknown.body).toMatchObject({ code: 400, msg: '所选菜单不存在' });

    const ids = await menuIds(['system', 'param']);
    const saved = await server.call({
      method: 'POST',
      url: `${P}/submit`,
      token: admin,
      payload: { packageName: '基础包', menuId: ` ${ids[0]}, ${ids[1]},${ids[0]}` },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.menuId).toBe(ids.join(','));
    const found = await server.call({ method: 'GET', url: `${P}/page?packageName=基础包`, token: admin });
    expect(found.body.data.records.map((r: { packageName: string }) => r.packageName)).toEqual(['基础包']);
  });

  it('is refused (403) to a tenant administrator other than the platform one, for reads and writes', async () => {
    for (const [method, url, payload] of [
      ['GET', `${P}/page`, undefined],
      ['GET', `${T}/page`, undefined],
      ['GET', '/api/blade-system/client/list', undefined],
      ['POST', `${P}/submit`, { packageName: 'x', menuId: '1' }],
      ['POST', `${T}/submit`, { tenantName: 'x', linkman: 'y' }],
      ['POST', `${T}/package-setting?tenantId=200001`, undefined],
    ] as const) {
      const res = await server.call({ method, url, token: otherAdmin, payload });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ code: 403, success: false });
    }
  });

  it('batch-removes packages, but not one a tenant uses', async () => {
    // The screens the tenant's administrator uses below: departments, roles and users.
    const ids = [(await menuIds(['system', 'dept', 'role', 'user'])).join(',')];
    const add = async (name: string) =>
      (
        await server.call({
          method: 'POST',
          url: `${P}/submit`,
          token: admin,
          payload: { packageName: name, menuId: ids[0] },
        })
      ).body.data.id as string;
    const a = await add('删A');
    const b = await add('删B');
    const used = await add('在用');
    await server.call({ method: 'POST', url: `${T}/package-setting?tenantId=200001&packageId=${used}`, token: admin });
    const refused = await server.call({ method: 'POST', url: `${P}/remove?ids=${a},${used}`, token: admin });
    expect(refused.body).toMatchObject({ code: 400, msg: '产品包正在被租户使用, 不可删除' });
    // Nothing was removed: the refusal rolled back the whole batch.
    expect((await server.call({ method: 'GET', url: `${P}/detail?id=${a}`, token: admin })).body.code).toBe(200);
    const ok = await server.call({ method: 'POST', url: `${P}/remove?ids=${a},${b}`, token: admin });
    expect(ok.body.code).toBe(200);
    expect((await server.call({ method: 'GET', url: `${P}/detail?id=${b}`, token: admin })).status).toBe(404);

    const detail = await server.call({ method: 'GET', url: `${T}/package-detail?tenantId=200001`, token: admin });
    expect(detail.body.data).toMatchObject({ id: used, packageName: '在用' });
  });
});

describe('tenants', () => {
  it('creates the tenant with its admin account, root department and admin role, who can log in', async () => {
    const res = await server.call({
      method: 'POST',
      url: `${T}/submit`,
      token: admin,
      payload: { tenantName: '星河科技', linkman: '张三', domain: 'xinghe.park.example' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const code = res.body.data.tenantId as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body.data.accountNumber).toBe(-1);

    // tenant.default.password is 123456 in the seed.
    const token = await login(server, 'admin', '123456', code);
    // A password every tenant's administrator knows: its owner is asked to change it.
    const me = await server.call({ method: 'GET', url: '/api/blade-user/info', token });
    expect(me.body.data.initialPassword).toBe(true);
    const depts = await server.call({ method: 'GET', url: '/api/blade-system/dept/tree', token });
    expect(depts.body.data).toHaveLength(1);
    expect(depts.body.data[0].title).toBe('星河科技');
    const roles = await server.call({ method: 'GET', url: '/api/blade-system/role/list', token });
    expect(roles.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['administrator']);
    // The new tenant's admin sees none of tenant 000000's users.
    const users = await server.call({ method: 'GET', url: '/api/blade-user/page', token });
    expect(users.body.data.records.map((u: { account: string; tenantId: string }) => [u.account, u.tenantId])).toEqual([
      ['admin', code],
    ]);

    const info = await server.call({ method: 'GET', url: `${T}/info?domain=xinghe.park.example`, headers: {} });
    expect(info.body.data).toMatchObject({ tenantId: code, tenantName: '星河科技' });
  });

  it('refuses a duplicate or malformed tenant id and writes nothing', async () => {
    const dup = await server.call({
      method: 'POST',
      url: `${T}/submit`,
      token: admin,
      payload: { tenantId: '200001', tenantName: '重复', linkman: 'x' },
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '租户ID已存在' });
    const bad = await server.call({
      method: 'POST',
      url: `${T}/submit`,
      token: admin,
      payload: { tenantId: 'a b', tenantName: '坏', linkman: 'x' },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '租户ID只能包含字母和数字, 最长12位' });
    const noName = await server.call({ method: 'POST', url: `${T}/submit`, token: admin, payload: { linkman: 'x' } });
    expect(noName.body).toMatchObject({ code: 400, msg: '请输入租户名称' });
    for (const [lang, msg] of [
      ['zh', '电话号不正确'],
      ['en', 'The phone number is not valid'],
    ]) {
      const phone = await server.call({
        method: 'POST',
        url: `${T}/submit`,
        token: admin,
        headers: { 'accept-language': lang },
        payload: { tenantId: 'badphone', tenantName: '坏电话', linkman: 'x', contactNumber: 'abc' },
      });
      expect(phone.body).toMatchObject({ code: 400, msg });
    }
    expect(await tenantRow('badphone')).toBeUndefined();
    const [{ n }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>("select count(*)::int as n from blade_user where tenant_id = 'a b'"),
    );
    expect(n).toBe(0);
  });

  it('sets account limits and expiry, enforced when a user is created', async () => {
    const row = await tenantRow('200001');
    const bad = await server.call({ method: 'POST', url: `${T}/setting?ids=${row.id}&accountNumber=-5`, token: admin });
    expect(bad.body.code).toBe(400);
    const set = await server.call({ method: 'POST', url: `${T}/setting?ids=${row.id}&accountNumber=1`, token: admin });
    expect(set.body.code).toBe(200);
    const depts = (await server.call({ method: 'GET', url: '/api/blade-system/dept/list', token: otherAdmin })).body
      .data;
    const roles = (await server.call({ method: 'GET', url: '/api/blade-system/role/list', token: otherAdmin })).body
      .data;
    const user = {
      account: 'u1',
      name: 'u1',
      realName: '用户一',
      password: 'p',
      roleId: roles[0].id,
      deptId: depts[0].id,
    };
    const full = await server.call({ method: 'POST', url: '/api/blade-user/submit', token: otherAdmin, payload: user });
    expect(full.body).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度(1)' });
    // The limit bounds creation only: the accounts the tenant has still log in.
    expect(await login(server, 'admin', 'admin', '200001')).toBeTruthy();

    await server.call({
      method: 'POST',
      url: `${T}/setting?ids=${row.id}&accountNumber=-1&expireTime=2001-01-01 00:00:00`,
      token: admin,
    });
    const expired = await server.call({
      method: 'POST',
      url: '/api/blade-user/submit',
      token: otherAdmin,
      payload: user,
    });
    expect(expired.body).toMatchObject({ code: 400, msg: '租户已过期或已停用, 不能新增账号' });

    await server.call({ method: 'POST', url: `${T}/setting?ids=${row.id}&accountNumber=-1`, token: admin });
    const fine = await server.call({ method: 'POST', url: '/api/blade-user/submit', token: otherAdmin, payload: user });
    expect(fine.body.code, JSON.stringify(fine.body)).toBe(200);
  });

  it('never removes the platform tenant', async () => {
    const row = await tenantRow('000000');
    const res = await server.call({ method: 'POST', url: `${T}/remove?ids=${row.id}`, token: admin });
    expect(res.body).toMatchObject({ code: 400, msg: '平台租户不可删除' });
  });

  it("takes only one of the platform's data sources, and answers 404 for an unknown tenant", async () => {
    const route = server.app.apiRoutes.find((r) => r.url === `${T}/datasource`);
    expect(route?.config.button).toBe('tenant_datasource');
    const unknown = await server.call({
      method: 'POST',
      url: `${T}/datasource?tenantId=200001&datasourceId=12345`,
      token: admin,
    });
    expect(unknown.body).toMatchObject({ code: 400, msg: '数据源不存在' });
    // Another tenant's data source is as unknown as a made-up id.
    const foreign = nextId();
    const own = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_datasource', [
        {
          id: foreign,
          tenant_id: '200001',
          name: '他库',
          driver_class: 'org.postgresql.Driver',
          url: 'x',
          username: 'u',
        },
        { id: own, tenant_id: '000000', name: '主库', driver_class: 'org.postgresql.Driver', url: 'x', username: 'u' },
      ]),
    );
    const theirs = await server.call({
      method: 'POST',
      url: `${T}/datasource?tenantId=200001&datasourceId=${foreign}`,
      token: admin,
    });
    expect(theirs.body.code).toBe(400);
    // Binding moves the tenant's rows (tenant-home.test.ts); clearing a tenant that has none changes nothing.
    const cleared = await server.call({ method: 'POST', url: `${T}/datasource?tenantId=200001`, token: admin });
    expect(cleared.body.code).toBe(200);
    expect((await tenantRow('200001')).datasourceId).toBeNull();
    const byTenant = await server.call({
      method: 'POST',
      url: `${T}/datasource?tenantId=200001&datasourceId=${own}`,
      token: otherAdmin,
    });
    expect(byTenant.status).toBe(403);
    const missing = await server.call({ method: 'POST', url: `${T}/datasource?tenantId=999999`, token: admin });
    expect(missing.status).toBe(404);
  });
});
