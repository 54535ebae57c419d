import { enterprise, REPAIR_STATUS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx, currentLang } from '../../platform/context.ts';
import { dictionaryLabels } from '../../platform/dictionaries.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource } from '../../resources/engine.ts';
import { SCALE_SQL } from '../basic/policy.ts';
import { IN_PARK } from '../crm/enterprise.ts';
import { enterpriseRowScope } from '../crm/scope.ts';
import { holdsSlot } from '../property/spaces.ts';
import { BASE as DECISION, ENTERPRISE_TALLY, intParam, onRoll, PARK_TALLY, rollChanges, YEARS } from './query.ts';

/**
 * 企业概览 (/decision/overview, spec part 7 "decision ... overview"): one enterprise's profile as the charts draw it,
 * each call one SQL statement over the live CRM, property and canteen rows of that enterprise (on their
 * (tenant_id, enterprise_id) indexes), computed on every call: always as fresh as the rows. Which enterprises a
 * caller may look at is the enterprise list's own rule (tenant, data scope of `enterprise`, and a company account
 * its own alone): any other id answers 404, as if it did not exist.
 */
const BASE = `${DECISION}/overview`;
type Q = { Querystring: Record<string, unknown> };

const MSG = {
  id: { zh: '请选择企业', en: 'Please choose an enterprise' },
  missing: { zh: '企业不存在或无权查看', en: 'The enterprise does not exist or is not yours to see' },
  saved: { zh: '已设为默认企业', en: 'Set as the default enterprise' },
} as const;

/** A member of staff on the roll today, as the cockpit counts them. */
const EMPLOYED = onRoll('s', 'current_date');
/** Intellectual property still in force (ip_status 1). */
const VALID_IP = 'p.status = 1';
/** The current calendar year and month, as half-open ranges on a date column. */
const THIS_YEAR = (col: string) =>
  `${col} >= date_trunc('year', current_date) and ${col} < date_trunc('year', current_date) + interval '1 year'`;
const THIS_MONTH = (col: string) =>
  `${col} >= date_trunc('month', current_date) and ${col} < date_trunc('month', current_date) + interval '1 month'`;
/** A lease in effect today. */
const LEASED_TODAY = 'lease_status = 0 and current_date between start_date and end_date';

/** Every statement below: $1 the tenant, $2 the enterprise. */
const OWN = (alias: string) => `${alias}.tenant_id = $1 and ${alias}.enterprise_id = $2 and ${alias}.is_deleted = 0`;

const PROFILE_SQL = `
  select e.id::text as id, e.enterprise_name as "enterpriseName", e.credit_code as "creditCode",
         e.industry::text as industry, i.industry_name as "industryName",
         e.registered_capital::float8 as "registeredCapital", ${SCALE_SQL} as scale,
         e.office_number as "officeNumber", e.agent_name as "agentName", e.agent_phone as "agentPhone",
         e.entry_date::text as "entryDate", e.due_date::text as "dueDate", e.status,
         b.legal_person as "legalPerson", b.establish_date::text as "establishDate",
         b.enterprise_type as "enterpriseType", b.registered_address as "registeredAddress",
         (select count(*)::int from crm_staff s where ${OWN('s')} and ${EMPLOYED}) as staff,
         (select count(*)::int from crm_intellectual_property p where ${OWN('p')} and ${VALID_IP})
           as "intellectualProperty",
         (select count(*)::int from crm_qualification x where ${OWN('x')}) as qualification,
         (select count(*)::int from crm_certificate x where ${OWN('x')}) as certificate,
         (select count(*)::int from crm_project x where ${OWN('x')}) as project,
         (select count(*)::int from crm_standard x where ${OWN('x')}) as standard,
         (select count(*)::int from crm_rd_platform x where ${OWN('x')}) as "rdPlatform"
    from crm_enterprise e
    left join basic_industry i on i.id = e.industry and i.tenant_id = e.tenant_id and i.is_deleted = 0
    left join crm_business_info b on b.tenant_id = e.tenant_id and b.enterprise_id = e.id and b.is_deleted = 0
   where e.tenant_id = $1 and e.id = $2 and e.is_deleted = 0`;

