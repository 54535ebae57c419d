import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** Users: create with a hashed password, page by department subtree, grant, reset, status, own info and password. */
let server: TestServer;
let admin: string;
const U = '/api/blade-user';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const SALES = '1123598813738675202';

async function addUser(token: string, body: Record<string, unknown>) {
  return server.call({ method: 'POST', url: `${U}/submit`, token, payload: body });
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('user create', () => {
  it('hashes the password, never returns it, and the new user logs in', async () => {
    const res = await addUser(admin, {
      account: 'zhang',
      name: '小张',
      realName: '张三',
      password: 'secret1',
      password2: 'secret1',
      roleId: SEED.userRole,
      deptId: SALES,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('password');
    const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ password: string }>('select password from blade_user where id = $1', [res.body.data.id]),
    );
    expect(row.password).toMatch(/^\$scrypt\$/);
    expect(await login(server, 'zhang', 'secret1')).toBeTruthy();
    const detail = await server.call({ method: 'GET', url: `${U}/detail?id=${res.body.data.id}`, token: admin });
    expect(detail.body.data).toMatchObject({ account: 'zhang', roleName: '用户', deptName: '招商部' });
    expect(detail.body.data).not.toHaveProperty('password');
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const base = { account: 'li', name: '李', realName: '李四', roleId: SEED.userRole, deptId: SALES };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base }, '请输入密码'],
      [{ ...base, password: 'a', password2: 'b' }, '两次密码输入不一致'],
      [{ ...base, password: 'a', account: '' }, '请输入登录账号'],
      [{ ...base, password: 'a', roleId: '' }, '请选择所属角色'],
      [{ ...base, password: 'a', deptId: '999' }, '所选部门不存在'],
      [{ ...base, password: 'a', roleId: 'x' }, '编号无效'],
      [{ ...base, password: 'a', account: 'admin' }, '当前用户已存在'],
      [{ ...base, password: 'a', phone: '123' }, '手机号码长度不为11位'],
      [{ ...base, password: 'a', phone: '23800001111' }, '手机号码格式不正确'],
      [{ ...base, password: 'a', email: 'not-an-email' }, '邮箱格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await addUser(admin, body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    }
    const [{ n }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>("select count(*)::int as n from blade_user where account = 'li'"),
    );
    expect(n).toBe(0);
  });

  it('lets only an administrator give the administrator role', async () => {
    const clerk = await createUserWithButtons(server, '000000', 'clerk', ['user_add', 'user_role']);
    const token = await login(server, 'clerk', 'pass');
    const res = await addUser(token, {
      account: 'sneaky',
      name: 's',
      realName: 's',
      password: 'p',
      roleId: SEED.adminRole,
      deptId: SALES,
    });
    expect(res.status).toBe(403);
    const grant = await server.call({
      method: 'POST',
      url: `${U}/grant?userIds=${clerk.userId}&roleIds=${SEED.adminRole}`,
      token,
    });
    expect(grant.status).toBe(403);
  });
});

describe('user reads', () => {
  it('pages by a department and everything below it', async () => {
    const root = await server.call({ method: 'GET', url: `${U}/page?deptId=${SEED.rootDept}&size=100`, token: admin });
    const sales = await server.call({ method: 'GET', url: `${U}/page?deptId=${SALES}&size=100`, token: admin });
    const accounts = (r: typeof root) => r.body.data.records.map((u: { account: string }) => u.account).sort();
    expect(accounts(root)).toContain('admin');
    expect(accounts(root)).toContain('zhang'); // 招商部 is below the root
    expect(accounts(sales)).toContain('zhang');
    expect(accounts(sales)).not.toContain('admin');
    const bad = await server.call({ method: 'GET', url: `${U}/page?deptId=abc`, token: admin });
    expect(bad.body).toMatchObject({ code: 400, msg: '编号无效' });
  });

  it("keeps each tenant's users to itself", async () => {
    const t = await createTenant(server, '300001');
    const other = await login(server, 'admin', 'admin', '300001');
    const list = await server.call({ method: 'GET', url: `${U}/user-list`, token: other });
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([t.adminId]);
    const theirs = await server.call({ method: 'GET', url: `${U}/detail?id=${SEED.adminUser}`, token: other });
    expect(theirs.status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await server.call({ method: 'GET', url: `${U}/page` })).status).toBe(401);
  });
});

