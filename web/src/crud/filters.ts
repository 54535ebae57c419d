import type { EntityDef, FieldDef } from '@park/catalog';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from './dates.ts';

/** The search form's field for the creation-time range every list offers (spec part 2). */
export const CREATE_TIME_RANGE = 'createTimeRange';

/** The search form's values: one per searchable field, plus the creation-time range. */
export type SearchValues = Record<string, unknown> & {
  [CREATE_TIME_RANGE]?: [Dayjs | null, Dayjs | null] | null;
};

export function searchFieldsOf(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((field) => field.search);
}

/**
 * The search a link opens a list with (`/property/repair?repairStatus=0`, from 控制台's charts): the URL's
 * parameters named after the entity's searchable fields, as the search form holds them (a date as a day, an
 * int as a number, as its dictionary's options are).
 */
export function linkedSearch(entity: EntityDef, params: URLSearchParams): SearchValues {
  const values: SearchValues = {};
  for (const field of searchFieldsOf(entity)) {
    const value = params.get(field.name);
    if (value === null || value === '') continue;
    values[field.name] = field.type === 'date' ? dayjs(value) : field.type === 'int' ? Number(value) : value;
  }
  return values;
}

/**
 * The query parameters for a search (CONTRACT.md "Lists and paging"). A bare field name is
 * "contains" for text and "equals" for anything else; a date matches its whole day. The range
 * goes out as createTime_dategt / createTime_datelt.
 */
export function buildFilters(entity: EntityDef, values: SearchValues): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of searchFieldsOf(entity)) {
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    if (dayjs.isDayjs(value)) {
      filters[`${field.name}_dateequal`] = value.format(DATE_FORMAT);
      continue;
    }
    const text = String(value).trim();
    if (text !== '') filters[field.name] = text;
  }
  const [from, to] = values[CREATE_TIME_RANGE] ?? [];
  if (from) filters.createTime_dategt = from.format(DATETIME_FORMAT);
  if (to) filters.createTime_datelt = to.format(DATETIME_FORMAT);
  return filters;
}

export type SortOrder = 'ascend' | 'descend' | null | undefined;

/** A table sort as `ascs` / `descs` (camelCase field names); none leaves the server's default order. */
export function sortParams(field: string | undefined, order: SortOrder): { ascs?: string; descs?: string } {
  if (!field || !order) return {};
  return order === 'ascend' ? { ascs: field } : { descs: field };
}
