import { DEFAULT_RANK_LIMIT, MAX_RANK_LIMIT, type RankCategory } from '@park/catalog';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { IN_PARK } from '../crm/enterprise.ts';

/**
 * What the cockpit's and the analyses' figures share: they count the enterprises in the park now (status 1,
 * not removed), and read their settings from the query string. Every statement takes the tenant as $1.
 */
export const BASE = '/api/blade-decision';

/** The condition on an enterprise row aliased `alias` that keeps it to the caller's tenant's enterprises in the park. */
export const inPark = (alias = 'e') =>
  `${alias}.tenant_id = $1 and ${alias}.is_deleted = 0 and ${alias}.status = ${IN_PARK}`;

/** The condition on a row an enterprise owns (aliased `alias`): the tenant's, not removed, of an enterprise in the park. */
export const ofParkEnterprise = (alias: string) =>
  `${alias}.tenant_id = $1 and ${alias}.is_deleted = 0 and exists (
     select 1 from crm_enterprise e where e.id = ${alias}.enterprise_id and ${inPark()})`;

/** A whole number from the query string in [min, max]; `fallback` when it is absent or empty. */
export function intParam(query: Record<string, unknown>, name: string, min: number, max: number): number | undefined;
export function intParam(
  query: Record<string, unknown>,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number;
export function intParam(query: Record<string, unknown>, name: string, min: number, max: number, fallback?: number) {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw badRequest({
      zh: `参数 ${name} 应为 ${min}-${max} 的整数`,
      en: `${name} must be a whole number from ${min} to ${max}`,
    });
  }
  return n;
}

/** One of `values` from the query string; `fallback` when absent or empty. */
export function oneOf<T extends string>(
  query: Record<string, unknown>,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !values.includes(raw as T)) {
    throw badRequest({
      zh: `参数 ${name} 应为以下之一：${values.join('、')}`,
      en: `${name} must be one of: ${values.join(', ')}`,
    });
  }
  return raw as T;
}

/** The years a figure may be asked for. */
export const YEARS = [1900, 2999] as const;

/** The economic row's column each rank category and yearly trend reads. */
export const ECONOMIC: Record<RankCategory, string> = {
  revenue: 'revenue',
  tax: 'tax_amount',
  output: 'output_value',
  rd: 'rd_investment',
  staff: 'employee_count',
};

/** A staff row (aliased `alias`) on the roll on `day` (SQL): joined by then (or no date given), not yet left. */
export const onRoll = (alias: string, day: string) =>
  `(${alias}.join_date is null or ${alias}.join_date <= ${day})
   and (${alias}.dimission_date is null or ${alias}.dimission_date > ${day})`;

/**
 * The kept figures (migration 0171, its triggers keep them in the writing transaction): the park's, of the enterprises
 * in it (`decision_park_tally`: metric, year, key, n, amount), and each enterprise's (`decision_enterprise_tally`:
 * metric, year, enterprise_id, key, n, amount). A key is '' for none, else '=' followed by the value.
 */
export const PARK_TALLY = 'decision_park_tally';
export const ENTERPRISE_TALLY = 'decision_enterprise_tally';
/** A tally key (SQL) as the value it stands for (text): null for ''. */
export const tallyValue = (key: string) => `case when ${key} = '' then null else substr(${key}, 2) end`;

/**
 * Staff on the roll on `day` (SQL) beyond the kept count of staff without a dimission date (staff.net, staff.identity,
 * staff.education): -1 for each of those who joins after `day`, +1 for each with a dimission date who joined by then
 * and leaves after it. Rows (enterprise_id, identity_type, qualification, n), read from the rows dated after `day`
 * alone (indexes crm_staff_joining and crm_staff_leaving).
 */
export const rollChanges = (day: string) => `
  select s.enterprise_id, s.identity_type, s.qualification, -1 as n from crm_staff s
   where s.tenant_id = $1 and s.is_deleted = 0 and s.dimission_date is null and s.join_date > ${day}
  union all
  select s.enterprise_id, s.identity_type, s.qualification, 1 as n from crm_staff s
   where s.tenant_id = $1 and s.is_deleted = 0 and s.dimission_date > ${day}
     and (s.join_date is null or s.join_date <= ${day})`;

const LATEST = {
  // The latest year with economic rows of the park's enterprises, from the kept yearly figures.
  economic: `select max(t.year) as year from ${PARK_TALLY} t
    where t.tenant_id = $1 and t.metric = 'economic.revenue' and t.n > 0`,
  // The production index (tenant, year) read from its end, down to the first row of an enterprise in the park.
  production: `select (select p.production_year from crm_production p where ${ofParkEnterprise('p')}
                        order by p.production_year desc limit 1) as year`,
};

/** The latest year the park's enterprises have economic (or production) rows of; null when none. */
export async function latestYear(q: Queryable, tenantId: string, of: keyof typeof LATEST): Promise<number | null> {
  const [{ year }] = await q.query<{ year: number | null }>(LATEST[of], [tenantId]);
  return year;
}

/** A rank's settings: how many (spec part 9: 10 unless asked) and the year, when asked. */
export function rankSettings(query: Record<string, unknown>) {
  return {
    limit: intParam(query, 'limit', 1, MAX_RANK_LIMIT, DEFAULT_RANK_LIMIT),
    year: intParam(query, 'year', ...YEARS) ?? null,
  };
}

export type Ranked = {
  rank: number;
  enterpriseId: string;
  enterpriseName: string;
  value: number;
};

/**
 * The enterprises in the park ranked by `values` (a statement of `enterprise_id, value` over $1 tenant and
 * $2 year), highest first, ties by name; the first $3 (picked before they are numbered, so only they are sorted).
 */
export function rankQuery(q: Queryable, values: string, params: [string, number | null, number]) {
  return q.query<Ranked>(
    `with v as (${values})
     select row_number() over (order by t.value desc, t.name, t.id)::int as "rank",
            t.id::text as "enterpriseId", t.name as "enterpriseName", t.value::float8 as "value"
       from (select e.id, e.enterprise_name as name, v.value
               from v join crm_enterprise e on e.id = v.enterprise_id and ${inPark()}
              order by v.value desc, e.enterprise_name, e.id limit $3) t
      order by 1`,
    params,
  );
}
