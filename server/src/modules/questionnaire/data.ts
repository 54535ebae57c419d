import { qnSurvey, qnSurveyData } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, objectBody, type Resource } from '../../resources/engine.ts';
import { announce } from '../message/inbox.ts';
import { idParam, mountCalls, paramsOf } from '../workflow/common.ts';
import { managesSurveys } from './members.ts';
import { recycleSheet, saveSheet, sheetConflict, uncountSheets, versionOf } from './sheets.ts';

/**
 * 问卷数据 (survey-data): the answer sheets. `add` (and the generic `submit`, which may name the caller's own draft
 * by `id`) saves the caller's sheet of a survey: `{ surveyId, data, draft }` (sheets.ts). The reads are every
 * sheet for those who run surveys, and the caller's own for a respondent; who answered is said (respondentName,
 * enterpriseName) except for an anonymous survey. `detail` carries the answers (`data`) and the version's form
 * (`content`). Removing a submitted sheet takes it out of the counters; 回收 (survey/recycleAnswerSheet) is here too.
 */
const MSG = {
  noSurvey: { zh: '请选择问卷', en: 'Please select the survey' },
  noSheet: { zh: '请选择答卷', en: 'Please select the sheet' },
  badDraft: { zh: 'draft 只能是 true/false 或 1/0', en: 'draft must be true/false or 1/0' },
  saved: { zh: '草稿已保存', en: 'The draft is saved' },
  submitted: { zh: '提交成功', en: 'Submitted' },
  recycled: { zh: '答卷已退回填写人', en: 'The sheet went back to its respondent' },
} as const;

function draftOf(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 0 || value === '0') {
    return false;
  }
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(MSG.badDraft);
}

export function registerSheets(app: FastifyInstance, platform: Platform): Resource {
  const sheets = createResource(platform, qnSurveyData, {
    async scope(where, caller) {
      where.and(`"survey_id" in (select id from ${qnSurvey.table} where is_deleted = 0)`);
      if (!(await managesSurveys(platform, caller))) where.and(`"respondent_id" = ${where.param(caller.userId)}`);
    },
    async afterRemove({ q, ids }) {
      await uncountSheets(q, ctx().tenantId, ids);
    },
  });
  const base = `/api/${qnSurveyData.api}`;

  /** Who answered each sheet (none for an anonymous survey) and its survey's title; with `full`, the answers and the form. */
  async function decorate(rows: Row[], full = false): Promise<Row[]> {
    if (!rows.length) return rows;
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, async (q) => {
      const facts = await q.query<{
        id: string;
        anonymous: number;
        title: string;
        respondentId: string;
        respondentName: string | null;
        enterpriseId: string | null;
        enterpriseName: string | null;
        historyId: string;
        data: unknown;
      }>(
        `select d.id::text as id, s.anonymous, s.title, d.respondent_id::text as "respondentId",
                coalesce(nullif(u.real_name, ''), u.name, u.account) as "respondentName",
                d.enterprise_id::text as "enterpriseId", e.enterprise_name as "enterpriseName",
                d.form_history_id::text as "historyId" ${full ? ', d.data' : ''}
           from ${qnSurveyData.table} d join ${qnSurvey.table} s on s.id = d.survey_id
           left join blade_user u on u.id = d.respondent_id
           left join crm_enterprise e on e.id = d.enterprise_id
          where d.tenant_id = $1 and d.id = any($2::bigint[])`,
        [tenantId, rows.map((r) => String(r.id))],
      );
      const byId = new Map(facts.map((f) => [f.id, f]));
      const out: Row[] = [];
      for (const r of rows) {
        const f = byId.get(String(r.id));
        if (!f) continue;
        const hidden = f.anonymous === 1;
        const row: Row = {
          ...r,
          surveyTitle: f.title,
          anonymous: f.anonymous,
          respondentId: hidden ? null : f.respondentId,
          respondentName: hidden ? null : f.respondentName,
          enterpriseId: hidden ? null : f.enterpriseId,
          enterpriseName: hidden ? null : f.enterpriseName,
        };
        if (full) {
          row.data = f.data;
          row.content = (await versionOf(q, tenantId, f.historyId)).content;
        }
        out.push(row);
      }
      return out;
    });
  }

  mountCalls(app, sheets, ['page', 'list'], (rows) => decorate(rows));
  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`${base}/detail`, { config: { title: '问卷数据详情' } }, async (req) => {
    const id = idParam(req.query.id, MSG.noSheet);
    const row = await sheets.detail(id);
    if (!row) throw notFound();
    return ok((await decorate([row], true))[0]);
  });
  mountCalls(app, sheets, ['remove']);

  /** The caller's sheet saved: a draft, or submitted. */
  const answer = async (body: Record<string, unknown>, own?: string) => {
    const caller = ctx();
    const surveyId = idParam(body.surveyId, MSG.noSurvey);
    const draft = draftOf(body.draft);
    const values = body.data === undefined ? {} : body.data;
    const saved = await platform.db
      .tx(caller.tenantId, (q) =>
        saveSheet(
          q,
          { tenantId: caller.tenantId, userId: caller.userId, deptId: caller.deptId || null },
          {
            surveyId,
            values,
            draft,
            sheetId: own,
          },
        ),
      )
      .catch((error) => {
        throw sheetConflict(error) ?? error;
      });
    const row = await sheets.detail(saved.id);
    return ok(row ? (await decorate([row], true))[0] : saved, draft ? MSG.saved : MSG.submitted);
  };
  type B = { Body: unknown };
  app.post<B>(`${base}/add`, { config: { title: '问卷数据新增' } }, async (req) => answer(objectBody(req.body)));
  app.post<B>(`${base}/submit`, { config: { title: '问卷数据提交' } }, async (req) => {
    const body = objectBody(req.body);
    const own = body.id === undefined || body.id === null || body.id === '' ? undefined : idParam(body.id, MSG.noSheet);
    return answer(body, own);
  });

  // 回收: a submitted sheet back to its respondent as a draft (sheets.ts recycleSheet).
  app.post(
    `/api/${qnSurvey.api}/recycleAnswerSheet`,
    { config: { title: '问卷调查回收答卷', button: `${qnSurvey.key}_edit` } },
    async (req) => {
      const id = idParam(paramsOf(req).id, MSG.noSheet);
      const caller = ctx();
      const [visible] = await sheets.visibleIds([id]);
      if (!visible || !(await managesSurveys(platform, caller))) throw notFound();
      const { sent } = await platform.db
        .tx(caller.tenantId, (q) =>
          recycleSheet(q, { tenantId: caller.tenantId, userId: caller.userId, deptId: caller.deptId || null }, id),
        )
        .catch((error) => {
          throw sheetConflict(error, true) ?? error;
        });
      await announce(platform.push, caller.tenantId, sent);
      const row = await sheets.detail(id);
      return ok(row ? (await decorate([row]))[0] : null, MSG.recycled);
    },
  );
  return sheets;
}
