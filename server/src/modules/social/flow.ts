import { createHash, randomBytes } from 'node:crypto';
import type { SocialCategory } from '@park/catalog';
import { jwtVerify, SignJWT } from 'jose';
import * as oidcClient from 'openid-client';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { storedSecret } from '../../platform/secrets.ts';
import { PROVIDERS } from './providers/index.ts';
import { type ProviderConfig, SocialRefused, type SocialUser } from './providers/types.ts';

/**
 * The third-party login's flow (issue 37): an authorization request leaves a state row (bound to the tenant, the
 * provider and what it is for, single use, ten minutes), the browser comes back with the code and that state, the
 * code becomes the provider's account, and that account is looked up among the tenant's bindings. An unknown account
 * gets a signed registration ticket (the application's `oauthId`, thirty minutes).
 */
export const MSG = {
  noProvider: { zh: '该第三方登录未配置或未启用', en: 'This third-party login is not configured or not enabled' },
  badState: { zh: '第三方登录已失效，请重新登录', en: 'The third-party login has expired, please start again' },
  refused: { zh: '第三方登录失败，请重新登录', en: 'The third-party login failed, please start again' },
  badTicket: {
    zh: '第三方登录信息无效或已过期，请重新登录后再申请',
    en: 'The third-party login is invalid or has expired: log in with it again, then apply',
  },
  otherTenant: {
    zh: '第三方登录信息不属于该租户',
    en: 'The third-party login belongs to another tenant',
  },
  boundElsewhere: {
    zh: '该第三方账号已绑定其他账号',
    en: 'This third-party account is already bound to another account',
  },
  sourceBound: {
    zh: '该账号已绑定此来源的第三方账号，请先解绑',
    en: 'This account already has a binding of this provider: unbind it first',
  },
  badTenant: { zh: '租户编号无效', en: 'The tenant id is not valid' },
} as const;

const STATE_MINUTES = 10;
const TICKET_SECONDS = 30 * 60;
const TICKET_AUDIENCE = 'park-social-register';
const TICKET_ISSUER = 'park-console';
const TENANT = /^[0-9A-Za-z_-]{1,12}$/;
const SOURCE = /^[a-z][a-z0-9_-]{0,31}$/;

export type Mode = 'login' | 'bind';

export const validTenant = (tenantId: string) => TENANT.test(tenantId);
export const validSource = (source: string) => SOURCE.test(source);

