import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';

/**
 * A tenant's limits at user creation (the login check is the auth module's): an expired
 * or disabled tenant gets no new accounts, nor one past its account-number limit (-1: none).
 */
export const accountLimitMessage = (limit: number): Bilingual => ({
  zh: `当前租户已到最大账号额度(${limit})`,
  en: `The tenant has reached its account limit (${limit})`,
});

/** How many more accounts the tenant may have (Infinity without a limit); refuses an expired or disabled tenant. */
export async function accountRoom(q: Queryable, tenantId: string): Promise<{ room: number; limit: number }> {
  const [t] = await q.query<{ account_number: number; expired: boolean; status: number; users: number }>(
    `select account_number, status, (expire_time is not null and expire_time < localtimestamp) as expired,
            (select count(*)::int from blade_user where tenant_id = $1 and is_deleted = 0) as users
       from blade_tenant where tenant_id = $1 and is_deleted = 0`,
    [tenantId],
  );
  if (!t) throw badRequest({ zh: '租户不存在', en: 'No such tenant' });
  if (t.status !== 1 || t.expired) {
    throw badRequest({ zh: '租户已过期或已停用, 不能新增账号', en: 'The tenant has expired or is disabled' });
  }
  const room = t.account_number >= 0 ? Math.max(0, t.account_number - t.users) : Number.POSITIVE_INFINITY;
  return { room, limit: t.account_number };
}

/** Refuses when the tenant may not take `count` more accounts. */
export async function checkAccountLimits(q: Queryable, tenantId: string, count = 1): Promise<void> {
  const { room, limit } = await accountRoom(q, tenantId);
  if (room < count) throw badRequest(accountLimitMessage(limit));
}
