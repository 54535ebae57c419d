import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createTenant, login, startServer, type TestServer } from './harness.ts';

/** blade-system search/role, search/dept, search/post: the tenant's rows narrowed by BladeX's search fields. */
let server: TestServer;
let admin: string;
const S = '/api/blade-system/search';

const names = (rows: Record<string, string>[], field: string) => rows.map((r) => r[field]);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('search', () => {
  it('finds roles by name or alias and by parent', async () => {
    const byName = await server.call({
      method: 'GET',
      url: `${S}/role?roleName=${encodeURIComponent('员工')}`,
      token: admin,
    });
    expect(byName.body).toMatchObject({ code: 200 });
    expect(names(byName.body.data, 'roleName')).toEqual(['园区员工']);
    const byAlias = await server.call({ method: 'GET', url: `${S}/role?roleAlias=company`, token: admin });
    expect(names(byAlias.body.data, 'roleName')).toEqual(['企业用户']);
    const children = await server.call({ method: 'GET', url: `${S}/role?parentId=${SEED.userRole}`, token: admin });
    expect(names(children.body.data, 'roleName').sort()).toEqual(['企业用户', '园区员工']);
  });

  it('finds departments by name or full name under a parent', async () => {
    const all = await server.call({ method: 'GET', url: `${S}/dept`, token: admin });
    expect(names(all.body.data, 'deptName')).toEqual(['园区运营中心', '招商部', '物业部']);
    const root = all.body.data[0].id;
    const under = await server.call({
      method: 'GET',
      url: `${S}/dept?parentId=${root}&deptName=${encodeURIComponent('物业')}`,
      token: admin,
    });
    expect(names(under.body.data, 'deptName')).toEqual(['物业部']);
    const full = await server.call({
      method: 'GET',
      url: `${S}/dept?fullName=${encodeURIComponent('招商')}`,
      token: admin,
    });
    expect(names(full.body.data, 'deptName')).toEqual(['招商部']);
    const none = await server.call({ method: 'GET', url: `${S}/dept?parentId=1`, token: admin });
    expect(none.body.data).toEqual([]);
  });

  it('pages posts by name, code and category, ignoring other fields', async () => {
    const byName = await server.call({
      method: 'GET',
      url: `${S}/post?postName=${encodeURIComponent('首席')}&size=2`,
      token: admin,
    });
    expect(byName.body.data).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    expect(names(byName.body.data.records, 'postName')).toEqual(['首席执行官', '首席运营官']);
    const byCode = await server.call({ method: 'GET', url: `${S}/post?postCode=cto&category=1`, token: admin });
    expect(names(byCode.body.data.records, 'postName')).toEqual(['首席技术官']);
    const otherCategory = await server.call({ method: 'GET', url: `${S}/post?category=2`, token: admin });
    expect(otherCategory.body.data.total).toBe(0);
    // remark is not one of the search fields: ignored, not a filter.
    const ignored = await server.call({ method: 'GET', url: `${S}/post?remark=zzz`, token: admin });
    expect(ignored.body.data.total).toBe(8);
    const bad = await server.call({ method: 'GET', url: `${S}/post?category=abc`, token: admin });
    expect(bad.body).toMatchObject({ code: 400 });
  });

  it("answers only the caller's tenant and needs a token", async () => {
    await createTenant(server, '300002');
    const other = await login(server, 'admin', 'admin', '300002');
    const roles = await server.call({ method: 'GET', url: `${S}/role`, token: other });
    expect(names(roles.body.data, 'roleName')).toEqual(['管理员']);
    const depts = await server.call({
      method: 'GET',
      url: `${S}/dept?deptName=${encodeURIComponent('招商')}`,
      token: other,
    });
    expect(depts.body.data).toEqual([]);
    const posts = await server.call({ method: 'GET', url: `${S}/post`, token: other });
    expect(posts.body.data.total).toBe(0);
    expect((await server.call({ method: 'GET', url: `${S}/role` })).status).toBe(401);
  });
});
