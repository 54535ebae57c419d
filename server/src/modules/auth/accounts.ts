import { randomBytes } from 'node:crypto';
import { ALL_TENANTS } from '../../platform/db.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { hashDigest, verifyDigest } from '../user/passwords.ts';
import { OAuthError } from './oauth-error.ts';

/** The tenants, users and roles a login reads, and the failure counter it keeps. */
export interface UserRow {
  id: string;
  tenant_id: string;
  user_type: number;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  fail_count: number;
  /** Seconds since the last counted wrong password; null when none is counted. */
  fail_age: number | null;
  status: number;
  [column: string]: unknown;
}

const USER_COLUMNS = `id, tenant_id, user_type, account, password, name, real_name, avatar, email, phone,
  role_id, dept_id, post_id, fail_count, status,
  extract(epoch from localtimestamp(0) - fail_time)::int as fail_age`;

/**
 * A hash of a random value at today's cost, compared against when the account does not exist: the answer
 * then takes as long as for a wrong password. Made once, on the first login that needs it.
 */
let dummyHash: Promise<string> | undefined;

/** Throws 2002 for an unknown tenant and 2006 for one that has expired or is disabled. */
export async function checkTenant(platform: Platform, tenantId: string): Promise<void> {
  const [tenant] = await platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ status: number; expired: boolean }>(
      `select status, (expire_time is not null and expire_time < localtimestamp) as expired
         from blade_tenant where tenant_id = $1 and is_deleted = 0`,
      [tenantId],
    ),
  );
  if (!tenant) throw new OAuthError('tenantNotFound');
  if (tenant.status !== 1) throw new OAuthError('tenantDisabled');
  if (tenant.expired) throw new OAuthError('tenantExpired');
}

export async function findUserByAccount(
  platform: Platform,
  tenantId: string,
  account: string,
): Promise<UserRow | undefined> {
  const [user] = await platform.db.scoped(tenantId, (q) =>
    q.query<UserRow>(
      `select ${USER_COLUMNS} from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0`,
      [tenantId, account],
    ),
  );
  return user;
}

export async function findUserById(platform: Platform, tenantId: string, id: string): Promise<UserRow | undefined> {
  if (!isId(id)) return undefined;
  const [user] = await platform.db.scoped(tenantId, (q) =>
    q.query<UserRow>(`select ${USER_COLUMNS} from blade_user where tenant_id = $1 and id = $2 and is_deleted = 0`, [
      tenantId,
      id,
    ]),
  );
  return user;
}

/**
 * True when the MD5 hex the client sent matches the stored hash; always does the hashing work. A right
 * password whose stored hash is of the kind before (bcrypt) is stored again as today's (scrypt).
 */
export async function passwordMatches(platform: Platform, md5Hex: string, user: UserRow | undefined): Promise<boolean> {
  if (!user) {
    dummyHash ??= hashDigest(randomBytes(16).toString('hex'));
    await verifyDigest(md5Hex, await dummyHash);
    return false;
  }
  const { ok, upgrade } = await verifyDigest(md5Hex, user.password);
  if (upgrade) {
    const rehashed = await hashDigest(md5Hex);
    // Only over the hash just checked: a password changed meanwhile stays changed.
    await platform.db.tx(user.tenant_id, (q) =>
      q.query('update blade_user set password = $3 where tenant_id = $1 and id = $2 and password = $4', [
        user.tenant_id,
        user.id,
        rehashed,
        user.password,
      ]),
    );
  }
  return ok;
}

/**
 * How a tenant guards its accounts against guessing, without ever locking the owner out: after `limit`
 * wrong passwords (account.failCount, default 5; 0 or less never), each within `minutes` of the one
 * before (account.lockMinutes, default 15; 0 or less: until a login or 解锁 clears them), every login to
 * the account must carry a right captcha, even with captchas off, and each further wrong password is
 * answered later (`failureDelay`).
 */
export interface FailurePolicy {
  limit: number;
  minutes: number;
}

export const DEFAULT_FAIL_MINUTES = 15;

export async function failurePolicy(platform: Platform, tenantId: string): Promise<FailurePolicy> {
  return {
    limit: await platform.params.getInt(tenantId, 'account.failCount', 5),
    minutes: await platform.params.getInt(tenantId, 'account.lockMinutes', DEFAULT_FAIL_MINUTES),
  };
}

/** True while the account's wrong passwords ask its logins for a captcha. */
export function needsCaptcha(user: UserRow, policy: FailurePolicy): boolean {
  if (policy.limit <= 0 || user.fail_count < policy.limit) return false;
  return policy.minutes <= 0 || user.fail_age === null || user.fail_age < policy.minutes * 60;
}

/**
 * How long the answer to the `count`th wrong password waits: nothing before the limit, then 250 ms,
 * doubling with each further one up to 8 s. Only wrong passwords wait, so the owner never does.
 */
export function failureDelay(count: number, policy: FailurePolicy): number {
  if (policy.limit <= 0 || count < policy.limit) return 0;
  return Math.min(250 * 2 ** (count - policy.limit), 8000);
}

/**
 * Counts a wrong password in its own transaction, so the count outlives the failed request, and answers
 * the new count. A failure longer than `minutes` after the last one starts the count again.
 */
export async function recordFailure(platform: Platform, user: UserRow, policy: FailurePolicy): Promise<number> {
  const [row] = await platform.db.tx(user.tenant_id, (q) =>
    q.query<{ fail_count: number }>(
      `update blade_user
          set fail_count = case when $3::int > 0 and fail_time < localtimestamp(0) - make_interval(mins => $3::int)
                                then 1 else fail_count + 1 end,
              fail_time = localtimestamp(0)
        where tenant_id = $1 and id = $2
        returning fail_count`,
      [user.tenant_id, user.id, policy.minutes],
    ),
  );
  return row?.fail_count ?? 0;
}

export async function resetFailures(platform: Platform, user: UserRow): Promise<void> {
  if (user.fail_count === 0) return;
  await platform.db.tx(user.tenant_id, (q) =>
    q.query('update blade_user set fail_count = 0, fail_time = null where tenant_id = $1 and id = $2', [
      user.tenant_id,
      user.id,
    ]),
  );
}

/** The given roles that still exist, in the order given, with their aliases. */
export async function loadRoles(
  platform: Platform,
  tenantId: string,
  roleIds: string[],
): Promise<{ ids: string[]; aliases: string[] }> {
  if (roleIds.length === 0) return { ids: [], aliases: [] };
  const rows = await platform.db.scoped(tenantId, (q) =>
    q.query<{ id: string; role_alias: string }>(
      'select id, role_alias from blade_role where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0',
      [tenantId, roleIds],
    ),
  );
  const byId = new Map(rows.map((r) => [String(r.id), r.role_alias]));
  const ids = roleIds.filter((id) => byId.has(id));
  return { ids, aliases: ids.map((id) => byId.get(id) ?? '') };
}

/** A comma-joined id column (role_id, dept_id, post_id) as a list of valid ids. */
export function idList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isId);
}
