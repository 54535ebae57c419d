import { DEFAULT_TREND_YEARS, MAX_TREND_YEARS, TREND_METRICS, type TrendMetric } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  BASE,
  ECONOMIC,
  ENTERPRISE_TALLY,
  inPark,
  intParam,
  latestYear,
  PARK_TALLY,
  rankQuery,
  rankSettings,
  rollChanges,
  tallyValue,
  YEARS,
} from './query.ts';

/**
 * 决策分析, 排行榜 and 趋势分析 (blade-decision/analyse): the enterprises of the park ranked by their registers,
 * the park's totals per year, and how its certificates and production divide. Each answer is one statement at
 * each call over the CRM's rows of the enterprises in the park, or over the figures their triggers keep with them
 * (query.ts PARK_TALLY, ENTERPRISE_TALLY), so always fresh.
 */
const ANALYSE = `${BASE}/analyse`;
type Q = { Querystring: Record<string, unknown> };

/** The year now, in the database's time zone. */
const THIS_YEAR = 'extract(year from current_date)::int';

/**
 * The ranks by register, each a statement of (enterprise_id, value) over $1 tenant and $2 year: staff on the
 * roll at the year's end (today for this year, or when no year is asked), valid intellectual property granted in
 * the year, certificates acquired in it (with no year: all of them), and a year's output value (the latest year
 * with production rows unless asked). The first three read the figures kept per enterprise (query.ts
 * ENTERPRISE_TALLY); an enterprise with none is left out, as it has no row to count.
 */
const RANKS: Record<string, { values: string; latest?: 'production' }> = {
  // Today: the kept count with the day's changes. The end of a past year Y: staff.net - staff.in(> Y) + staff.out(> Y).
  staff: {
    values: `select t.enterprise_id, sum(t.n) as value from (
        select k.enterprise_id, k.n from ${ENTERPRISE_TALLY} k
         where k.tenant_id = $1 and k.metric = 'staff.net' and k.year = 0
        union all
        select c.enterprise_id, c.n from (${rollChanges('current_date')}) c
         where $2::int is null or $2::int >= ${THIS_YEAR}
        union all
        select k.enterprise_id, case k.metric when 'staff.in' then -k.n else k.n end from ${ENTERPRISE_TALLY} k
         where k.tenant_id = $1 and k.metric in ('staff.in', 'staff.out') and k.year > $2::int and $2::int < ${THIS_YEAR}
      ) t group by t.enterprise_id having sum(t.n) > 0`,
  },
  ip: {
    values: `select k.enterprise_id, k.n as value from ${ENTERPRISE_TALLY} k
      where k.tenant_id = $1 and k.metric = 'ip' and k.year = coalesce($2::int, 0) and k.n > 0`,
  },
  certificate: {
    values: `select k.enterprise_id, k.n as value from ${ENTERPRISE_TALLY} k
      where k.tenant_id = $1 and k.metric = 'certificate' and k.year = coalesce($2::int, 0) and k.n > 0`,
  },
  production: {
    values: `select p.enterprise_id, sum(p.output_value) as value from crm_production p
      where p.tenant_id = $1 and p.is_deleted = 0 and p.production_year = $2 and p.output_value is not null
      group by p.enterprise_id`,
    latest: 'production',
  },
};

/** A park tally's yearly figure (year, value): the years with rows, `value` (SQL over t) their figure. */
const perYear = (metric: string, value: string, where = '') =>
  `select t.year, ${value} as value from ${PARK_TALLY} t where t.tenant_id = $1 and t.metric = '${metric}' ${where}`;

/**
 * The park's total per year of each trend, as (year, value): the economic columns (kept per year), entries (from
 * the enterprises), grants and awards (kept per year; rows without a date are in no year).
 */
const PER_YEAR: Record<TrendMetric, string> = {
  ...(Object.fromEntries(
    Object.keys(ECONOMIC).map((metric) => [metric, perYear(`economic.${metric}`, 't.amount', 'and t.n > 0')]),
  ) as Record<keyof typeof ECONOMIC, string>),
  enterprise: `select extract(year from e.entry_date)::int as year, count(*) as value from crm_enterprise e
    where ${inPark()} and e.entry_date is not null group by 1`,
  ip: `${perYear('ip', 'sum(t.n)', 'and t.year <> 0')} group by t.year having sum(t.n) > 0`,
  certificate: `${perYear('certificate', 'sum(t.n)', 'and t.year <> 0')} group by t.year having sum(t.n) > 0`,
};