/**
 * The economy and production per year: the yearly economic rows (经济数据) beside the products' rows (生产情况)
 * of the same year; a year either has appears once. A figure no row gives is null (no figure), not 0.
 */
const PRODUCTION_SQL = `
  with eco as (
    select data_year as year, sum(revenue)::float8 as revenue, sum(tax_amount)::float8 as "taxAmount",
           sum(output_value)::float8 as "outputValue", sum(rd_investment)::float8 as "rdInvestment",
           sum(employee_count)::int as "employeeCount"
      from crm_economic x where ${OWN('x')} group by data_year),
  prod as (
    select production_year as year, count(*)::int as products, sum(output_value)::float8 as "productOutputValue"
      from crm_production x where ${OWN('x')} group by production_year)
  select coalesce(eco.year, prod.year) as year, eco.revenue, eco."taxAmount", eco."outputValue",
         eco."rdInvestment", eco."employeeCount", coalesce(prod.products, 0) as products, prod."productOutputValue"
    from eco full join prod on prod.year = eco.year
   order by 1`;

/** The products of the enterprise's latest production year. */
const PRODUCTS_SQL = `
  select x.product_name as "productName", x.production_year as year, x.capacity::float8 as capacity,
         x.output::float8 as output, x.output_value::float8 as "outputValue"
    from crm_production x
   where ${OWN('x')}
     and x.production_year = (select max(y.production_year) from crm_production y where ${OWN('y')})
   order by x.output_value desc nulls last, x.product_name, x.id`;

/** The dictionary-typed rows a tag is made of: live qualifications, IP in force, certificates; per type. */
const TAG_ROWS_SQL = `
  select 'qualification' as kind, x.qualification_type::text as key, count(*)::int as count
    from crm_qualification x where ${OWN('x')} group by x.qualification_type
  union all
  select 'patent', p.patent_type::text, count(*)::int
    from crm_intellectual_property p where ${OWN('p')} and ${VALID_IP} group by p.patent_type
  union all
  select 'certificate', x.certificate_type::text, count(*)::int
    from crm_certificate x where ${OWN('x')} group by x.certificate_type`;

/** Each tag kind's dictionary, in the order the tags are listed. */
const TAG_DICTS = { qualification: 'qualification_type', patent: 'patent_type', certificate: 'certificate_type' };

const OPEN_REPAIR = `repair_status in (${REPAIR_STATUS.pending}, ${REPAIR_STATUS.assigned}, ${REPAIR_STATUS.working})`;

/**
 * What the enterprise takes of the park: the offices and rooms it rents today and their area and monthly rent and
 * fees; this year's rent and fees falling due, paid, and what is overdue; this month's canteen meals (not
 * cancelled) and public-space bookings; its open repairs; the facilities it leases today.
 */
const RESOURCE_SQL = `
  select
    (select count(*)::int from property_contract_unit cu join property_room_contract c on c.id = cu.contract_id
      where cu.tenant_id = $1 and ${OWN('c')} and cu.unit_type = 1 and current_date between cu.start_date and cu.end_date)
      as offices,
    (select count(*)::int from property_contract_unit cu join property_room_contract c on c.id = cu.contract_id
      where cu.tenant_id = $1 and ${OWN('c')} and cu.unit_type = 2 and current_date between cu.start_date and cu.end_date)
      as rooms,
    (select coalesce(sum(lease_area), 0)::float8 from property_room_contract c where ${OWN('c')} and ${LEASED_TODAY})
      as "leasedArea",
    (select coalesce(sum(monthly_rent + monthly_fee), 0)::float8 from property_room_contract c
      where ${OWN('c')} and ${LEASED_TODAY}) as "monthlyRent",
    (select coalesce(sum(amount_due), 0)::float8 from property_lease_contract_cost c
      where ${OWN('c')} and ${THIS_YEAR('due_date')}) as "rentDueThisYear",
    (select coalesce(sum(case when pay_status = 1 then coalesce(paid_amount, amount_due) else paid_amount end), 0)::float8
       from property_lease_contract_cost c
      where ${OWN('c')} and ${THIS_YEAR('due_date')}) as "rentPaidThisYear",
    (select coalesce(sum(amount_due - coalesce(paid_amount, 0)), 0)::float8 from property_lease_contract_cost c
      where ${OWN('c')} and pay_status = 0 and due_date < current_date) as "rentOverdue",
    (select count(*)::int from dhm_order_meal o where ${OWN('o')} and o.order_meal_status <> 2
      and ${THIS_MONTH('o.meal_date')}) as "mealsThisMonth",
    (select coalesce(sum(price), 0)::float8 from dhm_order_meal o where ${OWN('o')} and o.order_meal_status <> 2
      and ${THIS_MONTH('o.meal_date')}) as "mealAmountThisMonth",
    (select count(*)::int from property_space_reservation r where ${OWN('r')} and ${holdsSlot('r')}
      and ${THIS_MONTH('r.reserve_date')}) as "spaceBookingsThisMonth",
    (select coalesce(round((sum(extract(epoch from r.end_at - r.start_at)) / 3600)::numeric, 1), 0)::float8
       from property_space_reservation r where ${OWN('r')} and ${holdsSlot('r')}
        and ${THIS_MONTH('r.reserve_date')}) as "spaceHoursThisMonth",
    (select count(*)::int from property_repair r where ${OWN('r')} and ${OPEN_REPAIR}) as "openRepairs",
    (select count(*)::int from finance_facility_lease f where ${OWN('f')} and ${LEASED_TODAY}) as "facilityLeases",
    (select coalesce(sum(monthly_rent), 0)::float8 from finance_facility_lease f where ${OWN('f')} and ${LEASED_TODAY})
      as "facilityMonthlyRent"`;

