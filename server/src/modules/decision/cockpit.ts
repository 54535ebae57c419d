import { checkCockpitLayout, DEFAULT_COCKPIT_LAYOUT, DEFAULT_RANK_CATEGORY, RANK_CATEGORIES } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { SCALE_SQL } from '../basic/policy.ts';
import {
  BASE,
  ENTERPRISE_TALLY,
  inPark,
  latestYear,
  oneOf,
  PARK_TALLY,
  rankQuery,
  rankSettings,
  rollChanges,
  tallyValue,
} from './query.ts';

/**
 * 驾驶舱 (blade-decision/cockpit): the park's headline figures, its enterprises, staff and intellectual property
 * by kind, the top enterprises of a year, and the tenant's saved layout of the big screen. Every figure is one
 * statement at each call, over the CRM's rows or the figures their triggers keep with them (query.ts PARK_TALLY),
 * so always fresh. Company accounts never reach it (company-fence: these are the park's figures).
 */
const COCKPIT = `${BASE}/cockpit`;

/** A list of `select`'s rows as a JSON array, in `order`; `[]` when none. */
const jsonList = (select: string, order: string) =>
  `(select coalesce(json_agg(x order by ${order}), '[]'::json) from (${select}) x)`;

/** A park tally's count (SQL, an int) over the rows `where` picks. */
const parkCount = (where: string) =>
  `(select coalesce(sum(t.n), 0) from ${PARK_TALLY} t where t.tenant_id = $1 and ${where})::int`;

/** The day's changes to the staff on the roll (query.ts rollChanges) of the enterprises in the park. */
const ROLL_TODAY = `select c.* from (${rollChanges('current_date')}) c
  where exists (select 1 from crm_enterprise e where e.id = c.enterprise_id and ${inPark()})`;

/**
 * The headline figures: the enterprises and staff now, the latest year's economy, what the park holds. The staff,
 * the economy and the holdings are the kept figures of the enterprises in the park (query.ts PARK_TALLY).
 */
const TOTAL = `with y as (select max(t.year) as year from ${PARK_TALLY} t
                           where t.tenant_id = $1 and t.metric = 'economic.revenue' and t.n > 0),
    eco as (select t.metric, t.amount from ${PARK_TALLY} t, y
             where t.tenant_id = $1 and t.metric like 'economic.%' and t.year = y.year and t.key = '')
  select (select count(*) from crm_enterprise e where ${inPark()})::int as "enterprises",
         (select count(*) from crm_enterprise e where ${inPark()}
             and e.entry_date >= date_trunc('year', current_date))::int as "enteredThisYear",
         ${parkCount(`t.metric = 'staff.identity'`)} + (select coalesce(sum(c.n), 0) from (${ROLL_TODAY}) c)::int
           as "staff",
         y.year as "year",
         coalesce((select amount from eco where metric = 'economic.revenue'), 0)::float8 as "revenue",
         coalesce((select amount from eco where metric = 'economic.tax'), 0)::float8 as "tax",
         coalesce((select amount from eco where metric = 'economic.output'), 0)::float8 as "outputValue",
         coalesce((select amount from eco where metric = 'economic.rd'), 0)::float8 as "rdInvestment",
         ${parkCount(`t.metric = 'ip'`)} as "ip",
         ${parkCount(`t.metric = 'ip' and t.key = '=1'`)} as "inventions",
         ${parkCount(`t.metric = 'certificate'`)} as "certificates",
         ${parkCount(`t.metric = 'qualification'`)} as "qualifications",
         ${parkCount(`t.metric = 'project'`)} as "projects"
    from y`;

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
  // The staff on the roll today: by their role (identity_type) and their education as written; the kept counts
  // with the day's changes.
  staff: `with roll as (${ROLL_TODAY})
    select ${jsonList(
      `select "identityType", sum(n)::int as "count" from (
         select ${tallyValue('t.key')}::int as "identityType", t.n from ${PARK_TALLY} t
          where t.tenant_id = $1 and t.metric = 'staff.identity'
         union all select identity_type, n from roll) s
       group by 1 having sum(n) > 0`,
      'x."identityType"',
    )} as "byIdentity",
    ${jsonList(
      `select "education", sum(n)::int as "count" from (
         select ${tallyValue('t.key')} as "education", t.n from ${PARK_TALLY} t
          where t.tenant_id = $1 and t.metric = 'staff.education'
         union all select qualification, n from roll) s
       group by 1 having sum(n) > 0`,
      'x."count" desc, x."education"',
    )} as "byEducation"`,
  // The valid intellectual property (ip_status 1) by patent type.
  ip: `select ${jsonList(
    `select ${tallyValue('t.key')}::int as "patentType", sum(t.n)::int as "count" from ${PARK_TALLY} t
      where t.tenant_id = $1 and t.metric = 'ip' group by 1 having sum(t.n) > 0`,
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

  // The top enterprises of a year (the latest with economic rows unless asked) by a column of its economic rows: the
  // year's sum per enterprise of those rows that give it, as kept (query.ts ENTERPRISE_TALLY, metric economic.<category>).
  app.get<{ Querystring: Record<string, unknown> }>(
    `${COCKPIT}/rank-enterprise`,
    { config: { title: '企业排行' } },
    async (req) => {
      const category = oneOf(req.query, 'category', RANK_CATEGORIES, DEFAULT_RANK_CATEGORY);
      const { limit, year: asked } = rankSettings(req.query);
      const { tenantId } = ctx();
      return ok(
        await platform.db.scoped(tenantId, async (q) => {
          const year = asked ?? (await latestYear(q, tenantId, 'economic'));
          const values = `select k.enterprise_id, k.amount as value from ${ENTERPRISE_TALLY} k
            where k.tenant_id = $1 and k.metric = 'economic.${category}' and k.year = $2 and k.n > 0`;
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
