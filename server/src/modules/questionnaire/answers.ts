import { qnSurvey, qnSurveyData, SHEET_STATUS } from '@park/catalog';
import { otherKey, otherOption } from '@park/catalog/forms';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { type Bilingual, badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import type { Resource } from '../../resources/engine.ts';
import { idParam } from '../workflow/common.ts';
import type { Question } from './counters.ts';
import { filterSql, filtersOf } from './filters.ts';
import { lockSurvey, versionOf } from './sheets.ts';

/**
 * GET survey/answers (our extension; the spec's `statistics` stays the counters): the free-text answers of one
 * question of a survey, newest first, a page at a time, read from the submitted sheets (`filter` narrows them as
 * the statistics' cross-filter does). The question is a text question (input, textarea) or a choice's "other"
 * text (`<name>:other`). Who answered is said, except for an anonymous survey.
 */
const MSG = {
  noSurvey: { zh: '请选择问卷', en: 'Please select the survey' },
  noField: { zh: '请选择题目', en: 'Please select the question' },
  notText: (name: string): Bilingual => ({
    zh: `“${name}”不是问卷中的文本题或“其他”选项`,
    en: `"${name}" is neither a text question of the questionnaire nor a choice's "other" text`,
  }),
} as const;

const TEXT_TYPES = ['input', 'textarea'];
/** The most answers one page holds. */
const MAX_SIZE = 100;

/** The questions whose answers are free text, by the key their text has in a sheet: each text question, each "other". */
export function textKeys(questions: Question[]): Map<string, { question: Question; other: boolean }> {
  const keys = new Map<string, { question: Question; other: boolean }>();
  for (const question of questions) {
    if (TEXT_TYPES.includes(question.field.type)) keys.set(question.name, { question, other: false });
    if (otherOption(question.field)) keys.set(otherKey(question.name), { question, other: true });
  }
  return keys;
}

export function registerAnswers(
  app: FastifyInstance,
  platform: Platform,
  surveys: Resource,
  requireManager: () => Promise<void>,
) {
  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`/api/${qnSurvey.api}/answers`, { config: { title: '问卷调查文本答案' } }, async (req) => {
    await requireManager();
    const id = idParam(req.query.id, MSG.noSurvey);
    const field = typeof req.query.field === 'string' ? req.query.field.trim() : '';
    if (!field) throw badRequest(MSG.noField);
    const { current, size } = paging(req.query, { size: 10, maxSize: MAX_SIZE });
    if (!(await surveys.detail(id))) throw notFound();
    const { tenantId } = ctx();
    return ok(
      await platform.db.scoped(tenantId, async (q) => {
        const survey = await lockSurvey(q, tenantId, id, 'none');
        const version = await versionOf(q, tenantId, survey.formHistoryId);
        if (!textKeys(version.questions).has(field)) throw badRequest(MSG.notText(field));
        const only = filterSql(filtersOf(req.query.filter, version.questions), 4, 'd');
        const where = `d.tenant_id = $1 and d.survey_id = $2 and d.status = ${SHEET_STATUS.submitted}
          and d.is_deleted = 0 and jsonb_typeof(d.data -> $3::text) = 'string' and ${only.sql}`;
        const [{ total }] = await q.query<{ total: string }>(
          `select count(*) as total from ${qnSurveyData.table} d where ${where}`,
          [tenantId, id, field, ...only.params],
        );
        const at = 4 + only.params.length;
        const records = await q.query<Record<string, unknown>>(
          `select d.id::text as id, d.data ->> $3::text as value, d.submit_time as "submitTime",
                  ${
                    survey.anonymous === 1
                      ? 'null as "respondentName", null as "enterpriseName"'
                      : `coalesce(nullif(u.real_name, ''), u.name, u.account) as "respondentName",
                         e.enterprise_name as "enterpriseName"`
                  }
             from ${qnSurveyData.table} d
             left join blade_user u on u.id = d.respondent_id
             left join crm_enterprise e on e.id = d.enterprise_id
            where ${where}
            order by d.submit_time desc, d.id desc limit $${at} offset $${at + 1}`,
          [tenantId, id, field, ...only.params, size, (current - 1) * size],
        );
        const count = Number(total);
        return { records, total: count, size, current, pages: Math.ceil(count / size) };
      }),
    );
  });
}
