import type { FormField, FormFieldType } from '@park/catalog/forms';
import { type ContainerId, holdsValue, newId, nextName } from './fieldTree.ts';

/** The palette's groups of field kinds, in the order the designer lists them. */
export const PALETTE: readonly { group: 'basic' | 'choice' | 'pickers' | 'layout'; types: FormFieldType[] }[] = [
  { group: 'basic', types: ['input', 'textarea', 'number', 'money', 'date', 'dateRange', 'richText'] },
  { group: 'choice', types: ['select', 'radio', 'checkbox', 'switch', 'region'] },
  { group: 'pickers', types: ['user', 'dept', 'enterprise', 'upload'] },
  { group: 'layout', types: ['group', 'table', 'divider'] },
];

/** Kinds whose value is one of the field's options. */
export const CHOICE_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];

/**
 * A new field of a kind, as dropped from the palette: labelled with the kind's name, named `field_<n>` (layout kinds
 * have no name), two options to start a choice with, and an empty container for a group or table.
 */
export function newField(
  type: FormFieldType,
  fields: readonly FormField[],
  container: ContainerId,
  label: string,
  optionLabel: (n: number) => string,
): FormField {
  const field: FormField = { id: newId(fields), type, label };
  if (holdsValue(type)) field.name = nextName(fields, container);
  if (CHOICE_TYPES.includes(type)) {
    field.options = [1, 2].map((n) => ({ label: optionLabel(n), value: String(n) }));
  }
  if (type === 'group' || type === 'table') field.children = [];
  return field;
}
