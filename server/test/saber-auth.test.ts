import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSm2Keys, type Sm2Keys } from '../src/modules/auth/sm2.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { storedSecret } from '../src/platform/secrets.ts';
import type { AccessClaims } from '../src/platform/tokens.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, createUserWithButtons, startServer, type TestServer } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';
import { tokenFor } from './tokens.ts';

/**
 * The SpringBlade auth surface the Saber console calls (issue 35, CONTRACT.md): /api/blade-auth/token with the
 * password SM2-encrypted under the server's key, /api/blade-auth/captcha, /api/blade-auth/logout, in Saber's shape.
 */
const claimsOf = (token: string): AccessClaims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** sm-crypto's cipher modes: 1 C1C3C2 (its default), 0 C1C2C3 (what Saber's sm2.js asks for). */
const C1C3C2 = 1;
const C1C2C3 = 0;

const BAD_CIPHER = /^密码无法解密/;

let publicKey: string;

async function readPublicKey(server: TestServer): Promise<string> {
  const res = await server.call({ method: 'GET', url: '/api/blade-auth/sm2/public-key', token: tokenFor(server) });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    code: 200,
    success: true,
    data: { publicKey: expect.stringMatching(/^04[0-9a-f]{128}$/) },
  });
  return res.body.data.publicKey;
}

/** Saber's login call: everything in the query string, the captcha in headers, no Tenant-Id header. */
function saberLogin(
  server: TestServer,
  o: { account?: string; password?: string; cipher?: string; tenantId?: string; mode?: 0 | 1; grantType?: string },
  headers: Record<string, string> = {},
) {
  const params = new URLSearchParams({
    grantType: o.grantType ?? 'captcha',
    tenantId: o.tenantId ?? '000000',
    account: o.account ?? 'admin',
    password: o.cipher ?? sm2.doEncrypt(o.password ?? 'admin', publicKey, o.mode ?? C1C2C3),
    type: 'account',
  });
  return server.call({ method: 'POST', url: `/api/blade-auth/token?${params}`, headers });
}

function saberRefresh(server: TestServer, refreshToken: string) {
  const params = new URLSearchParams({ grantType: 'refresh_token', refreshToken, scope: 'all' });
  return server.call({ method: 'POST', url: `/api/blade-auth/token?${params}` });
}

/** Saber's captcha call, read as it reads it (`res.data.data`), with its code from the store the server checks. */
async function saberCaptcha(server: TestServer): Promise<Record<string, string>> {
  const res = await server.call({ method: 'GET', url: '/api/blade-auth/captcha' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    code: 200,
    success: true,
    data: { key: expect.any(String), image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
  });
  const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ code: string }>('select code from park_captcha where key = $1', [res.body.data.key]),
  );
  return { 'captcha-key': res.body.data.key, 'captcha-code': row.code.toUpperCase() };
}

/** Saber's reading of a refusal: `res.data.code` other than 200, and `res.data.msg`. */
function expectRefusal(res: { status: number; body: unknown }, msg: string | RegExp, code = 400) {
  expect(res.status).toBe(code);
  expect(res.body).toEqual({ code, success: false, data: null, msg: expect.stringMatching(msg) });
}

async function addUser(server: TestServer, account: string, password: string, status = 1): Promise<string> {
  const id = nextId();
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'blade_user', [
      {
        id,
        tenant_id: '000000',
        account,
        password: testPasswordHash(password),
        name: `${account} nick`,
        real_name: account.slice(0, 10),
        user_type: 1,
        status,
        role_id: SEED.userRole,
        dept_id: SEED.rootDept,
      },
    ]),
  );
  return id;
}

