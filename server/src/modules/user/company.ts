import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { USER_CHANGED, type UserChanged } from './events.ts';

/**
 * The enterprise of a company account (a blade_user of user_type 2 with an enterprise), the
 * key of every company-scoped read: the CRM's rows, the users a company may see. Read once
 * per user and cached; a change to the user drops it.
 */
const COMPANY_CACHE = 'user.company';

function companyOf(platform: Platform, caller: RequestContext): Promise<string | null> {
  return platform.cache.get(COMPANY_CACHE, `${caller.tenantId}:${caller.userId}`, async () => {
    const [row] = await platform.db.scoped(caller.tenantId, (q) =>
      q.query<{ enterprise_id: string | null }>(
        'select enterprise_id from blade_user where id = $1 and user_type = 2 and is_deleted = 0',
        [caller.userId],
      ),
    );
    return row?.enterprise_id ?? null;
  });
}

/** The caller's own enterprise when it is a company account; null for park staff. */
export function ownEnterprise(platform: Platform): Promise<string | null> {
  return companyOf(platform, ctx());
}

/** A user's type or enterprise may change (on any instance): forget the enterprise cached for them. */
export function forgetCompaniesOnChange(platform: Platform) {
  platform.bus.subscribe(USER_CHANGED, (payload) => {
    const { tenantId, userId } = payload as UserChanged;
    void platform.cache.invalidate(COMPANY_CACHE, `${tenantId}:${userId}`);
  });
}
