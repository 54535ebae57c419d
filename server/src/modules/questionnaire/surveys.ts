import { qnForm, qnSurvey, qnSurveyData, qnSurveyScope, qnTemplate, SHEET_STATUS } from '@park/catalog';
import type { FormSchema } from '@park/catalog/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, objectBody, type Resource } from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import type { Where } from '../../resources/sql.ts';
import { addVersion } from '../forms/versions.ts';
import { announce, type SentMessage, send } from '../message/inbox.ts';
import { ORDINARY } from '../message/outbox.ts';
import { idParam, mountCalls, paramsOf, requireAnyButton } from '../workflow/common.ts';
import { type ScopeRow, scopeNamesOf, scopeRowsOf } from '../workflow/scope.ts';
import { counters } from './counters.ts';
import { filteredStatistics, filtersOf } from './filters.ts';
import { QN_FORM_VERSIONS } from './forms.ts';
import { MINE, managesSurveys, members, membersToTell, respondentOf, responseOf } from './members.ts';
import { closedReason, lockSurvey, MSG as SHEET_MSG, versionOf } from './sheets.ts';
import { statisticsOf } from './statistics.ts';

/**
 * 问卷调查 (survey): a survey is made from an enabled form's main version (kept: the survey and its answers keep
 * that version) or from a template (its content becomes a new form's version 1), with a period, anonymity and
 * whether one person may answer more than once; its scope (survey-scope, or `scopes` with the survey) names who
 * must answer. Enabling it tells the scope's members through the message centre, and they find it in their list
 * (`page?mine=1`; a respondent's list is always theirs). Those who run surveys (members.ts `managesSurveys`) read
 * every survey, its statistics (from the counters) and its report; the rest read the enabled surveys that ask them.
 */
const MSG = {
  noSource: { zh: '请选择问卷表单或问卷模板', en: 'Please select the form or the template the survey is made from' },
  bothSources: {
    zh: '问卷只能由一个问卷表单或一个问卷模板生成',
    en: 'A survey is made from a form or from a template, not both',
  },
  badForm: { zh: '所选问卷表单不存在', en: 'The selected form does not exist' },
  formDisabled: { zh: '所选问卷表单已停用', en: 'The selected form is deactivated' },
  formNoVersion: { zh: '所选问卷表单还没有保存的版本', en: 'The selected form has no saved version yet' },
  badTemplate: { zh: '所选问卷模板不存在或已停用', en: 'The selected template does not exist or is deactivated' },
  fixedOnceAnswered: {
    zh: '问卷已有答卷，不能再更换表单、匿名方式或是否允许多次填写',
    en: 'The survey has answers: its form, anonymity and whether one may answer more than once no longer change',
  },
  endBeforeStart: { zh: '结束时间必须晚于开始时间', en: 'The end must be after the start' },
  noSurvey: { zh: '请选择问卷', en: 'Please select the survey' },
  noSurveyOrTemplate: { zh: '请选择问卷或问卷模板', en: 'Please select the survey or the template' },
  templateMismatch: {
    zh: '该问卷不是由所选模板生成的',
    en: 'The survey was not made from the selected template',
  },
  filterOneSurvey: {
    zh: '交叉筛选只能用于单个问卷',
    en: 'A cross-filter reads the sheets of one survey: give its id',
  },
  noScope: { zh: '请先设置问卷范围', en: 'Please set who the survey asks first' },
  ended: { zh: '问卷已结束，请先修改结束时间', en: 'The survey has ended: change its end first' },
  enabled: { zh: '问卷已启用', en: 'The survey is enabled' },
  enabledTold: (n: number): Bilingual => ({
    zh: `问卷已启用，已通知 ${n} 人`,
    en: `The survey is enabled; ${n} ${n === 1 ? 'person was' : 'people were'} told`,
  }),
  deactivated: { zh: '问卷已停用', en: 'The survey is deactivated' },
  stillEnabled: (titles: string[]): Bilingual => ({
    zh: `请先停用问卷：${titles.join('、')}`,
    en: `Deactivate the survey first: ${titles.join(', ')}`,
  }),
  added: { zh: '新增成功', en: 'Added' },
  updated: { zh: '更新成功', en: 'Updated' },
  noId: { zh: '新增时不能指定编号', en: 'A new record cannot carry an id' },
  needId: { zh: '请选择要修改的问卷', en: 'Please choose the survey to update' },
  scopeSaved: { zh: '保存成功', en: 'Saved' },
} as const;

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Who acts, as the message centre and the answers name them. */
export interface Actor {
  tenantId: string;
  userId: string;
  deptId: string;
}

