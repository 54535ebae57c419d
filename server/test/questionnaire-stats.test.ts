import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { BASIC, login, onPostgres, startServer, type TestServer } from './harness.ts';
import {
  calls,
  companyAccount,
  data,
  dayFromNow,
  Q,
  refused,
  SATISFACTION,
  schemaText,
  staffRespondent,
} from './questionnaire-kit.ts';

/**
 * A survey's statistics beyond the counters (issue 32), read from the sheets: the cross-filter (`statistics` with
 * `filter`: the statistics of the sheets that gave an answer) against hand-computed figures and against the
 * counters themselves, the free-text answers a page at a time (`survey/answers`, our extension), and the export of
 * every answer (`survey/export-data`, our extension) read back with exceljs, across several keyset batches; bad
 * input is a 400 in the caller's language. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
let server: TestServer;
let admin: string;
const { get, post, put } = calls(
  () => server,
  () => admin,
);

type Person = { userId: string; token: string; enterpriseId?: string };
let c1: Person;
let c2: Person;
let c3: Person;
let staff: Person;
let formId: string;
let start: string;
let end: string;

/** The kit's questionnaire, its checkbox with an "other" choice (a free text beside it), and a multiple matrix. */
const FORM = {
  ...SATISFACTION,
  fields: [
    ...SATISFACTION.fields.map((f) =>
      f.name === 'services' ? { ...f, options: [...(f.options ?? []), { label: '其他', value: 'o', other: true }] } : f,
    ),
    {
      id: 'f9',
      type: 'matrix',
      name: 'drinks',
      label: '饮品',
      multiple: true,
      rows: [
        { label: '上午', value: 'am' },
        { label: '下午', value: 'pm' },
      ],
      options: [
        { label: '咖啡', value: 'cof' },
        { label: '茶', value: 'tea' },
      ],
    },
  ],
};

/** Six sheets, in the order they are submitted (by c1, c2, c3, c1, c2, c3). */
const SHEETS: Record<string, unknown>[] = [
  {
    overall: 'a',
    services: ['p', 'd'],
    stars: 5,
    nps: 10,
    staff: 10,
    advice: '停车难',
    grid: { env: 'good', sec: 'bad' },
    rank: ['price', 'service', 'env'],
    drinks: { am: ['cof', 'tea'], pm: ['tea'] },
  },
  {
    overall: 'a',
    services: ['p'],
    stars: 4,
    nps: 9,
    staff: 20,
    advice: '食堂好',
    grid: { env: 'good' },
    drinks: { am: ['cof'] },
  },
  { overall: 'b', services: ['m', 'o'], 'services:other': '法律咨询', stars: 3, nps: 7, advice: '网络慢' },
  { overall: 'c', stars: 1, nps: 3, staff: 30, grid: { env: 'bad', sec: 'bad' } },
  {
    overall: 'a',
    services: ['p', 'd', 'm'],
    nps: 6,
    advice: '会议室方便',
    grid: { env: 'bad', sec: 'good' },
    drinks: { pm: ['cof'] },
  },
  { overall: 'b', stars: 2, drinks: { pm: ['tea'] } },
];

/** An enabled survey of the form for the three enterprises and the staff member; several answers each. */
async function survey(body: Record<string, unknown> = {}) {
  const made = await data(
    post(`${Q}/survey/add`, {
      title: `统计${nextId().slice(-6)}`,
      formId,
      startTime: start,
      endTime: end,
      allowMultiple: 1,
      scopes: [
        { scopeType: 'company', val: [c1.enterpriseId, c2.enterpriseId, c3.enterpriseId].join(',') },
        { scopeType: 'user', val: staff.userId },
      ],
      ...body,
    }),
  );
  await data(put(`${Q}/survey/enable?id=${made.id}`));
  return made as { id: string; title: string };
}

/** A survey with the six sheets submitted one after another; answers the sheets' ids in that order. */
async function answered(body: Record<string, unknown> = {}) {
  const s = await survey(body);
  const ids: string[] = [];
  for (const [i, values] of SHEETS.entries()) {
    const who = [c1, c2, c3][i % 3];
    ids.push((await data(post(`${Q}/survey-data/add`, { surveyId: s.id, data: values }, who.token))).id);
  }
  return { ...s, sheets: ids };
}

type Stats = {
  sheets: number;
  filtered?: number;
  total?: number;
  filters?: { field: string; value: string; label: string; valueLabel: string }[];
  questions: { name: string; answered: number; rate: number; [k: string]: unknown }[];
};
const stats = async (surveyId: string, filter?: string) =>
  (await data(
    get(`${Q}/survey/statistics?id=${surveyId}${filter === undefined ? '' : `&filter=${encodeURIComponent(filter)}`}`),
  )) as Stats;
