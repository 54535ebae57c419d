import { type FieldDef, PICKED, type PickerKind, type Reference, referenceOf } from '@park/catalog';
import { type QueryClient, useQueries } from '@tanstack/react-query';
import type { Row } from '../../api/crud.ts';
import { fetchDetail } from '../../api/crud.ts';

/** An id that names a row: not empty, and not 0, which BladeX trees store as the parent of a top node. */
const namesRow = (id: string) => id !== '' && id !== '0';

/** Ids a picker field holds: one id, or several joined by commas (a multi-select). */
export function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(namesRow);
  return value === null || value === undefined ? [] : String(value).split(',').filter(namesRow);
}

const nameKey = (reference: Reference, id: string) => ['picker', reference.entity.key, 'name', id];

/**
 * The names of the rows an id field points to, each read once through its entity's `detail` and
 * cached, so a list column or an input shows names instead of ids (the export names them alike,
 * from the same catalog reference). An id not (or not yet) read shows as itself.
 */
export function useReferencedNames(reference: Reference, ids: string[]): string[] {
  const rows = useQueries({
    queries: ids.map((id) => ({
      queryKey: nameKey(reference, id),
      queryFn: () => fetchDetail(reference.entity, id),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return ids.map((id, i) => {
    const row = rows[i]?.data;
    if (!row) return rows[i]?.isPending ? '' : id;
    return String(row[reference.nameField] ?? id);
  });
}

/** The names of rows picked in a picker of that kind. */
export function usePickedNames(kind: PickerKind, ids: string[]): string[] {
  return useReferencedNames(PICKED[kind], ids);
}

/**
 * Rows just picked in a dialog, so their names show without reading them again; a row picked
 * before the dialog opened is only its id there, and keeps what was read of it.
 */
export function rememberPicked(queryClient: QueryClient, kind: PickerKind, rows: Row[]): void {
  const reference = PICKED[kind];
  for (const row of rows) {
    if (row[reference.nameField] !== undefined) queryClient.setQueryData(nameKey(reference, row.id), row);
  }
}

/** A list cell naming the row (or rows) a picked or referenced id field points to. */
export function PickedName({ field, value }: { field: FieldDef; value: unknown }) {
  const reference = referenceOf(field);
  if (!reference) throw new Error(`${field.name} names no other row`);
  return <ReferencedName reference={reference} value={value} />;
}

function ReferencedName({ reference, value }: { reference: Reference; value: unknown }) {
  return useReferencedNames(reference, idsOf(value)).join(', ');
}
