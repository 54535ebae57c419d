import type { PickerKind } from '@park/catalog';
import { type QueryClient, useQueries } from '@tanstack/react-query';
import type { Row } from '../../api/crud.ts';
import { fetchDetail } from '../../api/crud.ts';
import { PICKER_SOURCES } from './sources.ts';

/** Ids a picker field holds: one id, or several joined by commas (a multi-select). */
export function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  return value === null || value === undefined ? [] : String(value).split(',').filter(Boolean);
}

/**
 * The names of picked rows, each read once through the list's `detail` and cached, so a list
 * column or an input shows names instead of ids. An id not (or not yet) read shows as itself.
 */
export function usePickedNames(kind: PickerKind, ids: string[]): string[] {
  const source = PICKER_SOURCES[kind];
  const rows = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['picker', kind, 'name', id],
      queryFn: () => fetchDetail(source.entity, id),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return ids.map((id, i) => {
    const row = rows[i]?.data;
    if (!row) return rows[i]?.isPending ? '' : id;
    return String(row[source.nameField] ?? id);
  });
}

/**
 * Rows just picked in a dialog, so their names show without reading them again; a row picked
 * before the dialog opened is only its id there, and keeps what was read of it.
 */
export function rememberPicked(queryClient: QueryClient, kind: PickerKind, rows: Row[]): void {
  const { nameField } = PICKER_SOURCES[kind];
  for (const row of rows) {
    if (row[nameField] !== undefined) queryClient.setQueryData(['picker', kind, 'name', row.id], row);
  }
}

/** A list cell naming the row (or rows) a picker field points to. */
export function PickedName({ kind, value }: { kind: PickerKind; value: unknown }) {
  return usePickedNames(kind, idsOf(value)).join(', ');
}