const actorOf = (c: RequestContext): Actor => ({ tenantId: c.tenantId, userId: c.userId, deptId: c.deptId });

const tellText = (title: string, endTime: string) => ({
  title: `问卷调查：${title}`,
  content: `请于 ${endTime} 前填写问卷「${title}」（问卷管理 > 问卷调查）。`,
});

/**
 * Enables a survey in the caller's transaction: it needs a scope and an end still to come; the scope's members who
 * have not answered are told (type 1). Answers the message to announce once committed (none when it was enabled).
 */
export async function enableSurvey(q: Queryable, actor: Actor, surveyId: string): Promise<SentMessage | undefined> {
  const survey = await lockSurvey(q, actor.tenantId, surveyId, 'update');
  if (survey.status === 1) return undefined;
  const [scoped] = await q.query(
    `select 1 from ${qnSurveyScope.table} where survey_id = $1 and tenant_id = $2 and is_deleted = 0 limit 1`,
    [surveyId, actor.tenantId],
  );
  if (!scoped) throw badRequest(MSG.noScope);
  if (survey.ended) throw badRequest(MSG.ended);
  await q.query(
    `update ${qnSurvey.table} set status = 1, publish_time = coalesce(publish_time, localtimestamp(0)),
            update_user = $2, update_time = localtimestamp(0)
      where id = $1`,
    [surveyId, actor.userId],
  );
  const userIds = await membersToTell(q, actor.tenantId, surveyId);
  if (!userIds.length) return undefined;
  return send(q, actor, { ...tellText(survey.title, survey.endTime), type: ORDINARY, userIds });
}

/**
 * Replaces a survey's scope in the caller's transaction (every id checked to be a live row of the tenant, the
 * names read from there); an enabled survey's new members who have not answered are told.
 */
export async function replaceScope(
  q: Queryable,
  actor: Actor,
  surveyId: string,
  rows: ScopeRow[],
): Promise<{ rows: Row[]; sent?: SentMessage }> {
  const survey = await lockSurvey(q, actor.tenantId, surveyId, 'update');
  const before = survey.status === 1 ? new Set(await members(q, actor.tenantId, surveyId)) : new Set<string>();
  const named = [];
  for (const row of rows) named.push({ ...row, names: await scopeNamesOf(q, actor.tenantId, row) });
  await q.query(
    `update ${qnSurveyScope.table} set is_deleted = 1, update_user = $3, update_time = localtimestamp(0)
      where tenant_id = $1 and survey_id = $2 and is_deleted = 0`,
    [actor.tenantId, surveyId, actor.userId],
  );
  const ids: string[] = [];
  for (const row of named) {
    const id = nextId();
    ids.push(id);
    await q.query(
      `insert into ${qnSurveyScope.table} (id, tenant_id, survey_id, scope_type, val, text, create_user, create_dept,
              update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $7)`,
      [
        id,
        actor.tenantId,
        surveyId,
        row.scopeType,
        row.ids.join(','),
        row.names.join(',').slice(0, 4000),
        actor.userId,
        actor.deptId || null,
      ],
    );
  }
  // The survey's row changes with its scope: the lists that count the caller's surveys count again.
  await q.query(`update ${qnSurvey.table} set update_user = $2, update_time = localtimestamp(0) where id = $1`, [
    surveyId,
    actor.userId,
  ]);
  let sent: SentMessage | undefined;
  if (survey.status === 1) {
    const fresh = (await membersToTell(q, actor.tenantId, surveyId)).filter((id) => !before.has(id));
    if (fresh.length) {
      sent = await send(q, actor, { ...tellText(survey.title, survey.endTime), type: ORDINARY, userIds: fresh });
    }
  }
  const saved = await q.query(
    `select ${modelOf(qnSurveyScope).selectList} from ${qnSurveyScope.table} where id = any($1::bigint[]) order by id`,
    [ids],
  );
  return { rows: saved, sent };
}

