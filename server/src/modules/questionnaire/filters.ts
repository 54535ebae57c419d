import { qnSurveyData, SHEET_STATUS } from '@park/catalog';
import { type FormOption, isPlainObject, starsOf } from '@park/catalog/forms';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';
import type { CounterRow, Question } from './counters.ts';
import type { Version } from './sheets.ts';
import { statisticsOf } from './statistics.ts';

/**
 * Cross-filters (issue 32 "the statistics of those who answered X to question 3"): `filter=<question>:<answer>`,
 * several comma-separated (or the parameter repeated). Answers to one question combine with OR, questions with
 * AND. Each answer becomes what a sheet's jsonb then contains (`data @> pattern`), which the sheets' GIN index
 * (qn_survey_data_values, jsonb_path_ops) answers without reading every sheet:
 * - a single choice (radio, select): `overall:a` -> {"overall": "a"};
 * - a multiple choice (checkbox, multiple select): `services:p` -> {"services": ["p"]} (p among the chosen);
 * - a rating or NPS: `stars:5` -> {"stars": 5};
 * - a matrix: `grid:env=good` -> {"grid": {"env": "good"}} (or {"env": ["good"]} with several columns per row).
 * Other kinds (texts, numbers, rankings, ...) are not filters; an unknown question or answer is a 400.
 */
export interface SheetFilter {
  /** The question's name and the answer, as asked. */
  field: string;
  value: string;
  /** The question's label, and the answer's (a matrix's as "row: column"). */
  label: string;
  valueLabel: string;
  /** What the sheet's data contains when it gave the answer. */
  pattern: Record<string, unknown>;
}

const MAX_FILTERS = 20;

const MSG = {
  format: {
    zh: '交叉筛选条件的格式应为 题目:答案，多个以逗号分隔',
    en: 'A cross-filter is question:answer, several separated by commas',
  },
  tooMany: {
    zh: `交叉筛选条件最多 ${MAX_FILTERS} 个`,
    en: `At most ${MAX_FILTERS} cross-filter conditions`,
  },
  unknownQuestion: (name: string): Bilingual => ({
    zh: `问卷中没有题目“${name}”`,
    en: `The questionnaire has no question "${name}"`,
  }),
  notFilterable: (label: string): Bilingual => ({
    zh: `题目“${label}”不能用于交叉筛选（只能按选择、评分、NPS、矩阵题筛选）`,
    en: `The question "${label}" cannot filter (choices, ratings, NPS and matrices can)`,
  }),
  unknownAnswer: (label: string, value: string): Bilingual => ({
    zh: `题目“${label}”没有答案“${value}”`,
    en: `The question "${label}" has no answer "${value}"`,
  }),
} as const;

const optionsOf = (list: unknown): FormOption[] =>
  (Array.isArray(list) ? list : []).filter(
    (o): o is FormOption => isPlainObject(o) && typeof o.value === 'string' && typeof o.label === 'string',
  );

/** The parts of the `filter` parameter: a text or the parameter repeated, comma-separated, blanks left out. */
function partsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  const texts = Array.isArray(raw) ? raw : [raw];
  if (!texts.every((t) => typeof t === 'string' || typeof t === 'number')) throw badRequest(MSG.format);
  return texts
    .flatMap((t) => String(t).split(','))
    .map((t) => t.trim())
    .filter(Boolean);
}

/** One answer to one question as a filter. */
function filterOf(question: Question, value: string): SheetFilter {
  const { field, name } = question;
  const base = { field: name, value, label: field.label };
  const unknown = () => badRequest(MSG.unknownAnswer(field.label, value));
  switch (question.kind) {
    case 'one':
    case 'many': {
      const option = optionsOf(field.options).find((o) => o.value === value);
      if (!option) throw unknown();
      return { ...base, valueLabel: option.label, pattern: { [name]: question.kind === 'many' ? [value] : value } };
    }
    case 'scale': {
      const n = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
      const [least, most] = (field.type as string) === 'nps' ? [0, 10] : [1, starsOf(field)];
      if (!(n >= least && n <= most)) throw unknown();
      return { ...base, valueLabel: String(n), pattern: { [name]: n } };
    }
    case 'matrix': {
      const at = value.indexOf('=');
      const row = optionsOf(field.rows).find((r) => r.value === value.slice(0, at));
      const column = optionsOf(field.options).find((o) => o.value === value.slice(at + 1));
      if (at < 0 || !row || !column) throw unknown();
      const chosen = field.multiple === true ? [column.value] : column.value;
      return { ...base, valueLabel: `${row.label}: ${column.label}`, pattern: { [name]: { [row.value]: chosen } } };
    }
    default:
      throw badRequest(MSG.notFilterable(field.label));
  }
}

/** The `filter` parameter read against a form version's questions; [] when there is none. */
export function filtersOf(raw: unknown, questions: Question[]): SheetFilter[] {
  const parts = partsOf(raw);
  if (parts.length > MAX_FILTERS) throw badRequest(MSG.tooMany);
  const byName = new Map(questions.map((q) => [q.name, q]));
  return parts.map((part) => {
    const at = part.indexOf(':');
    if (at <= 0 || at === part.length - 1) throw badRequest(MSG.format);
    const name = part.slice(0, at);
    const question = byName.get(name);
    if (!question) throw badRequest(MSG.unknownQuestion(name));
    return filterOf(question, part.slice(at + 1));
  });
}

/**
 * The filters as an SQL condition on the sheet `alias`, its parameters numbered from `first`: per question the OR
 * of its answers' containments, the questions ANDed. `true` without filters.
 */
