import { qnSurveyData, SHEET_STATUS } from '@park/catalog';
import { type FormField, type FormSchema, isPlainObject, LAYOUT_FIELD_TYPES } from '@park/catalog/forms';
import type { Queryable } from '../../platform/db.ts';

/**
 * The counters behind a survey's statistics (qn_survey_counter, ARCHITECTURE.md "Statistics at scale"): per
 * question, sub-key and option, how many submitted sheets gave it, and the sum of the values on the question's
 * own row. A submit adds its sheet's items in its own transaction; a recycle or a removal takes them away. One SQL
 * text says what a sheet counts for, and it is the same for a sheet's delta and for the recompute from every
 * sheet, so the two can only disagree when a write missed its counters.
 *
 * What a question counts, by kind (its field type):
 * - every question: its own row (sub '', option ''), one per sheet that answered it, with the sum of a number's or
 *   a rating's values; question '' counts the sheets;
 * - one (radio, single select): the chosen option; many (checkbox, multiple select): each chosen option;
 * - scale (rating, NPS): the value given, as text ('1' .. '10');
 * - matrix: per row (sub = the row) the row's own count (option '') and each chosen column;
 * - ranking: per ranked option (sub) its place (option '1', '2', ...);
 * - number, money: the sum alone; any other kind (texts, dates, uploads, tables) its answered count alone.
 */
export type QuestionKind = 'one' | 'many' | 'scale' | 'number' | 'matrix' | 'ranking' | 'answered';

export interface Question {
  name: string;
  kind: QuestionKind;
  field: FormField;
}

export function kindOf(field: FormField): QuestionKind {
  const type: string = field.type;
  switch (type) {
    case 'radio':
      return 'one';
    case 'select':
      return field.multiple === true ? 'many' : 'one';
    case 'checkbox':
      return 'many';
    case 'rating':
    case 'nps':
      return 'scale';
    case 'number':
    case 'money':
      return 'number';
    case 'matrix':
      return 'matrix';
    case 'ranking':
      return 'ranking';
    default:
      return 'answered';
  }
}

/** The questions of a form in its order: its value fields, a group's fields among them (their names are top-level). */
export function questionsOf(schema: FormSchema): Question[] {
  const out: Question[] = [];
  const walk = (fields: unknown) => {
    for (const field of Array.isArray(fields) ? (fields as FormField[]) : []) {
      if (!isPlainObject(field)) continue;
      if (field.type === 'group') walk(field.children);
      else if (!LAYOUT_FIELD_TYPES.includes(field.type) && typeof field.name === 'string' && field.name) {
        out.push({ name: field.name, kind: kindOf(field), field });
      }
    }
  };
  walk(schema?.fields);
  return out;
}

/**
 * The items the sheets chosen by `sheets` (a condition on qn_survey_data `s`) count for, grouped: rows of
 * (question, sub, option, count, total). `$names` and `$kinds` are the questions' parameters.
 */
function itemsSql(sheets: string, names: string, kinds: string): string {
  return `with q(name, kind) as (select * from unnest(${names}::text[], ${kinds}::text[])),
  s as (select s.data from ${qnSurveyData.table} s where ${sheets}),
  a as (select q.name, q.kind, s.data -> q.name as v from s join q on s.data ? q.name),
  items(question, sub, option, total) as (
    select '', '', '', 0::numeric from s
    union all
    select a.name, '', '', case when a.kind in ('scale', 'number') and jsonb_typeof(a.v) = 'number'
                                 then (a.v #>> '{}')::numeric else 0 end from a
    union all
    select a.name, '', x.opt, 0 from a cross join lateral (
        select a.v #>> '{}' as opt
         where (a.kind = 'one' and jsonb_typeof(a.v) = 'string') or (a.kind = 'scale' and jsonb_typeof(a.v) = 'number')
        union
        select e #>> '{}' from jsonb_array_elements(case when a.kind = 'many' and jsonb_typeof(a.v) = 'array'
                                                         then a.v else '[]'::jsonb end) e
         where jsonb_typeof(e) = 'string') x
    union all
    select a.name, r.key, c.opt, 0 from a
      cross join lateral jsonb_each(case when a.kind = 'matrix' and jsonb_typeof(a.v) = 'object'
                                         then a.v else '{}'::jsonb end) r
      cross join lateral (
        select '' as opt
        union
        select r.value #>> '{}' where jsonb_typeof(r.value) = 'string'
        union
        select e #>> '{}' from jsonb_array_elements(case when jsonb_typeof(r.value) = 'array'
                                                         then r.value else '[]'::jsonb end) e
         where jsonb_typeof(e) = 'string') c
     where r.key <> ''
    union all
    select a.name, e.x #>> '{}', e.i::text, 0 from a
      cross join lateral jsonb_array_elements(case when a.kind = 'ranking' and jsonb_typeof(a.v) = 'array'
                                                   then a.v else '[]'::jsonb end) with ordinality e(x, i)
     where jsonb_typeof(e.x) = 'string' and e.x #>> '{}' <> '')
  select question, sub, option, count(*)::bigint as count, coalesce(sum(total), 0) as total
    from items group by question, sub, option`;
}

