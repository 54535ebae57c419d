import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, countsFromSheets, recomputeCounters } from '../src/modules/questionnaire/counters.ts';
import { versionOf } from '../src/modules/questionnaire/sheets.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { login, onPostgres, startServer, type TestServer } from './harness.ts';
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
 * Surveys and their answers (blade-questionnaire survey, survey-scope, survey-data; issue 32): a survey keeps the
 * form version it was made from; enabling it needs a scope and tells its members, who find it in their list;
 * answers are checked on the server against their version and refused outside the period, the scope, a disabled
 * survey, and a second time for one person when the survey takes one (the database's unique index, also under
 * concurrent submits); drafts are saved and submitted later; recycling sends a sheet back; the counters equal a
 * recompute from the sheets and the statistics match hand-computed figures. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL (where the concurrent submits really run at once).
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
let outsider: Person;
let staff: Person;
let formId: string;
let start: string;
let end: string;

const answers = (overall: string, more: Record<string, unknown> = {}) => ({ overall, ...more });

/** A survey of the form, its scope the three enterprises and the staff member, enabled unless asked not to be. */
async function survey(body: Record<string, unknown> = {}, enable = true) {
  const made = await data(
    post(`${Q}/survey/add`, {
      title: `问卷${nextId().slice(-6)}`,
      formId,
      startTime: start,
      endTime: end,
      scopes: [
        { scopeType: 'company', val: [c1.enterpriseId, c2.enterpriseId, c3.enterpriseId].join(',') },
        { scopeType: 'user', val: staff.userId },
      ],
      ...body,
    }),
  );
  if (enable) await data(put(`${Q}/survey/enable?id=${made.id}`));
  return made;
}

const add = (surveyId: string, values: unknown, who: Person, draft?: boolean) =>
  post(`${Q}/survey-data/add`, { surveyId, data: values, ...(draft === undefined ? {} : { draft }) }, who.token);

/** The survey's counters, and what a recompute from its sheets gives. */
async function countersAndRecompute(surveyId: string) {
  return server.platform.db.scoped(ALL_TENANTS, async (q) => {
    const [row] = await q.query<{ h: string }>('select form_history_id::text as h from qn_survey where id = $1', [
      surveyId,
    ]);
    const version = await versionOf(q, '000000', row.h);
    return {
      kept: await counters(q, '000000', [surveyId]),
      recomputed: await countsFromSheets(q, '000000', surveyId, version.questions),
    };
  });
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  c1 = await companyAccount(server, 'qn_c1');
  c2 = await companyAccount(server, 'qn_c2');
  c3 = await companyAccount(server, 'qn_c3');
  outsider = await companyAccount(server, 'qn_c4');
  staff = await staffRespondent(server, 'qn_staff');
  formId = (await data(post(`${Q}/form/submit`, { name: '园区满意度', content: schemaText() }))).id;
  start = await dayFromNow(server, -1);
  end = await dayFromNow(server, 10);
});
afterAll(() => server.close());

