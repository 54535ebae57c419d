import http from 'node:http';
import type pg from 'pg';
import {
  counters,
  countsFromSheets,
  questionsOf,
  recomputeCounters,
} from '../../server/src/modules/questionnaire/counters.ts';
import type { Queryable } from '../../server/src/platform/db.ts';
import { SEED } from '../../server/src/seed/platform.ts';
import { type Answer, benchPasswordHash, call, ok, signIn } from './canteen-rush.ts';
import { countFromEnv } from './server.ts';

/**
 * Questionnaire statistics at scale (issue 32, BENCH_ONLY=survey). One survey of SHEETS sheets, made by SQL
 * (generate_series) once and reused, its counters rebuilt by the server's own recompute; then, over HTTP, the
 * survey's statistics (from the counters; goal under 100 ms) and cross-filters (from the sheets through their GIN
 * index; goal under 500 ms), each checked against SQL counts; the times are reported against their goals, as the
 * lists' are. Then the submit rush: RESPONDENTS company accounts (user_type 2, the company role, RESPONDENTS / 10
 * enterprises) with sessions of their own answer a new survey that takes one sheet per person, each submitting
 * twice at the same moment: exactly one sheet each must land, the other submit refused (400, never a 5xx), and the
 * counters must equal a recompute from the sheets. A count that differs throws, so the bench exits non-zero.
 */
const TENANT = '000000';
const SHEETS = 100_000;
export const RESPONDENTS = countFromEnv('SURVEY_RESPONDENTS', 1000);
const TARGETS = { statisticsMs: 100, filterMs: 500 };
const RUNS = { statistics: 50, filter: 20, warmup: 3 };
/** Fixed ids far below the snowflake ids the server makes, apart from the other benches' (3e12: the workflow's). */
const FIRST_ID = 4_000_000_000_000;
const SHEET_IDS = FIRST_ID + 1_000_000;
const ENTERPRISE_IDS = FIRST_ID + 10_000;
const USER_IDS = FIRST_ID + 20_000;
const TITLE = '压测问卷（10万份答卷）';
const PASSWORD = 'survey-bench';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** The questionnaire: a question of every kind the statistics count (as the demo's satisfaction survey). */
const options = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));
const FORM = {
  version: 1,
  fields: [
    {
      id: 'q1',
      type: 'radio',
      name: 'overall',
      label: '总体满意度',
      required: true,
      options: options(['非常满意', '满意', '一般', '不满意', '非常不满意']),
    },
    {
      id: 'q2',
      type: 'checkbox',
      name: 'services',
      label: '使用过的服务',
      options: options(['物业', '食堂', '会议室', '政策申报', '招聘']),
    },
    { id: 'q3', type: 'rating', name: 'property', label: '物业评分', required: true, max: 5 },
    { id: 'q4', type: 'nps', name: 'recommend', label: '推荐意愿', required: true },
    {
      id: 'q5',
      type: 'matrix',
      name: 'facilities',
      label: '设施评价',
      rows: [
        { label: '环境', value: 'clean' },
        { label: '安保', value: 'security' },
        { label: '网络', value: 'network' },
        { label: '停车', value: 'parking' },
      ],
      options: options(['满意', '一般', '不满意']),
    },
    { id: 'q6', type: 'number', name: 'staff', label: '员工人数', min: 0, precision: 0 },
    {
      id: 'q7',
      type: 'ranking',
      name: 'priority',
      label: '优先改进',
      max: 3,
      options: options(['停车', '餐饮', '网络', '绿化', '班车']),
    },
    { id: 'q8', type: 'textarea', name: 'advice', label: '意见与建议', max: 500 },
  ],
};

/** Sheet g's answers, spread by g over every choice (an SQL expression of the generate_series `g`). */
const SHEET_DATA = `jsonb_strip_nulls(jsonb_build_object(
  'overall', (array['1','2','2','2','3','1','3','4','2','5'])[1 + (g * 7) % 10],
  'services', (select jsonb_agg(o) from unnest(array['1','2','3','4','5']) with ordinality x(o, k)
                where (g + k * 3) % 4 = 0 or (g * k) % 5 = 1),
  'property', (array[5,4,4,3,5,2,4])[1 + (g * 11) % 7],
  'recommend', (array[10,9,8,7,9,6,10,4,8])[1 + (g * 13) % 9],
  'facilities', jsonb_build_object('clean', (array['1','1','2'])[1 + g % 3],
                                   'security', (array['1','2','1','1'])[1 + (g * 3) % 4],
                                   'network', (array['2','1','3','2'])[1 + (g * 5) % 4],
                                   'parking', (array['3','2','3','1'])[1 + (g * 7) % 4]),
  'staff', 1 + (g * 7919) % 100000,
  'priority', (array['["1","2","3"]','["2","1","4"]','["3","5","1"]','["4","2","5"]','["5","3","2"]'])[1 + (g * 19) % 5]::jsonb,
  'advice', case when g % 5 = 0 then (array['希望增加停车位','食堂菜品可以更丰富','会议室预订很方便','网络偶尔不稳定'])[1 + (g / 5) % 4] end))`;