const params = (questions: Question[]) => [questions.map((q) => q.name), questions.map((q) => q.kind)];

/**
 * Adds one sheet's items to its survey's counters (`sign` 1), or takes them away (-1), in the caller's transaction.
 * The rows are written in key order, so two submits at once lock them in the same order.
 */
export async function countSheet(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  sheetId: string,
  questions: Question[],
  sign: 1 | -1,
): Promise<void> {
  await q.query(
    `insert into qn_survey_counter (tenant_id, survey_id, question, sub, option, count, total)
     select $4, $5, c.question, c.sub, c.option, $6::int * c.count, $6::int * c.total
       from (${itemsSql('s.id = $3', '$1', '$2')}) c
      order by c.question, c.sub, c.option
     on conflict (tenant_id, survey_id, question, sub, option) do update
        set count = qn_survey_counter.count + excluded.count, total = qn_survey_counter.total + excluded.total`,
    [...params(questions), sheetId, tenantId, surveyId, sign],
  );
}

export interface CounterRow {
  question: string;
  sub: string;
  option: string;
  count: number;
  total: number;
}

const ORDER = 'order by question, sub, option';

/** What the counters of surveys hold (a row per key with a count; several surveys summed). */
export async function counters(q: Queryable, tenantId: string, surveyIds: string[]): Promise<CounterRow[]> {
  const rows = await q.query<{ question: string; sub: string; option: string; count: string; total: string | number }>(
    `select question, sub, option, sum(count) as count, sum(total) as total from qn_survey_counter
      where tenant_id = $1 and survey_id = any($2::bigint[]) group by question, sub, option
     having sum(count) <> 0 ${ORDER}`,
    [tenantId, surveyIds],
  );
  return rows.map(counterRow);
}

/** What the counters of a survey should hold, computed from its submitted sheets. */
export async function countsFromSheets(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  questions: Question[],
): Promise<CounterRow[]> {
  const rows = await q.query<{ question: string; sub: string; option: string; count: string; total: string | number }>(
    `select * from (${itemsSql(SUBMITTED, '$1', '$2')}) c where c.count <> 0 ${ORDER}`,
    [...params(questions), tenantId, surveyId],
  );
  return rows.map(counterRow);
}

const SUBMITTED = `s.tenant_id = $3 and s.survey_id = $4 and s.status = ${SHEET_STATUS.submitted} and s.is_deleted = 0`;

/**
 * Rebuilds a survey's counters from its submitted sheets, under a lock on the survey's row (a submit holds it
 * shared, so none lands meanwhile); answers how many rows it wrote.
 */
export async function recomputeCounters(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  questions: Question[],
): Promise<number> {
  await q.query('select id from qn_survey where id = $1 and tenant_id = $2 for update', [surveyId, tenantId]);
  await q.query('delete from qn_survey_counter where tenant_id = $1 and survey_id = $2', [tenantId, surveyId]);
  const written = await q.query(
    `insert into qn_survey_counter (tenant_id, survey_id, question, sub, option, count, total)
     select $3, $4, c.question, c.sub, c.option, c.count, c.total from (${itemsSql(SUBMITTED, '$1', '$2')}) c
      where c.count <> 0 returning question`,
    [...params(questions), tenantId, surveyId],
  );
  return written.length;
}

function counterRow(r: { question: string; sub: string; option: string; count: string; total: string | number }) {
  return { question: r.question, sub: r.sub, option: r.option, count: Number(r.count), total: Number(r.total) };
}
