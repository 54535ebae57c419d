import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, refused } from './answers.ts';
import { type FakeSocial, SHAPES, startFakeSocial, subjectOf } from './fake-social-provider.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Third-party login (issue 37) against a local fake provider (OIDC and WeChat-shaped): first login, registration,
 * approval, direct login; tampered state, replayed code, wrong audience, expired ID token refused; bindings kept per
 * tenant; the provider's secret masked; personal and administrator bindings.
 */
let server: TestServer;
let fake: FakeSocial;
let admin: string;
const OTHER = '424242';
let otherAdmin: string;

const PROVIDERS = '/api/blade-system/social-provider';

async function addProvider(token: string, body: Record<string, unknown>) {
  await data(server.call({ method: 'POST', url: `${PROVIDERS}/submit`, token, payload: { status: 2, ...body } }));
}

const oidcRow = () => ({
  providerName: '统一身份认证',
  source: 'corp',
  category: 'oidc',
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  issuer: fake.issuer,
});
const wxRow = () => ({
  providerName: '微信',
  source: 'wechat',
  category: 'wechat_open',
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  authorizeUrl: `${fake.url}/wx/connect/qrconnect`,
  tokenUrl: `${fake.url}/wx/sns/oauth2/access_token`,
  userInfoUrl: `${fake.url}/wx/sns/userinfo`,
});

/** The provider's answer to the browser: the code and state it sends back to our callback page. */
async function atProvider(authorizeUrl: string): Promise<{ code: string; state: string; callback: URL }> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const callback = new URL(res.headers.get('location') ?? '');
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '', callback };
}

/** Begins a login on our side: the provider's authorize URL. */
async function begin(source: string, tenantId = '000000'): Promise<string> {
  const res = await server.call({
    method: 'GET',
    url: `/api/blade-auth/social/authorize/${source}?tenantId=${tenantId}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  return String(res.headers.location);
}

function grant(source: string, code: string, state: string, extra = '') {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?grant_type=social&scope=all&source=${source}&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${extra}`,
  });
}

/** A whole login: authorize, the provider, the token endpoint. */
async function socialLogin(source: string, tenantId = '000000') {
  const { code, state } = await atProvider(await begin(source, tenantId));
  return grant(source, code, state);
}

async function apply(tenantId: string, account: string, oauthId: string) {
  return server.call({
    method: 'POST',
    url: '/api/blade-user/register-guest',
    payload: { tenantId, name: '新人', account, password: 'pw123456', password2: 'pw123456', oauthId },
  });
}

async function approve(token: string, account: string) {
  const pending = await data(server.call({ method: 'GET', url: '/api/blade-user/register/list', token }));
  const row = pending.find((r: { account: string }) => r.account === account);
  expect(row, JSON.stringify(pending)).toBeTruthy();
  await data(server.call({ method: 'POST', url: `/api/blade-user/register/approve?ids=${row.id}`, token }));
  return row;
}

