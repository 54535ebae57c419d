import { crmEntities, enterpriseScoped } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise, ok, requiredBody, submit } from './crm-fixtures.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

/**
 * The company scope: a company account reads and writes only its own enterprise's rows,
 * by id and by filter, and its creates land in its own enterprise; park staff see all.
 */
let server: TestServer;
let admin: string;
let tokenA: string;
/** Per enterprise, the ids of its rows (and of the parents of child rows). */
const A: Record<string, string> = {};
const B: Record<string, string> = {};
const PARENT_KEYS: Record<string, string> = {
  projectId: 'project',
  rdPlatformId: 'rd_platform',
  productionId: 'production',
};

/** One row of every enterprise-scoped entity for the enterprise, parents first. */
async function fill(target: Record<string, string>) {
  for (const entity of enterpriseScoped) {
    const refs = {
      enterpriseId: target.enterprise,
      ...Object.fromEntries(Object.entries(PARENT_KEYS).map(([f, k]) => [f, target[k]])),
    };
    target[entity.key] = (await submit(server, admin, entity.api, requiredBody(entity, refs))).id;
  }
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  A.enterprise = (await createEnterprise(server, admin, '甲企业', 'company_a')).id;
  B.enterprise = (await createEnterprise(server, admin, '乙企业', 'company_b')).id;
  await fill(A);
  await fill(B);
  // The company role holds its default grants (every CRM button but adding or removing enterprises).
  tokenA = await login(server, 'company_a', 'secret1', '000000', 'web');
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.call({ method, url, token: tokenA, payload });

describe.each(crmEntities.map((e) => [e.key, e] as const))('%s for company account A', (key, entity) => {
  const base = `/api/${entity.api}`;

  it('lists only its own rows, even when filtering on enterprise B', async () => {
    const own = await ok(server, tokenA, 'GET', `${base}/page?size=100`);
    expect(own.records.map((r: { id: string }) => r.id)).toEqual([A[key]]);
    const filter = key === 'enterprise' ? `id_equal=${B.enterprise}` : `enterpriseId=${B.enterprise}`;
    expect((await ok(server, tokenA, 'GET', `${base}/list?${filter}`)).records).toHaveLength(0);
    // Park staff see both.
    const all = await ok(server, admin, 'GET', `${base}/page?size=100`);
    expect(all.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([A[key], B[key]]));
  });

  it("cannot read, update or remove enterprise B's row by its id", async () => {
    expect((await call('GET', `${base}/detail?id=${B[key]}`)).status).toBe(404);
    expect((await call('POST', `${base}/submit`, { id: B[key], remark: 'hacked' })).status).toBe(404);
    await call('POST', `${base}/remove?ids=${B[key]}`);
    const still = await ok(server, admin, 'GET', `${base}/detail?id=${B[key]}`);
    expect(still.remark).not.toBe('hacked');
    // Its own row it may edit.
    const mine = await ok(server, tokenA, 'POST', `${base}/submit`, { id: A[key], remark: 'mine' });
    expect(mine.remark).toBe('mine');
  });
});

describe.each(enterpriseScoped.map((e) => [e.key, e] as const))('%s created by company account A', (key, entity) => {
  it('lands in its own enterprise even when the body names B', async () => {
    const parent = entity.fields.find((f) => f.type === 'id' && f.required);
    const body = {
      ...requiredBody(entity, {
        enterpriseId: B.enterprise,
        ...(parent ? { [parent.name]: A[PARENT_KEYS[parent.name]] } : {}),
      }),
    };
    if (key === 'business_info') {
      // One registration per enterprise: A's is moved aside first.
      await ok(server, admin, 'POST', `/api/${entity.api}/remove?ids=${A[key]}`);
    }
    const row = await ok(server, tokenA, 'POST', `/api/${entity.api}/submit`, body);
    expect(row.enterpriseId).toBe(A.enterprise);
    const moved = await ok(server, tokenA, 'POST', `/api/${entity.api}/submit`, {
      id: row.id,
      enterpriseId: B.enterprise,
    });
    expect(moved.enterpriseId).toBe(A.enterprise);
    if (parent) {
      const res = await call('POST', `/api/${entity.api}/submit`, {
        ...body,
        [parent.name]: B[PARENT_KEYS[parent.name]],
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/不存在/);
    }
  });
});

describe('enterprise calls for company account A', () => {
  const E = '/api/blade-crm/enterprise';
  it('selects and lists by ids only its own enterprise', async () => {
    expect(await ok(server, tokenA, 'GET', `${E}/select`)).toEqual([{ id: A.enterprise, enterpriseName: '甲企业' }]);
    const rows = await ok(server, tokenA, 'GET', `${E}/list-by-ids?ids=${A.enterprise},${B.enterprise}`);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([A.enterprise]);
  });

  it('restores and updates only its own enterprise, and creates none', async () => {
    expect((await call('POST', `${E}/restore?ids=${B.enterprise}`)).status).toBe(404);
    expect((await call('POST', `${E}/restore?ids=${A.enterprise}`)).status).toBe(403);
    expect((await call('POST', `${E}/update`, { id: A.enterprise, status: 0 })).status).toBe(403);
    expect((await call('POST', `${E}/update`, { id: B.enterprise, officeNumber: 'X' })).status).toBe(404);
    const created = await call('POST', `${E}/submit`, { enterpriseName: '冒名企业' });
    expect(created.status).toBe(403);
    const viaCreate = await call('POST', `${E}/create-enterprise`, {
      enterpriseName: '冒名企业',
      account: 'x',
      password: 'y',
    });
    expect(viaCreate.status).toBe(403);
  });

  it("saves staff into its own enterprise and cannot update B's through staff/save and staff/update", async () => {
    const S = '/api/blade-crm/staff';
    const saved = await ok(server, tokenA, 'POST', `${S}/save`, { enterpriseId: B.enterprise, staffName: '甲方新人' });
    expect(saved.enterpriseId).toBe(A.enterprise);
    const moved = await ok(server, tokenA, 'POST', `${S}/update`, { id: saved.id, enterpriseId: B.enterprise });
    expect(moved.enterpriseId).toBe(A.enterprise);
    const other = await call('POST', `${S}/update`, { id: B.enterprise_staff, staffName: '冒改' });
    expect(other.status).toBe(404);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${B.enterprise_staff}`)).staffName).not.toBe('冒改');
  });

  it("cannot bind B's staff, read who B's accounts are, or see B's project history", async () => {
    const S = '/api/blade-crm/staff';
    const [userA] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=company_a')).records;
    const [userB] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=company_b')).records;
    // B's staff member bound to B's account by the park: A learns nothing of it and binds nothing to it.
    await ok(server, admin, 'POST', `${S}/user-bind?id=${B.enterprise_staff}&userId=${userB.id}`);
    expect(await ok(server, tokenA, 'GET', `${S}/user-info?userId=${userB.id}`)).toBeNull();
    expect((await ok(server, admin, 'GET', `${S}/user-info?userId=${userB.id}`)).id).toBe(B.enterprise_staff);
    await ok(server, admin, 'POST', `${S}/unbind?id=${B.enterprise_staff}`);
    expect((await call('POST', `${S}/user-bind?id=${B.enterprise_staff}&userId=${userA.id}`)).status).toBe(404);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${B.enterprise_staff}`)).userId).toBeNull();
    expect((await call('POST', `${S}/unbind?id=${B.enterprise_staff}`)).status).toBe(404);
    expect(
      (await call('POST', `${S}/create-bind`, { staffId: B.enterprise_staff, account: 'sneaky', password: 'x' }))
        .status,
    ).toBe(404);
    const history = await ok(server, tokenA, 'GET', `/api/blade-crm/project/history-list?projectId=${B.project}`);
    expect(history).toEqual([]);
    const mine = await ok(server, tokenA, 'GET', `/api/blade-crm/project/history-list?projectId=${A.project}`);
    expect(mine.map((r: { id: string }) => r.id)).toContain(A.project_history);
  });
});

