import { qnSurvey, qnSurveyData, SHEET_STATUS } from '@park/catalog';
import {
  type FormSchema,
  formScore,
  formValueProblems,
  isEmptyValue,
  isPlainObject,
  visibleValues,
} from '@park/catalog/forms';
import type { Queryable } from '../../platform/db.ts';
import { ApiError, type Bilingual, badRequest, notFound } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { type SentMessage, send } from '../message/inbox.ts';
import { ORDINARY } from '../message/outbox.ts';
import { countSheet, type Question, questionsOf } from './counters.ts';
import { respondentOf } from './members.ts';

/**
 * Answering (survey-data add and submit): one answer sheet per save, on the form version the survey was given,
 * validated on the server by the form's own validator (formValueProblems) and stored as the values shown with
 * themselves (visibleValues), empty ones left out. Refused outside the survey's period, outside its scope, while
 * it is not enabled, and a second time for one person where the survey allows one answer: that last by the
 * database (the partial unique index qn_survey_data_one_per_person), so two submits at once cannot both land. A
 * draft is a sheet of status 0, one open per person and survey (qn_survey_data_one_draft), submitted later. A
 * submit adds the sheet to the counters in its transaction; recycling (回收) sends a submitted sheet back to its
 * respondent as a draft and takes it out of the counters.
 */
export const MSG = {
  notEnabled: { zh: '该问卷未启用或已停用', en: 'This survey is not open: it is not enabled or was deactivated' },
  notStarted: (at: string): Bilingual => ({
    zh: `该问卷尚未开始（开始时间 ${at}）`,
    en: `This survey has not started yet (it starts at ${at})`,
  }),
  ended: (at: string): Bilingual => ({ zh: `该问卷已结束（结束时间 ${at}）`, en: `This survey has ended (at ${at})` }),
  notMember: { zh: '您不在该问卷的调查范围内', en: 'You are not among those this survey asks' },
  answered: {
    zh: '您已提交过该问卷，不能重复提交',
    en: 'You have already answered this survey; it takes one answer each',
  },
  draftOpen: {
    zh: '您已有一份未提交的草稿，请继续填写该草稿',
    en: 'You already have a draft of this survey: please go on with it',
  },
  notOwnDraft: { zh: '只能继续填写自己未提交的草稿', en: 'Only your own draft, not yet submitted, can be continued' },
  badValues: { zh: '答卷内容必须是对象', en: 'The answers must be an object' },
  tooLarge: { zh: '答卷内容过大', en: 'The answers are too large' },
  badText: {
    zh: '答卷内容含有无效的字符或嵌套过深',
    en: 'The answers hold an invalid character or are nested too deeply',
  },
  notSubmitted: { zh: '只能回收已提交的答卷', en: 'Only a submitted sheet can be sent back' },
  recycleDraftOpen: {
    zh: '该填写人已有一份未提交的草稿，不能回收此答卷',
    en: 'Its respondent already has a draft of this survey: this sheet cannot be sent back',
  },
} as const;

/** Who answers: a signed-in user (a company account included) of the survey's tenant. */
export interface Respondent {
  tenantId: string;
  userId: string;
  deptId: string | null;
}

export type SurveyRow = {
  id: string;
  title: string;
  status: number;
  formId: string;
  formHistoryId: string;
  formVersion: number;
  anonymous: number;
  allowMultiple: number;
  startTime: string;
  endTime: string;
  started: boolean;
  ended: boolean;
};

const SURVEY_COLUMNS = `id::text as id, title, status, form_id::text as "formId", form_history_id::text as "formHistoryId",
  form_version as "formVersion", anonymous, allow_multiple as "allowMultiple", start_time as "startTime",
  end_time as "endTime", start_time <= localtimestamp(0) as started, end_time < localtimestamp(0) as ended`;

/**
 * A live survey of the tenant, its row locked: shared by an answer (a deactivation, which updates the row, waits
 * for the answers under way and they for it), for update by what changes it or rebuilds its counters.
 */
export async function lockSurvey(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  mode: 'share' | 'update' | 'none' = 'share',
): Promise<SurveyRow> {
  const [row] = await q.query<SurveyRow>(
    `select ${SURVEY_COLUMNS} from ${qnSurvey.table} where id = $1 and tenant_id = $2 and is_deleted = 0
     ${mode === 'none' ? '' : `for ${mode}`}`,
    [surveyId, tenantId],
  );
  if (!row) throw notFound();
  return row;
}

export interface Version {
  schema: FormSchema;
  /** The version's JSON text, as qn_form_history holds it. */
  content: string;
  questions: Question[];
}

