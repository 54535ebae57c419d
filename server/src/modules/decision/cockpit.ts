import { checkCockpitLayout, DEFAULT_COCKPIT_LAYOUT, DEFAULT_RANK_CATEGORY, RANK_CATEGORIES } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { SCALE_SQL } from '../basic/policy.ts';
import {
  BASE,
  ECONOMIC,
  inPark,
  latestYear,
  ofParkEnterprise,
  oneOf,
  onRoll,
  rankQuery,
  rankSettings,
} from './query.ts';

/**
 * 驾驶舱 (blade-decision/cockpit): the park's headline figures, its enterprises, staff and intellectual property
 * by kind, the top enterprises of a year, and the tenant's saved layout of the big screen. Every figure is one
 * statement over the CRM's live rows, computed on each call (always fresh). Company accounts never reach it
 * (company-fence: these are the park's figures).
 */
const COCKPIT = `${BASE}/cockpit`;

/** A list of `select`'s rows as a JSON array, in `order`; `[]` when none. */
const jsonList = (select: string, order: string) =>
  `(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${select}) x)`;

const ECONOMIC_ROWS = `select c.data_year, c.revenue, c.tax_amount, c.output_value, c.rd_investment
  from crm_economic c where ${ofParkEnterprise('c')}`;

/** The headline figures: the enterprises and staff now, the latest year's economy, what the park holds. */
const TOTAL = `with eco as (${ECONOMIC_ROWS}), latest as (select max(data_year) as year from eco)
  select (select count(*) from crm_enterprise e where ${inPark()})::int as "enterprises",
         (select count(*) from crm_enterprise e where ${inPark()}
             and e.entry_date >= date_trunc('year', current_date))::int as "enteredThisYear",
         (select count(*) from crm_staff s where ${ofParkEnterprise('s')} and ${onRoll('s', 'current_date')})::int
           as "staff",
         l.year as "year",
         coalesce(sum(eco.revenue), 0)::float8 as "revenue",
         coalesce(sum(eco.tax_amount), 0)::float8 as "tax",
         coalesce(sum(eco.output_value), 0)::float8 as "outputValue",
         coalesce(sum(eco.rd_investment), 0)::float8 as "rdInvestment",
         (select count(*) from crm_intellectual_property p where ${ofParkEnterprise('p')} and p.status = 1)::int
           as "ip",
         (select count(*) from crm_intellectual_property p where ${ofParkEnterprise('p')} and p.status = 1
             and p.patent_type = 1)::int as "inventions",
         (select count(*) from crm_certificate c where ${ofParkEnterprise('c')})::int as "certificates",
         (select count(*) from crm_qualification q where ${ofParkEnterprise('q')})::int as "qualifications",
         (select count(*) from crm_project p where ${ofParkEnterprise('p')})::int as "projects"
    from latest l left join eco on eco.data_year = l.year
   group by l.year`;

/**
 * The distributions, each one list: by the enterprise's own industry (a node of 行业分类; null: none given),
 * by scale (the policy match's bounds on registered capital; null: no capital recorded), both of the
 * enterprises in the park; and by status, of every enterprise on record (moved out too).
 */
const STATISTICS: Record<string, string> = {
  enterprise: `select
      ${jsonList(
        `select e.industry::text as "industryId", i.industry_name as "industryName", count(*)::int as "count"
           from crm_enterprise e
           left join basic_industry i on i.id = e.industry and i.tenant_id = $1 and i.is_deleted = 0
          where ${inPark()} group by e.industry, i.industry_name`,
        'x."count" desc, x."industryName"',
      )} as "byIndustry",
      ${jsonList(
        `select ${SCALE_SQL} as "scale", count(*)::int as "count" from crm_enterprise e where ${inPark()} group by 1`,
        'x."scale"',
      )} as "byScale",
      ${jsonList(
        `select e.status as "status", count(*)::int as "count" from crm_enterprise e
          where e.tenant_id = $1 and e.is_deleted = 0 group by e.status`,
        'x."status" desc',
      )} as "byStatus"`,
  // The staff on the roll today: by their role (identity_type) and their education as written.
  staff: `with s as (select s.identity_type, s.qualification from crm_staff s
                      where ${ofParkEnterprise('s')} and ${onRoll('s', 'current_date')})
    select ${jsonList(
      `select identity_type as "identityType", count(*)::int as "count" from s group by identity_type`,
      'x."identityType"',
    )} as "byIdentity",
    ${jsonList(
      `select qualification as "education", count(*)::int as "count" from s group by qualification`,
      'x."count" desc, x."education"',
    )} as "byEducation"`,
  // The valid intellectual property (ip_status 1) by patent type.
  ip: `select ${jsonList(
    `select p.patent_type as "patentType", count(*)::int as "count" from crm_intellectual_property p
      where ${ofParkEnterprise('p')} and p.status = 1 group by p.patent_type`,
    'x."patentType"',
  )} as "byType"`,
};

