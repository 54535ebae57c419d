import type { FormField, FormFieldType } from '@park/catalog/forms';
import { type ContainerId, holdsValue, newId, nextName } from './fieldTree.ts';

export type PaletteGroup = 'basic' | 'choice' | 'pickers' | 'layout' | 'questionnaire';
type Palette = readonly { group: PaletteGroup; types: FormFieldType[] }[];

/** The designer's field kinds: a workflow form's (the default), or a questionnaire's (`kinds="questionnaire"`). */
export type DesignerKinds = 'workflow' | 'questionnaire';

/** The palette's groups of field kinds, in the order the designer lists them: a workflow form's. */
export const PALETTE: Palette = [
  { group: 'basic', types: ['input', 'textarea', 'number', 'money', 'date', 'dateRange', 'richText'] },
  { group: 'choice', types: ['select', 'radio', 'checkbox', 'switch', 'region'] },
  { group: 'pickers', types: ['user', 'dept', 'enterprise', 'upload'] },
  { group: 'layout', types: ['group', 'table', 'divider'] },
];

/**
 * A questionnaire's palette: its question types (issue 32) — texts, number, date and upload, the choices, and the
 * questionnaire's own kinds; no people pickers or tables (a respondent may be a company account, and a sheet's
 * statistics count questions, not rows).
 */
export const QUESTIONNAIRE_PALETTE: Palette = [
  { group: 'basic', types: ['input', 'textarea', 'number', 'date', 'upload'] },
  { group: 'choice', types: ['radio', 'checkbox', 'select'] },
  { group: 'questionnaire', types: ['rating', 'nps', 'matrix', 'ranking'] },
  { group: 'layout', types: ['group', 'divider'] },
];

export const paletteOf = (kinds: DesignerKinds): Palette =>
  kinds === 'questionnaire' ? QUESTIONNAIRE_PALETTE : PALETTE;

/** Kinds whose value is one of the field's options. */
export const CHOICE_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];
/** Kinds that have options to edit: the choices, a ranking's items and a matrix's columns. */
export const OPTION_TYPES: readonly FormFieldType[] = [...CHOICE_TYPES, 'ranking', 'matrix'];

/**
 * A new field of a kind, as dropped from the palette: labelled with the kind's name, named `field_<n>` (layout kinds
 * have no name), two options to start a choice with (three for a ranking or a matrix's columns, and two rows for a
 * matrix), and an empty container for a group or table.
 */
export function newField(
  type: FormFieldType,
  fields: readonly FormField[],
  container: ContainerId,
  label: string,
  optionLabel: (n: number) => string,
  rowLabel: (n: number) => string = optionLabel,
): FormField {
  const field: FormField = { id: newId(fields), type, label };
  if (holdsValue(type)) field.name = nextName(fields, container);
  if (OPTION_TYPES.includes(type)) {
    const count = type === 'ranking' || type === 'matrix' ? 3 : 2;
    field.options = Array.from({ length: count }, (_, i) => ({ label: optionLabel(i + 1), value: String(i + 1) }));
  }
  if (type === 'matrix') field.rows = [1, 2].map((n) => ({ label: rowLabel(n), value: `r${n}` }));
  if (type === 'group' || type === 'table') field.children = [];
  return field;
}
