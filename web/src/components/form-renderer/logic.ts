import {
  evaluateExpression,
  type FieldAuthMode,
  type FormField,
  type FormSchema,
  formValueProblems,
} from '@park/catalog/forms';
import type { Lang } from '../../i18n/index.ts';

/** How the renderer shows a form: filled in, or read (a detail view). */
export type RenderMode = 'edit' | 'view';

/** A task's rights by field name (BPMN `park:FieldAuth`): a field it does not name is read-only there. */
export type FieldAuth = Record<string, FieldAuthMode>;

/**
 * Whether a field's show-if holds for the form's values (and the starter's attributes in `scope`), evaluated by the
 * shared evaluator the server's `visibleValues` uses. A field without one is shown; one whose expression does not
 * parse (the designer refuses to save it) is shown too, rather than losing a field the operator cannot see.
 */
export function isShown(
  field: FormField,
  values: Record<string, unknown>,
  scope: Record<string, unknown> = {},
): boolean {
  if (!field.showIf) return true;
  try {
    return Boolean(evaluateExpression(field.showIf, { ...scope, form: values }));
  } catch {
    return true;
  }
}

/** A field's right in this form: every field is read in a view; at a task, what `auth` says (read-only when unnamed). */
export function rightOf(field: FormField, mode: RenderMode, auth: FieldAuth | undefined): FieldAuthMode {
  if (mode === 'view') return 'readonly';
  if (!auth || !field.name) return 'editable';
  return auth[field.name] ?? 'readonly';
}

/**
 * What the shared validator says of one field's value, in the user's language: the server's own rule and words.
 * The field's show-if is left out (a field checked here is on screen, so it holds), and so is the text of its
 * "other" choice.
 */
export function problemOf(field: FormField, value: unknown, lang: Lang): string | undefined {
  if (!field.name) return undefined;
  // The text of an "other" choice has its own input, which says its own problem (otherTextProblem).
  const options = field.options?.map(({ other: _, ...option }) => option);
  const alone: FormSchema = { version: 1, fields: [{ ...field, options, showIf: undefined }] };
  const problem = formValueProblems(alone, { [field.name]: value }).find((p) => p.field === field.name);
  return problem?.text[lang];
}

/**
 * A table's own rule (required, the fewest and most rows) without its cells' rules, which each cell shows beside
 * itself: the columns keep only their names and kinds.
 */
export function tableProblem(table: FormField, rows: unknown, lang: Lang): string | undefined {
  const columns = (table.children ?? []).map(({ id, type, name, label, options, multiple }) => ({
    id,
    type,
    name,
    label,
    options,
    multiple,
  }));
  return problemOf({ ...table, children: columns }, rows, lang);
}