beforeAll(async () => {
  fake = await startFakeSocial();
  server = await startServer({ outbound: { private: false, loopback: true } });
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, OTHER);
  otherAdmin = await login(server, 'admin', 'admin', OTHER);
  await addProvider(admin, oidcRow());
  await addProvider(admin, wxRow());
}, 240_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('providers', () => {
  it('keeps the secret masked and lists only enabled providers, by name and source, to the login page', async () => {
    const page = await data(server.call({ method: 'GET', url: `${PROVIDERS}/page?source=corp`, token: admin }));
    const row = page.records.find((r: { source: string }) => r.source === 'corp');
    expect(row.clientSecret).toBe('******');
    const detail = await data(server.call({ method: 'GET', url: `${PROVIDERS}/detail?id=${row.id}`, token: admin }));
    expect(detail.clientSecret).toBe('******');
    // The mask sent back keeps the stored secret: the login still works after an edit.
    await data(
      server.call({ method: 'POST', url: `${PROVIDERS}/submit`, token: admin, payload: { ...detail, remark: '改' } }),
    );
    const [stored] = await server.platform.db.admin.query<{ client_secret: string }>(
      'select client_secret from park_social_provider where id = $1',
      [row.id],
    );
    expect(stored.client_secret).toBe(fake.clientSecret);

    const listed = await data(server.call({ method: 'GET', url: '/api/blade-auth/social/providers?tenantId=000000' }));
    expect(listed).toEqual(
      expect.arrayContaining([{ source: 'corp', providerName: '统一身份认证', category: 'oidc' }]),
    );
    for (const p of listed) expect(Object.keys(p).sort()).toEqual(['category', 'providerName', 'source']);
    // Another tenant has none of them.
    expect(
      await data(server.call({ method: 'GET', url: `/api/blade-auth/social/providers?tenantId=${OTHER}` })),
    ).toEqual([]);
    await refused(server.call({ method: 'GET', url: '/api/blade-auth/social/providers?tenantId=%27x' }), 400, '租户');
  });

  it('refuses a source that is no code with a 400 that says so, keeping nothing', async () => {
    for (const source of ['Wx Open', '企业微信', '1wx', 'wx/../x']) {
      const res = await server.call({
        method: 'POST',
        url: `${PROVIDERS}/submit`,
        token: admin,
        payload: { ...wxRow(), source },
        headers: { 'accept-language': 'en' },
      });
      expect(res.body, source).toMatchObject({
        code: 400,
        msg: 'The source must start with a lowercase letter and hold only lowercase letters, digits, _ or -',
      });
    }
    const [{ n }] = await server.platform.db.admin.query<{ n: string }>(
      `select count(*)::text as n from park_social_provider where source !~ '^[a-z]'`,
    );
    expect(n).toBe('0');
  });

  it('refuses a login through a disabled or unknown provider', async () => {
    await addProvider(admin, { ...wxRow(), source: 'off', status: 1 });
    const off = await server.call({ method: 'GET', url: '/api/blade-auth/social/authorize/off?tenantId=000000' });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('该第三方登录未配置或未启用');
    const none = await server.call({ method: 'GET', url: '/api/blade-auth/social/authorize/nope?tenantId=000000' });
    expect(none.status).toBe(400);
  });
});

describe('first login, registration, approval, direct login', () => {
  it('goes through an OIDC provider', async () => {
    fake.user = { sub: 'oidc-1', name: '李四', username: 'lisi' };
    const first = await socialLogin('corp');
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ error_code: 2012 });
    const ticket = first.body.oauth_id as string;
    expect(ticket.split('.')).toHaveLength(3);

    // The ticket is the application's oauth id; it cannot be forged, nor used for another tenant.
    await refused(apply('000000', 'lisi', `${ticket}x`), 400, '第三方登录信息无效');
    await refused(apply(OTHER, 'lisi', ticket), 400, '不属于该租户');
    await refused(apply('000000', 'lisi', 'wx-123'), 400, '第三方登录信息无效');
    await data(apply('000000', 'lisi', ticket));
    // One pending application per third-party account.
    await refused(apply('000000', 'lisi2', ticket), 400, '正在审核');
    const application = await approve(admin, 'lisi');
    expect(application.oauthId).toBe('corp:oidc-1');

    const direct = await socialLogin('corp');
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body).toMatchObject({ account: 'lisi', tenant_id: '000000' });
    const info = await data(
      server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token: direct.body.access_token }),
    );
    expect(info.account).toBe('lisi');
    const mine = await data(
      server.call({ method: 'GET', url: '/api/blade-auth/social/bindings', token: direct.body.access_token }),
    );
    expect(mine).toEqual([expect.objectContaining({ source: 'corp', uuid: 'oidc-1', nickname: '李四' })]);
  });

  // Each preset against its provider's own shape (fake-social-provider.ts): authorize, token, user, subject.
  const PRESETS = {
    github: { category: 'github', paths: ['login/oauth/authorize', 'login/oauth/access_token', 'user'] },
    gitee: { category: 'gitee', paths: ['oauth/authorize', 'oauth/token', 'api/v5/user'] },
    dingtalk: { category: 'dingtalk', paths: ['oauth2/auth', 'v1.0/oauth2/userAccessToken', 'v1.0/contact/users/me'] },
    feishu: {
      category: 'feishu',
      paths: ['authen/v1/authorize', 'authen/v2/oauth/token', 'authen/v1/user_info'],
    },
    wecom: {
      category: 'wechat_enterprise',
      paths: ['wwlogin/sso/login', 'cgi-bin/gettoken', 'cgi-bin/auth/getuserinfo'],
    },
  } as const;
  for (const shape of SHAPES) {
    it(`goes through the ${shape} preset, bound by the subject that provider names`, async () => {
      const { category, paths } = PRESETS[shape];
      const [authorizeUrl, tokenUrl, userInfoUrl] = paths.map((p) => `${fake.url}/${shape}/${p}`);
      const source = `p-${shape}`;
      await addProvider(admin, {
        providerName: shape,
        source,
        category,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        agentId: '1000002',
        authorizeUrl,
        tokenUrl,
        userInfoUrl,
      });
      const account = `acct${shape}`;
      fake.user = { sub: `s-${shape}`, name: `用户${shape}`, username: `m${shape}` };
      const first = await socialLogin(source);
      expect(first.body, JSON.stringify(first.body)).toMatchObject({ error_code: 2012 });
      await data(apply('000000', account, first.body.oauth_id));
      const application = await approve(admin, account);
      expect(application.oauthId).toBe(`${source}:${subjectOf(shape, fake.user)}`);
      const direct = await socialLogin(source);
      expect(direct.status, JSON.stringify(direct.body)).toBe(200);
      expect(direct.body.account).toBe(account);
      // Someone else at the same provider is someone else here.
      fake.user = { sub: `t-${shape}`, name: '另一人', username: `n${shape}` };
      expect((await socialLogin(source)).body).toMatchObject({ error_code: 2012 });
    });
  }

  it('goes through a WeChat-shaped provider (appid, GET token)', async () => {
    fake.user = { sub: 'wx-9', name: '王五', username: 'wangwu' };
    const first = await socialLogin('wechat');
    expect(first.body).toMatchObject({ error_code: 2012 });
    await data(apply('000000', 'wangwu', first.body.oauth_id));
    await approve(admin, 'wangwu');
    const direct = await socialLogin('wechat');
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body.account).toBe('wangwu');
  });
});