/** Versions never change once saved: each is read once per instance (at most 500 kept). */
const versions = new Map<string, Version>();

/** A form version by its history row (a removed version stays readable for its surveys and sheets). */
export async function versionOf(q: Queryable, tenantId: string, historyId: string): Promise<Version> {
  const key = `${tenantId}:${historyId}`;
  const known = versions.get(key);
  if (known) return known;
  const [row] = await q.query<{ content: string }>(
    'select content from qn_form_history where id = $1 and tenant_id = $2',
    [historyId, tenantId],
  );
  if (!row) throw notFound();
  const schema = JSON.parse(row.content) as FormSchema;
  const version = { schema, content: row.content, questions: questionsOf(schema) };
  if (versions.size >= 500) versions.delete(versions.keys().next().value as string);
  versions.set(key, version);
  return version;
}

/** Why a respondent may not answer a survey now (a member or not), or undefined when they may. */
export function closedReason(survey: SurveyRow, member: boolean): Bilingual | undefined {
  if (survey.status !== 1) return MSG.notEnabled;
  if (!survey.started) return MSG.notStarted(survey.startTime);
  if (survey.ended) return MSG.ended(survey.endTime);
  if (!member) return MSG.notMember;
  return undefined;
}

const MAX_JSON = 200_000;
const MAX_DEPTH = 16;

/** A UTF-16 surrogate without its pair: JSON can spell it, jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Values the database can hold as jsonb: well formed text (no lone surrogate), nested 16 deep at the most. */
function wellFormed(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every((v) => wellFormed(v, depth + 1));
  if (isPlainObject(value)) {
    return Object.entries(value).every(([k, v]) => !LONE_SURROGATE.test(k) && wellFormed(v, depth + 1));
  }
  return true;
}

/** The values as a sheet keeps them: empty answers left out (a matrix's empty rows too, and a matrix left empty). */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(values)) {
    if (isEmptyValue(value)) continue;
    if (isPlainObject(value)) {
      const inner = Object.entries(value).filter(([, v]) => !isEmptyValue(v));
      if (inner.length) kept.push([key, Object.fromEntries(inner)]);
      continue;
    }
    kept.push([key, value]);
  }
  return Object.fromEntries(kept);
}

export interface SheetInput {
  surveyId: string;
  values: unknown;
  /** Saved to come back to: not validated beyond its shape, not counted. */
  draft: boolean;
  /** The caller's own draft, when the call names it. */
  sheetId?: string;
}

/**
 * Saves a respondent's sheet of a survey in the caller's transaction: their open draft when they have one (it is
 * the sheet a draft save updates and a submit submits), else a new sheet. Answers the sheet's id and status.
 */
export async function saveSheet(
  q: Queryable,
  who: Respondent,
  input: SheetInput,
): Promise<{ id: string; status: number; version: number }> {
  const survey = await lockSurvey(q, who.tenantId, input.surveyId);
  const { member, enterpriseId } = await respondentOf(q, who.tenantId, survey.id, who.userId);
  const closed = closedReason(survey, member);
  if (closed) throw badRequest(closed);

  const { values } = input;
  if (!isPlainObject(values)) throw badRequest(MSG.badValues);
  if (!wellFormed(values)) throw badRequest(MSG.badText);
  if (JSON.stringify(values).length > MAX_JSON) throw badRequest(MSG.tooLarge);
  const version = await versionOf(q, who.tenantId, survey.formHistoryId);
  if (!input.draft) {
    const [problem] = formValueProblems(version.schema, values);
    if (problem) throw badRequest(problem.text as Bilingual);
  }
  const stored = compact(visibleValues(version.schema, values));
  const score = input.draft ? null : (formScore(version.schema, stored)?.total ?? null);
  const status = input.draft ? SHEET_STATUS.draft : SHEET_STATUS.submitted;

  const [draft] = await q.query<{ id: string }>(
    `select id::text as id from ${qnSurveyData.table}
      where survey_id = $1 and respondent_id = $2 and status = ${SHEET_STATUS.draft} and is_deleted = 0 for update`,
    [survey.id, who.userId],
  );
  if (input.sheetId && draft?.id !== input.sheetId) throw badRequest(MSG.notOwnDraft);
  // An anonymous survey's sheets say nowhere who answered but in respondent_id, which no read shows.
  const author = survey.anonymous === 1 ? null : who.userId;
  let id: string;
  if (draft) {
    id = draft.id;
    await q.query(
      `update ${qnSurveyData.table} set data = $2::jsonb, score = $3, status = $4,
              submit_time = case when $4 = ${SHEET_STATUS.submitted} then localtimestamp(0) end,
              update_user = $5, update_time = localtimestamp(0)
        where id = $1`,
      [id, JSON.stringify(stored), score, status, author],
    );
  } else {
    id = nextId();
    await q.query(
      `insert into ${qnSurveyData.table} (id, tenant_id, survey_id, form_id, form_history_id, form_version,
              respondent_id, enterprise_id, data, score, one_per_person, submit_time, status,
              create_user, create_dept, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11,
               case when $12 = ${SHEET_STATUS.submitted} then localtimestamp(0) end, $12, $13, $14, $13)`,
      [
        id,
        who.tenantId,
        survey.id,
        survey.formId,
        survey.formHistoryId,
        survey.formVersion,
        who.userId,
        survey.anonymous === 1 ? null : enterpriseId,
        JSON.stringify(stored),
        score,
        survey.allowMultiple === 1 ? 0 : 1,
        status,
        author,
        survey.anonymous === 1 ? null : who.deptId || null,
      ],
    );
  }
  if (status === SHEET_STATUS.submitted) {
    await countSheet(q, who.tenantId, survey.id, id, version.questions, 1);
  }
  return { id, status, version: survey.formVersion };
}