describe('account actions', () => {
  let id: string;
  beforeAll(async () => {
    const res = await addUser(admin, {
      account: 'wang',
      name: '王',
      realName: '王五',
      password: 'start1',
      roleId: SEED.userRole,
      deptId: SALES,
    });
    id = res.body.data.id;
  });

  it('resets the password to account.initPassword', async () => {
    const res = await server.call({ method: 'POST', url: `${U}/reset-password?userIds=${id}`, token: admin });
    expect(res.body.code).toBe(200);
    expect(await login(server, 'wang', '123456')).toBeTruthy();
  });

  it('grants roles, changes status and platform settings', async () => {
    const grant = await server.call({
      method: 'POST',
      url: `${U}/grant?userIds=${id}&roleIds=${SEED.userRole},1123598816738675203`,
      token: admin,
    });
    expect(grant.body.code).toBe(200);
    const detail = await server.call({ method: 'GET', url: `${U}/detail?id=${id}`, token: admin });
    expect(detail.body.data.roleId).toBe(`${SEED.userRole},1123598816738675203`);

    await server.call({ method: 'POST', url: `${U}/status-change?userIds=${id}&status=0`, token: admin });
    expect((await server.call({ method: 'GET', url: `${U}/detail?id=${id}`, token: admin })).body.data.status).toBe(0);
    await server.call({ method: 'POST', url: `${U}/status-change?userId=${id}`, token: admin });
    expect((await server.call({ method: 'GET', url: `${U}/detail?id=${id}`, token: admin })).body.data.status).toBe(1);
    const bad = await server.call({ method: 'POST', url: `${U}/status-change?userId=${id}&status=7`, token: admin });
    expect(bad.body.code).toBe(400);

    // A company account must belong to an enterprise: named on the user first, then the type changes.
    const toCompany = { userId: id, userType: 2, userExt: '{"a":1}' };
    const refused = await server.call({
      method: 'POST',
      url: `${U}/update-platform`,
      token: admin,
      payload: toCompany,
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '企业账号必须选择所属企业' });
    const enterprise = await server.call({
      method: 'POST',
      url: '/api/blade-crm/enterprise/submit',
      token: admin,
      payload: { enterpriseName: '平台配置企业' },
    });
    await server.call({
      method: 'POST',
      url: `${U}/update`,
      token: admin,
      payload: { id, enterpriseId: enterprise.body.data.id },
    });
    const platform = await server.call({
      method: 'POST',
      url: `${U}/update-platform`,
      token: admin,
      payload: toCompany,
    });
    expect(platform.body.code).toBe(200);
    const pd = await server.call({ method: 'GET', url: `${U}/platform-detail?id=${id}`, token: admin });
    expect(pd.body.data).toMatchObject({ userType: 2, userExt: '{"a":1}' });
    // Back to a platform account, which the next test logs in as.
    await server.call({
      method: 'POST',
      url: `${U}/update-platform`,
      token: admin,
      payload: { userId: id, userType: 1 },
    });
  });

  it('changes own info and password, refusing a wrong old password', async () => {
    const token = await login(server, 'wang', '123456');
    const info = await server.call({
      method: 'POST',
      url: `${U}/update-info`,
      token,
      payload: { realName: '王五五', phone: '13900000000', account: 'hijack', roleId: SEED.adminRole },
    });
    expect(info.body.code).toBe(200);
    const me = await server.call({ method: 'GET', url: `${U}/info`, token });
    expect(me.body.data).toMatchObject({ realName: '王五五', phone: '13900000000', account: 'wang' });
    expect(me.body.data.roleId).not.toContain(SEED.adminRole);
    const emptyName = await server.call({ method: 'POST', url: `${U}/update-info`, token, payload: { realName: '' } });
    expect(emptyName.body).toMatchObject({ code: 400, msg: '请输入用户姓名' });

    const q = (o: string, n: string, r: string) => `oldPassword=${md5(o)}&newPassword=${md5(n)}&newPassword1=${md5(r)}`;
    const wrong = await server.call({ method: 'POST', url: `${U}/update-password?${q('nope', 'n1', 'n1')}`, token });
    expect(wrong.body).toMatchObject({ code: 400, msg: '原密码不正确' });
    const mismatch = await server.call({
      method: 'POST',
      url: `${U}/update-password?${q('123456', 'n1', 'n2')}`,
      token,
    });
    expect(mismatch.body).toMatchObject({ code: 400, msg: '两次密码输入不一致' });
    const missing = await server.call({ method: 'POST', url: `${U}/update-password`, token });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入原密码' });
    const good = await server.call({ method: 'POST', url: `${U}/update-password?${q('123456', 'n1', 'n1')}`, token });
    expect(good.body.code).toBe(200);
    expect(await login(server, 'wang', 'n1')).toBeTruthy();
  });

  it('refuses a user without the button (403) and never removes oneself', async () => {
    await createUserWithButtons(server, '000000', 'viewer', []);
    const token = await login(server, 'viewer', 'pass');
    for (const url of [
      `${U}/reset-password?userIds=${id}`,
      `${U}/grant?userIds=${id}&roleIds=${SEED.userRole}`,
      `${U}/remove?ids=${id}`,
    ]) {
      expect((await server.call({ method: 'POST', url, token })).status, url).toBe(403);
    }
    const self = await server.call({ method: 'POST', url: `${U}/remove?ids=${SEED.adminUser}`, token: admin });
    expect(self.body).toMatchObject({ code: 400, msg: '不能删除本账号' });
    const removed = await server.call({ method: 'POST', url: `${U}/remove?ids=${id}`, token: admin });
    expect(removed.body.code).toBe(200);
    expect((await server.call({ method: 'GET', url: `${U}/detail?id=${id}`, token: admin })).status).toBe(404);
  });

  it('exports users as a workbook: those the filters find, or the picked ones among them', async () => {
    const res = await server.call({ method: 'GET', url: `${U}/export-user`, token: admin });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const all = await exportSheet(server, admin, 'blade-user', '', undefined, 'export-user');
    expect(all.rows.length).toBeGreaterThan(1);
    const picked = await exportSheet(server, admin, 'blade-user', `ids=${SEED.adminUser}`, undefined, 'export-user');
    expect(picked.values.map((row) => row[picked.headers.find((h) => h === '登录账号') ?? ''])).toEqual(['admin']);
  });
});