/** The cross-filters timed: a common answer (4 sheets in 10), a rare one (1 in 10), two questions' answers together. */
const FILTERS = [
  { name: 'overall = 满意', filter: 'overall:2', sql: `data @> '{"overall": "2"}'` },
  { name: 'overall = 非常不满意', filter: 'overall:5', sql: `data @> '{"overall": "5"}'` },
  {
    name: 'services ∋ 食堂 and parking = 不满意',
    filter: 'services:2,facilities:parking=3',
    sql: `data @> '{"services": ["2"]}' and data @> '{"facilities": {"parking": "3"}}'`,
  },
];

function log(message: string) {
  console.log(`[bench:survey] ${message}`);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const asQueryable = (db: pg.Client): Queryable => ({
  query: async (sql, params) => (await db.query(sql, params as unknown[])).rows,
});

interface Api {
  base: string;
  headers: Record<string, string>;
  agent: http.Agent;
}

const get = <T>(api: Api, path: string) => ok<T>(api.agent, `${api.base}${path}`, api.headers);
const post = <T>(api: Api, path: string, body: unknown) => ok<T>(api.agent, `${api.base}${path}`, api.headers, body);
async function put(api: Api, path: string) {
  const res = await call(api.agent, `${api.base}${path}`, { method: 'PUT', headers: api.headers });
  if (res.status !== 200 || res.body.code !== 200) throw new Error(`${path} answered ${JSON.stringify(res.body)}`);
}

const Q = '/api/blade-questionnaire';

/** The questionnaire as a form (through the API, enabled with its version 1), made once and reused. */
async function ensureForm(db: pg.Client, api: Api): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select id::text from qn_form where tenant_id = $1 and name = $2 and is_deleted = 0 and status = 1 and version >= 1
      order by id limit 1`,
    [TENANT, TITLE],
  );
  if (rows[0]) return rows[0].id;
  return (await post<{ id: string }>(api, `${Q}/form/submit`, { name: TITLE, content: JSON.stringify(FORM) })).id;
}

/** A survey of the form for the bench's enterprises (made through the API). */
async function makeSurvey(db: pg.Client, api: Api, formId: string, title: string, allowMultiple: 0 | 1) {
  const { rows } = await db.query<{ start: string; end: string }>(
    `select to_char(localtimestamp(0) - interval '1 day', 'YYYY-MM-DD HH24:MI:SS') as start,
            to_char(localtimestamp(0) + interval '30 days', 'YYYY-MM-DD HH24:MI:SS') as end`,
  );
  const enterprises = Array.from({ length: RESPONDENTS / 10 }, (_, i) => String(ENTERPRISE_IDS + i + 1));
  const survey = await post<{ id: string }>(api, `${Q}/survey/add`, {
    title,
    formId,
    startTime: rows[0].start,
    endTime: rows[0].end,
    allowMultiple,
    scopes: [{ scopeType: 'company', val: enterprises.join(',') }],
  });
  return survey.id;
}

/** The survey of SHEETS sheets (made once, reused after) and its counters, equal to a recompute. */
async function ensureSheets(db: pg.Client, api: Api, formId: string): Promise<string> {
  const { rows } = await db.query<{ id: string; n: string }>(
    `select s.id::text, (select count(*) from qn_survey_data d where d.survey_id = s.id and d.status = 1
                           and d.is_deleted = 0) as n
       from qn_survey s where s.tenant_id = $1 and s.title = $2 and s.is_deleted = 0 order by s.id limit 1`,
    [TENANT, TITLE],
  );
  if (rows[0] && Number(rows[0].n) === SHEETS) {
    log(`reusing the ${SHEETS.toLocaleString('en')} sheets already in the database`);
    return rows[0].id;
  }
  const surveyId = rows[0]?.id ?? (await makeSurvey(db, api, formId, TITLE, 1));
  log(`generating ${SHEETS.toLocaleString('en')} sheets of one survey`);
  const started = performance.now();
  await db.query('begin');
  try {
    await db.query('delete from qn_survey_data where survey_id = $1', [surveyId]);
    await db.query(
      `insert into qn_survey_data (id, tenant_id, survey_id, form_id, form_history_id, form_version, respondent_id,
              data, one_per_person, submit_time, create_time, update_time, status)
       select $1::bigint + g, s.tenant_id, s.id, s.form_id, s.form_history_id, s.form_version, $3::bigint + g % 5000,
              ${SHEET_DATA}, 0, t, t, t, 1
         from qn_survey s, generate_series(1, $4::int) g,
              lateral (select localtimestamp(0) - make_interval(mins => $4::int - g) as t) as at
        where s.id = $2`,
      [SHEET_IDS, surveyId, USER_IDS + 500_000, SHEETS],
    );
    const [survey] = (
      await db.query<{ content: string }>(
        'select h.content from qn_survey s join qn_form_history h on h.id = s.form_history_id where s.id = $1',
        [surveyId],
      )
    ).rows;
    const written = await recomputeCounters(asQueryable(db), TENANT, surveyId, questionsOf(JSON.parse(survey.content)));
    await db.query('commit');
    log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s (${written} counter rows)`);
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  // As autovacuum leaves a settled table: statistics, and the visibility map.
  await db.query('vacuum analyze qn_survey_data');
  await db.query('vacuum analyze qn_survey_counter');
  return surveyId;
}

