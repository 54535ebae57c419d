import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { EntityHooks } from '../../resources/engine.ts';
import { ident } from '../../resources/sql.ts';

/**
 * The one scoping rule of the CRM: a company account (a blade_user of user_type 2 with
 * an enterprise) reads and writes only its own enterprise's rows, whatever id or
 * enterpriseId it sends; park staff see every enterprise of their tenant.
 * The caller's enterprise is read once per user and cached; a change to a user drops it
 * (the user module publishes `user.changed` on the bus).
 */
export const COMPANY_CACHE = 'crm.company';

const MSG = {
  enterprise: { zh: '请选择所属企业', en: 'Please select the enterprise' },
  noEnterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
} as const;

/** The enterprise of a company account, or null for park staff. */
function lookupCompany(platform: Platform, caller: RequestContext): Promise<string | null> {
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
  return lookupCompany(platform, ctx());
}

/** A live enterprise of the tenant, or a 400. */
async function checkEnterprise(q: Queryable, tenantId: string, id: unknown): Promise<void> {
  const found = await q.query('select 1 from crm_enterprise where id = $1 and tenant_id = $2 and is_deleted = 0', [
    id,
    tenantId,
  ]);
  if (!found.length) throw badRequest(MSG.noEnterprise);
}

/** The enterprise itself: a company account sees only its own row. */
export function enterpriseRowScope(platform: Platform): EntityHooks['scope'] {
  return async (where) => {
    const own = await ownEnterprise(platform);
    if (own) where.and(`"id" = ${where.param(own)}`);
  };
}

/** The row a child hangs under (a project for its history): the field naming it and where it lives. */
export interface ParentRef {
  field: string;
  table: string;
  missing: Bilingual;
}

/**
 * Hooks for a row that belongs to one enterprise: reads narrowed to the company's own
 * enterprise; writes given that enterprise (a company account) or a checked one (park
 * staff), or, for a child row, its parent's, the parent being one the caller may see.
 */
export function enterpriseScoped(platform: Platform, parent?: ParentRef): EntityHooks {
  return {
    async scope(where) {
      const own = await ownEnterprise(platform);
      if (own) where.and(`"enterprise_id" = ${where.param(own)}`);
    },
    async beforeSave({ q, isNew, values }) {
      const own = await ownEnterprise(platform);
      const { tenantId } = ctx();
      if (parent) {
        // A child's enterprise is always its parent's, never one the body names.
        delete values.enterpriseId;
        if (!isNew && values[parent.field] === undefined) return;
        const [row] = await q.query<{ enterprise_id: string }>(
          `select enterprise_id from ${ident(parent.table)}
            where id = $1 and tenant_id = $2 and is_deleted = 0 and ($3::bigint is null or enterprise_id = $3)`,
          [values[parent.field], tenantId, own],
        );
        if (!row) throw badRequest(parent.missing);
        values.enterpriseId = row.enterprise_id;
      } else if (own) {
        values.enterpriseId = own;
      } else if (isNew || values.enterpriseId !== undefined) {
        if (values.enterpriseId === undefined || values.enterpriseId === null) throw badRequest(MSG.enterprise);
        await checkEnterprise(q, tenantId, values.enterpriseId);
      }
    },
  };
}