/** The stored layout of a cockpit, as text (BladeX keeps `configureJson` a string; the client parses it). */
type Configure = { id: string | null; configureJson: string };

/** The largest layout text a tenant may store. */
const MAX_CONFIGURE_CHARS = 65_536;

export function registerCockpit(app: FastifyInstance, platform: Platform) {
  const read = <T>(sql: string) => {
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, (q) => q.query<T & Record<string, unknown>>(sql, [tenantId]));
  };

  app.get(`${COCKPIT}/total`, { config: { title: '驾驶舱总览' } }, async () => ok((await read(TOTAL))[0]));

  for (const [name, sql] of Object.entries(STATISTICS)) {
    app.get(`${COCKPIT}/statistics-${name}`, { config: { title: '驾驶舱统计' } }, async () => ok((await read(sql))[0]));
  }

  // The top enterprises of a year (the latest with economic rows unless asked) by a column of its economic rows.
  app.get<{ Querystring: Record<string, unknown> }>(
    `${COCKPIT}/rank-enterprise`,
    { config: { title: '企业排行' } },
    async (req) => {
      const category = oneOf(req.query, 'category', RANK_CATEGORIES, DEFAULT_RANK_CATEGORY);
      const { limit, year: asked } = rankSettings(req.query);
      const { tenantId } = ctx();
      const column = ECONOMIC[category];
      return ok(
        await platform.db.scoped(tenantId, async (q) => {
          const year = asked ?? (await latestYear(q, tenantId, 'economic'));
          const values = `select c.enterprise_id, sum(c.${column}) as value from crm_economic c
            where c.tenant_id = $1 and c.is_deleted = 0 and c.data_year = $2 and c.${column} is not null
            group by c.enterprise_id`;
          return { category, year, limit, rows: await rankQuery(q, values, [tenantId, year, limit]) };
        }),
      );
    },
  );

  app.get(`${COCKPIT}/getConfigure`, { config: { title: '驾驶舱布局' } }, async () => {
    const [saved] = await read<Configure>(
      `select id::text as "id", configure_json as "configureJson" from decision_cockpit_configure
        where tenant_id = $1 and is_deleted = 0`,
    );
    return ok<Configure>(saved ?? { id: null, configureJson: JSON.stringify(DEFAULT_COCKPIT_LAYOUT) });
  });

  // The layout comes as BladeX sends it (a JSON string) or as an object; it is stored as checked, unknown keys dropped.
  app.post<{ Body: { configureJson?: unknown } | null }>(
    `${COCKPIT}/saveConfigure`,
    { config: { title: '保存驾驶舱布局' } },
    async (req) => {
      const raw = req.body?.configureJson;
      let parsed: unknown = raw;
      if (typeof raw === 'string') {
        if (raw.length > MAX_CONFIGURE_CHARS) {
          throw badRequest({
            zh: `驾驶舱布局过长（至多 ${MAX_CONFIGURE_CHARS} 个字符）`,
            en: `The cockpit layout is too long (at most ${MAX_CONFIGURE_CHARS} characters)`,
          });
        }
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw badRequest({ zh: '驾驶舱布局不是合法的 JSON', en: 'The cockpit layout is not valid JSON' });
        }
      }
      if (parsed === undefined || parsed === null) {
        throw badRequest({
          zh: '请提供驾驶舱布局 configureJson',
          en: 'configureJson (the cockpit layout) is required',
        });
      }
      const checked = checkCockpitLayout(parsed);
      if (checked.error) throw badRequest(checked.error);
      const json = JSON.stringify(checked.layout);
      const { tenantId, userId, deptId } = ctx();
      const [saved] = await platform.db.tx(tenantId, (q) =>
        q.query<Configure>(
          `insert into decision_cockpit_configure (id, tenant_id, configure_json, create_user, create_dept, update_user)
           values ($1, $2, $3, $4, $5, $4)
           on conflict (tenant_id) where is_deleted = 0
           do update set configure_json = excluded.configure_json, update_user = excluded.update_user,
                         update_time = localtimestamp(0)
           returning id::text as "id", configure_json as "configureJson"`,
          [nextId(), tenantId, json, userId, deptId || null],
        ),
      );
      return ok(saved);
    },
  );
}