describe('making a survey', () => {
  it("takes the form's main version and keeps it when the form is saved again", async () => {
    const s = await survey({}, false);
    expect(s).toMatchObject({ formId, formVersion: 1, status: 0, phase: 'ongoing', answerCount: 0 });
    await data(post(`${Q}/form/submit`, { id: formId, content: schemaText({ version: 1, fields: [] }) }));
    const detail = await data(get(`${Q}/survey/detail?id=${s.id}`));
    expect(detail.formVersion).toBe(1);
    expect(JSON.parse(detail.content)).toEqual(SATISFACTION);
    expect(detail.scopes.map((r: { scopeType: string }) => r.scopeType)).toEqual(['company', 'user']);
    expect(detail.scopes[1].text).toBe('员工qn_staff');
    // A new survey takes version 2 now; version 1 again once it is the main one.
    expect((await survey({}, false)).formVersion).toBe(2);
    const history = await data(get(`${Q}/form/history/list?formId=${formId}`));
    await data(post(`${Q}/form/history/setMainVersion?id=${history.records[1].id}`));
    expect((await survey({}, false)).formVersion).toBe(1);
  });

  it('is refused without a form or template, with both, from a deactivated form, or ending before it starts', async () => {
    await refused(
      post(`${Q}/survey/add`, { title: 't', startTime: start, endTime: end }),
      400,
      '请选择问卷表单或问卷模板',
    );
    const off = await data(post(`${Q}/form/submit`, { name: '停用的', content: schemaText() }));
    await data(put(`${Q}/form/deactivate?ids=${off.id}`));
    await refused(
      post(`${Q}/survey/add`, { title: 't', formId: off.id, startTime: start, endTime: end }),
      400,
      '所选问卷表单已停用',
    );
    const empty = await data(post(`${Q}/form/submit`, { name: '无版本' }));
    await refused(
      post(`${Q}/survey/add`, { title: 't', formId: empty.id, startTime: start, endTime: end }),
      400,
      '还没有保存的版本',
    );
    await refused(post(`${Q}/survey/add`, { title: 't', formId, startTime: end, endTime: start }), 400, '结束时间');
    const en = await post(`${Q}/survey/add`, { title: 't', formId, startTime: end, endTime: start }, admin, 'en');
    expect(en.body.msg).toBe('The end must be after the start');
    const tpl = await data(post(`${Q}/template/submit`, { name: 'T', content: schemaText() }));
    await refused(
      post(`${Q}/survey/add`, { title: 't', formId, templateId: tpl.id, startTime: start, endTime: end }),
      400,
      '问卷只能由一个问卷表单或一个问卷模板生成',
    );
    await refused(post(`${Q}/survey/add`, { id: '1', title: 't', formId }), 400, '新增时不能指定编号');
  });

  it('from a template makes the template a form of its own (version 1)', async () => {
    const tpl = await data(post(`${Q}/template/submit`, { name: '季度模板', content: schemaText() }));
    const s = await survey({ formId: undefined, templateId: tpl.id, title: '二季度满意度' }, false);
    expect(s.formId).not.toBe(formId);
    expect(s).toMatchObject({ templateId: tpl.id, formVersion: 1 });
    const form = await data(get(`${Q}/form/detail?id=${s.formId}`));
    expect(form).toMatchObject({ name: '二季度满意度', version: 1, status: 1 });
  });
});

describe('enabling a survey', () => {
  it('needs a scope, tells its members, who find it in their list; others do not see it', async () => {
    const bare = await data(post(`${Q}/survey/add`, { title: '无范围', formId, startTime: start, endTime: end }));
    await refused(put(`${Q}/survey/enable?id=${bare.id}`), 400, '请先设置问卷范围');

    const s = await survey({ title: '通知测试' }, false);
    const enabled = await put(`${Q}/survey/enable?id=${s.id}`);
    expect(enabled.body).toMatchObject({ code: 200, msg: '问卷已启用，已通知 4 人' });
    expect((await data(get(`${Q}/survey/detail?id=${s.id}`))).status).toBe(1);
    for (const who of [c1, c2, c3, staff]) {
      const inbox = await data(get('/api/blade-message/message/my/list?current=1&size=50', who.token));
      expect(inbox.records.map((m: { title: string }) => m.title)).toContain('问卷调查：通知测试');
    }
    const theirs = await data(get(`${Q}/survey/page?current=1&size=100`, c1.token));
    expect(theirs.records.map((r: { id: string }) => r.id)).toContain(s.id);
    expect(theirs.records.every((r: { status: number }) => r.status === 1)).toBe(true);
    const staffs = await data(get(`${Q}/survey/page?mine=1&current=1&size=100`, staff.token));
    expect(staffs.records.map((r: { id: string }) => r.id)).toContain(s.id);
    const none = await data(get(`${Q}/survey/page?current=1&size=100`, outsider.token));
    expect(none.records.map((r: { id: string }) => r.id)).not.toContain(s.id);
    await refused(get(`${Q}/survey/detail?id=${s.id}`, outsider.token), 404);
    // Not enabled: not in anyone's list but those who run surveys.
    expect(theirs.records.map((r: { id: string }) => r.id)).not.toContain(bare.id);
    expect((await data(get(`${Q}/survey/page?current=1&size=200`))).records.map((r: { id: string }) => r.id)).toContain(
      bare.id,
    );
    // A company account answers; it never reads the design, the statistics or the scopes.
    await refused(get(`${Q}/form/page`, c1.token), 403);
    await refused(get(`${Q}/survey/statistics?id=${s.id}`, c1.token), 403);
    await refused(get(`${Q}/survey-scope/page`, c1.token), 403);
    await refused(get(`${Q}/survey/statistics?id=${s.id}`, staff.token), 403);

    // A scope widened while enabled tells the new members only.
    const late = await companyAccount(server, 'qn_c5');
    await data(
      post(`${Q}/survey-scope/submit`, {
        surveyId: s.id,
        scopes: [
          {
            scopeType: 'company',
            val: [c1.enterpriseId, c2.enterpriseId, c3.enterpriseId, late.enterpriseId].join(','),
          },
          { scopeType: 'user', val: staff.userId },
        ],
      }),
    );
    const lateInbox = await data(get('/api/blade-message/message/my/list?current=1&size=50', late.token));
    expect(lateInbox.records.map((m: { title: string }) => m.title)).toEqual(['问卷调查：通知测试']);
    const c1Inbox = await data(get('/api/blade-message/message/my/list?current=1&size=50', c1.token));
    expect(c1Inbox.records.filter((m: { title: string }) => m.title === '问卷调查：通知测试')).toHaveLength(1);
  });
});