describe("what the detail pages of company account A read of B's rows", () => {
  /** The rows with attachments and the parameter naming the row (spec part 7 "crm"). */
  const OWNERS = [
    ['intellectual_property', 'intellectual-property', 'intellectPropertyId'],
    ['qualification', 'qualification', 'qualificationId'],
    ['certificate', 'certificate', 'certificateId'],
    ['project', 'project', 'projectId'],
    ['workshop', 'workshop', 'workshopId'],
  ] as const;

  it.each(OWNERS)("cannot list the attachments of B's %s", async (key, api, param) => {
    const url = `/api/blade-crm/${api}/attach-list?${param}=`;
    expect((await call('GET', `${url}${B[key]}`)).status).toBe(404);
    expect(await ok(server, tokenA, 'GET', `${url}${A[key]}`)).toEqual([]);
  });

  it("sees no assets of B's R&D platform", async () => {
    const url = '/api/blade-crm/rd-platform-assets/list?rdPlatformId=';
    expect((await ok(server, tokenA, 'GET', `${url}${B.rd_platform}`)).records).toEqual([]);
    const mine = (await ok(server, tokenA, 'GET', `${url}${A.rd_platform}`)).records;
    expect(mine.map((r: { id: string }) => r.id)).toContain(A.rd_platform_assets);
  });
});

