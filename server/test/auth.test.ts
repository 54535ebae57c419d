import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import type { AccessClaims } from '../src/platform/tokens.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { ADMIN, createTenant, startServer, type TestServer } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const claimsOf = (token: string): AccessClaims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

const BAD_CREDENTIALS = { zh: '用户名或密码不正确', en: 'Wrong account or password' };

function loginParams(account: string, password: string, tenantId: string = ADMIN.tenantId): Record<string, string> {
  return {
    tenantId,
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  };
}

function requestToken(server: TestServer, params: Record<string, string>, headers: Record<string, string> = {}) {
  return server.call({ method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams(params)}`, headers });
}

interface NewUser {
  account: string;
  password?: string;
  tenantId?: string;
  userType?: number;
  status?: number;
  roleId?: string;
  deptId?: string;
}

async function addUser(server: TestServer, u: NewUser): Promise<string> {
  const id = nextId();
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'blade_user', [
      {
        id,
        tenant_id: u.tenantId ?? ADMIN.tenantId,
        account: u.account,
        password: testPasswordHash(u.password ?? 'secret'),
        name: `${u.account} nick`,
        real_name: u.account,
        user_type: u.userType ?? 1,
        status: u.status ?? 1,
        role_id: u.roleId ?? SEED.userRole,
        dept_id: u.deptId ?? SEED.rootDept,
      },
    ]),
  );
  return id;
}

async function failCountOf(server: TestServer, userId: string): Promise<number> {
  const [row] = await server.platform.db.admin.query<{ fail_count: number }>(
    'select fail_count from blade_user where id = $1',
    [userId],
  );
  return row.fail_count;
}

function expectFailure(res: { status: number; body: unknown }, code: number, status = 400) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, error_code: code, error_description: expect.stringMatching(/\S/) });
}

describe('token endpoint, captcha off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('logs the administrator in with the snake_case answer, and the token works', async () => {
    const res = await requestToken(server, loginParams('admin', 'admin'), { 'tenant-id': '000000' });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      user_id: SEED.adminUser,
      dept_id: SEED.rootDept,
      post_id: '1123598817738675201',
      role_id: SEED.adminRole,
      oauth_id: '',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      avatar: '',
      detail: { type: 'account' },
      license: 'powered by park console',
    });
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(body).not.toHaveProperty('success');

    const access = claimsOf(body.access_token);
    const refresh = claimsOf(body.refresh_token);
    expect(access.typ).toBe('access');
    expect(access.exp - access.iat).toBe(3600);
    expect(refresh.typ).toBe('refresh');
    expect(refresh.exp - refresh.iat).toBe(604800);
    expect(refresh.sid).toBe(access.sid);

    const [session] = await server.platform.db.admin.query<{ user_id: string; refresh_jti: string }>(
      'select user_id, refresh_jti from park_auth_session where id = $1',
      [access.sid],
    );
    expect(session.user_id).toBe(SEED.adminUser);
    expect(session.refresh_jti).toBe(refresh.jti);

    const info = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token: body.access_token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        id: SEED.adminUser,
        tenantId: '000000',
        account: 'admin',
        name: '管理员',
        realName: '管理员',
        email: 'admin@park.example',
        phone: '13800000000',
        deptId: SEED.rootDept,
        roleId: SEED.adminRole,
        postId: '1123598817738675201',
        roleName: 'administrator',
        userType: 1,
      },
    });
  });

  it('accepts the parameters as a form body, and split between query and body', async () => {
    const { grant_type, ...rest } = loginParams('admin', 'admin');
    const form = await server.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type, ...rest }).toString(),
    });
    expect(form.status).toBe(200);
    expect(form.body.user_id).toBe(SEED.adminUser);

    const split = await server.call({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=${grant_type}&tenantId=000000`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'admin', password: rest.password }).toString(),
    });
    expect(split.status).toBe(200);
    expect(split.body.account).toBe('admin');
  });

  it('takes the tenant from the Tenant-Id header when the parameter is absent', async () => {
    const { tenantId: _, ...params } = loginParams('admin', 'admin');
    const res = await requestToken(server, params, { 'tenant-id': '000000' });
    expect(res.status).toBe(200);
    expect(res.body.tenant_id).toBe('000000');
  });

  it('keeps passwords as a slow salted hash (scrypt) of the MD5, never the MD5 itself', async () => {
    const [row] = await server.platform.db.admin.query<{ password: string }>(
      'select password from blade_user where id = $1',
      [SEED.adminUser],
    );
    expect(row.password.startsWith('$scrypt$')).toBe(true);
    expect(row.password).not.toContain(md5('admin'));
    // The plain password is refused: the server expects its MD5.
    const res = await requestToken(server, { ...loginParams('admin', 'admin'), password: 'admin' });
    expectFailure(res, 2001);
  });

  it('2000 when the account, password or tenant is missing', async () => {
    for (const missing of ['username', 'password', 'tenantId']) {
      const params = loginParams('admin', 'admin');
      delete params[missing];
      expectFailure(await requestToken(server, params), 2000);
    }
  });

  it('2001 with one message for an unknown account and a wrong password, in the request language', async () => {
    const unknown = await requestToken(server, loginParams('nobody', 'admin'));
    const wrong = await requestToken(server, loginParams('admin', 'not-admin'));
    expectFailure(unknown, 2001);
    expectFailure(wrong, 2001);
    expect(unknown.body.error_description).toBe(BAD_CREDENTIALS.zh);
    expect(wrong.body.error_description).toBe(BAD_CREDENTIALS.zh);

    const en = await requestToken(server, loginParams('nobody', 'admin'), { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body.error_description).toBe(BAD_CREDENTIALS.en);
    const enWrong = await requestToken(server, loginParams('admin', 'x'), { 'accept-language': 'en' });
    expect(enWrong.body.error_description).toBe(BAD_CREDENTIALS.en);
    await server.platform.db.admin.query('update blade_user set fail_count = 0 where id = $1', [SEED.adminUser]);
  });

  it('2002 for an unknown tenant', async () => {
    expectFailure(await requestToken(server, loginParams('admin', 'admin', '999999')), 2002);
  });

  it('counts wrong passwords, asks for a captcha from account.failCount on (2007), and a login or 解锁 resets', async () => {
    const id = await addUser(server, { account: 'counted', password: 'right' });
    for (let i = 1; i <= 2; i++) {
      expectFailure(await requestToken(server, loginParams('counted', 'wrong')), 2001);
      // Each failure is committed on its own although the request failed.
      expect(await failCountOf(server, id)).toBe(i);
    }
    expect((await requestToken(server, loginParams('counted', 'right'))).status).toBe(200);
    expect(await failCountOf(server, id)).toBe(0);

    for (let i = 0; i < 5; i++) expectFailure(await requestToken(server, loginParams('counted', 'wrong')), 2001);
    expect(await failCountOf(server, id)).toBe(5);
    // Without a captcha, right or wrong, refused before the password is checked, so not counted.
    expectFailure(await requestToken(server, loginParams('counted', 'right')), 2007);
    expectFailure(await requestToken(server, loginParams('counted', 'wrong')), 2007);
    expect(await failCountOf(server, id)).toBe(5);

    const admin = await requestToken(server, loginParams('admin', 'admin'));
    const unlock = await server.call({
      method: 'POST',
      url: `/api/blade-user/unlock?userIds=${id}`,
      token: admin.body.access_token,
    });
    expect(unlock.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const again = await requestToken(server, loginParams('counted', 'right'));
    expect(again.status).toBe(200);
    expect(again.body.user_id).toBe(id);
  });

  it('2004 for a disabled user, only once the password is right', async () => {
    await addUser(server, { account: 'disabled', password: 'pw', status: 0 });
    expectFailure(await requestToken(server, loginParams('disabled', 'pw')), 2004);
    expectFailure(await requestToken(server, loginParams('disabled', 'nope')), 2001);
  });

  it('2005 when the account type does not match the user type', async () => {
    await addUser(server, { account: 'company', password: 'pw', userType: 2 });
    expectFailure(await requestToken(server, loginParams('admin', 'admin'), { 'account-type': 'web' }), 2005);
    expectFailure(await requestToken(server, loginParams('company', 'pw')), 2005);
    expectFailure(await requestToken(server, loginParams('company', 'pw'), { 'account-type': 'platform' }), 2005);
    const web = await requestToken(server, loginParams('company', 'pw'), { 'account-type': 'web' });
    expect(web.status).toBe(200);
    expect(claimsOf(web.body.access_token).accountType).toBe('web');
  });

  it('2006 for an expired tenant and for a disabled one', async () => {
    await createTenant(server, '100001');
    await createTenant(server, '100002');
    expect((await requestToken(server, loginParams('admin', 'admin', '100001'))).status).toBe(200);
    await server.platform.db.admin.query(
      `update blade_tenant set expire_time = localtimestamp - interval '1 day' where tenant_id = '100001'`,
    );
    await server.platform.db.admin.query(`update blade_tenant set status = 0 where tenant_id = '100002'`);
    expectFailure(await requestToken(server, loginParams('admin', 'admin', '100001')), 2006);
    expectFailure(await requestToken(server, loginParams('admin', 'admin', '100002')), 2006);
  });

  it('logs into the tenant named, not another one with the same account', async () => {
    const t = await createTenant(server, '100003');
    const res = await requestToken(server, loginParams('admin', 'admin', '100003'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tenant_id: '100003',
      user_id: t.adminId,
      dept_id: t.deptId,
      role_id: t.adminRole,
    });
  });

  it('3000 (HTTP 401) for a missing, unknown or wrongly authenticated client', async () => {
    const params = loginParams('admin', 'admin');
    expectFailure(await requestToken(server, params, { authorization: '' }), 3000, 401);
    expectFailure(await requestToken(server, params, { authorization: basic('saber', 'wrong') }), 3000, 401);
    expectFailure(await requestToken(server, params, { authorization: basic('nobody', 'saber_secret') }), 3000, 401);
  });

  it('4000 for unknown or missing grant types and grants the client does not hold', async () => {
    for (const grant of ['client_credentials', 'authorization_code', 'register', '']) {
      expectFailure(await requestToken(server, { ...loginParams('admin', 'admin'), grant_type: grant }), 4000);
    }
    await server.platform.db.admin.query(
      `insert into blade_client (id, client_id, client_secret, authorized_grant_types)
       values ($1, 'narrow', 'narrow_secret', 'refresh_token')`,
      [nextId()],
    );
    await server.platform.cache.invalidate('client');
    const narrow = { authorization: basic('narrow', 'narrow_secret') };
    expectFailure(await requestToken(server, loginParams('admin', 'admin'), narrow), 4000);
  });

  it('rotates refresh tokens on the same session; a used, forged or foreign one fails with 2010', async () => {
    const login = await requestToken(server, loginParams('admin', 'admin'));
    const refresh = (token: string, headers: Record<string, string> = {}) =>
      requestToken(server, { grant_type: 'refresh_token', refresh_token: token, scope: 'all' }, headers);

    const first = await refresh(login.body.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user_id: SEED.adminUser, role_name: 'administrator', token_type: 'bearer' });
    expect(claimsOf(first.body.access_token).sid).toBe(claimsOf(login.body.access_token).sid);
    expect(first.body.refresh_token).not.toBe(login.body.refresh_token);

    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);

    const info = await server.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      token: second.body.access_token,
    });
    expect(info.body.data.account).toBe('admin');

    // A used one fails, and ends its session as well (session-revocation.test.ts).
    expectFailure(await refresh(login.body.refresh_token), 2010);
    expectFailure(await refresh(first.body.refresh_token), 2010);
    expectFailure(await refresh(second.body.refresh_token), 2010);

    // An access token is not a refresh token; nor is garbage; nor is a missing one.
    expectFailure(await refresh(login.body.access_token), 2010);
    expectFailure(await refresh('not.a.token'), 2010);
    expectFailure(await requestToken(server, { grant_type: 'refresh_token' }), 2010);

    // Another client may not use this client's refresh token.
    await server.platform.db.admin.query(
      `insert into blade_client (id, client_id, client_secret, authorized_grant_types)
       values ($1, 'other', 'other_secret', 'password,refresh_token')`,
      [nextId()],
    );
    await server.platform.cache.invalidate('client');
    const live = await requestToken(server, loginParams('admin', 'admin'));
    expectFailure(await refresh(live.body.refresh_token, { authorization: basic('other', 'other_secret') }), 2010);
    expect((await refresh(live.body.refresh_token)).status).toBe(200);
  });

  it('refuses a refresh for a user disabled since the login (2004)', async () => {
    const id = await addUser(server, { account: 'disabled2', password: 'pw' });
    const login = await requestToken(server, loginParams('disabled2', 'pw'));
    await server.platform.db.admin.query('update blade_user set status = 0 where id = $1', [id]);
    const res = await requestToken(server, { grant_type: 'refresh_token', refresh_token: login.body.refresh_token });
    expectFailure(res, 2004);
  });

  it('logout (GET and POST) revokes the access and refresh tokens at once', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const login = await requestToken(server, loginParams('admin', 'admin'));
      const token = login.body.access_token;
      const out = await server.call({ method, url: '/api/blade-auth/oauth/logout', token });
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ code: 200, success: true });
      const after = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ code: 401, success: false });
      const refreshed = await requestToken(server, {
        grant_type: 'refresh_token',
        refresh_token: login.body.refresh_token,
      });
      expectFailure(refreshed, 2010);
    }
  });

  it('answers 401 in the envelope for a missing, malformed, expired or revoked Blade-Auth token', async () => {
    const url = '/api/blade-auth/oauth/user-info';
    const login = await requestToken(server, loginParams('admin', 'admin'));
    const good = login.body.access_token as string;
    const claims = claimsOf(good);
    const now = Math.floor(Date.now() / 1000);
    const expired = server.platform.signer.sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      'no bearer word': { 'blade-auth': good },
      garbage: { 'blade-auth': 'bearer garbage' },
      'bad signature': { 'blade-auth': `bearer ${good.slice(0, -4)}AAAA` },
      'refresh token': { 'blade-auth': `bearer ${login.body.refresh_token}` },
      expired: { 'blade-auth': `bearer ${expired}` },
    };
    for (const [name, headers] of Object.entries(cases)) {
      const res = await server.call({ method: 'GET', url, headers });
      expect(res.status, name).toBe(401);
      expect(res.body, name).toEqual({ code: 401, success: false, data: null, msg: expect.any(String) });
      expect(res.body.msg.length, name).toBeGreaterThan(0);
    }
    expect((await server.call({ method: 'GET', url, token: good })).status).toBe(200);
    await server.platform.sessions.revoke(claims.sid);
    const revoked = await server.call({ method: 'GET', url, token: good });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toMatchObject({ code: 401, success: false });
  });

  it('in switch mode takes Dept-Id / Role-Id the user holds, and ignores them otherwise', async () => {
    const staffRole = '1123598816738675203';
    const otherDept = '1123598813738675202';
    await addUser(server, {
      account: 'switcher',
      password: 'pw',
      roleId: `${SEED.userRole},${staffRole}`,
      deptId: `${SEED.rootDept},${otherDept}`,
    });
    const headers = { 'dept-id': otherDept, 'role-id': staffRole };
    const off = await requestToken(server, loginParams('switcher', 'pw'), headers);
    expect(off.body).toMatchObject({
      dept_id: `${SEED.rootDept},${otherDept}`,
      role_id: `${SEED.userRole},${staffRole}`,
      role_name: 'user,staff',
    });
    expect(claimsOf(off.body.access_token).deptId).toBe(SEED.rootDept);

    await server.platform.db.admin.query(
      `update blade_param set param_value = 'true' where param_key = 'account.switchMode' and tenant_id = '000000'`,
    );
    await server.platform.params.invalidate();
    try {
      const on = await requestToken(server, loginParams('switcher', 'pw'), headers);
      expect(on.body).toMatchObject({ dept_id: otherDept, role_id: staffRole, role_name: 'staff' });
      expect(claimsOf(on.body.access_token)).toMatchObject({ deptId: otherDept, roleIds: [staffRole] });

      const notHeld = await requestToken(server, loginParams('switcher', 'pw'), {
        'dept-id': '1123598813738675203',
        'role-id': SEED.adminRole,
      });
      expect(notHeld.body).toMatchObject({
        dept_id: `${SEED.rootDept},${otherDept}`,
        role_id: `${SEED.userRole},${staffRole}`,
        role_name: 'user,staff',
      });
    } finally {
      await server.platform.db.admin.query(
        `update blade_param set param_value = 'false' where param_key = 'account.switchMode' and tenant_id = '000000'`,
      );
      await server.platform.params.invalidate();
    }
  });

  it('clear-cache drops cached parameters, so a changed account.failCount applies', async () => {
    const id = await addUser(server, { account: 'cached', password: 'pw' });
    const admin = await requestToken(server, loginParams('admin', 'admin'));
    // Written behind the server's back: the cached value (5) still applies...
    await server.platform.db.admin.query(
      `update blade_param set param_value = '1' where param_key = 'account.failCount' and tenant_id = '000000'`,
    );
    try {
      expectFailure(await requestToken(server, loginParams('cached', 'wrong')), 2001);
      expect((await requestToken(server, loginParams('cached', 'pw'))).status).toBe(200);
      // ...until the cache is cleared.
      const cleared = await server.call({
        method: 'GET',
        url: '/api/blade-auth/oauth/clear-cache',
        token: admin.body.access_token,
      });
      expect(cleared.body).toMatchObject({ code: 200, success: true });
      expectFailure(await requestToken(server, loginParams('cached', 'wrong')), 2001);
      expect(await failCountOf(server, id)).toBe(1);
      expectFailure(await requestToken(server, loginParams('cached', 'pw')), 2007);
    } finally {
      await server.platform.db.admin.query(
        `update blade_param set param_value = '5' where param_key = 'account.failCount' and tenant_id = '000000'`,
      );
      await server.platform.params.invalidate();
    }
  });

  it('answers the captcha endpoint with nothing to show when captchas are off', async () => {
    const res = await server.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/captcha',
      headers: { authorization: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: '', image: '', enabled: false });
  });
});

