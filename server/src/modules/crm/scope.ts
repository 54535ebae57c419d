import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { EntityHooks } from '../../resources/engine.ts';
import { ident } from '../../resources/sql.ts';
import { NO_ENTERPRISE, ownEnterprise } from '../user/company.ts';

/**
 * The one scoping rule of the CRM: a company account reads and writes only its own
 * enterprise's rows, whatever id or enterpriseId it sends; park staff see every enterprise
 * of their tenant. Which enterprise a company account belongs to is the user module's
 * (`ownEnterprise`); a company account without one sees nothing and writes nothing.
 */

const MSG = {
  enterprise: { zh: '请选择所属企业', en: 'Please select the enterprise' },
  noEnterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
  noOwn: { zh: '当前企业账号未关联企业', en: 'Your company account is not linked to an enterprise' },
} as const;

/** The caller's own enterprise for a write: null for park staff, a 403 for a company account without one. */
export async function writingEnterprise(platform: Platform): Promise<string | null> {
  const own = await ownEnterprise(platform);
  if (own === NO_ENTERPRISE) throw forbidden(MSG.noOwn);
  return own;
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
      const own = await writingEnterprise(platform);
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