describe("the park's administration, for a company account", () => {
  it.each([
    ['GET', '/api/blade-system/dept/list'],
    ['GET', '/api/blade-system/role/list'],
    ['GET', '/api/blade-log/api/page'],
    ['GET', '/api/blade-system/param/page'],
    ['GET', '/api/blade-user/list'],
    ['GET', '/api/blade-user/page'],
    ['GET', '/api/blade-resource/sms/page'],
  ] as const)('is refused: %s %s', async (method, url) => {
    const res = await call(method, url);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
  });

  it('looks up only the accounts of its own enterprise, and only what a directory shows', async () => {
    const own = await ok(server, tokenA, 'GET', '/api/blade-user/search/user?size=100');
    expect(own.records.map((u: { account: string }) => u.account)).toEqual(['company_a']);
    // Whose account it is, by its enterprise's name (the message recipient picker shows it).
    expect(own.records[0].enterpriseName).toBe('甲企业');
    expect(own.records[0]).not.toHaveProperty('phone');
    expect(own.records[0]).not.toHaveProperty('email');
    // Naming another enterprise changes nothing; park staff see every account.
    const other = await ok(server, tokenA, 'GET', `/api/blade-user/search/user?size=100&enterpriseId=${B.enterprise}`);
    expect(other.records).toEqual([]);
    const all = await ok(server, admin, 'GET', '/api/blade-user/page?size=100');
    expect(all.records.map((u: { account: string }) => u.account)).toEqual(
      expect.arrayContaining(['admin', 'company_a', 'company_b']),
    );
  });

  it('still reaches its session, dictionaries, menus and own account', async () => {
    for (const url of [
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/dict-biz/dictionary?code=industry',
      '/api/blade-system/menu/routes',
      '/api/blade-user/info',
    ]) {
      expect((await call('GET', url)).status, url).toBe(200);
    }
  });
});

describe('a change to the company account', () => {
  it('reaches the cached company scope at once (user.changed on the bus)', async () => {
    const before = await ok(server, tokenA, 'GET', '/api/blade-crm/enterprise/page?size=100');
    expect(before.records.map((r: { id: string }) => r.id)).toEqual([A.enterprise]);
    const [user] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=company_a')).records;
    await ok(server, admin, 'POST', '/api/blade-user/submit', { id: user.id, enterpriseId: B.enterprise });
    const after = await ok(server, tokenA, 'GET', '/api/blade-crm/enterprise/page?size=100');
    expect(after.records.map((r: { id: string }) => r.id)).toEqual([B.enterprise]);
  });
});