/** A sheet's row as the counters and a recycle read it. */
type SheetRow = {
  id: string;
  surveyId: string;
  formHistoryId: string;
  respondentId: string;
  status: number;
};

async function sheetRows(q: Queryable, tenantId: string, ids: string[]): Promise<SheetRow[]> {
  return q.query<SheetRow>(
    `select id::text as id, survey_id::text as "surveyId", form_history_id::text as "formHistoryId",
            respondent_id::text as "respondentId", status
       from ${qnSurveyData.table} where tenant_id = $1 and id = any($2::bigint[]) order by survey_id, id`,
    [tenantId, ids],
  );
}

/** Takes submitted sheets (just removed, or being sent back) out of their surveys' counters. */
export async function uncountSheets(q: Queryable, tenantId: string, ids: string[]): Promise<void> {
  const rows = (await sheetRows(q, tenantId, ids)).filter((r) => r.status === SHEET_STATUS.submitted);
  for (const surveyId of [...new Set(rows.map((r) => r.surveyId))]) {
    await lockSurvey(q, tenantId, surveyId, 'share').catch(() => undefined);
  }
  for (const row of rows) {
    const version = await versionOf(q, tenantId, row.formHistoryId);
    await countSheet(q, tenantId, row.surveyId, row.id, version.questions, -1);
  }
}

/**
 * 回收: a submitted sheet goes back to its respondent as a draft (to correct and submit again), out of the
 * counters; the respondent is told. Answers the message to announce once committed.
 */
export async function recycleSheet(
  q: Queryable,
  actor: Respondent,
  sheetId: string,
): Promise<{ surveyId: string; sent: SentMessage }> {
  const [row] = await sheetRows(q, actor.tenantId, [sheetId]);
  if (!row) throw notFound();
  const survey = await lockSurvey(q, actor.tenantId, row.surveyId, 'share');
  const [locked] = await q.query<{ status: number }>(
    `select status from ${qnSurveyData.table} where id = $1 and is_deleted = 0 for update`,
    [sheetId],
  );
  if (!locked) throw notFound();
  if (locked.status !== SHEET_STATUS.submitted) throw badRequest(MSG.notSubmitted);
  const version = await versionOf(q, actor.tenantId, row.formHistoryId);
  await countSheet(q, actor.tenantId, row.surveyId, sheetId, version.questions, -1);
  await q.query(
    `update ${qnSurveyData.table} set status = ${SHEET_STATUS.draft}, submit_time = null, score = null,
            update_time = localtimestamp(0)
      where id = $1`,
    [sheetId],
  );
  const sent = await send(
    q,
    { tenantId: actor.tenantId, userId: actor.userId, deptId: actor.deptId ?? '' },
    {
      title: `问卷「${survey.title}」的答卷已退回`,
      content: `您提交的问卷「${survey.title}」答卷已被退回，请在截止时间 ${survey.endTime} 前修改后重新提交。`,
      type: ORDINARY,
      userIds: [row.respondentId],
    },
  );
  return { surveyId: row.surveyId, sent };
}

/** The refusal a sheet's unique index makes of a write that lost a race (or repeated one), by the index's name. */
export function sheetConflict(error: unknown, recycling = false): ApiError | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  if (constraint === 'qn_survey_data_one_per_person') return new ApiError(400, MSG.answered);
  if (constraint === 'qn_survey_data_one_draft') {
    return new ApiError(400, recycling ? MSG.recycleDraftOpen : MSG.draftOpen);
  }
  return undefined;
}