describe('answering', () => {
  it('is checked against the form version on the server', async () => {
    const s = await survey();
    await refused(add(s.id, {}, c1), 400, '请填写总体满意度');
    await refused(add(s.id, answers('zz'), c1), 400, '总体满意度');
    await refused(add(s.id, answers('a', { stars: 9 }), c1), 400, '评分');
    await refused(add(s.id, 'text', c1), 400, '答卷内容必须是对象');
    const en = await post(`${Q}/survey-data/add`, { surveyId: s.id, data: {} }, c1.token, 'en');
    // The label is the form's own (a form is designed in one language); the words around it are the caller's.
    expect(en.body).toMatchObject({ code: 400, msg: '总体满意度 is required' });
    const sheet = await data(add(s.id, answers('a', { services: ['p', 'd'], stars: 4, unknown: 'dropped' }), c1));
    expect(sheet).toMatchObject({ status: 1, formVersion: s.formVersion, surveyId: s.id });
    expect(sheet.data).toEqual({ overall: 'a', services: ['p', 'd'], stars: 4 });
  });

  it('refuses answers the database could not hold, before any query', async () => {
    const s = await survey();
    await refused(add(s.id, { overall: 'a', advice: 'x\uD800y' }, c1), 400, '无效的字符');
    let deep: unknown = 'x';
    for (let i = 0; i < 30; i++) deep = { deep };
    await refused(add(s.id, { advice: deep }, c1, true), 400, '嵌套过深');
    await refused(add(s.id, { advice: 'x'.repeat(300_000) }, c1, true), 400, '答卷内容过大');
    await refused(post(`${Q}/survey-data/add`, { surveyId: s.id, data: {}, draft: 'maybe' }, c1.token), 400, 'draft');
    await refused(post(`${Q}/survey-data/add`, { surveyId: 'x', data: {} }, c1.token), 400, '编号无效');
    await refused(post(`${Q}/survey-data/add`, { data: {} }, c1.token), 400, '请选择问卷');
    await refused(post(`${Q}/survey-data/add`, { surveyId: '123456', data: {} }, c1.token), 404);
    // A draft keeps whatever shape its fields hold until it is submitted, where the validator judges it.
    const draft = await data(add(s.id, { overall: { odd: [1, { two: 2 }] }, staff: 1e308 }, c1, true));
    expect(draft.data).toEqual({ overall: { odd: [1, { two: 2 }] }, staff: 1e308 });
    await refused(post(`${Q}/survey-data/submit`, { id: draft.id, surveyId: s.id, data: draft.data }, c1.token), 400);
    const big = await data(
      post(`${Q}/survey-data/submit`, { id: draft.id, surveyId: s.id, data: { overall: 'a', staff: 1e21 } }, c1.token),
    );
    expect(big.data.staff).toBe(1e21);
    const stats = await data(get(`${Q}/survey/statistics?id=${s.id}`));
    expect(stats.questions.find((q: { name: string }) => q.name === 'staff')).toMatchObject({
      sum: 1e21,
      average: 1e21,
    });
  });

  it('is refused outside the scope, before the start, after the end, and while deactivated', async () => {
    const s = await survey();
    await refused(add(s.id, answers('a'), outsider), 400, '您不在该问卷的调查范围内');
    const later = await survey({ startTime: await dayFromNow(server, 2) });
    await refused(add(later.id, answers('a'), c1), 400, '该问卷尚未开始');
    const over = await survey();
    await data(
      post(`${Q}/survey/update`, {
        id: over.id,
        startTime: await dayFromNow(server, -3),
        endTime: await dayFromNow(server, -1),
      }),
    );
    await refused(add(over.id, answers('a'), c1), 400, '该问卷已结束');
    await data(put(`${Q}/survey/deactivate?id=${s.id}`));
    await refused(add(s.id, answers('a'), c1), 400, '该问卷未启用或已停用');
    const en = await post(`${Q}/survey-data/add`, { surveyId: s.id, data: answers('a') }, c1.token, 'en');
    expect(en.body.msg).toBe('This survey is not open: it is not enabled or was deactivated');
    await data(put(`${Q}/survey/enable?id=${s.id}`));
    await data(add(s.id, answers('a'), c1));
  });

  it('takes one sheet per person where the survey says so, several where it allows them', async () => {
    const once = await survey();
    await data(add(once.id, answers('a'), c2));
    await refused(add(once.id, answers('b'), c2), 400, '您已提交过该问卷');
    await refused(add(once.id, answers('b'), c2, true), 400, '您已提交过该问卷');
    const browse = await data(get(`${Q}/survey/browse?id=${once.id}`, c2.token));
    expect(browse).toMatchObject({ answerable: false, reason: '您已提交过该问卷，不能重复提交', mySubmitted: 1 });

    const many = await survey({ allowMultiple: 1 });
    for (const v of ['a', 'b', 'c']) await data(add(many.id, answers(v), c2));
    expect((await data(get(`${Q}/survey/browse?id=${many.id}`, c2.token))).answerable).toBe(true);
    expect((await data(get(`${Q}/survey/detail?id=${many.id}`))).answerCount).toBe(3);
  });

  it('keeps one sheet per person in the database itself: a second row is refused by its unique index', async () => {
    const s = await survey();
    const sheet = await data(add(s.id, answers('a'), c3));
    const copy = server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query(
        `insert into qn_survey_data (id, tenant_id, survey_id, form_id, form_history_id, form_version, respondent_id,
                data, one_per_person, status)
         select $2, tenant_id, survey_id, form_id, form_history_id, form_version, respondent_id, data, 1, 1
           from qn_survey_data where id = $1`,
        [sheet.id, nextId()],
      ),
    );
    await expect(copy).rejects.toMatchObject({ code: '23505' });
  });

  it('lands exactly one of many concurrent submits by one person', async () => {
    const s = await survey();
    const rush = await Promise.all(Array.from({ length: 12 }, (_, i) => add(s.id, answers(i % 2 ? 'a' : 'b'), c1)));
    expect(rush.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of rush.filter((r) => r.status !== 200)) {
      expect(r.body).toMatchObject({ code: 400, msg: '您已提交过该问卷，不能重复提交' });
    }
    const [{ n }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: string }>('select count(*) as n from qn_survey_data where survey_id = $1 and is_deleted = 0', [
        s.id,
      ]),
    );
    expect(Number(n)).toBe(1);
    const { kept, recomputed } = await countersAndRecompute(s.id);
    expect(kept).toEqual(recomputed);
    expect(kept.find((r) => r.question === '')?.count).toBe(1);
  });

  it('saves a draft to come back to, and submits it later as the same sheet', async () => {
    const s = await survey();
    const draft = await data(add(s.id, { advice: '先写一半' }, staff, true));
    expect(draft).toMatchObject({ status: 0, submitTime: null });
    const again = await data(add(s.id, { advice: '再写一点', stars: 3 }, staff, true));
    expect(again.id).toBe(draft.id);
    const browse = await data(get(`${Q}/survey/browse?id=${s.id}`, staff.token));
    expect(browse).toMatchObject({ answerable: true, myDraftId: draft.id });
    expect(browse.draft).toMatchObject({ id: draft.id, data: { advice: '再写一点', stars: 3 } });
    expect(JSON.parse(browse.content)).toEqual(SATISFACTION);
    // A draft counts for nothing; a submit checks it whole.
    expect((await data(get(`${Q}/survey/detail?id=${s.id}`))).answerCount).toBe(0);
    await refused(
      post(`${Q}/survey-data/submit`, { id: draft.id, surveyId: s.id, data: { advice: 'x' } }, staff.token),
      400,
      '请填写总体满意度',
    );
    const done = await data(
      post(
        `${Q}/survey-data/submit`,
        { id: draft.id, surveyId: s.id, data: answers('b', { advice: '写完了' }) },
        staff.token,
      ),
    );
    expect(done).toMatchObject({ id: draft.id, status: 1 });
    expect(done.submitTime).toBeTruthy();
    // Someone else's draft is not theirs to continue.
    await refused(
      post(`${Q}/survey-data/submit`, { id: draft.id, surveyId: s.id, data: answers('a') }, c1.token),
      400,
      '只能继续填写自己未提交的草稿',
    );
    // The respondent reads their own sheets only; those who run surveys read every one, with who answered.
    const mine = await data(get(`${Q}/survey-data/page?surveyId=${s.id}`, staff.token));
    expect(mine.records.map((r: { id: string }) => r.id)).toEqual([draft.id]);
    await data(add(s.id, answers('a'), c1));
    expect((await data(get(`${Q}/survey-data/page?surveyId=${s.id}`, staff.token))).total).toBe(1);
    const all = await data(get(`${Q}/survey-data/page?surveyId=${s.id}`));
    expect(all.total).toBe(2);
    expect(all.records.map((r: { respondentName: string }) => r.respondentName).sort()).toEqual([
      '员工qn_staff',
      '联系人qn_c1',
    ]);
    expect(all.records.find((r: { enterpriseName: string }) => r.enterpriseName)?.enterpriseName).toBe('企业qn_c1');
  });

  it('hides who answered an anonymous survey from every read', async () => {
    const s = await survey({ anonymous: 1 });
    const sheet = await data(add(s.id, answers('a'), c1));
    const rows = await data(get(`${Q}/survey-data/page?surveyId=${s.id}`));
    expect(rows.records[0]).toMatchObject({
      id: sheet.id,
      respondentId: null,
      respondentName: null,
      enterpriseName: null,
    });
    expect(rows.records[0].createUser ?? null).toBeNull();
    const detail = await data(get(`${Q}/survey-data/detail?id=${sheet.id}`));
    expect(detail).toMatchObject({ respondentName: null, createUser: null, data: { overall: 'a' } });
    await refused(post(`${Q}/survey/update`, { id: s.id, anonymous: 0 }), 400, '问卷已有答卷');
  });
});