/** A GET timed `runs` times one after another (after a warm-up): median and p99 in ms, and the last answer. */
async function timed<T>(api: Api, path: string, runs: number) {
  for (let i = 0; i < RUNS.warmup; i++) await get<T>(api, path);
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await get<T>(api, path);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: at(times, 0.5), p99: at(times, 0.99), last: last as T };
}

interface Timing {
  name: string;
  median: number;
  p99: number;
  sheets: number;
  target: number;
}

/** The statistics and the cross-filters over HTTP, each checked against a count of the sheets. */
async function measure(db: pg.Client, api: Api, surveyId: string): Promise<Timing[]> {
  type Stats = { sheets: number; filtered?: number };
  const out: Timing[] = [];
  const plain = await timed<Stats>(api, `${Q}/survey/statistics?id=${surveyId}`, RUNS.statistics);
  if (plain.last.sheets !== SHEETS) throw new Error(`The statistics count ${plain.last.sheets} sheets, not ${SHEETS}`);
  out.push({ name: 'statistics (counters)', ...plain, sheets: plain.last.sheets, target: TARGETS.statisticsMs });
  for (const f of FILTERS) {
    const path = `${Q}/survey/statistics?id=${surveyId}&filter=${encodeURIComponent(f.filter)}`;
    const result = await timed<Stats>(api, path, RUNS.filter);
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from qn_survey_data where survey_id = $1 and status = 1 and is_deleted = 0 and ${f.sql}`,
      [surveyId],
    );
    if (result.last.filtered !== Number(rows[0].n)) {
      throw new Error(`The cross-filter ${f.name} counts ${result.last.filtered} sheets, SQL ${rows[0].n}`);
    }
    out.push({ name: `cross-filter: ${f.name}`, ...result, sheets: Number(rows[0].n), target: TARGETS.filterMs });
  }
  return out;
}

/** The rush's company accounts and their enterprises (tenant 000000, the company role), made once and reused. */
async function ensureRespondents(db: pg.Client) {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from blade_user where id between $1 and $2 and is_deleted = 0 and user_type = 2',
    [USER_IDS + 1, USER_IDS + RESPONDENTS],
  );
  if (rows[0].n === RESPONDENTS) return;
  log(`creating ${RESPONDENTS} company accounts of ${RESPONDENTS / 10} enterprises`);
  await db.query(
    `insert into crm_enterprise (id, tenant_id, enterprise_name)
     select $1::bigint + g, $2, '压测企业' || g from generate_series(1, $3::int) g on conflict (id) do nothing`,
    [ENTERPRISE_IDS, TENANT, RESPONDENTS / 10],
  );
  await db.query(
    `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, role_id,
            enterprise_id, status)
     select $1::bigint + g, $2, 'qn' || g, 2, 'bench_qn_' || lpad(g::text, 5, '0'), $3, 'qn' || g, '问卷联系人' || g,
            $4::text, $5::bigint + 1 + (g - 1) / 10, 1
       from generate_series(1, $6::int) as g
     on conflict (id) do nothing`,
    [USER_IDS, TENANT, benchPasswordHash(PASSWORD), SEED.companyRole, ENTERPRISE_IDS, RESPONDENTS],
  );
}

export interface SurveyRushResult {
  respondents: number;
  requests: number;
  wallMs: number;
  p50: number;
  p99: number;
  submitted: number;
  refused: number;
  failed: number;
  other: number;
  sheets: number;
  people: number;
  countersAgree: boolean;
}

/** RESPONDENTS company accounts answer a new one-sheet-each survey, each twice at the same moment. */
async function rush(db: pg.Client, api: Api, formId: string): Promise<SurveyRushResult> {
  const accounts = Array.from({ length: RESPONDENTS }, (_, i) => `bench_qn_${String(i + 1).padStart(5, '0')}`);
  log(`signing ${RESPONDENTS} company accounts in`);
  const tokens = await signIn(api.base, accounts, PASSWORD, { 'account-type': 'web' });
  const surveyId = await makeSurvey(db, api, formId, `压测问卷冲刺${Date.now()}`, 0);
  await put(api, `${Q}/survey/enable?id=${surveyId}`);

  log(`${RESPONDENTS} respondents submit the survey, each twice, all at once`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const url = `${api.base}${Q}/survey-data/add`;
  const answerOf = (i: number) => ({
    overall: String(1 + (i % 5)),
    property: 1 + (i % 5),
    recommend: i % 11,
    services: [String(1 + (i % 5))],
    facilities: { clean: '1', parking: String(1 + (i % 3)) },
    priority: ['1', '2', '3'],
  });
  const started = performance.now();
  const answers = await Promise.all(
    tokens.flatMap((token, i) =>
      [0, 1].map(async () => {
        const t0 = performance.now();
        try {
          const res = await call(agent, url, {
            method: 'POST',
            headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': TENANT },
            body: { surveyId, data: answerOf(i) },
          });
          return { ...res, ms: performance.now() - t0 };
        } catch (err) {
          return { status: 0, body: { msg: String(err) }, ms: performance.now() - t0 } as Answer & { ms: number };
        }
      }),
    ),
  );
  const wallMs = performance.now() - started;
  agent.destroy();

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const submitted = answers.filter((a) => a.status === 200 && a.body.code === 200).length;
  const refused = answers.filter((a) => a.body.code === 400 && /不能重复提交/.test(String(a.body.msg ?? ''))).length;
  const failed = answers.filter((a) => a.status >= 500 || a.status === 0 || (a.body.code ?? 0) >= 500).length;
  const { rows } = await db.query<{ sheets: number; people: number }>(
    `select count(*)::int as sheets, count(distinct respondent_id)::int as people from qn_survey_data
      where survey_id = $1 and status = 1 and is_deleted = 0`,
    [surveyId],
  );
  const q = asQueryable(db);
  const questions = questionsOf(FORM as Parameters<typeof questionsOf>[0]);
  const kept = await counters(q, TENANT, [surveyId]);
  const recomputed = await countsFromSheets(q, TENANT, surveyId, questions);
  return {
    respondents: RESPONDENTS,
    requests: answers.length,
    wallMs,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    submitted,
    refused,
    failed,
    other: answers.length - submitted - refused - failed,
    sheets: rows[0].sheets,
    people: rows[0].people,
    countersAgree: JSON.stringify(kept) === JSON.stringify(recomputed),
  };
}

export async function surveyBench(opts: { base: string; db: pg.Client; adminHeaders: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const api: Api = { base: opts.base, headers: opts.adminHeaders, agent };
  try {
    // The surveys' scope names the respondents' enterprises: they are there first.
    await ensureRespondents(opts.db);
    const formId = await ensureForm(opts.db, api);
    const surveyId = await ensureSheets(opts.db, api, formId);
    const timings = await measure(opts.db, api, surveyId);
    const rushed = await rush(opts.db, api, formId);
    report(timings, rushed);
  } finally {
    agent.destroy();
  }
}

function report(timings: Timing[], r: SurveyRushResult) {
  console.log('');
  console.log(
    `Questionnaire statistics over ${SHEETS.toLocaleString('en')} sheets of one survey (HTTP, one at a time)`,
  );
  console.log('| request | sheets counted | median | p99 | goal | result |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const t of timings) {
    console.log(
      `| ${t.name} | ${t.sheets.toLocaleString('en')} | ${t.median.toFixed(1)} ms | ${t.p99.toFixed(1)} ms | < ${t.target} ms | ${t.median < t.target ? 'PASS' : 'FAIL'} |`,
    );
  }
  console.log('');
  console.log(`Survey submit rush: ${r.respondents} company accounts, each submitting twice at once`);
  console.log(
    '| requests | wall time | p50 | p99 | submitted (200) | refused as a repeat (400) | 5xx/errors | other | sheets | respondents with a sheet | counters = recompute |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  console.log(
    `| ${r.requests} | ${r.wallMs.toFixed(0)} ms | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.submitted} | ${r.refused} | ${r.failed} | ${r.other} | ${r.sheets} | ${r.people} | ${r.countersAgree ? 'yes' : 'NO'} |`,
  );
  const exact =
    r.submitted === r.respondents &&
    r.refused === r.respondents &&
    r.failed === 0 &&
    r.other === 0 &&
    r.sheets === r.respondents &&
    r.people === r.respondents &&
    r.countersAgree;
  console.log(`exactly one sheet each, no 5xx, counters agree: ${exact ? 'PASS' : 'FAIL'}`);
  // The times are goals, said PASS or FAIL above (as the lists'); a wrong count fails the run.
  if (!exact) throw new Error('Survey bench failed: the submit rush did not leave exactly one sheet per respondent');
}
