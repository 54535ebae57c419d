import {
  type FormField,
  type FormSchema,
  isPlainObject,
  LAYOUT_FIELD_TYPES,
  otherKey,
  otherOption,
  starsOf,
} from '@park/catalog/forms';

/**
 * What the statistics screen reads from a survey's form version: its questions in order (a group's among them),
 * the answers a cross-filter may pick for each (the server's filters.ts takes the same: a choice's options, a
 * rating's stars, the NPS scale, a matrix's cells), and where free-text answers are (text questions, "other").
 */

/** One answer a cross-filter may pick: the `filter` part's value, and what it says. */
export interface FilterAnswer {
  value: string;
  label: string;
}

/** A question a cross-filter may pick, with its answers. */
export interface FilterQuestion {
  name: string;
  label: string;
  answers: FilterAnswer[];
}

/** A picked answer of a question. */
export interface PickedFilter {
  field: string;
  value: string;
}

const TEXT_TYPES: readonly string[] = ['input', 'textarea'];

const optionsOf = (list: unknown): FilterAnswer[] =>
  (Array.isArray(list) ? list : [])
    .filter((o) => isPlainObject(o) && typeof o.value === 'string' && typeof o.label === 'string')
    .map((o) => ({ value: String(o.value), label: String(o.label) }));

/** The value fields of a form in its order, a group's fields in its place. */
export function questionFields(schema: FormSchema): FormField[] {
  const out: FormField[] = [];
  const walk = (fields: unknown) => {
    for (const field of Array.isArray(fields) ? (fields as FormField[]) : []) {
      if (!isPlainObject(field)) continue;
      if (field.type === 'group') walk(field.children);
      else if (!LAYOUT_FIELD_TYPES.includes(field.type) && typeof field.name === 'string' && field.name) {
        out.push(field);
      }
    }
  };
  walk(schema.fields);
  return out;
}

/** The answers a cross-filter may pick for a question; none when it cannot filter (texts, numbers, rankings...). */
export function filterAnswers(field: FormField): FilterAnswer[] {
  const type: string = field.type;
  switch (type) {
    case 'radio':
    case 'select':
    case 'checkbox':
      return optionsOf(field.options);
    case 'rating':
      return Array.from({ length: starsOf(field) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
    case 'nps':
      return Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) }));
    case 'matrix': {
      const columns = optionsOf(field.options);
      return optionsOf(field.rows).flatMap((row) =>
        columns.map((column) => ({ value: `${row.value}=${column.value}`, label: `${row.label}: ${column.label}` })),
      );
    }
    default:
      return [];
  }
}

/** The questions a cross-filter may pick, in the form's order. */
export function filterQuestions(schema: FormSchema): FilterQuestion[] {
  return questionFields(schema)
    .map((field) => ({ name: field.name as string, label: field.label, answers: filterAnswers(field) }))
    .filter((q) => q.answers.length > 0);
}

/** The `filter` parameter of picked answers: question:answer, comma-separated. */
export const filterParam = (picked: PickedFilter[]) => picked.map((p) => `${p.field}:${p.value}`).join(',');

/** Where a question's free-text answers are: the question itself when it is text, its "other" text besides. */
export function textKeysOf(field: FormField): { key: string; other: boolean }[] {
  const keys: { key: string; other: boolean }[] = [];
  if (TEXT_TYPES.includes(field.type) && field.name) keys.push({ key: field.name, other: false });
  if (otherOption(field) && field.name) keys.push({ key: otherKey(field.name), other: true });
  return keys;
}

/** A file name of what a chart shows: no character a file system refuses. */
export const fileNameOf = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what file systems refuse too
  text.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').slice(0, 120) || 'chart';