const question = (s: Stats, name: string) => s.questions.find((q) => q.name === name)!;
const counts = (s: Stats, name: string) => (question(s, name).options as { count: number }[]).map((o) => o.count);

/** The export of a survey read back: headers, rows of values, and the answer's headers. */
async function exported(surveyId: string, query = '', lang?: string, token = admin) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${Q}/survey/export-data?id=${surveyId}${query}`,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return { headers, rows, sheetName: sheet.name, answer: res.headers, raw: res.rawPayload };
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  c1 = await companyAccount(server, 'qs_c1');
  c2 = await companyAccount(server, 'qs_c2');
  c3 = await companyAccount(server, 'qs_c3');
  staff = await staffRespondent(server, 'qs_staff');
  formId = (await data(post(`${Q}/form/submit`, { name: '统计用问卷', content: schemaText(FORM) }))).id;
  start = await dayFromNow(server, -1);
  end = await dayFromNow(server, 10);
});
afterAll(() => server.close());

describe('cross-filter', () => {
  let s: Awaited<ReturnType<typeof answered>>;
  beforeAll(async () => {
    s = await answered();
  });

  it('gives the statistics of the sheets that answered overall = a, as computed by hand', async () => {
    const f = await stats(s.id, 'overall:a');
    // Sheets 1, 2 and 5.
    expect(f).toMatchObject({ sheets: 3, filtered: 3, total: 6 });
    expect(f.filters).toEqual([{ field: 'overall', value: 'a', label: '总体满意度', valueLabel: '满意' }]);
    expect(question(f, 'overall')).toMatchObject({ answered: 3, rate: 1 });
    expect(counts(f, 'overall')).toEqual([3, 0, 0]);
    // p in all three, d in 1 and 5, m in 5; the "other" option never.
    expect(question(f, 'services')).toMatchObject({ answered: 3, rate: 1 });
    expect(question(f, 'services').options).toEqual([
      { value: 'p', label: '物业', count: 3, share: 1 },
      { value: 'd', label: '食堂', count: 2, share: 0.6667 },
      { value: 'm', label: '会议室', count: 1, share: 0.3333 },
      { value: 'o', label: '其他', count: 0, share: 0 },
    ]);
    // Stars 5 and 4; NPS 10, 9 (promoters) and 6 (a detractor): (2 - 1) / 3 = 33.3.
    expect(question(f, 'stars')).toMatchObject({ answered: 2, sum: 9, average: 4.5, rate: 0.6667 });
    expect(question(f, 'nps')).toMatchObject({
      answered: 3,
      average: 8.33,
      nps: { promoters: 2, passives: 0, detractors: 1, score: 33.3 },
    });
    expect(question(f, 'staff')).toMatchObject({ answered: 2, sum: 30, average: 15 });
    expect(question(f, 'advice')).toMatchObject({ answered: 3, rate: 1 });
    expect(question(f, 'grid').rows).toEqual([
      {
        value: 'env',
        label: '环境',
        answered: 3,
        options: [
          { value: 'good', label: '好', count: 2, share: 0.6667 },
          { value: 'bad', label: '差', count: 1, share: 0.3333 },
        ],
      },
      {
        value: 'sec',
        label: '安保',
        answered: 2,
        options: [
          { value: 'good', label: '好', count: 1, share: 0.5 },
          { value: 'bad', label: '差', count: 1, share: 0.5 },
        ],
      },
    ]);
    // Several columns a row: am in sheets 1 (coffee, tea) and 2 (coffee); pm in 1 (tea) and 5 (coffee).
    expect(question(f, 'drinks')).toMatchObject({ answered: 3 });
    expect(question(f, 'drinks').rows).toEqual([
      {
        value: 'am',
        label: '上午',
        answered: 2,
        options: [
          { value: 'cof', label: '咖啡', count: 2, share: 1 },
          { value: 'tea', label: '茶', count: 1, share: 0.5 },
        ],
      },
      {
        value: 'pm',
        label: '下午',
        answered: 2,
        options: [
          { value: 'cof', label: '咖啡', count: 1, share: 0.5 },
          { value: 'tea', label: '茶', count: 1, share: 0.5 },
        ],
      },
    ]);
    expect(question(f, 'rank').items).toEqual([
      { value: 'price', label: '价格', count: 1, averageRank: 1, score: 3 },
      { value: 'service', label: '服务', count: 1, averageRank: 2, score: 2 },
      { value: 'env', label: '环境', count: 1, averageRank: 3, score: 1 },
    ]);
  });

  it('ORs the answers of one question and ANDs the questions', async () => {
    // a or b: every sheet but the fourth.
    const either = await stats(s.id, 'overall:a,overall:b');
    expect(either.sheets).toBe(5);
    expect(counts(either, 'overall')).toEqual([3, 2, 0]);
    // m and 3 stars: the third sheet alone (the fifth chose m, but gave no stars).
    const both = await stats(s.id, 'services:m,stars:3');
    expect(both.sheets).toBe(1);
    expect(counts(both, 'overall')).toEqual([0, 1, 0]);
    expect(question(both, 'advice').answered).toBe(1);
    // A matrix cell: sec = bad in sheets 1 and 4; an NPS value; the parameter repeated.
    const grid = await stats(s.id, 'grid:sec=bad');
    expect(grid.sheets).toBe(2);
    expect(counts(grid, 'overall')).toEqual([1, 0, 1]);
    expect(grid.filters?.[0].valueLabel).toBe('安保: 差');
    expect((await stats(s.id, 'nps:10')).sheets).toBe(1);
    // A cell of a matrix of several columns a row: tea in the afternoon, sheets 1 and 6.
    const tea = await stats(s.id, 'drinks:pm=tea');
    expect(tea.sheets).toBe(2);
    expect(counts(tea, 'overall')).toEqual([1, 1, 0]);
    const repeated = await data(get(`${Q}/survey/statistics?id=${s.id}&filter=overall:b&filter=stars:2`));
    expect(repeated.sheets).toBe(1);
    // Nothing matches: every count is 0, no rate divides by zero.
    const none = await stats(s.id, 'overall:c,services:p');
    expect(none).toMatchObject({ sheets: 0, total: 6 });
    expect(none.questions.every((q) => q.answered === 0 && q.rate === 0)).toBe(true);
  });

  it('over every answer of a required question equals the statistics kept in the counters', async () => {
    const all = await stats(s.id, 'overall:a,overall:b,overall:c');
    const kept = await stats(s.id);
    expect(all.sheets).toBe(6);
    expect(all.questions).toEqual(kept.questions);
  });

  it('refuses an unknown question or answer, a question that cannot filter, and a malformed filter (400)', async () => {
    const bad = (filter: string, ...says: string[]) =>
      refused(get(`${Q}/survey/statistics?id=${s.id}&filter=${encodeURIComponent(filter)}`), 400, ...says);
    await bad('nosuch:a', '问卷中没有题目“nosuch”');
    await bad('overall:z', '题目“总体满意度”没有答案“z”');
    await bad('stars:6', '没有答案“6”');
    await bad('nps:11', '没有答案“11”');
    await bad('stars:1.5', '没有答案');
    await bad('grid:env', '没有答案“env”');
    await bad('grid:env=ok', '没有答案');
    await bad('advice:好', '不能用于交叉筛选');
    await bad('rank:price', '不能用于交叉筛选');
    await bad('overall', '格式');
    await bad(':a', '格式');
    await bad(Array.from({ length: 21 }, () => 'overall:a').join(','), '最多 20 个');
    const en = await server.call({
      method: 'GET',
      url: `${Q}/survey/statistics?id=${s.id}&filter=overall:z`,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'The question "总体满意度" has no answer "z"' });
    // A template's statistics sum surveys: a cross-filter reads one survey's sheets.
    const tpl = await data(post(`${Q}/template/submit`, { name: '交叉模板', content: schemaText(FORM) }));
    await refused(get(`${Q}/survey/statistics?templateId=${tpl.id}&filter=overall:a`), 400, '交叉筛选只能用于单个问卷');
    // A respondent reads no statistics, filtered or not.
    await refused(get(`${Q}/survey/statistics?id=${s.id}&filter=overall:a`, c1.token), 403);
  });
});

describe('free-text answers', () => {
  let s: Awaited<ReturnType<typeof answered>>;
  beforeAll(async () => {
    s = await answered();
  });

  it('are listed a page at a time, newest first, with who answered', async () => {
    const url = (q: string) => `${Q}/survey/answers?id=${s.id}&field=advice${q}`;
    const first = await data(get(url('&current=1&size=2')));
    expect(first).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    // Submitted in this order: 停车难, 食堂好, 网络慢, 会议室方便 (sheets 1, 2, 3, 5).
    expect(first.records.map((r: { value: string }) => r.value)).toEqual(['会议室方便', '网络慢']);
    expect(first.records[0]).toMatchObject({
      id: s.sheets[4],
      respondentName: '联系人qs_c2',
      enterpriseName: '企业qs_c2',
    });
    expect(first.records[0].submitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await data(get(url('&current=2&size=2')));
    expect(second.records.map((r: { value: string }) => r.value)).toEqual(['食堂好', '停车难']);
    expect((await data(get(url('&current=3&size=2')))).records).toEqual([]);
    // Narrowed by the cross-filter, and a choice's "other" text.
    const filtered = await data(get(url('&filter=overall:a')));
    expect(filtered.total).toBe(3);
    const other = await data(get(`${Q}/survey/answers?id=${s.id}&field=services:other`));
    expect(other.records.map((r: { value: string }) => r.value)).toEqual(['法律咨询']);
  });

  it('say nobody for an anonymous survey', async () => {
    const anonymous = await survey({ anonymous: 1 });
    await data(post(`${Q}/survey-data/add`, { surveyId: anonymous.id, data: SHEETS[0] }, c1.token));
    const page = await data(get(`${Q}/survey/answers?id=${anonymous.id}&field=advice`));
    expect(page.records).toEqual([
      expect.objectContaining({ value: '停车难', respondentName: null, enterpriseName: null }),
    ]);
  });

  it('refuse a question that is not text, a missing one, bad paging, and respondents', async () => {
    const base = `${Q}/survey/answers?id=${s.id}`;
    await refused(get(`${base}&field=overall`), 400, '“overall”不是问卷中的文本题');
    await refused(get(`${base}&field=nosuch`), 400, '不是问卷中的文本题');
    await refused(get(`${base}&field=stars:other`), 400, '不是问卷中的文本题');
    await refused(get(base), 400, '请选择题目');
    await refused(get(`${Q}/survey/answers?field=advice`), 400, '请选择问卷');
    await refused(get(`${base}&field=advice&size=0`), 400, '分页参数size必须是正整数');
    await refused(get(`${base}&field=advice&filter=overall:z`), 400, '没有答案');
    await refused(get(`${Q}/survey/answers?id=${formId}&field=advice`), 404);
    await refused(get(`${base}&field=advice`, c1.token), 403);
    const en = await server.call({
      method: 'GET',
      url: `${base}&field=overall`,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('"overall" is neither a text question of the questionnaire nor a choice\'s "other" text');
  });
});

describe('export of the answers', () => {
  let s: Awaited<ReturnType<typeof answered>>;
  beforeAll(async () => {
    s = await answered();
  });

  it('is a row per sheet and a column per question, choices as their labels', async () => {
    const book = await exported(s.id);
    expect(book.answer['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(String(book.answer['content-disposition']))).toContain(`${s.title}_答卷.xlsx`);
    // Streamed: no length known beforehand.
    expect(book.answer['content-length']).toBeUndefined();
    expect(book.sheetName).toBe(s.title);
    expect(book.headers).toEqual([
      '答卷编号',
      '提交时间',
      '填写人',
      '所属企业',
      '总体满意度',
      '使用过的服务',
      '使用过的服务（其他）',
      '评分',
      '推荐意愿',
      '员工人数',
      '建议',
      '各项评价 - 环境',
      '各项评价 - 安保',
      '重要性排序 - 价格',
      '重要性排序 - 服务',
      '重要性排序 - 环境',
      '饮品 - 上午',
      '饮品 - 下午',
    ]);
    expect(book.rows).toHaveLength(SHEETS.length);
    expect(book.rows.map((r) => r.答卷编号)).toEqual(s.sheets);
    const [first, , third, fourth] = book.rows;
    expect(first).toMatchObject({
      填写人: '联系人qs_c1',
      所属企业: '企业qs_c1',
      总体满意度: '满意',
      使用过的服务: '物业、食堂',
      评分: 5,
      推荐意愿: 10,
      员工人数: 10,
      建议: '停车难',
      '各项评价 - 环境': '好',
      '各项评价 - 安保': '差',
      '重要性排序 - 价格': 1,
      '重要性排序 - 服务': 2,
      '重要性排序 - 环境': 3,
      '饮品 - 上午': '咖啡、茶',
      '饮品 - 下午': '茶',
    });
    expect(first.提交时间).toBeInstanceOf(Date);
    expect(third).toMatchObject({ 使用过的服务: '会议室、其他', '使用过的服务（其他）': '法律咨询' });
    expect(fourth).toMatchObject({ 使用过的服务: null, '各项评价 - 环境': '差', '重要性排序 - 价格': null });
  });

  it('speaks the caller’s language, leaves out who answered an anonymous survey, and takes a cross-filter', async () => {
    const en = await exported(s.id, '', 'en');
    expect(en.headers.slice(0, 4)).toEqual(['Sheet', 'Submitted', 'Respondent', 'Enterprise']);
    expect(en.headers).toContain('使用过的服务 (其他)');
    expect(en.rows[0].使用过的服务).toBe('物业, 食堂');
    expect(decodeURIComponent(String(en.answer['content-disposition']))).toContain('_answers.xlsx');

    const anonymous = await survey({ anonymous: 1 });
    await data(post(`${Q}/survey-data/add`, { surveyId: anonymous.id, data: SHEETS[0] }, c1.token));
    const hidden = await exported(anonymous.id);
    expect(hidden.headers).not.toContain('填写人');
    expect(hidden.headers).not.toContain('所属企业');
    expect(hidden.rows).toHaveLength(1);

    const filtered = await exported(s.id, '&filter=overall:a');
    expect(filtered.rows.map((r) => r.答卷编号)).toEqual([s.sheets[0], s.sheets[1], s.sheets[4]]);
  });

  it('names the people and enterprises a sheet picked, and writes a table’s rows as lines', async () => {
    const picking = await data(
      post(`${Q}/form/submit`, {
        name: '选人问卷',
        content: schemaText({
          version: 1,
          fields: [
            { id: 'p1', type: 'user', name: 'contact', label: '联系人' },
            { id: 'p2', type: 'enterprise', name: 'partners', label: '合作企业', multiple: true },
            {
              id: 'p3',
              type: 'table',
              name: 'rooms',
              label: '房间',
              children: [
                { id: 'c1', type: 'input', name: 'no', label: '房号' },
                { id: 'c2', type: 'number', name: 'area', label: '面积' },
              ],
            },
          ],
        }),
      }),
    );
    const picked = await survey({ formId: picking.id });
    await data(
      post(
        `${Q}/survey-data/add`,
        {
          surveyId: picked.id,
          data: {
            contact: staff.userId,
            partners: [c2.enterpriseId, c3.enterpriseId],
            rooms: [
              { no: 'A101', area: 80 },
              { no: 'A102', area: 60 },
            ],
          },
        },
        c1.token,
      ),
    );
    const book = await exported(picked.id);
    expect(book.rows).toEqual([
      expect.objectContaining({
        联系人: '员工qs_staff',
        合作企业: '企业qs_c2、企业qs_c3',
        房间: '房号: A101; 面积: 80\n房号: A102; 面积: 60',
      }),
    ]);
  });

  it('reads the sheets in batches: every sheet once, in submit order, also where many share a second', async () => {
    const big = await survey();
    const [{ history }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ history: string }>('select form_history_id::text as history from qn_survey where id = $1', [big.id]),
    );
    // 2,500 sheets made by SQL, seven to a second: batches of 1,000 end in the middle of a second.
    const first = BigInt(nextId());
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query(
        `insert into qn_survey_data (id, tenant_id, survey_id, form_id, form_history_id, form_version, respondent_id,
                data, one_per_person, submit_time, status)
         select $1::bigint + g, '000000', $2, $3, $4, 1, $5, jsonb_build_object('overall', 'a', 'staff', g), 0,
                timestamp '2025-01-01 08:00:00' + make_interval(secs => g / 7), 1
           from generate_series(1, 2500) g`,
        [first.toString(), big.id, formId, history, c1.userId],
      ),
    );
    const book = await exported(big.id);
    expect(book.rows).toHaveLength(2500);
    expect(book.rows.map((r) => r.员工人数)).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(new Set(book.rows.map((r) => r.答卷编号)).size).toBe(2500);
    // Inline strings: no shared-strings table was kept while writing.
    expect(Buffer.from(book.raw).includes(Buffer.from('sharedStrings.xml'))).toBe(false);
  });

  it('is refused without a survey, for a respondent, and for a survey that is not there', async () => {
    await refused(get(`${Q}/survey/export-data`), 400, '请选择问卷');
    await refused(get(`${Q}/survey/export-data?id=abc`), 400, '编号无效');
    await refused(get(`${Q}/survey/export-data?id=${s.id}`, c1.token), 403);
    await refused(get(`${Q}/survey/export-data?id=${s.id}`, staff.token), 403);
    await refused(get(`${Q}/survey/export-data?id=${formId}`), 404);
    await refused(get(`${Q}/survey/export-data?id=${s.id}&filter=advice:x`), 400, '不能用于交叉筛选');
  });
});

it('runs on the database the run asked for', () => {
  expect(server.platform.db.kind).toBe(onPostgres ? 'postgres' : 'pglite');
});