/** A form of the tenant that new surveys may take: live, enabled, with a saved version (locked shared). */
async function takeForm(q: Queryable, tenantId: string, formId: unknown) {
  const id = String(formId);
  const [form] = isId(id)
    ? await q.query<{ status: number; version: number }>(
        `select status, version from ${qnForm.table} where id = $1 and tenant_id = $2 and is_deleted = 0 for share`,
        [id, tenantId],
      )
    : [];
  if (!form) throw badRequest(MSG.badForm);
  if (form.status !== 1) throw badRequest(MSG.formDisabled);
  if (form.version < 1) throw badRequest(MSG.formNoVersion);
}

/** A new form made of a template's content (its version 1), for a survey made from the template; answers its id. */
async function formOfTemplate(q: Queryable, caller: RequestContext, templateId: unknown, title: string) {
  const id = String(templateId);
  const [template] = isId(id)
    ? await q.query<{ name: string; content: string; categoryId: string | null }>(
        `select name, content, category_id::text as "categoryId" from ${qnTemplate.table}
          where id = $1 and tenant_id = $2 and is_deleted = 0 and status = 1`,
        [id, caller.tenantId],
      )
    : [];
  if (!template) throw badRequest(MSG.badTemplate);
  const formId = nextId();
  await q.query(
    `insert into ${qnForm.table} (id, tenant_id, name, category_id, description, status, create_user, create_dept,
            update_user)
     values ($1, $2, $3, $4, $5, 1, $6, $7, $6)`,
    [
      formId,
      caller.tenantId,
      title.slice(0, 100),
      template.categoryId,
      `由模板「${template.name}」生成`.slice(0, 1000),
      caller.userId,
      caller.deptId || null,
    ],
  );
  await addVersion(q, QN_FORM_VERSIONS, formId, template.content, caller);
  return formId;
}