/** Its contracts in effect or still to begin, the one list the resource panel shows. */
const CONTRACTS_SQL = `
  select c.id::text as id, c.contract_no as "contractNo", c.contract_type as "contractType", c.unit_names as "unitNames",
         c.lease_area::float8 as "leaseArea", c.start_date::text as "startDate", c.end_date::text as "endDate",
         c.monthly_rent::float8 as "monthlyRent", c.monthly_fee::float8 as "monthlyFee"
    from property_room_contract c
   where ${OWN('c')} and c.lease_status = 0 and c.end_date >= current_date
   order by c.start_date, c.id
   limit 100`;

/**
 * The radar's axes. Each is one number per enterprise: the year's economic figures (revenue, tax, R&D), and today's
 * counts of staff employed, IP in force and certificates.
 */
export const RADAR_AXES = ['revenue', 'taxAmount', 'rdInvestment', 'staff', 'intellectualProperty', 'certificate'];

/**
 * The radar against the park: the park is the enterprises in it (status 在园) with this one; each axis's value for
 * this enterprise, the park's average (a missing row counts 0) and its maximum. The year ($3, else the enterprise's
 * latest economic year, else the park's, else this year) picks the economic figures; staff are those on the roll
 * today, IP in force and certificates all of them.
 *
 * Without reading every enterprise's figures: the sums behind the averages are the park's kept figures (query.ts
 * PARK_TALLY; this enterprise's own added when it is not in the park); each largest value is read from the top of
 * the figures kept per enterprise (ENTERPRISE_TALLY, by their index on the value) down to the first enterprise of
 * the park; staff on the roll add today's changes (rollChanges) to the kept counts, for the few they concern.
 */
const inRadarPark = (id: string) => `exists (select 1 from crm_enterprise e where e.id = ${id} and e.tenant_id = $1
    and e.is_deleted = 0 and (e.status = ${IN_PARK} or e.id = $2))`;
/** A kept figure per enterprise (`value`: n or amount) of the radar's year (economic) or of all years (0). */
const kept = (metric: string, year: string) => `k.tenant_id = $1 and k.metric = '${metric}' and k.year = ${year}`;
const YEAR = '(select year from y)';
const ownFigure = (metric: string, value: 'n' | 'amount', year = '0') =>
  `(select k.${value} from ${ENTERPRISE_TALLY} k where ${kept(metric, year)} and k.enterprise_id = $2)`;
const topFigure = (metric: string, value: 'n' | 'amount', year = '0') =>
  `(select k.${value} from ${ENTERPRISE_TALLY} k where ${kept(metric, year)} and ${inRadarPark('k.enterprise_id')}
     order by k.${value} desc limit 1)`;
/**
 * The largest economic figure of the park: the top kept one, or 0 when that is not above 0 and some enterprise of the
 * park has none that year (it counts 0); the enterprises having one are counted only then.
 */