describe('Saber auth surface, captcha on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ captcha: true });
    publicKey = await readPublicKey(server);
  });
  afterAll(() => server?.close());

  it('logs in with an SM2-encrypted password in both cipher orders, with and without 04, in Saber’s shape', async () => {
    const ciphers = {
      C1C2C3: sm2.doEncrypt('admin', publicKey, C1C2C3),
      C1C3C2: sm2.doEncrypt('admin', publicKey, C1C3C2),
      '04 C1C2C3': `04${sm2.doEncrypt('admin', publicKey, C1C2C3)}`,
      '04 C1C3C2': `04${sm2.doEncrypt('admin', publicKey, C1C3C2)}`,
    };
    for (const [name, cipher] of Object.entries(ciphers)) {
      const res = await saberLogin(server, { cipher }, await saberCaptcha(server));
      expect(res.status, name).toBe(200);
      expect(res.body, name).toMatchObject({
        code: 200,
        success: true,
        data: {
          accessToken: expect.any(String),
          refreshToken: expect.any(String),
          tokenType: 'bearer',
          expiresIn: 3600,
          tenantId: '000000',
          userId: SEED.adminUser,
          deptId: SEED.rootDept,
          roleId: SEED.adminRole,
          roleName: 'administrator',
          authority: 'administrator',
          account: 'admin',
          userName: expect.any(String),
          nickName: expect.any(String),
          realName: expect.any(String),
          avatar: expect.any(String),
        },
      });
      const info = await server.call({
        method: 'GET',
        url: '/api/blade-auth/oauth/user-info',
        token: res.body.data.accessToken,
      });
      expect(info.body.data.account, name).toBe('admin');
    }
  });

  it('refuses a wrong or missing captcha as our endpoint does, in Saber’s error shape', async () => {
    expectRefusal(await saberLogin(server, {}), '验证码不正确或已失效');
    const c = await saberCaptcha(server);
    expectRefusal(await saberLogin(server, {}, { ...c, 'captcha-code': 'zzzz' }), '验证码不正确或已失效');
    // The wrong answer spent it.
    expectRefusal(await saberLogin(server, {}, c), '验证码不正确或已失效');
  });

  it('refuses a wrong password and an unknown account with one message, in the request’s language', async () => {
    await addUser(server, 'saberpw', 'right');
    expectRefusal(
      await saberLogin(server, { account: 'saberpw', password: 'wrong' }, await saberCaptcha(server)),
      '^用户名或密码不正确$',
    );
    expectRefusal(
      await saberLogin(server, { account: 'nobody', password: 'x' }, await saberCaptcha(server)),
      '^用户名或密码不正确$',
    );
    const en = await saberLogin(
      server,
      { account: 'saberpw', password: 'wrong' },
      {
        ...(await saberCaptcha(server)),
        'accept-language': 'en',
      },
    );
    expectRefusal(en, '^Wrong account or password$');
    const ok = await saberLogin(server, { account: 'saberpw', password: 'right' }, await saberCaptcha(server));
    expect(ok.body.data).toMatchObject({ account: 'saberpw', realName: 'saberpw', nickName: 'saberpw nick' });
  });

  it('answers a password that is no ciphertext under the server’s key with a clear 400, never 500', async () => {
    const other = sm2.generateKeyPairHex();
    const good = sm2.doEncrypt('admin', publicKey, C1C2C3);
    const cases = {
      plain: 'admin',
      md5: '21232f297a57a5a743894a0e4a801fc3',
      'not hex': `${good.slice(0, -1)}z`,
      'odd length': good.slice(0, -1),
      truncated: good.slice(0, 150),
      'one digit changed': `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
      'C1 not on the curve': `${'1'.repeat(128)}${good.slice(128)}`,
      'other key': sm2.doEncrypt('admin', other.publicKey, C1C2C3),
      'far too long': 'ab'.repeat(5000),
    };
    for (const [name, cipher] of Object.entries(cases)) {
      const res = await saberLogin(server, { cipher }, await saberCaptcha(server));
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ code: 400, success: false, data: null, msg: expect.stringMatching(BAD_CIPHER) });
    }
    const en = await saberLogin(server, { cipher: 'abcd' }, { 'accept-language': 'en' });
    expectRefusal(en, /^The password cannot be decrypted/);
  });

  it('refreshes with Saber’s refresh call, rotating the refresh token; a spent one is refused in Saber’s shape', async () => {
    const login = await saberLogin(server, {}, await saberCaptcha(server));
    const first = await saberRefresh(server, login.body.data.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      code: 200,
      success: true,
      data: { userId: SEED.adminUser, tokenType: 'bearer' },
    });
    expect(claimsOf(first.body.data.accessToken).sid).toBe(claimsOf(login.body.data.accessToken).sid);
    expect(first.body.data.refreshToken).not.toBe(login.body.data.refreshToken);
    // Spent: refused, and (as on our endpoint) the whole login ends.
    expectRefusal(await saberRefresh(server, login.body.data.refreshToken), '刷新令牌无效');
    expectRefusal(await saberRefresh(server, first.body.data.refreshToken), '刷新令牌无效');
    expectRefusal(await saberRefresh(server, 'not.a.token'), '刷新令牌无效');
    // A refresh token of our own endpoint works here too: one session store behind both.
    const ours = await server.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=captcha&scope=all',
      headers: await saberCaptcha(server),
    });
    expect(ours.status).toBe(200);
    expect(ours.body.access_token).toEqual(expect.any(String));
    expect((await saberRefresh(server, ours.body.refresh_token)).body.code).toBe(200);
  });

  it('logs out with GET and POST /blade-auth/logout, revoking the access and refresh tokens', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const login = await saberLogin(server, {}, await saberCaptcha(server));
      const token = login.body.data.accessToken;
      const out = await server.call({ method, url: '/api/blade-auth/logout', token });
      expect(out.status, method).toBe(200);
      expect(out.body, method).toMatchObject({ code: 200, success: true });
      const after = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
      expect(after.status, method).toBe(401);
      expectRefusal(await saberRefresh(server, login.body.data.refreshToken), '刷新令牌无效');
    }
    // Without a token, logging out is refused as every call is: 401, which Saber takes as logged out.
    expect((await server.call({ method: 'POST', url: '/api/blade-auth/logout' })).status).toBe(401);
  });

  it('refuses a bad client (401), an unknown grant, a missing account, a disabled user, in Saber’s shape', async () => {
    const badClient = await saberLogin(
      server,
      {},
      {
        ...(await saberCaptcha(server)),
        authorization: `Basic ${Buffer.from('saber:wrong').toString('base64')}`,
      },
    );
    expectRefusal(badClient, '客户端认证失败', 401);
    expectRefusal(await saberLogin(server, { grantType: 'magic' }), '不支持的授权类型');
    const noAccount = await server.call({
      method: 'POST',
      url: `/api/blade-auth/token?grantType=captcha&tenantId=000000&password=${sm2.doEncrypt('admin', publicKey, 0)}`,
      headers: await saberCaptcha(server),
    });
    expectRefusal(noAccount, '请求参数不完整');
    await addUser(server, 'saberoff', 'pw', 0);
    expectRefusal(
      await saberLogin(server, { account: 'saberoff', password: 'pw' }, await saberCaptcha(server)),
      '该账号已被禁用',
    );
  });

  it('checks the tenant as our endpoint does: unknown, disabled, and the tenant named', async () => {
    const t = await createTenant(server, '300001');
    expectRefusal(await saberLogin(server, { tenantId: '399999' }, await saberCaptcha(server)), '租户不存在');
    const own = await saberLogin(server, { tenantId: '300001' }, await saberCaptcha(server));
    expect(own.body.data).toMatchObject({ tenantId: '300001', userId: t.adminId });
    await server.platform.db.admin.query(`update blade_tenant set status = 0 where tenant_id = '300001'`);
    expectRefusal(await saberLogin(server, { tenantId: '300001' }, await saberCaptcha(server)), '租户已被停用');
  });

  it('gives the public key to the platform administrator only', async () => {
    const url = '/api/blade-auth/sm2/public-key';
    // A user of the platform tenant without the administrator role.
    await createUserWithButtons(server, '000000', 'keyreader', []);
    const plain = await saberLogin(server, { account: 'keyreader', password: 'pass' }, await saberCaptcha(server));
    expect(plain.status).toBe(200);
    const refused = await server.call({ method: 'GET', url, token: plain.body.data.accessToken });
    expectRefusal(refused, /\S/, 403);
    // Another tenant's own administrator.
    await createTenant(server, '300002');
    const other = await saberLogin(server, { tenantId: '300002' }, await saberCaptcha(server));
    expectRefusal(await server.call({ method: 'GET', url, token: other.body.data.accessToken }), /\S/, 403);
    expect((await server.call({ method: 'GET', url })).status).toBe(401);
    // The key the server decrypts with is the one it gives: the one kept in the database.
    const [row] = await server.platform.db.admin.query<{ value: string }>(
      `select value from park_secret where name = 'sm2'`,
    );
    expect((await loadSm2Keys(server.platform.db, {})).privateKey).toBe(row.value);
    expect((await loadSm2Keys(server.platform.db, {})).publicKey).toBe(publicKey);
    // Kept, it is not made again: making one costs a point multiplication in JavaScript at every start.
    const make = vi.fn(() => 'not used');
    expect(await storedSecret(server.platform.db, 'sm2', make)).toBe(row.value);
    expect(make).not.toHaveBeenCalled();
  });

  it('answers an unknown path without a token as before: 401, not a Saber answer', async () => {
    for (const url of ['/api/blade-auth/nothing-here', '/api/blade-system/nothing-here']) {
      const res = await server.call({ method: 'GET', url });
      expect(res.status, url).toBe(401);
      expect(res.body, url).toEqual({ code: 401, success: false, data: null, msg: '缺失令牌，请重新登录' });
    }
  });
});

describe('Saber auth surface, captcha off, the SM2 key pair from the environment', () => {
  // As SM2_PRIVATE_KEY and SM2_PUBLIC_KEY (without its 04) would set it.
  const pair = sm2.generateKeyPairHex();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      captcha: false,
      sm2PrivateKey: pair.privateKey,
      sm2PublicKey: pair.publicKey.slice(2),
    });
    publicKey = await readPublicKey(server);
  });
  afterAll(() => server?.close());

  it('logs in with the password grant and no captcha, as our endpoint does with captchas off', async () => {
    const res = await saberLogin(server, { grantType: 'password' });
    expect(res.body).toMatchObject({ code: 200, data: { account: 'admin' } });
    // Saber's form always asks for a code: its captcha grant passes with whatever it sends, as ours does.
    expect(
      (await saberLogin(server, { grantType: 'captcha' }, { 'captcha-key': 'x', 'captcha-code': 'y' })).status,
    ).toBe(200);
  });

  it('counts wrong passwords against the account; past account.failCount it asks for a captcha, drawn by Saber’s call', {
    timeout: 90_000,
  }, async () => {
    const id = await addUser(server, 'saberlock', 'right');
    for (let i = 0; i < 5; i++) {
      expectRefusal(await saberLogin(server, { account: 'saberlock', password: `wrong${i}` }), '^用户名或密码不正确$');
    }
    const [row] = await server.platform.db.admin.query<{ fail_count: number }>(
      'select fail_count from blade_user where id = $1',
      [id],
    );
    expect(row.fail_count).toBe(5);
    // Locked: the right password without a captcha is refused before it is checked.
    expectRefusal(await saberLogin(server, { account: 'saberlock', password: 'right' }), '请输入验证码');
    const ok = await saberLogin(server, { account: 'saberlock', password: 'right' }, await saberCaptcha(server));
    expect(ok.status).toBe(200);
    expect(ok.body.data.userId).toBe(id);
  });

  it('shares the failure counters with our endpoint: a name refused there five times asks for a captcha here', {
    timeout: 90_000,
  }, async () => {
    for (let i = 0; i < 5; i++) {
      const ours = await server.call({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=000000&username=ghost&password=${'0'.repeat(31)}${i}&grant_type=password`,
      });
      expect(ours.body.error_code).toBe(2001);
    }
    expectRefusal(await saberLogin(server, { account: 'ghost', password: 'x', grantType: 'password' }), '请输入验证码');
  });

  it('decrypts under the configured key, gives its public key, and refuses a public key that is not its own', async () => {
    expect(publicKey).toBe(pair.publicKey);
    const res = await saberLogin(server, {
      cipher: sm2.doEncrypt('admin', pair.publicKey, C1C3C2),
      grantType: 'password',
    });
    expect(res.body.code).toBe(200);
    // Nothing generated or kept: the environment's key is used as it is.
    const kept = await server.platform.db.admin.query(`select 1 from park_secret where name = 'sm2'`);
    expect(kept).toHaveLength(0);
    const wrong = sm2.generateKeyPairHex().publicKey;
    await expect(
      loadSm2Keys(server.platform.db, { sm2PrivateKey: pair.privateKey, sm2PublicKey: wrong }),
    ).rejects.toThrow(ConfigError);
    const keys: Sm2Keys = await loadSm2Keys(server.platform.db, { sm2PrivateKey: pair.privateKey });
    expect(keys.publicKey).toBe(pair.publicKey);
  });

  it('keeps our own endpoint’s MD5 login as it is', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password&scope=all',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', account: 'admin', role_name: 'administrator' });
    expect(res.body.code).toBeUndefined();
  });
});

describe('SM2 key pair from the environment', () => {
  it('checks SM2_PRIVATE_KEY and SM2_PUBLIC_KEY when the configuration is read', () => {
    const pair = sm2.generateKeyPairHex();
    expect(loadConfig({ SM2_PRIVATE_KEY: pair.privateKey.toUpperCase() }).sm2PrivateKey).toBe(pair.privateKey);
    expect(() => loadConfig({ SM2_PRIVATE_KEY: 'xyz' })).toThrow(ConfigError);
    expect(() => loadConfig({ SM2_PRIVATE_KEY: pair.privateKey, SM2_PUBLIC_KEY: '04abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ SM2_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
  });
});
