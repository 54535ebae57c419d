import { asset, FACILITY_LEASE_STATUS, facilityLease, facilityReturn } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type EntityHooks, mountResource, type Resource } from '../../resources/engine.ts';
import { EXPORT_LIMIT } from '../../resources/export.ts';
import { enterpriseScoped } from '../crm/scope.ts';

/**
 * blade-finance: what the park's facilities earn (facility-return), the facilities enterprises lease from the
 * park (facility-lease, and `enterpriseList`: the enterprises leasing them) and the park's fixed assets
 * (asset). The park's own books: company accounts reach none of it (the company fence leaves blade-finance
 * out). An asset's code is unique among the tenant's live assets: said by name by the engine's check, held
 * under concurrency by a lock on the code taken before that check, and by the unique index (migration 0151).
 */
const MSG = {
  enterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
} as const;

/** A facility's return names an enterprise only when one used it: a given one must be a live enterprise of the tenant. */
const returnHooks: EntityHooks = {
  async beforeSave({ q, values }) {
    if (values.enterpriseId === undefined || values.enterpriseId === null) return;
    const found = await q.query('select 1 from crm_enterprise where id = $1 and tenant_id = $2 and is_deleted = 0', [
      values.enterpriseId,
      ctx().tenantId,
    ]);
    if (!found.length) throw badRequest(MSG.enterprise);
  },
};

/**
 * Two saves of one asset code wait for each other here (a transaction lock on the tenant and code), so the
 * engine's uniqueness check after this hook sees the first one committed and refuses the second by name.
 */
const assetHooks: EntityHooks = {
  async beforeSave({ q, values }) {
    if (typeof values.assetCode !== 'string') return;
    await q.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `finance_asset_code\n${ctx().tenantId}\n${values.assetCode}`,
    ]);
  },
};

/** One enterprise leasing facilities, as enterpriseList answers it. */
export type LeasingEnterprise = {
  enterpriseId: string;
  enterpriseName: string;
  /** Its leases that the filters kept. */
  leaseCount: number;
  /** Of those, the ones in effect. */
  activeCount: number;
  /** The monthly rent of those in effect. */
  monthlyRent: number;
};

/**
 * enterpriseList: the enterprises holding facility leases that the caller may read and the page's filters
 * keep (e.g. `leaseStatus=0` for those in effect, `facilityType`), each with its count and the monthly rent in
 * effect, by name. The leases are read through the resource, so tenant and data scope apply as to the page.
 */
async function leasingEnterprises(
  platform: Platform,
  leases: Resource,
  query: Record<string, unknown>,
): Promise<LeasingEnterprise[]> {
  const ids = (await leases.list(query, EXPORT_LIMIT)).map((r) => String(r.id));
  if (!ids.length) return [];
  const { tenantId } = ctx();
  return platform.db.scoped(tenantId, (q) =>
    q.query<LeasingEnterprise>(
      `select e.id::text as "enterpriseId", e.enterprise_name as "enterpriseName",
              count(*)::int as "leaseCount",
              count(*) filter (where l.lease_status = $3)::int as "activeCount",
              coalesce(sum(l.monthly_rent) filter (where l.lease_status = $3), 0) as "monthlyRent"
         from finance_facility_lease l
         join crm_enterprise e on e.id = l.enterprise_id and e.tenant_id = l.tenant_id and e.is_deleted = 0
        where l.tenant_id = $1 and l.id = any($2::bigint[])
        group by e.id, e.enterprise_name
        order by e.enterprise_name, e.id`,
      [tenantId, ids, FACILITY_LEASE_STATUS.inEffect],
    ),
  );
}

export function registerFinance(app: FastifyInstance, platform: Platform) {
  mountResource(app, createResource(platform, facilityReturn, returnHooks));

  const leases = createResource(platform, facilityLease, enterpriseScoped(platform));
  mountResource(app, leases);
  app.get<{ Querystring: Record<string, unknown> }>(
    `/api/${facilityLease.api}/enterpriseList`,
    { config: { title: `${facilityLease.label.zh}企业列表` } },
    async (req) => ok(await leasingEnterprises(platform, leases, req.query)),
  );

  mountResource(app, createResource(platform, asset, assetHooks));
}