/**
 * A trend's last $2 years up to the latest with a figure, a year without one at 0, each with its growth on the
 * year before in percent (null after a 0, and for the first).
 */
const trendSql = (perYear: string) => `with t as (${perYear}),
    span as (select max(year) as last from t),
    filled as (select g.year, coalesce(t.value, 0)::numeric as v
                 from span cross join generate_series(span.last - $2 + 1, span.last) as g(year)
                 left join t on t.year = g.year)
  select year::int as "year", v::float8 as "value",
         round((v - lag(v) over w) / nullif(lag(v) over w, 0) * 100, 1)::float8 as "growth"
    from filled window w as (order by year) order by year`;

/**
 * The certificates by type (of a year's acquisitions when asked): how many, held by how many enterprises; from the
 * counts kept per enterprise and type.
 */
const CERTIFICATES = `select ${tallyValue('k.key')}::int as "certificateType", sum(k.n)::int as "count",
       count(*)::int as "enterprises"
  from ${ENTERPRISE_TALLY} k
 where k.tenant_id = $1 and k.metric = 'certificate.type' and k.year = coalesce($2::int, 0) and k.n > 0
   and exists (select 1 from crm_enterprise e where e.id = k.enterprise_id and ${inPark()})
 group by 1 order by 1`;

/** A year's production by the enterprise's industry: products, enterprises, output value. */
const PRODUCTION = `select e.industry::text as "industryId", i.industry_name as "industryName",
       count(*)::int as "products", count(distinct p.enterprise_id)::int as "enterprises",
       coalesce(sum(p.output_value), 0)::float8 as "outputValue"
  from crm_production p
  join crm_enterprise e on e.id = p.enterprise_id and ${inPark()}
  left join basic_industry i on i.id = e.industry and i.tenant_id = $1 and i.is_deleted = 0
 where p.tenant_id = $1 and p.is_deleted = 0 and p.production_year = $2
 group by e.industry, i.industry_name
 order by "outputValue" desc, "industryName"`;

export function registerAnalyse(app: FastifyInstance, platform: Platform) {
  for (const [name, rank] of Object.entries(RANKS)) {
    app.get<Q>(`${ANALYSE}/rank-${name}`, { config: { title: '决策分析排行' } }, async (req) => {
      const { limit, year: asked } = rankSettings(req.query);
      const { tenantId } = ctx();
      return ok(
        await platform.db.scoped(tenantId, async (q) => {
          const year = asked ?? (rank.latest ? await latestYear(q, tenantId, rank.latest) : null);
          return { year, limit, rows: await rankQuery(q, rank.values, [tenantId, year, limit]) };
        }),
      );
    });
  }

  for (const metric of TREND_METRICS) {
    const sql = trendSql(PER_YEAR[metric]);
    app.get<Q>(`${ANALYSE}/trend-${metric}`, { config: { title: '趋势分析' } }, async (req) => {
      const years = intParam(req.query, 'years', 1, MAX_TREND_YEARS, DEFAULT_TREND_YEARS);
      const { tenantId } = ctx();
      return ok({ metric, rows: await platform.db.scoped(tenantId, (q) => q.query(sql, [tenantId, years])) });
    });
  }

  app.get<Q>(`${ANALYSE}/analyse-certificate`, { config: { title: '证书奖项分析' } }, async (req) => {
    const year = intParam(req.query, 'year', ...YEARS) ?? null;
    const { tenantId } = ctx();
    return ok({ year, rows: await platform.db.scoped(tenantId, (q) => q.query(CERTIFICATES, [tenantId, year])) });
  });

  // A year's production: the latest year with production rows unless asked.
  app.get<Q>(`${ANALYSE}/analyse-production`, { config: { title: '生产情况分析' } }, async (req) => {
    const asked = intParam(req.query, 'year', ...YEARS);
    const { tenantId } = ctx();
    return ok(
      await platform.db.scoped(tenantId, async (q) => {
        const year = asked ?? (await latestYear(q, tenantId, 'production'));
        return { year, rows: await q.query(PRODUCTION, [tenantId, year]) };
      }),
    );
  });
}
