import { columnOf, type EntityDef, type FieldDef, referenceOf } from '@park/catalog';
import type { Row } from '../platform/db.ts';
import { isId } from '../platform/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { ident } from './sql.ts';

/**
 * The names of the rows that picked and referenced id fields point to (catalog `picker` and `ref`),
 * read for many rows at once: one query per field, never one per row. The export writes them in
 * place of the ids; a `ref` with `as` has the engine read them with every row, and the list and the
 * export show them from there.
 */
export const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** The ids or keys a stored value holds: one, or several joined by commas (a multi-select). */
export function partsOf(value: unknown): string[] {
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The names of the rows the field's ids point to, by id, or undefined for a field naming no rows. A
 * removed row still names what it was; the tenant condition (and row-level security) keeps others' rows out.
 */
export async function namesOf(
  platform: Platform,
  field: FieldDef,
  rows: Row[],
  tenantId: string,
): Promise<Map<string, string> | undefined> {
  const ref = referenceOf(field);
  if (!ref) return undefined;
  const ids = new Set<string>();
  for (const row of rows) {
    if (!isBlank(row[field.name])) for (const id of partsOf(row[field.name])) if (isId(id)) ids.add(id);
  }
  const names = new Map<string, string>();
  if (ids.size === 0) return names;
  const nameField = ref.entity.fields.find((f) => f.name === ref.nameField);
  if (!nameField) throw new Error(`${ref.entity.key} has no field ${ref.nameField}`);
  const tenantScoped = (ref.entity.scope ?? 'tenant') === 'tenant';
  const found = await platform.db.scoped(tenantId, (q) =>
    q.query<{ id: string; name: string | null }>(
      `select "id"::text as "id", ${ident(columnOf(nameField))}::text as "name" from ${ident(ref.entity.table)}
        where "id" = any($1::bigint[]) ${tenantScoped ? 'and "tenant_id" = $2' : ''}`,
      tenantScoped ? [[...ids], tenantId] : [[...ids]],
    ),
  );
  for (const r of found) if (r.name !== null) names.set(r.id, r.name);
  return names;
}

/** The fields of an entity whose names travel with its rows (`ref.as`). */
export function carriedNameFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((f) => f.ref?.as);
}

/** The rows with the name of each `ref.as` field's row under `as` (null when it names none). */
export async function withCarriedNames(
  platform: Platform,
  fields: FieldDef[],
  rows: Row[],
  tenantId: string,
): Promise<Row[]> {
  if (!fields.length || !rows.length) return rows;
  const named = await Promise.all(fields.map((f) => namesOf(platform, f, rows, tenantId)));
  return rows.map((row) => {
    const more = Object.fromEntries(
      fields.map((f, i) => {
        const value = row[f.name];
        const names = isBlank(value) ? [] : partsOf(value).flatMap((id) => named[i]?.get(id) ?? []);
        return [f.ref!.as!, names.length ? names.join(', ') : null];
      }),
    );
    return { ...row, ...more };
  });
}
