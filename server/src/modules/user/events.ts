import type { Bus } from '../../platform/bus.ts';
import { afterTransaction } from '../../platform/db.ts';

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
