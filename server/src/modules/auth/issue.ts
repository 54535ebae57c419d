import { randomBytes } from 'node:crypto';
import { ALL_TENANTS } from '../../platform/db.ts';
import { nextId } from '../../platform/ids.ts';
import type { ClientRow } from '../../platform/pipeline.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AccessClaims } from '../../platform/tokens.ts';
import type { UserRow } from './accounts.ts';
import type { TokenRequest } from './grants.ts';

/**
 * Login sessions (park_auth_session) and the tokens issued on them: one row per login,
 * whose refresh_jti rotates on every refresh so that each refresh token works once.
 */
export interface Identity {
  user: UserRow;
  deptIds: string[];
  roleIds: string[];
  roleAliases: string[];
  /** `platform` or `web`, as the login asked. */
  accountType: string;
}

/** The token endpoint's success answer, not wrapped (CONTRACT.md). */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  detail: { type: string };
  license: string;
}

const newJti = () => randomBytes(24).toString('base64url');

export async function openSession(
  platform: Platform,
  client: ClientRow,
  identity: Identity,
): Promise<{ sid: string; jti: string }> {
  const sid = nextId();
  const jti = newJti();
  await platform.db.tx(ALL_TENANTS, (q) =>
    q.query(
      `insert into park_auth_session (id, tenant_id, user_id, client_id, account_type, refresh_jti, expires_at)
       values ($1, $2, $3, $4, $5, $6, localtimestamp(0) + make_interval(secs => $7))`,
      [
        sid,
        identity.user.tenant_id,
        identity.user.id,
        client.client_id,
        identity.accountType,
        jti,
        client.refresh_token_validity,
      ],
    ),
  );
  return { sid, jti };
}

/**
 * Swaps the session's refresh id when the presented one is current and the session is live.
 * One compare-and-set statement, so two concurrent uses of the same refresh token cannot both win.
 * The session's end moves with each refresh, as a BladeX refresh token's lifetime starts anew.
 */
export async function rotateSession(
  platform: Platform,
  client: ClientRow,
  claims: AccessClaims,
): Promise<{ jti: string; accountType: string } | undefined> {
  const jti = newJti();
  const [row] = await platform.db.tx(ALL_TENANTS, (q) =>
    q.query<{ account_type: string }>(
      `update park_auth_session
          set refresh_jti = $3, expires_at = localtimestamp(0) + make_interval(secs => $4)
        where id = $1 and refresh_jti = $2 and client_id = $5 and user_id = $6
          and revoked_at is null and expires_at > localtimestamp
        returning account_type`,
      [claims.sid, claims.jti, jti, client.refresh_token_validity, client.client_id, claims.userId],
    ),
  );
  return row && { jti, accountType: row.account_type };
}

/**
 * True when the refresh token names a live session of its user and client whose refresh id has moved
 * on: the token was already spent, so whoever presents it again holds a copy (RFC 6819, 5.2.2.3).
 */
export async function spentRefresh(platform: Platform, client: ClientRow, claims: AccessClaims): Promise<boolean> {
  const rows = await platform.db.scoped(ALL_TENANTS, (q) =>
    q.query(
      `select 1 from park_auth_session
        where id = $1 and refresh_jti <> $2 and client_id = $3 and user_id = $4
          and revoked_at is null and expires_at > localtimestamp`,
      [claims.sid, claims.jti, client.client_id, claims.userId],
    ),
  );
  return rows.length > 0;
}

export function tokenAnswer(
  platform: Platform,
  client: ClientRow,
  identity: Identity,
  session: { sid: string; jti: string },
  req: Pick<TokenRequest, 'type' | 'dialect'>,
): TokenAnswer {
  const type = req.type ?? '';
  const { user, deptIds, roleIds, roleAliases, accountType } = identity;
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    sid: session.sid,
    tenantId: user.tenant_id,
    userId: String(user.id),
    // The context holds one department and one post: the first listed (or the one switched to).
    deptId: deptIds[0] ?? '',
    roleIds,
    roleAliases,
    postId: (user.post_id ?? '').split(',')[0].trim(),
    account: user.account,
    userName: user.name || user.account,
    accountType,
    clientId: client.client_id,
    ...(req.dialect ? { dialect: req.dialect } : {}),
    iat,
  };
  return {
    access_token: platform.signer.sign({ ...claims, typ: 'access', exp: iat + client.access_token_validity }),
    refresh_token: platform.signer.sign({
      ...claims,
      typ: 'refresh',
      jti: session.jti,
      exp: iat + client.refresh_token_validity,
    }),
    token_type: 'bearer',
    expires_in: client.access_token_validity,
    tenant_id: user.tenant_id,
    user_id: String(user.id),
    dept_id: deptIds.join(','),
    post_id: user.post_id ?? '',
    role_id: roleIds.join(','),
    oauth_id: '',
    account: user.account,
    user_name: user.account,
    nick_name: user.name ?? '',
    real_name: user.real_name ?? '',
    role_name: roleAliases.join(','),
    avatar: user.avatar ?? '',
    detail: { type },
    license: 'powered by park console',
  };
}
