import { DEFAULT_TREND_YEARS, MAX_TREND_YEARS, TREND_METRICS, type TrendMetric } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  BASE,
  ECONOMIC,
  inPark,
  intParam,
  latestYear,
  ofParkEnterprise,
  onRoll,
  rankQuery,
  rankSettings,
  YEARS,
} from './query.ts';

/**
 * 决策分析, 排行榜 and 趋势分析 (blade-decision/analyse): the enterprises of the park ranked by their registers,
 * the park's totals per year, and how its certificates and production divide. Each answer is one statement
 * over the CRM's live rows of the enterprises in the park, computed on each call.
 */
const ANALYSE = `${BASE}/analyse`;
type Q = { Querystring: Record<string, unknown> };

/** The day a year's register is read on: its last day (today, for this year), or today when no year is asked. */
const AS_OF = '(case when $2::int is null then current_date else least(make_date($2::int, 12, 31), current_date) end)';
/** A date column (SQL) in the year $2, or any when no year is asked. */
const inYear = (column: string) => `($2::int is null or extract(year from ${column})::int = $2::int)`;

/**
 * The ranks by register, each a statement of (enterprise_id, value) over $1 tenant and $2 year: staff on the
 * roll at the year's end, valid intellectual property granted in the year, certificates acquired in it (with
 * no year: all of them), and a year's output value (the latest year with production rows unless asked).
 */
const RANKS: Record<string, { values: string; latest?: 'production' }> = {
  staff: {
    values: `select s.enterprise_id, count(*) as value from crm_staff s
      where s.tenant_id = $1 and s.is_deleted = 0 and ${onRoll('s', AS_OF)} group by s.enterprise_id`,
  },
  ip: {
    values: `select p.enterprise_id, count(*) as value from crm_intellectual_property p
      where p.tenant_id = $1 and p.is_deleted = 0 and p.status = 1 and ${inYear('p.grant_pub_date')}
      group by p.enterprise_id`,
  },
  certificate: {
    values: `select c.enterprise_id, count(*) as value from crm_certificate c
      where c.tenant_id = $1 and c.is_deleted = 0 and ${inYear('c.acquisition_date')} group by c.enterprise_id`,
  },
  production: {
    values: `select p.enterprise_id, sum(p.output_value) as value from crm_production p
      where p.tenant_id = $1 and p.is_deleted = 0 and p.production_year = $2 and p.output_value is not null
      group by p.enterprise_id`,
    latest: 'production',
  },
};

/** The park's total per year of each trend, as (year, value): the economic columns, entries, grants, awards. */
const PER_YEAR: Record<TrendMetric, string> = {
  ...(Object.fromEntries(
    Object.entries(ECONOMIC).map(([metric, column]) => [
      metric,
      `select c.data_year as year, sum(c.${column}) as value from crm_economic c
        where ${ofParkEnterprise('c')} group by c.data_year`,
    ]),
  ) as Record<keyof typeof ECONOMIC, string>),
  enterprise: `select extract(year from e.entry_date)::int as year, count(*) as value from crm_enterprise e
    where ${inPark()} and e.entry_date is not null group by 1`,
  ip: `select extract(year from p.grant_pub_date)::int as year, count(*) as value from crm_intellectual_property p
    where ${ofParkEnterprise('p')} and p.status = 1 and p.grant_pub_date is not null group by 1`,
  certificate: `select extract(year from c.acquisition_date)::int as year, count(*) as value from crm_certificate c
    where ${ofParkEnterprise('c')} and c.acquisition_date is not null group by 1`,
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

/** The certificates by type (of a year's acquisitions when asked): how many, held by how many enterprises. */
const CERTIFICATES = `select c.certificate_type as "certificateType", count(*)::int as "count",
       count(distinct c.enterprise_id)::int as "enterprises"
  from crm_certificate c where ${ofParkEnterprise('c')} and ${inYear('c.acquisition_date')}
 group by c.certificate_type order by 1`;

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