const topAmount = (metric: string) => `(select case when t.v > 0 then t.v
    else greatest(t.v, case when (select count(*) from ${ENTERPRISE_TALLY} k where ${kept(metric, YEAR)}
                                    and ${inRadarPark('k.enterprise_id')}) < (select n from n) then 0 end) end
    from (select ${topFigure(metric, 'amount', YEAR)} as v) t)`;
/** The park's kept sum of an economic column in the radar's year, and a kept count. */
const parkAmount = (metric: string) => `(select coalesce(sum(t.amount), 0) from ${PARK_TALLY} t
    where t.tenant_id = $1 and t.metric = '${metric}' and t.year = ${YEAR})`;
const parkCount = (metric: string) => `(select coalesce(sum(t.n), 0) from ${PARK_TALLY} t
    where t.tenant_id = $1 and t.metric = '${metric}')`;

const RADAR_SQL = `
  with y as (
    select coalesce($3::int,
      (select max(data_year) from crm_economic x where ${OWN('x')}),
      (select max(data_year) from crm_economic x where x.tenant_id = $1 and x.is_deleted = 0),
      extract(year from current_date)::int) as year),
  n as (
    select count(*) as n from crm_enterprise where tenant_id = $1 and is_deleted = 0 and (status = ${IN_PARK} or id = $2)),
  -- Whether this enterprise is outside the park (then its own figures are not in the park's kept sums).
  outside as (
    select not exists (select 1 from crm_enterprise e where e.id = $2 and e.tenant_id = $1 and e.is_deleted = 0
                         and e.status = ${IN_PARK}) as yes),
  -- Today's changes to staff on the roll, per enterprise.
  roll as (select c.enterprise_id, sum(c.n) as n from (${rollChanges('current_date')}) c group by c.enterprise_id),
  staff_top as (
    select max(v) as n from (
      select coalesce(k.n, 0) + r.n as v from roll r
        left join ${ENTERPRISE_TALLY} k on ${kept('staff.net', '0')} and k.enterprise_id = r.enterprise_id
       where ${inRadarPark('r.enterprise_id')}
      union all
      (select k.n from ${ENTERPRISE_TALLY} k
        where ${kept('staff.net', '0')} and ${inRadarPark('k.enterprise_id')}
          and k.enterprise_id not in (select enterprise_id from roll)
        order by k.n desc limit 1)) s),
  own as (
    select coalesce(${ownFigure('economic.revenue', 'amount', YEAR)}, 0) as revenue,
           coalesce(${ownFigure('economic.tax', 'amount', YEAR)}, 0) as tax,
           coalesce(${ownFigure('economic.rd', 'amount', YEAR)}, 0) as rd,
           coalesce(${ownFigure('staff.net', 'n')}, 0) + coalesce((select n from roll where enterprise_id = $2), 0)
             as staff,
           coalesce(${ownFigure('ip', 'n')}, 0) as ip,
           coalesce(${ownFigure('certificate', 'n')}, 0) as cert),
  -- The park's sums: the kept ones, with this enterprise's own when it is outside the park.
  sums as (
    select ${parkAmount('economic.revenue')} + case when o.yes then w.revenue else 0 end as revenue,
           ${parkAmount('economic.tax')} + case when o.yes then w.tax else 0 end as tax,
           ${parkAmount('economic.rd')} + case when o.yes then w.rd else 0 end as rd,
           ${parkCount('staff.identity')}
             + (select coalesce(sum(r.n), 0) from roll r where exists (select 1 from crm_enterprise e
                  where e.id = r.enterprise_id and e.tenant_id = $1 and e.is_deleted = 0 and e.status = ${IN_PARK}))
             + case when o.yes then w.staff else 0 end as staff,
           ${parkCount('ip')} + case when o.yes then w.ip else 0 end as ip,
           ${parkCount('certificate')} + case when o.yes then w.cert else 0 end as cert
      from own w, outside o)
  select (select year from y) as year, n.n::int as enterprises,
         w.revenue::float8 as "own_revenue", w.tax::float8 as "own_taxAmount", w.rd::float8 as "own_rdInvestment",
         w.staff::float8 as "own_staff", w.ip::float8 as "own_intellectualProperty", w.cert::float8 as "own_certificate",
         coalesce(s.revenue / nullif(n.n, 0), 0)::float8 as "avg_revenue",
         coalesce(s.tax / nullif(n.n, 0), 0)::float8 as "avg_taxAmount",
         coalesce(s.rd / nullif(n.n, 0), 0)::float8 as "avg_rdInvestment",
         coalesce(s.staff / nullif(n.n, 0), 0)::float8 as "avg_staff",
         coalesce(s.ip / nullif(n.n, 0), 0)::float8 as "avg_intellectualProperty",
         coalesce(s.cert / nullif(n.n, 0), 0)::float8 as "avg_certificate",
         coalesce(${topAmount('economic.revenue')}, 0)::float8 as "max_revenue",
         coalesce(${topAmount('economic.tax')}, 0)::float8 as "max_taxAmount",
         coalesce(${topAmount('economic.rd')}, 0)::float8 as "max_rdInvestment",
         coalesce((select n from staff_top), 0)::float8 as "max_staff",
         coalesce(${topFigure('ip', 'n')}, 0)::float8 as "max_intellectualProperty",
         coalesce(${topFigure('certificate', 'n')}, 0)::float8 as "max_certificate"
    from n, own w, sums s`;