describe('platform settings', () => {
  it("set a company account's enterprise, which must be the tenant's, and clear it", async () => {
    const created = await addUser(admin, {
      account: 'company_one',
      name: '企',
      realName: '企业账号',
      password: 'c1',
      roleId: SEED.userRole,
      deptId: SALES,
    });
    const userId = created.body.data.id;
    const enterprise = nextId();
    const foreign = nextId();
    await createTenant(server, '650001');
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'crm_enterprise', [
        { id: enterprise, tenant_id: '000000', enterprise_name: '本园企业' },
        { id: foreign, tenant_id: '650001', enterprise_name: '他园企业' },
      ]),
    );
    const update = (payload: object) =>
      server.call({ method: 'POST', url: `${U}/update-platform`, token: admin, payload: { userId, ...payload } });
    const detail = async () =>
      (await server.call({ method: 'GET', url: `${U}/platform-detail?id=${userId}`, token: admin })).body.data;

    expect((await update({ userType: 2, enterpriseId: foreign })).body).toMatchObject({
      code: 400,
      msg: '所选企业不存在',
    });
    expect((await update({ userType: 2, enterpriseId: 'abc' })).body.code).toBe(400);
    expect((await update({ userType: 2, enterpriseId: enterprise, userExt: '{"floor":3}' })).body.code).toBe(200);
    expect(await detail()).toMatchObject({ userType: 2, enterpriseId: enterprise, userExt: '{"floor":3}' });
    // Left out, the enterprise stays; sent empty, it goes.
    await update({ userType: 2, userExt: '{}' });
    expect((await detail()).enterpriseId).toBe(enterprise);
    await update({ userType: 1, enterpriseId: '' });
    expect(await detail()).toMatchObject({ userType: 1, enterpriseId: null });
  });
});