describe('token endpoint, captcha on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ captcha: true });
  });
  afterAll(() => server?.close());

  /** A fresh captcha and its code, read from the store the server checks against. */
  async function captcha(): Promise<{ key: string; code: string }> {
    const res = await server.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/captcha',
      headers: { authorization: '' },
    });
    expect(res.status).toBe(200);
    const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ code: string }>('select code from park_captcha where key = $1', [res.body.key]),
    );
    return { key: res.body.key, code: row.code };
  }

  const withCaptcha = (c: { key: string; code: string }) => ({ 'captcha-key': c.key, 'captcha-code': c.code });

  it('draws an SVG captcha of four characters and keeps its code server-side', async () => {
    const res = await server.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/captcha',
      headers: { authorization: '' },
    });
    expect(res.body.enabled).toBe(true);
    expect(res.body.key).toMatch(/^[\w-]{16,64}$/);
    expect(res.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.body.image.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // Legible at 1×: four dark grey letters (#000 to #444) and one noise line.
    const letters = [...svg.matchAll(/<path fill="(#[0-9a-f]{3,6})"/g)].map((m) => m[1]);
    expect(letters).toHaveLength(4);
    for (const colour of letters) expect(colour).toMatch(/^#[0-4]{3}$/);
    expect(svg.match(/<path d="[^"]*" stroke=/g)).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toMatch(/"code"/);
    const [row] = await server.platform.db.admin.query<{ code: string }>(
      'select code from park_captcha where key = $1',
      [res.body.key],
    );
    expect(row.code).toMatch(/^[a-z2-9]{4}$/);
  });

  it('2007 for a missing, wrong, unknown or reused captcha; the right one, in any case, logs in', async () => {
    expectFailure(await requestToken(server, loginParams('admin', 'admin')), 2007);

    const wrong = await captcha();
    const wrongCode = wrong.code === 'abcd' ? 'abce' : 'abcd';
    expectFailure(
      await requestToken(server, loginParams('admin', 'admin'), withCaptcha({ ...wrong, code: wrongCode })),
      2007,
    );
    // A wrong answer spends the captcha: the right code no longer helps.
    expectFailure(await requestToken(server, loginParams('admin', 'admin'), withCaptcha(wrong)), 2007);

    expectFailure(
      await requestToken(server, loginParams('admin', 'admin'), withCaptcha({ key: 'no-such-key', code: 'abcd' })),
      2007,
    );

    const right = await captcha();
    const ok = await requestToken(
      server,
      loginParams('admin', 'admin'),
      withCaptcha({ ...right, code: right.code.toUpperCase() }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.account).toBe('admin');
    expectFailure(await requestToken(server, loginParams('admin', 'admin'), withCaptcha(right)), 2007);
  });

  it('the captcha grant needs the captcha too', async () => {
    const params = { ...loginParams('admin', 'admin'), grant_type: 'captcha' };
    expectFailure(await requestToken(server, params), 2007);
    const res = await requestToken(server, params, withCaptcha(await captcha()));
    expect(res.status).toBe(200);
  });

  it('refuses an expired captcha', async () => {
    const c = await captcha();
    await server.platform.db.admin.query(
      `update park_captcha set expires_at = localtimestamp - interval '1 second' where key = $1`,
      [c.key],
    );
    expectFailure(await requestToken(server, loginParams('admin', 'admin'), withCaptcha(c)), 2007);
  });

  it('refresh needs no captcha', async () => {
    const login = await requestToken(server, loginParams('admin', 'admin'), withCaptcha(await captcha()));
    const res = await requestToken(server, { grant_type: 'refresh_token', refresh_token: login.body.refresh_token });
    expect(res.status).toBe(200);
  });
});