describe('refusals', () => {
  it('refuses a tampered state, a replayed code and a state of another provider', async () => {
    fake.user = { sub: 'oidc-1', name: '李四', username: 'lisi' };
    const { code, state } = await atProvider(await begin('corp'));
    const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await grant('corp', code, tampered)).body.error_code).toBe(2011);
    // A state that matches none is no state: the real one is still good.
    const ok = await grant('corp', code, state);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The same callback again: the state is spent.
    expect((await grant('corp', code, state)).body.error_code).toBe(2011);
    // The spent code under a fresh state: the provider refuses it.
    const again = await atProvider(await begin('corp'));
    expect((await grant('corp', code, again.state)).body.error_code).toBe(2011);
    // A state begun for one provider is refused for another (and spent).
    const crossed = await atProvider(await begin('corp'));
    expect((await grant('wechat', crossed.code, crossed.state)).body.error_code).toBe(2011);
    expect((await grant('corp', crossed.code, crossed.state)).body.error_code).toBe(2011);
    // A state begun for another tenant is not this tenant's.
    const other = await atProvider(await begin('corp'));
    expect((await grant('corp', other.code, other.state, `&tenantId=${OTHER}`)).body.error_code).toBe(2011);
  });

  it('refuses an ID token for another audience, an expired one, and one with another nonce', async () => {
    fake.user = { sub: 'oidc-1', name: '李四', username: 'lisi' };
    try {
      fake.idToken = { aud: 'someone-else' };
      expect((await socialLogin('corp')).body.error_code).toBe(2011);
      const past = Math.floor(Date.now() / 1000) - 3600;
      fake.idToken = { iat: past - 300, exp: past };
      expect((await socialLogin('corp')).body.error_code).toBe(2011);
      fake.idToken = { nonce: 'not-the-one' };
      expect((await socialLogin('corp')).body.error_code).toBe(2011);
    } finally {
      fake.idToken = {};
    }
    expect((await socialLogin('corp')).status).toBe(200);
  });
});

