import { afterAll, beforeAll, expect, it } from 'vitest';
import { counters, countsFromSheets } from '../src/modules/questionnaire/counters.ts';
import { versionOf } from '../src/modules/questionnaire/sheets.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { DEMO_PASSWORD } from '../src/seed/crm-demo.ts';
import { DEMO_SHEETS } from '../src/seed/questionnaire-demo.ts';
import { login, startServer, type TestServer } from './harness.ts';
import { calls, data, Q } from './questionnaire-kit.ts';

/**
 * The demo questionnaires (seed/questionnaire-demo.ts): a satisfaction survey answered three dozen times by the
 * demo enterprises' company accounts through the module's own functions, whose counters agree with a recompute;
 * the company accounts were told and find it in their list, with one draft to come back to; a template and a
 * research project beside it.
 */
let server: TestServer;
let admin: string;
const { get } = calls(
  () => server,
  () => admin,
);
const SURVEY = '190000000000320041';

beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

it('holds a satisfaction survey with a few hundred answers whose counters agree with the sheets', async () => {
  const report = await data(get(`${Q}/survey/report?id=${SURVEY}`));
  expect(report.survey).toMatchObject({ title: '2025年第二季度园区企业满意度调查', status: 1, phase: 'ongoing' });
  expect(report.facts).toMatchObject({
    responses: DEMO_SHEETS,
    respondents: 3,
    drafts: 1,
    members: 3,
    responseRate: 1,
  });
  expect(report.facts.daily.length).toBeGreaterThan(10);
  const overall = report.statistics.questions.find((q: { name: string }) => q.name === 'overall');
  expect(overall.answered).toBe(DEMO_SHEETS);
  expect(overall.options.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(DEMO_SHEETS);
  const recommend = report.statistics.questions.find((q: { name: string }) => q.name === 'recommend');
  expect(recommend.nps.score).not.toBeNull();

  const { kept, recomputed } = await server.platform.db.scoped(ALL_TENANTS, async (q) => {
    const [row] = await q.query<{ h: string }>('select form_history_id::text as h from qn_survey where id = $1', [
      SURVEY,
    ]);
    const version = await versionOf(q, '000000', row.h);
    return {
      kept: await counters(q, '000000', [SURVEY]),
      recomputed: await countsFromSheets(q, '000000', SURVEY, version.questions),
    };
  });
  expect(kept).toEqual(recomputed);
});

it('was sent to the company accounts, who find it in their list and one of them its draft', async () => {
  const xinghe = await login(server, 'xinghe', DEMO_PASSWORD, '000000', 'web');
  const inbox = await data(get('/api/blade-message/message/my/list?current=1&size=50', xinghe));
  expect(inbox.records.map((m: { title: string }) => m.title)).toContain('问卷调查：2025年第二季度园区企业满意度调查');
  const list = await data(get(`${Q}/survey/page?current=1&size=10`, xinghe));
  expect(list.records.map((r: { id: string }) => r.id)).toEqual([SURVEY]);
  const browse = await data(get(`${Q}/survey/browse?id=${SURVEY}`, xinghe));
  expect(browse).toMatchObject({ answerable: true, mySubmitted: DEMO_SHEETS / 3 });
  const mine = await data(get(`${Q}/survey-data/page?surveyId=${SURVEY}&current=1&size=100`, xinghe));
  expect(mine.total).toBe(DEMO_SHEETS / 3 + (browse.draft ? 1 : 0));
});

it('keeps a template and a research project beside it', async () => {
  const templates = await data(get(`${Q}/template/page`));
  expect(templates.records.map((r: { name: string }) => r.name)).toEqual(['季度满意度调查模板', '企业需求调研模板']);
  const research = await data(get(`${Q}/research/page`));
  expect(research.records[0]).toMatchObject({ name: '2025年度入驻企业发展需求调研', leader: '园区运营中心' });
});