/** The enabled provider of a tenant by its source, the secret in clear (for the server's calls only). */
export async function providerConfig(platform: Platform, tenantId: string, source: string): Promise<ProviderConfig> {
  if (!validTenant(tenantId) || !validSource(source)) throw badRequest(MSG.noProvider);
  const [row] = await platform.db.scoped(tenantId, (q) =>
    q.query<Record<string, string | null>>(
      `select source, provider_name, category, client_id, client_secret, agent_id, issuer, authorize_url, token_url,
              user_info_url, scope
         from park_social_provider
        where tenant_id = $1 and source = $2 and is_deleted = 0 and status = 2`,
      [tenantId, source],
    ),
  );
  if (!row) throw badRequest(MSG.noProvider);
  const s = (v: string | null) => v ?? '';
  return {
    source: s(row.source),
    providerName: s(row.provider_name),
    category: row.category as SocialCategory,
    clientId: s(row.client_id),
    clientSecret: s(row.client_secret),
    agentId: s(row.agent_id),
    issuer: s(row.issuer),
    authorizeUrl: s(row.authorize_url),
    tokenUrl: s(row.token_url),
    userInfoUrl: s(row.user_info_url),
    scope: s(row.scope),
    outbound: platform.config.outbound,
  };
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * A new authorization request: its state row, and the provider's authorize URL the browser goes to. The state names
 * its tenant and mode in clear (so the callback knows where to look) and 32 random bytes; only its hash is stored.
 */
export async function beginAuthorization(
  platform: Platform,
  input: { tenantId: string; source: string; mode: Mode; userId?: string; redirectUri: string },
): Promise<URL> {
  const config = await providerConfig(platform, input.tenantId, input.source);
  const state = `${input.mode === 'bind' ? 'b' : 'l'}.${input.tenantId}.${randomBytes(32).toString('base64url')}`;
  const verifier = oidcClient.randomPKCECodeVerifier();
  const nonce = oidcClient.randomNonce();
  const url = await PROVIDERS[config.category]
    .authorizeUrl(config, {
      redirectUri: input.redirectUri,
      state,
      nonce,
      codeChallenge: await oidcClient.calculatePKCECodeChallenge(verifier),
    })
    .catch((err: unknown) => {
      if (err instanceof SocialRefused) {
        platform.logs.event('warn', 'social.refused', `第三方登录 ${config.source} 无法开始：${err.message}`);
        throw badRequest(MSG.refused);
      }
      throw err;
    });
  await platform.db.tx(input.tenantId, async (q) => {
    // Requests never finished are cleared as new ones begin.
    await q.query('delete from park_social_state where tenant_id = $1 and expire_time < localtimestamp(0)', [
      input.tenantId,
    ]);
    await q.query(
      `insert into park_social_state (id, tenant_id, source, mode, user_id, verifier, nonce, redirect_uri, expire_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, localtimestamp(0) + make_interval(mins => ${STATE_MINUTES}))`,
      [
        hashOf(state),
        input.tenantId,
        config.source,
        input.mode,
        input.userId ?? null,
        verifier,
        nonce,
        input.redirectUri,
      ],
    );
  });
  return url;
}

export interface Callback {
  source: string;
  code: string;
  state: string;
}

/** What the state of a callback says: the tenant it began in, once, before it expired, for this provider and mode. */
async function takeState(platform: Platform, cb: Callback, mode: Mode) {
  const [prefix, tenantId] = cb.state.split('.');
  if (prefix !== (mode === 'bind' ? 'b' : 'l') || !tenantId || !validTenant(tenantId) || !validSource(cb.source)) {
    return undefined;
  }
  const [row] = await platform.db.tx(tenantId, (q) =>
    q.query<{
      source: string;
      mode: Mode;
      user_id: string | null;
      verifier: string;
      nonce: string;
      redirect_uri: string;
      live: boolean;
    }>(
      `delete from park_social_state where id = $1 and tenant_id = $2
       returning source, mode, user_id::text, verifier, nonce, redirect_uri, expire_time >= localtimestamp(0) as live`,
      [hashOf(cb.state), tenantId],
    ),
  );
  if (!row?.live || row.source !== cb.source || row.mode !== mode) return undefined;
  return { tenantId, userId: row.user_id, verifier: row.verifier, nonce: row.nonce, redirectUri: row.redirect_uri };
}

export type Outcome =
  | { kind: 'refused'; tenantId?: string; why: string }
  | { kind: 'user'; tenantId: string; userId: string; source: string; user: SocialUser }
  | { kind: 'unbound'; tenantId: string; ticket: string; source: string; user: SocialUser }
  | { kind: 'bound'; tenantId: string; userId: string; source: string; user: SocialUser };

/** The code of a callback, exchanged: the provider's account, or why not. */
async function accountOf(platform: Platform, cb: Callback, mode: Mode) {
  const state = await takeState(platform, cb, mode);
  if (!state) return { refused: 'the state is unknown, spent, expired or of another provider' } as const;
  let config: ProviderConfig;
  try {
    config = await providerConfig(platform, state.tenantId, cb.source);
  } catch {
    return { refused: 'the provider is no longer enabled', tenantId: state.tenantId } as const;
  }
  const provider = PROVIDERS[config.category];
  try {
    const tokens = await provider.exchangeCode(config, { code: cb.code, state: cb.state, ...state });
    const user = await provider.userInfo(config, tokens);
    return { state, user } as const;
  } catch (err) {
    if (!(err instanceof SocialRefused)) throw err;
    return { refused: err.message, tenantId: state.tenantId } as const;
  }
}

/** The login's callback: the bound user of the tenant, or a registration ticket for an account not bound yet. */
export async function completeLogin(platform: Platform, cb: Callback): Promise<Outcome> {
  const found = await accountOf(platform, cb, 'login');
  if ('refused' in found) return { kind: 'refused', tenantId: found.tenantId, why: found.refused ?? '' };
  const { state, user } = found;
  const [bound] = await platform.db.scoped(state.tenantId, (q) =>
    q.query<{ user_id: string }>(
      'select user_id::text from blade_user_oauth where tenant_id = $1 and source = $2 and uuid = $3',
      [state.tenantId, cb.source, user.uuid],
    ),
  );
  if (bound) {
    // The profile follows the provider's latest answer.
    await platform.db.tx(state.tenantId, (q) =>
      q.query(
        `update blade_user_oauth set username = $4, nickname = $5, avatar = $6, email = $7
          where tenant_id = $1 and source = $2 and uuid = $3`,
        [
          state.tenantId,
          cb.source,
          user.uuid,
          cut(user.username),
          cut(user.nickname),
          cut(user.avatar, 1000),
          cut(user.email),
        ],
      ),
    );
    return { kind: 'user', tenantId: state.tenantId, userId: bound.user_id, source: cb.source, user };
  }
  const ticket = await signTicket(platform, state.tenantId, cb.source, user);
  return { kind: 'unbound', tenantId: state.tenantId, ticket, source: cb.source, user };
}

/** The bind's callback: the provider's account bound to the user who began it (the caller, checked by the route). */
export async function completeBind(platform: Platform, cb: Callback, caller: { tenantId: string; userId: string }) {
  const found = await accountOf(platform, cb, 'bind');
  if ('refused' in found) {
    platform.logs.event('warn', 'social.refused', `第三方账号绑定 ${cb.source.slice(0, 32)} 被拒绝：${found.refused}`);
    throw badRequest(MSG.badState);
  }
  const { state, user } = found;
  if (state.tenantId !== caller.tenantId || state.userId !== caller.userId) throw badRequest(MSG.badState);
  await platform.db.tx(caller.tenantId, (q) =>
    insertBinding(q, caller.tenantId, caller.userId, cb.source, user, caller.userId),
  );
  platform.logs.event(
    'info',
    'social.bind',
    `绑定第三方账号 ${cb.source}（${user.nickname || user.username || user.uuid}）`,
  );
}

const cut = (v: string | undefined, n = 255) => (v ? v.slice(0, n) : null);

/** A new binding; a subject bound elsewhere in the tenant, or a second binding of one provider, is refused. */
export async function insertBinding(
  q: Queryable,
  tenantId: string,
  userId: string,
  source: string,
  user: SocialUser,
  by: string | null,
): Promise<void> {
  const [clash] = await q.query<{ same_user: boolean; same_subject: boolean }>(
    `select user_id = $2 as same_user, uuid = $4 as same_subject from blade_user_oauth
      where tenant_id = $1 and source = $3 and (uuid = $4 or user_id = $2) limit 1`,
    [tenantId, userId, source, user.uuid],
  );
  if (clash) throw badRequest(clash.same_subject && !clash.same_user ? MSG.boundElsewhere : MSG.sourceBound);
  await q.query(
    `insert into blade_user_oauth (id, tenant_id, user_id, source, uuid, username, nickname, avatar, email, blog, company,
                                   location, gender, create_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      nextId(),
      tenantId,
      userId,
      source,
      user.uuid.slice(0, 255),
      cut(user.username),
      cut(user.nickname),
      cut(user.avatar, 1000),
      cut(user.email),
      cut(user.blog, 500),
      cut(user.company),
      cut(user.location),
      cut(user.gender, 16),
      by,
    ],
  );
}

/** The key of the registration tickets: a secret of its own, made on first need and kept like the token secret. */
const keyOf = new WeakMap<Platform, Promise<Uint8Array>>();
function ticketKey(platform: Platform): Promise<Uint8Array> {
  let key = keyOf.get(platform);
  if (!key) {
    key = storedSecret(platform.db, 'social-ticket').then((value) => new TextEncoder().encode(value));
    keyOf.set(platform, key);
  }
  return key;
}

async function signTicket(platform: Platform, tenantId: string, source: string, user: SocialUser): Promise<string> {
  return new SignJWT({ tenantId, source, user: { ...user } })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(TICKET_ISSUER)
    .setAudience(TICKET_AUDIENCE)
    .setSubject(user.uuid)
    .setIssuedAt()
    .setExpirationTime(`${TICKET_SECONDS}s`)
    .sign(await ticketKey(platform));
}

/** The third-party account a registration ticket names, for its tenant; anything else is refused. */
export async function readTicket(
  platform: Platform,
  ticket: string,
  tenantId: string,
): Promise<{ source: string; user: SocialUser }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(ticket, await ticketKey(platform), {
      algorithms: ['HS256'],
      audience: TICKET_AUDIENCE,
      issuer: TICKET_ISSUER,
    }));
  } catch {
    throw badRequest(MSG.badTicket);
  }
  if (payload.tenantId !== tenantId) throw badRequest(MSG.otherTenant);
  const user = payload.user as SocialUser | undefined;
  if (typeof payload.source !== 'string' || !user || typeof user.uuid !== 'string' || user.uuid !== payload.sub) {
    throw badRequest(MSG.badTicket);
  }
  return { source: payload.source, user };
}