describe('tenants', () => {
  it('never lets a binding of one tenant log into another', async () => {
    // The other tenant configures the very same provider: the subject bound in 000000 is unknown there.
    await addProvider(otherAdmin, oidcRow());
    fake.user = { sub: 'oidc-1', name: '李四', username: 'lisi' };
    const there = await socialLogin('corp', OTHER);
    expect(there.body).toMatchObject({ error_code: 2012 });
    // Its ticket opens an application in that tenant only.
    await refused(apply('000000', 'lisi-x', there.body.oauth_id), 400, '不属于该租户');
    await data(apply(OTHER, 'lisi', there.body.oauth_id));
    await approve(otherAdmin, 'lisi');
    const direct = await socialLogin('corp', OTHER);
    expect(direct.body).toMatchObject({ tenant_id: OTHER, account: 'lisi' });
    const [here] = await server.platform.db.admin.query<{ n: string }>(
      `select count(*)::text as n from blade_user_oauth where source = 'corp' and uuid = 'oidc-1'`,
    );
    expect(here.n).toBe('2'); // one binding in each tenant, each to its own user
    // The other tenant's administrator cannot see nor remove a binding of this tenant's user.
    const [lisi] = await server.platform.db.admin.query<{ id: string; bid: string }>(
      `select u.id::text as id, o.id::text as bid from blade_user u join blade_user_oauth o on o.user_id = u.id
        where u.tenant_id = '000000' and u.account = 'lisi'`,
    );
    await refused(
      server.call({ method: 'GET', url: `/api/blade-user/oauth/list?userId=${lisi.id}`, token: otherAdmin }),
      404,
    );
    await refused(
      server.call({ method: 'POST', url: `/api/blade-user/oauth/remove?ids=${lisi.bid}`, token: otherAdmin }),
      404,
    );
  });
});

describe('bindings', () => {
  it('lets a user bind another provider and unbind it, and an administrator remove one', async () => {
    fake.user = { sub: 'admin-wx', name: '管理员', username: 'admin' };
    const start = await data(server.call({ method: 'GET', url: '/api/blade-auth/social/bind/wechat', token: admin }));
    const { code, state } = await atProvider(start);
    // A bind's state is no login's.
    expect((await grant('wechat', code, state)).body.error_code).toBe(2011);
    const again = await atProvider(
      await data(server.call({ method: 'GET', url: '/api/blade-auth/social/bind/wechat', token: admin })),
    );
    // Another user cannot finish someone else's bind.
    const { roleId: _r } = await createUserWithButtons(server, '000000', 'plain1', []);
    const plain = await login(server, 'plain1', 'pass');
    await refused(
      server.call({
        method: 'POST',
        url: '/api/blade-auth/social/bind',
        token: plain,
        payload: { source: 'wechat', ...again },
      }),
      400,
    );
    const third = await atProvider(
      await data(server.call({ method: 'GET', url: '/api/blade-auth/social/bind/wechat', token: admin })),
    );
    await data(
      server.call({
        method: 'POST',
        url: '/api/blade-auth/social/bind',
        token: admin,
        payload: { source: 'wechat', code: third.code, state: third.state },
      }),
    );
    const direct = await socialLogin('wechat');
    expect(direct.body.account).toBe('admin');

    // 用户管理: the administrator sees admin's binding and removes it; a user without user_edit cannot.
    const [me] = await server.platform.db.admin.query<{ id: string }>(
      `select id::text from blade_user where tenant_id = '000000' and account = 'admin'`,
    );
    const bindings = await data(
      server.call({ method: 'GET', url: `/api/blade-user/oauth/list?userId=${me.id}`, token: admin }),
    );
    expect(bindings).toEqual([expect.objectContaining({ source: 'wechat', uuid: 'o-admin-wx' })]);
    const denied = await server.call({
      method: 'POST',
      url: `/api/blade-user/oauth/remove?ids=${bindings[0].id}`,
      token: plain,
    });
    expect(denied.status).toBe(403);
    await data(
      server.call({ method: 'POST', url: `/api/blade-user/oauth/remove?ids=${bindings[0].id}`, token: admin }),
    );
    expect((await socialLogin('wechat')).body.error_code).toBe(2012);

    // Personal info: the user's own unbind.
    fake.user = { sub: 'oidc-1', name: '李四', username: 'lisi' };
    const lisi = (await socialLogin('corp')).body.access_token as string;
    const [own] = await data(server.call({ method: 'GET', url: '/api/blade-auth/social/bindings', token: lisi }));
    await refused(
      server.call({ method: 'POST', url: `/api/blade-auth/social/unbind?id=${own.id}`, token: admin }),
      404,
    );
    await data(server.call({ method: 'POST', url: `/api/blade-auth/social/unbind?id=${own.id}`, token: lisi }));
    expect((await socialLogin('corp')).body.error_code).toBe(2012);
  });
});
