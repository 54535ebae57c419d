import type { Bus } from '../../platform/bus.ts';
import { afterTransaction, type Queryable } from '../../platform/db.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * What the user module tells other modules: a user row changed (type, enterprise,
 * roles, status, removal), so caches keyed by that user must be dropped.
 */
export const USER_CHANGED = 'user.changed';

export interface UserChanged {
  tenantId: string;
  userId: string;
}

/** Announced once the change's transaction has ended, as the caches it drops would otherwise reload the old row. */
export function announceUsersChanged(bus: Bus, tenantId: string, userIds: string[]): Promise<void> {
  return afterTransaction(() =>
    Promise.all(userIds.map((userId) => bus.publish(USER_CHANGED, { tenantId, userId } satisfies UserChanged))),
  );
}

/**
 * What a login holds or its data scope reads, by catalog key and column: the roles, departments and post its
 * token carries (rows it writes are stamped with that department, its data scope follows it), the status and
 * the account type its refresh checks. The tenant is not among them: no write moves a user to another tenant.
 */
const LOGIN_COLUMNS: Record<string, string> = {
  roleId: 'role_id',
  deptId: 'dept_id',
  postId: 'post_id',
  status: 'status',
  userType: 'user_type',
};

/**
 * Whether writing `values` (catalog keys; a key left out or undefined is not written) to the stored user
 * changes what its logins hold. Comma lists compare as written: their order counts, as a token's department
 * is the first listed.
 */
export async function changesLogins(q: Queryable, userId: string, values: Record<string, unknown>): Promise<boolean> {
  const written = Object.keys(LOGIN_COLUMNS).filter((key) => values[key] !== undefined);
  if (!written.length) return false;
  const [stored] = await q.query<Record<string, unknown>>(
    `select ${written.map((key) => LOGIN_COLUMNS[key]).join(', ')} from blade_user where id = $1`,
    [userId],
  );
  return (
    stored !== undefined &&
    written.some((key) => String(values[key] ?? '') !== String(stored[LOGIN_COLUMNS[key]] ?? ''))
  );
}

/**
 * Ends every login of these users, access and refresh tokens, on every instance: what their logins hold
 * changed (`changesLogins`), or their password, or they were removed, and a token issued before must not
 * outlive that. Runs once the change's transaction has ended; `keep` spares one login (the caller's own,
 * when they change their own password).
 */
export function revokeSessionsOf(platform: Platform, userIds: string[], keep?: string): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return afterTransaction(async () => {
    await platform.sessions.revokeUsers(userIds, keep);
  });
}