describe('a company account without an enterprise', () => {
  let token: string;
  beforeAll(async () => {
    // Written straight to the database, as a row from before the user module refused it would be.
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_user', [
        {
          id: nextId(),
          tenant_id: '000000',
          user_type: 2,
          account: 'company_none',
          password: testPasswordHash('secret1'),
          real_name: '无企业',
          role_id: SEED.companyRole,
        },
      ]),
    );
    token = await login(server, 'company_none', 'secret1', '000000', 'web');
  });

  it.each(crmEntities.map((e) => [e.key, e] as const))('sees no %s row at all (fails closed)', async (_key, entity) => {
    const page = await ok(server, token, 'GET', `/api/${entity.api}/page?size=100`);
    expect(page.total).toBe(0);
    expect(page.records).toEqual([]);
  });

  it('reads no other account, enterprise or staff member, and writes nothing', async () => {
    expect(await ok(server, token, 'GET', '/api/blade-crm/enterprise/select')).toEqual([]);
    expect((await ok(server, token, 'GET', '/api/blade-user/search/user?size=100')).records).toEqual([]);
    const created = await server.call({
      method: 'POST',
      url: '/api/blade-crm/staff/submit',
      token,
      payload: { staffName: '无主人员', enterpriseId: A.enterprise },
    });
    expect(created.status).toBe(403);
    expect(created.body.msg).toBe('当前企业账号未关联企业');
    const staff = (await ok(server, admin, 'GET', '/api/blade-crm/staff/list?staffName=无主人员')).records;
    expect(staff).toEqual([]);
    const bind = await server.call({
      method: 'POST',
      url: `/api/blade-crm/staff/create-bind`,
      token,
      payload: { staffId: A.enterprise_staff, account: 'none_staff', password: 'x' },
    });
    expect(bind.status).toBe(404);
  });
});

describe('the user module, for a company account', () => {
  const U = '/api/blade-user';
  const user = (account: string, extra: Record<string, unknown>) => ({
    account,
    name: account,
    realName: account,
    password: 'secret1',
    roleId: SEED.companyRole,
    deptId: SEED.rootDept,
    ...extra,
  });

  it('refuses to save one without an enterprise, in Chinese and English', async () => {
    const res = await server.call({
      method: 'POST',
      url: `${U}/submit`,
      token: admin,
      payload: user('no_ent', { userType: 2 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('企业账号必须选择所属企业');
    const en = await server.call({
      method: 'POST',
      url: `${U}/submit`,
      token: admin,
      payload: user('no_ent', { userType: 2 }),
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('A company account must belong to an enterprise');
    const unknown = await server.call({
      method: 'POST',
      url: `${U}/submit`,
      token: admin,
      payload: user('no_ent', { userType: 2, enterpriseId: '1234567890123' }),
    });
    expect(unknown.body.msg).toBe('所选企业不存在');
    expect((await ok(server, admin, 'GET', `${U}/list?account_equal=no_ent`)).records).toEqual([]);
  });

  it('refuses to take the enterprise away from one, or to make a platform account without one a company account', async () => {
    const saved = await ok(
      server,
      admin,
      'POST',
      `${U}/submit`,
      user('with_ent', { userType: 2, enterpriseId: A.enterprise }),
    );
    const cleared = await server.call({
      method: 'POST',
      url: `${U}/update`,
      token: admin,
      payload: { id: saved.id, enterpriseId: '' },
    });
    expect(cleared.body.msg).toBe('企业账号必须选择所属企业');
    expect((await ok(server, admin, 'GET', `${U}/detail?id=${saved.id}`)).enterpriseId).toBe(A.enterprise);

    const plain = await ok(server, admin, 'POST', `${U}/submit`, user('plain_user', { userType: 1 }));
    const toCompany = await server.call({
      method: 'POST',
      url: `${U}/update-platform`,
      token: admin,
      payload: { userId: plain.id, userType: 2 },
    });
    expect(toCompany.status).toBe(400);
    expect(toCompany.body.msg).toBe('企业账号必须选择所属企业');
    expect((await ok(server, admin, 'GET', `${U}/platform-detail?id=${plain.id}`)).userType).toBe(1);
    // With its enterprise named first, it may become one.
    await ok(server, admin, 'POST', `${U}/update`, { id: plain.id, enterpriseId: B.enterprise });
    await ok(server, admin, 'POST', `${U}/update-platform`, { userId: plain.id, userType: 2 });
    expect((await ok(server, admin, 'GET', `${U}/platform-detail?id=${plain.id}`)).userType).toBe(2);
  });
});
