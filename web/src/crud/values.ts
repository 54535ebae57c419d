import type { EntityDef, FieldDef } from '@park/catalog';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from './dates.ts';

/** Fields of the add/edit/view form. */
export function formFieldsOf(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((field) => field.form !== false);
}

/** What a new row's form starts with: the fields' catalog `initial` values. */
export function initialValuesOf(fields: FieldDef[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));
}

const isDateField = (field: FieldDef) => field.type === 'date' || field.type === 'datetime';

/** A row as the form holds it: the pickers want dayjs values instead of the server's strings. */
export function toFormValues(fields: FieldDef[], row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field.name];
    values[field.name] = isDateField(field) && typeof value === 'string' && value !== '' ? dayjs(value) : value;
    // The name the server read with a referenced id: its input shows it (toRowValues leaves it out).
    if (field.ref?.as) values[field.ref.as] = row[field.ref.as];
  }
  return values;
}

/** The form's values as the server takes them: dates back to yyyy-MM-dd[ HH:mm:ss] strings. */
export function toRowValues(fields: FieldDef[], values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    row[field.name] = dayjs.isDayjs(value)
      ? value.format(field.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT)
      : value;
  }
  return row;
}