export function registerSurveys(app: FastifyInstance, platform: Platform) {
  /** Saves whose form was (re)chosen: their survey takes the form's main version once the row is written. */
  const takesVersion = new WeakSet<object>();
  /** Scope messages of saves, to announce once committed. */
  const told = new WeakMap<object, SentMessage>();

  const surveys: Resource = createResource(platform, qnSurvey, {
    async scope(where: Where, caller: RequestContext) {
      if (await managesSurveys(platform, caller)) return;
      where.and(MINE(where.param(caller.userId)));
    },
    async beforeSave(e) {
      const caller = ctx();
      // The status moves by enable and deactivate only.
      delete e.values.status;
      const [stored] = e.isNew
        ? []
        : await e.q.query<{
            formId: string;
            templateId: string | null;
            anonymous: number;
            allowMultiple: number;
            startTime: string;
            endTime: string;
            title: string;
          }>(
            `select form_id::text as "formId", template_id::text as "templateId", anonymous,
                    allow_multiple as "allowMultiple", start_time as "startTime", end_time as "endTime", title
               from ${qnSurvey.table} where id = $1`,
            [String(e.body.id)],
          );
      const answered =
        !!stored &&
        (
          await e.q.query(`select 1 from ${qnSurveyData.table} where survey_id = $1 and is_deleted = 0 limit 1`, [
            String(e.body.id),
          ])
        ).length > 0;
      const template = e.values.templateId;
      const form = e.values.formId;
      if (e.isNew && hasValue(template) && hasValue(form)) throw badRequest(MSG.bothSources);
      if ((e.isNew && !hasValue(template) && !hasValue(form)) || form === null) throw badRequest(MSG.noSource);
      const templateChosen = hasValue(template) && String(template) !== stored?.templateId;
      const formChosen = !templateChosen && hasValue(form) && String(form) !== stored?.formId;
      const changed = (key: 'anonymous' | 'allowMultiple') =>
        e.values[key] !== undefined && stored !== undefined && Number(e.values[key]) !== stored[key];
      if (answered && (templateChosen || formChosen || changed('anonymous') || changed('allowMultiple'))) {
        throw badRequest(MSG.fixedOnceAnswered);
      }
      if (templateChosen) {
        const title = String(e.values.title ?? stored?.title ?? '');
        e.values.formId = await formOfTemplate(e.q, caller, template, title);
        takesVersion.add(e.body);
      } else if (formChosen) {
        await takeForm(e.q, caller.tenantId, form);
        takesVersion.add(e.body);
      }
      const start = e.values.startTime ?? stored?.startTime;
      const end = e.values.endTime ?? stored?.endTime;
      if (hasValue(start) && hasValue(end)) {
        const [{ ordered }] = await e.q.query<{ ordered: boolean }>('select $1::timestamp < $2::timestamp as ordered', [
          start,
          end,
        ]);
        if (!ordered) throw badRequest(MSG.endBeforeStart);
      }
      if (e.body.scopes !== undefined) scopeRowsOf(e.body.scopes);
    },
    async afterSave({ q, row, body }) {
      if (takesVersion.has(body)) {
        const [taken] = await q.query(
          `update ${qnSurvey.table} s set form_version = f.version, form_history_id = h.id
             from ${qnForm.table} f
             join qn_form_history h on h.tenant_id = f.tenant_id and h.form_id = f.id and h.version = f.version
            where s.id = $1 and f.id = s.form_id
           returning s.id`,
          [row.id],
        );
        if (!taken) throw badRequest(MSG.formNoVersion);
      }
      if (body.scopes !== undefined) {
        const { sent } = await replaceScope(q, actorOf(ctx()), String(row.id), scopeRowsOf(body.scopes));
        if (sent) told.set(body, sent);
      }
    },
    async afterRemove({ q, ids }) {
      const live = await q.query<{ title: string }>(
        `select title from ${qnSurvey.table} where id = any($1::bigint[]) and status = 1 order by id`,
        [ids],
      );
      if (live.length) throw badRequest(MSG.stillEnabled(live.map((r) => r.title)));
    },
  });
  const base = `/api/${qnSurvey.api}`;

  /** Each survey with its answers' count, its phase by the clock, and the caller's own sheets of it. */
  async function decorate(rows: Row[]): Promise<Row[]> {
    if (!rows.length) return rows;
    const caller = ctx();
    const ids = rows.map((r) => String(r.id));
    return platform.db.scoped(caller.tenantId, async (q) => {
      const counts = await q.query<{ id: string; count: string }>(
        `select survey_id::text as id, count from qn_survey_counter
          where tenant_id = $1 and survey_id = any($2::bigint[]) and question = '' and sub = '' and option = ''`,
        [caller.tenantId, ids],
      );
      const mine = await q.query<{ id: string; submitted: string; draft: string | null }>(
        `select survey_id::text as id, count(*) filter (where status = ${SHEET_STATUS.submitted}) as submitted,
                max(id) filter (where status = ${SHEET_STATUS.draft})::text as draft
           from ${qnSurveyData.table}
          where tenant_id = $1 and survey_id = any($2::bigint[]) and respondent_id = $3 and is_deleted = 0
          group by survey_id`,
        [caller.tenantId, ids, caller.userId],
      );
      const [{ now }] = await q.query<{ now: string }>('select localtimestamp(0) as now');
      const count = new Map(counts.map((c) => [c.id, Number(c.count)]));
      const own = new Map(mine.map((m) => [m.id, m]));
      return rows.map((r) => {
        const phase = now < String(r.startTime) ? 'notStarted' : now > String(r.endTime) ? 'ended' : 'ongoing';
        const m = own.get(String(r.id));
        return {
          ...r,
          answerCount: count.get(String(r.id)) ?? 0,
          phase,
          mySubmitted: m ? Number(m.submitted) : 0,
          myDraftId: m?.draft ?? null,
        };
      });
    });
  }

  /** A survey the caller may read, with its form version's content and its scope rows; 404 otherwise. */
  async function full(id: string): Promise<Row> {
    const row = await surveys.detail(id);
    if (!row) throw notFound();
    const [decorated] = await decorate([row]);
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, async (q) => {
      const survey = await lockSurvey(q, tenantId, id, 'none');
      const version = await versionOf(q, tenantId, survey.formHistoryId);
      const scopes = await q.query(
        `select ${modelOf(qnSurveyScope).selectList} from ${qnSurveyScope.table}
          where tenant_id = $1 and survey_id = $2 and is_deleted = 0 order by id`,
        [tenantId, id],
      );
      return { ...decorated, content: version.content, scopes };
    });
  }

  type Q = { Querystring: Record<string, unknown> };
  const page = async (query: Record<string, unknown>) => {
    const { userId } = ctx();
    const narrow = truthy(query.mine) ? (where: Where) => where.and(MINE(where.param(userId))) : undefined;
    const answer = await surveys.page(query, narrow);
    return ok({ ...answer, records: await decorate(answer.records) });
  };
  app.get<Q>(`${base}/page`, { config: { title: '问卷调查分页' } }, (req) => page(req.query));
  app.get<Q>(`${base}/list`, { config: { title: '问卷调查列表' } }, (req) => page(req.query));
  app.get<Q>(`${base}/detail`, { config: { title: '问卷调查详情' } }, async (req) =>
    ok(await full(idParam(req.query.id, MSG.noSurvey))),
  );
  mountCalls(app, surveys, ['remove', 'export']);

  /** add, update and the generic submit: one save through the resource; `scopes` may come along. */
  const save = async (body: Record<string, unknown>) => {
    const row = await surveys.save(body);
    const sent = told.get(body);
    if (sent) await announce(platform.push, ctx().tenantId, sent);
    return (await decorate([row]))[0];
  };
  type B = { Body: unknown };
  app.post<B>(`${base}/add`, { config: { title: '问卷调查新增', button: `${qnSurvey.key}_add` } }, async (req) => {
    const body = objectBody(req.body);
    if (hasValue(body.id)) throw badRequest(MSG.noId);
    return ok(await save(body), MSG.added);
  });
  app.post<B>(`${base}/update`, { config: { title: '问卷调查修改', button: `${qnSurvey.key}_edit` } }, async (req) => {
    const body = objectBody(req.body);
    if (!hasValue(body.id)) throw badRequest(MSG.needId);
    return ok(await save(body), MSG.updated);
  });
  app.post<B>(`${base}/submit`, { config: { title: '问卷调查提交' } }, async (req) => {
    const body = objectBody(req.body);
    return ok(await save(body), hasValue(body.id) ? MSG.updated : MSG.added);
  });

  // PUT enable / deactivate by `id`, in the query or the body.
  const visibleSurvey = async (req: FastifyRequest) => {
    const id = idParam(paramsOf(req).id, MSG.noSurvey);
    const [visible] = await surveys.visibleIds([id]);
    if (!visible) throw notFound();
    return id;
  };
  const edit = `${qnSurvey.key}_edit`;
  app.put(`${base}/enable`, { config: { title: '问卷调查启用', button: edit } }, async (req) => {
    const id = await visibleSurvey(req);
    const caller = ctx();
    const { sent, already } = await platform.db.tx(caller.tenantId, async (q) => {
      const before = await lockSurvey(q, caller.tenantId, id, 'update');
      return { sent: await enableSurvey(q, actorOf(caller), id), already: before.status === 1 };
    });
    if (sent) await announce(platform.push, caller.tenantId, sent);
    return ok(
      (await decorate([(await surveys.detail(id))!]))[0],
      already ? MSG.enabled : MSG.enabledTold(sent?.userIds.length ?? 0),
    );
  });
  app.put(`${base}/deactivate`, { config: { title: '问卷调查停用', button: edit } }, async (req) => {
    const id = await visibleSurvey(req);
    const caller = ctx();
    await platform.db.tx(caller.tenantId, async (q) => {
      await lockSurvey(q, caller.tenantId, id, 'update');
      await q.query(
        `update ${qnSurvey.table} set status = 0, update_user = $2, update_time = localtimestamp(0) where id = $1`,
        [id, caller.userId],
      );
    });
    return ok((await decorate([(await surveys.detail(id))!]))[0], MSG.deactivated);
  });

  // browse: the survey to answer (or, for those who run it, to preview): its questionnaire, the caller's open draft,
  // and whether they may answer now (with the reason when not).
  app.get<Q>(`${base}/browse`, { config: { title: '问卷调查浏览' } }, async (req) => {
    const id = idParam(req.query.id, MSG.noSurvey);
    const survey = await full(id);
    const caller = ctx();
    const extra = await platform.db.scoped(caller.tenantId, async (q) => {
      const row = await lockSurvey(q, caller.tenantId, id, 'none');
      const { member } = await respondentOf(q, caller.tenantId, id, caller.userId);
      const [draft] = await q.query<{ id: string; data: unknown; updateTime: string }>(
        `select id::text as id, data, update_time as "updateTime" from ${qnSurveyData.table}
          where survey_id = $1 and respondent_id = $2 and status = ${SHEET_STATUS.draft} and is_deleted = 0`,
        [id, caller.userId],
      );
      let reason = closedReason(row, member);
      if (!reason && row.allowMultiple !== 1 && Number(survey.mySubmitted) > 0) reason = SHEET_MSG.answered;
      return { member, draft: draft ?? null, answerable: !reason, reason: reason ? reason[caller.lang] : null };
    });
    return ok({ ...survey, ...extra });
  });

  /** Statistics and reports are for those who run surveys. */
  const requireManager = async () => {
    if (!(await managesSurveys(platform, ctx()))) throw forbidden();
  };

  /**
   * The statistics of a survey (`id`), or of every survey made from a template (`templateId`) summed; a survey's
   * with `filter` (filters.ts) those of the sheets that gave the answers named.
   */
  app.get<Q>(`${base}/statistics`, { config: { title: '问卷调查统计' } }, async (req) => {
    await requireManager();
    const { id, templateId, filter } = req.query;
    if (!hasValue(id) && !hasValue(templateId)) throw badRequest(MSG.noSurveyOrTemplate);
    const caller = ctx();
    if (hasValue(id)) {
      const surveyId = idParam(id, MSG.noSurvey);
      const template = hasValue(templateId) ? idParam(templateId, MSG.noSurveyOrTemplate) : undefined;
      const row = await surveys.detail(surveyId);
      if (!row) throw notFound();
      if (template && String(row.templateId ?? '') !== template) throw badRequest(MSG.templateMismatch);
      return ok(await surveyStatistics(surveyId, filter));
    }
    if (hasValue(filter)) throw badRequest(MSG.filterOneSurvey);
    const template = idParam(templateId, MSG.noSurveyOrTemplate);
    return ok(
      await platform.db.scoped(caller.tenantId, async (q) => {
        const [row] = await q.query<{ content: string; name: string }>(
          `select content, name from ${qnTemplate.table} where id = $1 and tenant_id = $2 and is_deleted = 0`,
          [template, caller.tenantId],
        );
        if (!row) throw notFound();
        const made = await q.query<{ id: string }>(
          `select id::text as id from ${qnSurvey.table}
            where tenant_id = $1 and template_id = $2 and is_deleted = 0 order by id`,
          [caller.tenantId, template],
        );
        const ids = made.map((m) => m.id);
        const schema = JSON.parse(row.content) as FormSchema;
        return {
          templateId: template,
          name: row.name,
          surveys: ids,
          ...statisticsOf(schema, await counters(q, caller.tenantId, ids)),
        };
      }),
    );
  });

  /** A survey's statistics from its counters, or with a cross-filter from its sheets. */
  async function surveyStatistics(surveyId: string, filter?: unknown) {
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, async (q) => {
      const survey = await lockSurvey(q, tenantId, surveyId, 'none');
      const version = await versionOf(q, tenantId, survey.formHistoryId);
      const head = { surveyId, title: survey.title, formVersion: survey.formVersion };
      const filters = filtersOf(filter, version.questions);
      if (filters.length) return { ...head, ...(await filteredStatistics(q, tenantId, surveyId, version, filters)) };
      return { ...head, ...statisticsOf(version.schema, await counters(q, tenantId, [surveyId])) };
    });
  }

  // report: the statistics with the survey's facts: responses, respondents, drafts, the scope's size and the
  // response rate against it, the first and last answers, and the answers per day.
  app.get<Q>(`${base}/report`, { config: { title: '问卷调查报告' } }, async (req) => {
    await requireManager();
    const id = idParam(req.query.id, MSG.noSurvey);
    const row = await surveys.detail(id);
    if (!row) throw notFound();
    const [survey] = await decorate([row]);
    const { tenantId } = ctx();
    const facts = await platform.db.scoped(tenantId, async (q) => {
      const [sheets] = await q.query<{
        responses: string;
        respondents: string;
        drafts: string;
        first: string | null;
        last: string | null;
      }>(
        `select count(*) filter (where status = ${SHEET_STATUS.submitted}) as responses,
                count(distinct respondent_id) filter (where status = ${SHEET_STATUS.submitted}) as respondents,
                count(*) filter (where status = ${SHEET_STATUS.draft}) as drafts,
                min(submit_time) as first, max(submit_time) as last
           from ${qnSurveyData.table} where tenant_id = $1 and survey_id = $2 and is_deleted = 0`,
        [tenantId, id],
      );
      const daily = await q.query<{ day: string; count: string }>(
        `select to_char(submit_time, 'YYYY-MM-DD') as day, count(*) as count from ${qnSurveyData.table}
          where tenant_id = $1 and survey_id = $2 and is_deleted = 0 and status = ${SHEET_STATUS.submitted}
          group by 1 order by 1`,
        [tenantId, id],
      );
      const scope = await responseOf(q, tenantId, id);
      return {
        responses: Number(sheets.responses),
        respondents: Number(sheets.respondents),
        drafts: Number(sheets.drafts),
        members: scope.members,
        answeredMembers: scope.answered,
        responseRate: scope.members > 0 ? Math.round((scope.answered / scope.members) * 10_000) / 10_000 : 0,
        firstSubmit: sheets.first,
        lastSubmit: sheets.last,
        daily: daily.map((d) => ({ date: d.day, count: Number(d.count) })),
      };
    });
    return ok({ survey, facts, statistics: await surveyStatistics(id) });
  });

  return { surveys, requireManager, surveyStatistics };
}