export function filterSql(filters: SheetFilter[], first: number, alias = 's'): { sql: string; params: string[] } {
  const params: string[] = [];
  const groups = new Map<string, string[]>();
  for (const f of filters) {
    params.push(JSON.stringify(f.pattern));
    const test = `${alias}.data @> $${first + params.length - 1}::jsonb`;
    groups.set(f.field, [...(groups.get(f.field) ?? []), test]);
  }
  const sql = [...groups.values()].map((tests) => `(${tests.join(' or ')})`).join(' and ');
  return { sql: sql || 'true', params };
}

/** The filters as the answers echo them: without their patterns. */
export const filtersShown = (filters: SheetFilter[]) =>
  filters.map(({ field, value, label, valueLabel }) => ({ field, value, label, valueLabel }));

/**
 * What the counters would hold for the submitted sheets of a survey that meet `only` (a condition on the sheet `s`,
 * its parameters from $3 on), in one pass over those sheets. It counts what counters.ts counts (a question's own
 * row with its sum, a choice's options, a rating's value, a matrix's rows and cells, a ranking's places), but as
 * the form says it: one `count(*) filter (...)` per counter the form can have, all in one array, so each sheet is
 * read by plain jsonb comparisons rather than expanded by set-returning functions (about a quarter of the time,
 * measured at 100,000 sheets). A validated sheet holds nothing the form does not offer, so both count the same; the tests hold
 * them equal.
 */
async function countsOfSheets(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  questions: Question[],
  only: { sql: string; params: unknown[] },
): Promise<CounterRow[]> {
  const params: unknown[] = [tenantId, surveyId, ...only.params];
  const param = (value: unknown, type = 'text') => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  /** Per counter: its key, what a sheet must meet to count, and (a question's own row) the sum it adds. */
  const counters: { key: [string, string, string]; when: string; sum?: string }[] = [
    { key: ['', '', ''], when: 'true' },
  ];
  for (const question of questions) {
    const { field, kind, name } = question;
    const v = `(s.data -> ${param(name)})`;
    const is = (value: string) => `${v} = to_jsonb(${param(value)})`;
    const own = { key: [name, '', ''] as [string, string, string], when: `${v} is not null` };
    counters.push(
      kind === 'scale' || kind === 'number'
        ? { ...own, sum: `sum((${v} #>> '{}')::numeric) filter (where jsonb_typeof(${v}) = 'number')` }
        : own,
    );
    const options = optionsOf(field.options).map((o) => o.value);
    switch (kind) {
      case 'one':
        for (const o of options) counters.push({ key: [name, '', o], when: is(o) });
        break;
      case 'many':
        for (const o of options) counters.push({ key: [name, '', o], when: `${v} @> jsonb_build_array(${param(o)})` });
        break;
      case 'scale': {
        const values = (field.type as string) === 'nps' ? 11 : starsOf(field);
        const first = (field.type as string) === 'nps' ? 0 : 1;
        for (let n = first; n < first + values; n++) {
          counters.push({ key: [name, '', String(n)], when: `${v} = to_jsonb(${param(n, 'int')})` });
        }
        break;
      }
      case 'matrix':
        for (const r of optionsOf(field.rows).map((row) => row.value)) {
          const row = param(r);
          counters.push({ key: [name, r, ''], when: `jsonb_typeof(${v}) = 'object' and ${v} ? ${row}` });
          for (const c of options) {
            const cell = `${v} -> ${row}`;
            counters.push({
              key: [name, r, c],
              when:
                field.multiple === true
                  ? `${cell} @> jsonb_build_array(${param(c)})`
                  : `${cell} = to_jsonb(${param(c)})`,
            });
          }
        }
        break;
      case 'ranking':
        for (const place of options.keys()) {
          const at = `${v} -> ${param(place, 'int')}`;
          for (const o of options)
            counters.push({ key: [name, o, String(place + 1)], when: `${at} = to_jsonb(${param(o)})` });
        }
        break;
      default:
        break;
    }
  }
  const [row] = await q.query<{ counts: string[]; sums: (string | null)[] }>(
    `select array[${counters.map((c) => `count(*) filter (where ${c.when})`).join(', ')}]::bigint[] as counts,
            array[${counters.map((c) => c.sum ?? '0').join(', ')}]::numeric[] as sums
       from ${qnSurveyData.table} s
      where s.tenant_id = $1 and s.survey_id = $2 and s.status = ${SHEET_STATUS.submitted} and s.is_deleted = 0
        and ${only.sql}`,
    params,
  );
  return counters
    .map((c, i) => ({
      question: c.key[0],
      sub: c.key[1],
      option: c.key[2],
      count: Number(row.counts[i]),
      total: Number(row.sums[i] ?? 0),
    }))
    .filter((c) => c.count !== 0);
}

/**
 * A survey's statistics over the submitted sheets that meet the filters, read from the sheets (the counters know
 * nothing of who answered what together): the unfiltered statistics' shape, `sheets` (and `filtered`) the sheets
 * that meet them, `total` all the survey's sheets (from the counters), and the filters as read.
 */
export async function filteredStatistics(
  q: Queryable,
  tenantId: string,
  surveyId: string,
  version: Version,
  filters: SheetFilter[],
) {
  const rows = await countsOfSheets(q, tenantId, surveyId, version.questions, filterSql(filters, 3));
  const [all] = await q.query<{ count: string }>(
    `select count from qn_survey_counter
      where tenant_id = $1 and survey_id = $2 and question = '' and sub = '' and option = ''`,
    [tenantId, surveyId],
  );
  const stats = statisticsOf(version.schema, rows);
  return { ...stats, filtered: stats.sheets, total: Number(all?.count ?? 0), filters: filtersShown(filters) };
}
