import { COMPANY_ACCOUNT } from '../../platform/company-fence.ts';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { USER_CHANGED, type UserChanged } from './events.ts';

/**
 * The enterprise of a company account (a blade_user of user_type 2 with an enterprise), the
 * key of every company-scoped read: the CRM's rows, the users a company may see. Read once
 * per user and cached; a change to the user drops it.
 */
const COMPANY_CACHE = 'user.company';

/** blade_user.user_type of a company (web) account. */
export const COMPANY_USER_TYPE = 2;

/**
 * What `ownEnterprise` answers for a company account without an enterprise (the user module
 * refuses to save one, but a row written before that rule or straight to the database may
 * exist): an id no enterprise has, so every scope built on it matches nothing. Such an
 * account is never taken for park staff: it fails closed.
 */
export const NO_ENTERPRISE = '0';

interface Account {
  userType: number;
  enterpriseId: string | null;
}

function accountOf(platform: Platform, caller: RequestContext): Promise<Account | null> {
  return platform.cache.get(COMPANY_CACHE, `${caller.tenantId}:${caller.userId}`, async () => {
    const [row] = await platform.db.scoped(caller.tenantId, (q) =>
      q.query<{ user_type: number; enterprise_id: string | null }>(
        'select user_type, enterprise_id from blade_user where id = $1 and is_deleted = 0',
        [caller.userId],
      ),
    );
    return row ? { userType: row.user_type, enterpriseId: row.enterprise_id } : null;
  });
}

/**
 * The caller's own enterprise when it is a company account (its row says user_type 2, or its
 * session is a company one); `NO_ENTERPRISE` for a company account without one; null for park staff.
 */
export async function ownEnterprise(platform: Platform): Promise<string | null> {
  const caller = ctx();
  const account = await accountOf(platform, caller);
  const company = account?.userType === COMPANY_USER_TYPE || caller.accountType === COMPANY_ACCOUNT;
  if (!company) return null;
  return account?.enterpriseId ?? NO_ENTERPRISE;
}

/** A user's type or enterprise may change (on any instance): forget the enterprise cached for them. */
export function forgetCompaniesOnChange(platform: Platform) {
  platform.bus.subscribe(USER_CHANGED, (payload) => {
    const { tenantId, userId } = payload as UserChanged;
    void platform.cache.invalidate(COMPANY_CACHE, `${tenantId}:${userId}`);
  });
}
