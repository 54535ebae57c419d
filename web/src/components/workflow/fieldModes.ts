import type { FormField, FormSchema } from '@park/catalog/forms';
import { type FieldAuth, rightOf } from '../form-renderer/logic.ts';

/**
 * A task's rights on the process form (process/detail `fieldModes`) as the detail draws them: the task's own while
 * the viewer may act on it; otherwise nothing is editable, and what the task hides stays hidden. A field the modes
 * do not name is read-only (the renderer's rule at a task).
 */
export function taskFieldAuth(fieldModes: Record<string, FieldAuth[string]> | null | undefined, mayEdit: boolean) {
  const auth: FieldAuth = {};
  for (const [name, mode] of Object.entries(fieldModes ?? {})) {
    auth[name] = !mayEdit && mode === 'editable' ? 'readonly' : mode;
  }
  return auth;
}

/** The valued fields of a form, a group's children among them (a table is one field, its columns are its own). */
function valuedFields(fields: readonly FormField[]): FormField[] {
  return fields.flatMap((field) => {
    if (field.type === 'group') return valuedFields(field.children ?? []);
    return field.name && field.type !== 'divider' ? [field] : [];
  });
}

/** The names of the fields a task may change under `auth`. */
export function editableFieldNames(schema: FormSchema, auth: FieldAuth): string[] {
  return valuedFields(schema.fields)
    .filter((field) => rightOf(field, 'edit', auth) === 'editable')
    .map((field) => field.name as string);
}

/**
 * What a task sends with its decision (completeTask `formData`): the values of the fields it may change, those the
 * filled form holds; the others are the process's already and not the task's to send.
 */
export function editedValues(
  schema: FormSchema,
  auth: FieldAuth,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const edited: Record<string, unknown> = {};
  for (const name of editableFieldNames(schema, auth)) if (Object.hasOwn(values, name)) edited[name] = values[name];
  return edited;
}