/** 问卷范围 (survey-scope): the generic reads and removal, and a submit that replaces a survey's whole scope. */
export function registerScopes(app: FastifyInstance, platform: Platform, surveys: Resource) {
  const scopes = createResource(platform, qnSurveyScope, {
    // The scope rows of surveys the caller runs (a respondent reads none).
    async scope(where, caller) {
      if (!(await managesSurveys(platform, caller))) where.and('false');
      where.and(`"survey_id" in (select id from ${qnSurvey.table} where is_deleted = 0)`);
    },
    async afterRemove({ q, ids }) {
      await q.query(
        `update ${qnSurvey.table} set update_time = localtimestamp(0)
          where id in (select survey_id from ${qnSurveyScope.table} where id = any($1::bigint[]))`,
        [ids],
      );
    },
  });
  mountCalls(app, scopes, ['page', 'list', 'detail', 'remove']);
  const buttons = [
    `${qnSurveyScope.key}_edit`,
    `${qnSurveyScope.key}_add`,
    `${qnSurvey.key}_add`,
    `${qnSurvey.key}_edit`,
  ];
  app.post<{ Body: unknown }>(
    `/api/${qnSurveyScope.api}/submit`,
    { config: { title: '问卷范围提交' } },
    async (req) => {
      const caller = ctx();
      await requireAnyButton(platform, caller, buttons);
      const body = objectBody(req.body);
      const surveyId = idParam(body.surveyId, MSG.noSurvey);
      const rows = scopeRowsOf(body.scopes);
      const [visible] = await surveys.visibleIds([surveyId]);
      if (!visible) throw notFound();
      const saved = await platform.db.tx(caller.tenantId, (q) => replaceScope(q, actorOf(caller), surveyId, rows));
      if (saved.sent) await announce(platform.push, caller.tenantId, saved.sent);
      return ok(saved.rows, MSG.scopeSaved);
    },
  );
}

export { actorOf };
