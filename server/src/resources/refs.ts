import { type FieldDef, referenceOf } from '@park/catalog';
import type { Queryable } from '../platform/db.ts';
import { badRequest } from '../platform/errors.ts';
import { ident } from './sql.ts';

/**
 * Refuses a write whose `ref` field (of `fields`) names no live row of its entity in the tenant: a removed
 * row, another tenant's, an id made up. The engine checks only that an id is well formed; an entity whose
 * ids must point somewhere real (an enterprise's or a policy's industry) calls this from its beforeSave.
 */
export async function checkLiveRefs(
  q: Queryable,
  tenantId: string,
  values: Record<string, unknown>,
  fields: FieldDef[],
): Promise<void> {
  for (const field of fields) {
    const value = values[field.name];
    const ref = referenceOf(field);
    if (value === undefined || value === null || !ref) continue;
    const tenantScoped = (ref.entity.scope ?? 'tenant') === 'tenant';
    const live = ref.entity.audit === false ? '' : 'and "is_deleted" = 0';
    const found = await q.query(
      `select 1 from ${ident(ref.entity.table)} where "id" = $1 ${live} ${tenantScoped ? 'and "tenant_id" = $2' : ''}`,
      tenantScoped ? [value, tenantId] : [value],
    );
    if (!found.length) {
      throw badRequest({
        zh: `${field.label.zh}不存在`,
        en: `The ${field.label.en.toLowerCase()} does not exist`,
      });
    }
  }
}
