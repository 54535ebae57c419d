import { isPlainObject } from './expression.ts';
import type { FormField, FormOption, FormSchema } from './schema.ts';
import { visibleFields } from './validate.ts';

/**
 * A questionnaire's score (a form whose schema has `scoring: true`): each chosen option gives its `score` (an option
 * without one gives 0) — select, radio and checkbox options, and a matrix's columns in each row. Ratings, NPS,
 * rankings and texts give none. Only the fields shown with the sheet's values count (a question skipped by its
 * show-if neither scores nor adds to the greatest score), and a table's columns never do.
 */
export interface FormScore {
  /** The sheet's score: the sum of its fields'. */
  total: number;
  /** The greatest score a sheet could get with the same fields shown. */
  max: number;
  /** Per field name, the fields with at least one scored option. */
  fields: Record<string, { score: number; max: number }>;
}

/** Sums kept to the 2 decimals a score may have (0.1 + 0.2 is 0.3 here). */
const round = (value: number) => Math.round(value * 100) / 100 || 0;
const sum = (values: number[]) => round(values.reduce((a, b) => a + b, 0));

const scoreOf = (option: FormOption) =>
  typeof option.score === 'number' && Number.isFinite(option.score) ? option.score : 0;

/** The well-formed options of a field, by value. */
function optionsOf(field: FormField): Map<string, FormOption> {
  const options = Array.isArray(field.options) ? field.options : [];
  return new Map(
    options.filter((o) => isPlainObject(o) && typeof o.value === 'string').map((option) => [option.value, option]),
  );
}

/** The score of picked option values (each counted once; values not offered give nothing). */
function picked(options: Map<string, FormOption>, value: unknown): number {
  const list = Array.isArray(value) ? value : [value];
  const unique = [...new Set(list.filter((v): v is string => typeof v === 'string'))];
  return sum(unique.map((v) => (options.has(v) ? scoreOf(options.get(v) as FormOption) : 0)));
}

/** The most one pick can give (single), or several picks (multiple: the positive scores, at most `most` of them). */
function best(options: Map<string, FormOption>, multiple: boolean, most?: number): number {
  const scores = [...options.values()].map(scoreOf);
  if (!multiple) return scores.length ? Math.max(...scores) : 0;
  const positive = scores.filter((score) => score > 0).sort((a, b) => b - a);
  return sum(Number.isInteger(most) && (most as number) >= 0 ? positive.slice(0, most) : positive);
}

/** One field's score and greatest score; undefined for a field that does not score. */
function fieldScore(field: FormField, value: unknown): { score: number; max: number } | undefined {
  const options = optionsOf(field);
  if (![...options.values()].some((option) => option.score !== undefined)) return undefined;
  switch (field.type) {
    case 'radio':
      return { score: picked(options, value), max: best(options, false) };
    case 'select':
    case 'checkbox': {
      const multiple = field.type === 'checkbox' || field.multiple === true;
      return { score: picked(options, multiple ? value : [value]), max: best(options, multiple, field.max) };
    }
    case 'matrix': {
      const rows = (Array.isArray(field.rows) ? field.rows : []).filter(
        (row) => isPlainObject(row) && typeof row.value === 'string',
      );
      const cells = isPlainObject(value) ? value : {};
      const multiple = field.multiple === true;
      const score = sum(
        rows.map((row) => {
          if (!Object.hasOwn(cells, row.value)) return 0;
          const cell = cells[row.value];
          return picked(options, multiple ? cell : [cell]);
        }),
      );
      return { score, max: round(rows.length * best(options, multiple)) };
    }
    default:
      return undefined;
  }
}

/**
 * A sheet's score by its form: null when the form does not score. `scope` is what show-ifs read besides the values
 * (`starter`, ...), as for `formValueProblems`. The values are taken as they are stored (checked before).
 */
export function formScore(
  schema: FormSchema,
  values: unknown,
  options: { scope?: Record<string, unknown> } = {},
): FormScore | null {
  if (!isPlainObject(schema) || schema.scoring !== true) return null;
  const form = isPlainObject(values) ? values : {};
  const fields: FormScore['fields'] = {};
  for (const field of visibleFields(schema.fields, { ...options.scope, form })) {
    const name = field.name as string;
    const scored = fieldScore(field, Object.hasOwn(form, name) ? form[name] : undefined);
    if (scored) fields[name] = scored;
  }
  const all = Object.values(fields);
  return { total: sum(all.map((f) => f.score)), max: sum(all.map((f) => f.max)), fields };
}
