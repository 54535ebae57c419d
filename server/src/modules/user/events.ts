import type { Bus } from '../../platform/bus.ts';
import { afterTransaction } from '../../platform/db.ts';
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
 * Ends every login of these users, access and refresh tokens, on every instance: their roles, status or
 * password changed, or they were removed, and a token issued before must not outlive that. Runs once the
 * change's transaction has ended; `keep` spares one login (the caller's own, when they change their own
 * password).
 */
export function revokeSessionsOf(platform: Platform, userIds: string[], keep?: string): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return afterTransaction(async () => {
    await platform.sessions.revokeUsers(userIds, keep);
  });
}