describe('a company account in the user screen', () => {
  it('is edited without a department, while a park account still needs one', async () => {
    const made = await createEnterprise(server, admin, '用户页企业', 'yonghuye');
    const detail = await server.call({ method: 'GET', url: `${U}/detail?id=${made.userId}`, token: admin });
    const row = detail.body.data;
    expect(row).toMatchObject({ userType: 2, deptId: null });
    // Saved as the edit dialog sends it: every form field, the department empty, a new phone.
    const form = ['account', 'name', 'realName', 'userType', 'code', 'roleId', 'postId', 'email', 'sex', 'birthday'];
    const body = { ...Object.fromEntries(form.map((f) => [f, row[f]])), id: row.id, enterpriseId: row.enterpriseId };
    const saved = await server.call({
      method: 'POST',
      url: `${U}/submit`,
      token: admin,
      payload: { ...body, deptId: '', phone: '13700001111' },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ phone: '13700001111', deptId: null, userType: 2 });

    // Made a park account, it needs a department: sent empty or kept empty alike.
    for (const [payload, lang, msg] of [
      [{ id: row.id, userType: 1 }, 'zh', '请选择所属部门'],
      [{ id: row.id, userType: 1, deptId: '' }, 'en', 'Please select the departments'],
    ] as const) {
      const refused = await server.call({
        method: 'POST',
        url: `${U}/submit`,
        token: admin,
        headers: { 'accept-language': lang },
        payload,
      });
      expect(refused.body).toMatchObject({ code: 400, msg });
    }
    const park = await addUser(admin, {
      account: 'nodept',
      name: '无',
      realName: '无部门',
      password: 'p1',
      roleId: SEED.userRole,
      deptId: '',
    });
    expect(park.body).toMatchObject({ code: 400, msg: '请选择所属部门' });
    // A new company account needs none either.
    const company = await addUser(admin, { ...body, id: undefined, account: 'nodept2', password: 'p1' });
    expect(company.body).toMatchObject({ code: 200, data: { userType: 2, deptId: null } });
  });
});

describe('phone and email', () => {
  it('are checked on every path that writes them, in both languages', async () => {
    const en = await server.call({
      method: 'POST',
      url: `${U}/submit`,
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: {
        account: 'fmt',
        name: '格',
        realName: '格式',
        password: 'p1',
        roleId: SEED.userRole,
        deptId: SALES,
        phone: '123',
      },
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'The mobile number must have 11 digits' });
    const made = await addUser(admin, {
      account: 'fmt',
      name: '格',
      realName: '格式',
      password: 'p1',
      roleId: SEED.userRole,
      deptId: SALES,
      phone: '13800005555',
      email: 'fmt@park.example',
    });
    expect(made.body.code).toBe(200);
    const edit = await server.call({
      method: 'POST',
      url: `${U}/update`,
      token: admin,
      payload: { id: made.body.data.id, email: 'x@' },
    });
    expect(edit.body).toMatchObject({ code: 400, msg: '邮箱格式不正确' });
    // Personal info too.
    const own = await login(server, 'fmt', 'p1');
    for (const [payload, msg] of [
      [{ phone: '1380000' }, '手机号码长度不为11位'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
    ] as const) {
      const res = await server.call({ method: 'POST', url: `${U}/update-info`, token: own, payload });
      expect(res.body).toMatchObject({ code: 400, msg });
    }
    const kept = await server.call({ method: 'GET', url: `${U}/info`, token: own });
    expect(kept.body.data).toMatchObject({ phone: '13800005555', email: 'fmt@park.example' });
  });
});