describe('statistics', () => {
  const sheets = [
    answers('a', {
      services: ['p', 'd'],
      stars: 5,
      nps: 10,
      staff: 10,
      grid: { env: 'good', sec: 'bad' },
      rank: ['price', 'service', 'env'],
    }),
    answers('a', {
      services: ['p'],
      stars: 4,
      nps: 9,
      staff: 20,
      grid: { env: 'good' },
      rank: ['service', 'price', 'env'],
    }),
    answers('b', { services: ['m'], stars: 3, nps: 7, advice: '好' }),
    answers('c', { stars: 1, nps: 3, staff: 30 }),
    answers('a', { services: ['p', 'd', 'm'], nps: 6, grid: { env: 'bad', sec: 'bad' } }),
    answers('b', { stars: 2 }),
  ];

  it('are the counters, kept with every submit, recycle and removal, equal to a recompute from the sheets', async () => {
    const s = await survey({ allowMultiple: 1 });
    const made = [];
    for (const [i, values] of sheets.entries()) made.push(await data(add(s.id, values, [c1, c2, c3][i % 3])));
    const stats = await data(get(`${Q}/survey/statistics?id=${s.id}`));
    expect(stats.sheets).toBe(6);
    const q = (name: string) => stats.questions.find((x: { name: string }) => x.name === name);
    expect(q('overall')).toMatchObject({ answered: 6, rate: 1 });
    expect(q('overall').options).toEqual([
      { value: 'a', label: '满意', count: 3, share: 0.5 },
      { value: 'b', label: '一般', count: 2, share: 0.3333 },
      { value: 'c', label: '不满意', count: 1, share: 0.1667 },
    ]);
    expect(q('services')).toMatchObject({ answered: 4, rate: 0.6667 });
    expect(q('services').options.map((o: { count: number }) => o.count)).toEqual([3, 2, 2]);
    expect(q('services').options[0].share).toBe(0.75);
    // Ratings: 5 + 4 + 3 + 1 + 2 = 15 over 5 answers.
    expect(q('stars')).toMatchObject({ answered: 5, sum: 15, average: 3 });
    expect(q('stars').options.map((o: { value: string; count: number }) => [o.value, o.count])).toEqual([
      ['1', 1],
      ['2', 1],
      ['3', 1],
      ['4', 1],
      ['5', 1],
    ]);
    // NPS: promoters 10, 9; passives 7; detractors 3, 6: (2 - 2) / 5 = 0.
    expect(q('nps')).toMatchObject({
      answered: 5,
      average: 7,
      nps: { promoters: 2, passives: 1, detractors: 2, score: 0 },
    });
    expect(q('staff')).toMatchObject({ answered: 3, sum: 60, average: 20 });
    expect(q('advice')).toMatchObject({ answered: 1, rate: 0.1667 });
    expect(q('grid').answered).toBe(3);
    expect(q('grid').rows).toEqual([
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
          { value: 'good', label: '好', count: 0, share: 0 },
          { value: 'bad', label: '差', count: 2, share: 1 },
        ],
      },
    ]);
    // Ranking: price 1st and 2nd (average 1.5), service 2nd and 1st, env 3rd twice; Borda 3-2-1 over 2 answers.
    expect(q('rank').items).toEqual([
      { value: 'price', label: '价格', count: 2, averageRank: 1.5, score: 2.5 },
      { value: 'service', label: '服务', count: 2, averageRank: 1.5, score: 2.5 },
      { value: 'env', label: '环境', count: 2, averageRank: 3, score: 1 },
    ]);
    let { kept, recomputed } = await countersAndRecompute(s.id);
    expect(kept).toEqual(recomputed);

    // Recycled (回收): back to its respondent as a draft, out of the counters, and the respondent is told.
    const first = made[0];
    const recycled = await data(post(`${Q}/survey/recycleAnswerSheet?id=${first.id}`));
    expect(recycled).toMatchObject({ id: first.id, status: 0 });
    const inbox = await data(get('/api/blade-message/message/my/list?current=1&size=50', c1.token));
    expect(inbox.records.map((m: { title: string }) => m.title)).toContain(`问卷「${s.title}」的答卷已退回`);
    await refused(post(`${Q}/survey/recycleAnswerSheet?id=${first.id}`), 400, '只能回收已提交的答卷');
    // The respondent (c1, sheets 0 and 3) has that draft open: a second recycle of theirs is refused.
    await refused(post(`${Q}/survey/recycleAnswerSheet?id=${made[3].id}`), 400, '已有一份未提交的草稿');
    const after = await data(get(`${Q}/survey/statistics?id=${s.id}`));
    expect(after.sheets).toBe(5);
    expect(after.questions[0].options.map((o: { count: number }) => o.count)).toEqual([2, 2, 1]);
    // Removed: out of the counters too.
    await data(post(`${Q}/survey-data/remove?ids=${made[1].id}`));
    ({ kept, recomputed } = await countersAndRecompute(s.id));
    expect(kept).toEqual(recomputed);
    expect(kept.find((r) => r.question === '')?.count).toBe(4);
    // The draft submitted again counts again.
    await data(post(`${Q}/survey-data/submit`, { id: first.id, surveyId: s.id, data: answers('c') }, c1.token));
    ({ kept, recomputed } = await countersAndRecompute(s.id));
    expect(kept).toEqual(recomputed);
    expect(
      (await data(get(`${Q}/survey/statistics?id=${s.id}`))).questions[0].options.map(
        (o: { count: number }) => o.count,
      ),
    ).toEqual([1, 2, 2]);
  });

  it('agree with a recompute after many concurrent submits by many people', async () => {
    const s = await survey({ allowMultiple: 1 });
    const people = [c1, c2, c3, staff];
    const rush = await Promise.all(
      Array.from({ length: 40 }, (_, i) => add(s.id, sheets[i % sheets.length], people[i % people.length])),
    );
    expect(rush.map((r) => r.status)).toEqual(Array(40).fill(200));
    const { kept, recomputed } = await countersAndRecompute(s.id);
    expect(kept).toEqual(recomputed);
    expect(kept.find((r) => r.question === '')?.count).toBe(40);
    const stats = await data(get(`${Q}/survey/statistics?id=${s.id}`));
    expect(stats.questions[0].options.map((o: { count: number }) => o.count)).toEqual([20, 13, 7]);

    // Counters gone wrong (a write that missed them) are rebuilt from the sheets by the recompute.
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query(`update qn_survey_counter set count = count + 5 where survey_id = $1 and question = 'overall'`, [s.id]),
    );
    expect((await countersAndRecompute(s.id)).kept).not.toEqual(recomputed);
    const written = await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const [row] = await q.query<{ h: string }>('select form_history_id::text as h from qn_survey where id = $1', [
        s.id,
      ]);
      return recomputeCounters(q, '000000', s.id, (await versionOf(q, '000000', row.h)).questions);
    });
    expect(written).toBe(recomputed.length);
    expect((await countersAndRecompute(s.id)).kept).toEqual(recomputed);
  });

  it('of a template sum its surveys; a report adds the facts and the response rate', async () => {
    const tpl = await data(post(`${Q}/template/submit`, { name: '汇总模板', content: schemaText() }));
    const one = await survey({ formId: undefined, templateId: tpl.id, title: '一季度' });
    const two = await survey({ formId: undefined, templateId: tpl.id, title: '二季度' });
    await data(add(one.id, answers('a'), c1));
    await data(add(one.id, answers('b'), c2));
    await data(add(two.id, answers('a'), c1));
    const summed = await data(get(`${Q}/survey/statistics?templateId=${tpl.id}`));
    expect(summed).toMatchObject({ templateId: tpl.id, sheets: 3 });
    expect(summed.surveys.sort()).toEqual([one.id, two.id].sort());
    expect(summed.questions[0].options.map((o: { count: number }) => o.count)).toEqual([2, 1, 0]);
    await refused(get(`${Q}/survey/statistics?id=${formId}&templateId=${tpl.id}`), 404);
    const other = await survey();
    await refused(get(`${Q}/survey/statistics?id=${other.id}&templateId=${tpl.id}`), 400, '不是由所选模板生成的');
    await refused(get(`${Q}/survey/statistics`), 400, '请选择问卷或问卷模板');

    await data(add(one.id, { advice: '草稿' }, staff, true));
    const report = await data(get(`${Q}/survey/report?id=${one.id}`));
    expect(report.survey).toMatchObject({ id: one.id, title: '一季度', answerCount: 2 });
    expect(report.facts).toMatchObject({
      responses: 2,
      respondents: 2,
      drafts: 1,
      members: 4,
      answeredMembers: 2,
      responseRate: 0.5,
    });
    expect(report.facts.daily).toHaveLength(1);
    expect(report.facts.daily[0].count).toBe(2);
    expect(report.statistics.sheets).toBe(2);
  });
});

describe('removing a survey', () => {
  it('is refused while it is enabled', async () => {
    const s = await survey();
    await refused(post(`${Q}/survey/remove?ids=${s.id}`), 400, '请先停用问卷');
    await data(put(`${Q}/survey/deactivate?id=${s.id}`));
    await data(post(`${Q}/survey/remove?ids=${s.id}`));
    await refused(get(`${Q}/survey/detail?id=${s.id}`), 404);
  });
});

it('runs on the database the run asked for', () => {
  expect(server.platform.db.kind).toBe(onPostgres ? 'postgres' : 'pglite');
});