/** A share of the park's maximum, 0 to 100, to one decimal; 0 when the whole park has none. */
const score = (value: number, max: number) => (max > 0 ? Math.round((1000 * value) / max) / 10 : 0);

export interface RadarAxis {
  key: string;
  /** The enterprise's own figure (yuan, or a count) and the park's average and maximum of it. */
  value: number;
  average: number;
  max: number;
  /** The enterprise and the average as a share of the park's maximum (100 × figure ÷ maximum). */
  score: number;
  averageScore: number;
}

/** The `id` query parameter as an id, or a 400. */
function idParam(query: Record<string, unknown>): string {
  const id = String(query.id ?? '').trim();
  if (!isId(id)) throw badRequest(MSG.id);
  return id;
}

export function registerOverview(app: FastifyInstance, platform: Platform) {
  // The enterprise list's own reading rule: tenant, the `enterprise` data scope, a company account's own row.
  const enterprises = createResource(platform, enterprise, { scope: enterpriseRowScope(platform) });

  /** The enterprise the query names, when the caller may see it; a 404 otherwise. */
  async function chosen(query: Record<string, unknown>): Promise<string> {
    const id = idParam(query);
    if (!(await enterprises.visibleIds([id])).length) throw notFound(MSG.missing);
    return id;
  }

  function read<T extends Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]> {
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, (q) => q.query<T>(sql, [tenantId, ...params]));
  }

  const labels = (code: string) => dictionaryLabels(platform, 'system', code, ctx().tenantId, currentLang());

  /** The first enterprise of the caller's list (by name), or null when they see none. */
  async function firstEnterprise() {
    const page = await enterprises.page({ current: 1, size: 1, ascs: 'enterpriseName' });
    const first = page.records[0];
    return first ? { id: String(first.id), enterpriseName: String(first.enterpriseName) } : null;
  }

  app.get<Q>(`${BASE}/list`, { config: { title: '企业概览企业列表' } }, async (req) => {
    const { current, size, enterpriseName, status } = req.query;
    const page = await enterprises.page({ current, size, enterpriseName, status, ascs: 'enterpriseName' });
    return ok({
      ...page,
      records: page.records.map((r) => ({
        id: r.id,
        enterpriseName: r.enterpriseName,
        industry: r.industry,
        status: r.status,
        entryDate: r.entryDate,
      })),
    });
  });

  app.get<Q>(`${BASE}/enterprise`, { config: { title: '企业概览企业档案' } }, async (req) => {
    const id = await chosen(req.query);
    const [row] = await read<Record<string, unknown> & { scale: number | null }>(PROFILE_SQL, [id]);
    if (!row) throw notFound(MSG.missing);
    const scales = await labels('enterprise_scale');
    return ok({ ...row, scaleName: row.scale === null ? null : (scales.get(String(row.scale)) ?? null) });
  });

  app.get<Q>(`${BASE}/production`, { config: { title: '企业概览经济与生产' } }, async (req) => {
    const id = await chosen(req.query);
    const [years, products] = await Promise.all([read(PRODUCTION_SQL, [id]), read(PRODUCTS_SQL, [id])]);
    return ok({ years, products });
  });

  app.get<Q>(`${BASE}/tags`, { config: { title: '企业概览标签' } }, async (req) => {
    const id = await chosen(req.query);
    const [[profile], rows] = await Promise.all([
      read<{ industryName: string | null; scale: number | null }>(
        `select i.industry_name as "industryName", ${SCALE_SQL} as scale
           from crm_enterprise e
           left join basic_industry i on i.id = e.industry and i.tenant_id = e.tenant_id and i.is_deleted = 0
          where e.tenant_id = $1 and e.id = $2`,
        [id],
      ),
      read<{ kind: keyof typeof TAG_DICTS; key: string; count: number }>(TAG_ROWS_SQL, [id]),
    ]);
    const tags: { kind: string; key: string; label: string; count?: number }[] = [];
    if (profile?.industryName) tags.push({ kind: 'industry', key: 'industry', label: profile.industryName });
    if (profile && profile.scale !== null) {
      const key = String(profile.scale);
      tags.push({ kind: 'scale', key, label: (await labels('enterprise_scale')).get(key) ?? key });
    }
    // Kind by kind, each in its dictionary's order; a type its dictionary no longer lists keeps its key.
    for (const [kind, code] of Object.entries(TAG_DICTS)) {
      const names = await labels(code);
      const order = [...names.keys()];
      const held = rows.filter((r) => r.kind === kind);
      const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
      held.sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
      for (const r of held) tags.push({ kind, key: r.key, label: names.get(r.key) ?? r.key, count: r.count });
    }
    return ok(tags);
  });

  app.get<Q>(`${BASE}/resource`, { config: { title: '企业概览园区资源' } }, async (req) => {
    const id = await chosen(req.query);
    const [[figures], contracts] = await Promise.all([read(RESOURCE_SQL, [id]), read(CONTRACTS_SQL, [id])]);
    return ok({ ...figures, contracts });
  });

  app.get<Q>(`${BASE}/radar-data`, { config: { title: '企业概览雷达图' } }, async (req) => {
    const id = await chosen(req.query);
    const year = intParam(req.query, 'year', YEARS[0], YEARS[1]) ?? null;
    const [row] = await read<Record<string, number>>(RADAR_SQL, [id, year]);
    const axes: RadarAxis[] = RADAR_AXES.map((key) => {
      const [value, average, max] = [row[`own_${key}`], row[`avg_${key}`], row[`max_${key}`]];
      return { key, value, average, max, score: score(value, max), averageScore: score(average, max) };
    });
    return ok({ year: row.year, enterprises: row.enterprises, axes });
  });

  app.get(`${BASE}/getDefaultEnterprise`, { config: { title: '企业概览默认企业' } }, async () => {
    const { userId } = ctx();
    const [saved] = await read<{ id: string; enterpriseName: string }>(
      `select e.id::text as id, e.enterprise_name as "enterpriseName"
         from decision_overview_default d join crm_enterprise e on e.id = d.enterprise_id and e.tenant_id = d.tenant_id
        where d.tenant_id = $1 and d.user_id = $2 and e.is_deleted = 0`,
      [userId],
    );
    // The saved choice while the caller may still see it (a scope may have narrowed since), else the first.
    if (saved && (await enterprises.visibleIds([saved.id])).length) return ok({ ...saved, chosen: true });
    const first = await firstEnterprise();
    return ok(first && { ...first, chosen: false });
  });

  app.post<{ Params: { id: string } }>(
    `${BASE}/setDefaultEnterprise/:id`,
    { config: { title: '企业概览设置默认企业' } },
    async (req) => {
      const id = await chosen({ id: req.params.id });
      const { tenantId, userId } = ctx();
      await platform.db.tx(tenantId, (q) =>
        q.query(
          `insert into decision_overview_default (id, tenant_id, user_id, enterprise_id) values ($1, $2, $3, $4)
           on conflict (tenant_id, user_id)
           do update set enterprise_id = excluded.enterprise_id, update_time = localtimestamp(0)`,
          [nextId(), tenantId, userId, id],
        ),
      );
      return ok(true, MSG.saved);
    },
  );
}
