import { type Bilingual, badRequest } from '../platform/errors.ts';
import type { Column, Model } from './model.ts';
import { ident, likeEscape, type Where } from './sql.ts';
import { hasNul, isBigintText, isDecimalText, isIntText, isRealDateTime } from './values.ts';

/**
 * Query-string filters (CONTRACT.md "Lists and paging"): `field[_suffix]=value`.
 * Unknown fields are ignored, empty values are ignored, values are always bound
 * parameters, and a value the column cannot be compared with (the wrong type, an impossible date,
 * a number beyond the column's range, a NUL character) is a 400 rather than a database error.
 */
export const SUFFIXES = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'gt',
  'ge',
  'lt',
  'le',
  'datege',
  'dategt',
  'dateequal',
  'datele',
  'datelt',
  'null',
  'notnull',
  'ignore',
] as const;
export type Suffix = (typeof SUFFIXES)[number];

/** Parameters that steer paging and sorting, never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'id', 'ids']);

const invalidValue = (label: Bilingual, value: string): Bilingual => ({
  zh: `查询条件"${label.zh}"的值"${value}"无效`,
  en: `"${value}" is not a valid value for the filter "${label.en}"`,
});

function labelOf(col: Column): Bilingual {
  return col.field?.label ?? { zh: col.name, en: col.name };
}

/** What a filter value of each column type must be: one rule, a value the column cannot hold is a 400. */
const VALID: Record<Column['type'], (value: string) => boolean> = {
  date: isRealDateTime,
  datetime: isRealDateTime,
  int: isIntText,
  id: isBigintText,
  decimal: isDecimalText,
  money: isDecimalText,
  string: (value) => !hasNul(value),
  text: (value) => !hasNul(value),
};

function checkedValue(col: Column, value: string, asDate: boolean): string {
  if (!(asDate ? isRealDateTime : VALID[col.type])(value)) {
    // The value in the message is cut short: a 64 KB one would only bury what is wrong.
    throw badRequest(invalidValue(labelOf(col), value.length > 40 ? `${value.slice(0, 40)}…` : value));
  }
  return value;
}

const isText = (col: Column) => col.type === 'string' || col.type === 'text';

export function splitKey(key: string, model: Model): { col: Column; suffix: Suffix | '' } | undefined {
  const direct = model.columns.get(key);
  if (direct) return { col: direct, suffix: '' };
  const i = key.lastIndexOf('_');
  if (i <= 0) return undefined;
  const suffix = key.slice(i + 1).toLowerCase() as Suffix;
  const col = model.columns.get(key.slice(0, i));
  if (!col || !SUFFIXES.includes(suffix)) return undefined;
  return { col, suffix };
}

/** Adds every recognised filter of the query to `where`. */
export function applyFilters(where: Where, model: Model, query: Record<string, unknown>): void {
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const parsed = splitKey(key, model);
    if (!parsed || parsed.col.name === 'isDeleted') continue;
    // The tenant is the caller's, never a filter; only the tenant table's own code field is searchable.
    if (parsed.col.name === 'tenantId' && model.tenantScoped) continue;
    const value = (Array.isArray(raw) ? raw[0] : raw) as unknown;
    if (value === undefined || value === null || String(value).trim() === '') continue;
    const text = String(value).trim();
    // A NUL can match nothing PostgreSQL stores, and it refuses NUL in a query's text.
    if (hasNul(text)) throw badRequest(invalidValue(labelOf(parsed.col), text.replaceAll('\u0000', '\\u0000')));
    addCondition(where, parsed.col, parsed.suffix, text);
  }
}

function addCondition(where: Where, col: Column, suffix: Suffix | '', value: string) {
  const c = ident(col.column);
  const cast = col.type === 'date' ? '::date' : col.type === 'datetime' ? '::timestamp' : '';
  const typed = (v: string, asDate = false) => `${where.param(checkedValue(col, v, asDate))}${cast}`;
  const like = (pattern: string, negate = false) =>
    where.and(`${isText(col) ? c : `${c}::text`} ${negate ? 'not like' : 'like'} ${where.param(pattern)}`);

  switch (suffix) {
    case '':
      if (isText(col)) like(`%${likeEscape(value)}%`);
      else where.and(`${c} = ${typed(value)}`);
      return;
    case 'like':
      return void like(`%${likeEscape(value)}%`);
    case 'notlike':
      return void like(`%${likeEscape(value)}%`, true);
    case 'likeleft':
      return void like(`%${likeEscape(value)}`);
    case 'likeright':
      // starts_with is leakproof, so under row-level security it may still use the column's index; LIKE may not.
      if (isText(col)) return void where.and(`starts_with(${c}, ${where.param(value)})`);
      return void like(`${likeEscape(value)}%`);
    case 'equal':
      return void where.and(`${c} = ${typed(value)}`);
    case 'notequal':
      return void where.and(`${c} <> ${typed(value)}`);
    case 'gt':
      return void where.and(`${c} > ${typed(value)}`);
    case 'ge':
      return void where.and(`${c} >= ${typed(value)}`);
    case 'lt':
      return void where.and(`${c} < ${typed(value)}`);
    case 'le':
      return void where.and(`${c} <= ${typed(value)}`);
    case 'datege':
      return void where.and(`${c} >= ${where.param(checkedValue(col, value, true))}::timestamp`);
    case 'dategt':
      return void where.and(`${c} > ${where.param(checkedValue(col, value, true))}::timestamp`);
    case 'datele':
      return void where.and(`${c} <= ${where.param(checkedValue(col, value, true))}::timestamp`);
    case 'datelt':
      return void where.and(`${c} < ${where.param(checkedValue(col, value, true))}::timestamp`);
    case 'dateequal':
      // A day alone matches the whole day; a full time matches that instant.
      return void where.and(
        value.length === 10
          ? `${c}::date = ${where.param(checkedValue(col, value, true))}::date`
          : `${c} = ${where.param(checkedValue(col, value, true))}::timestamp`,
      );
    case 'null':
      return void where.and(`${c} is null`);
    case 'notnull':
      return void where.and(`${c} is not null`);
    case 'ignore':
      return;
  }
}

/**
 * The columns a list may be ordered by (issue 36): the fields the catalog declares `sort`, the default order's field,
 * createTime and the audit columns the entity names in `sorts`. Each has an index (migration 0190, index-plan.ts)
 * that serves its first page, the default order's with the company scope too. The direction a column is declared in
 * (the default order's, createTime's newest first, ascending for the rest) ties on id descending; the other direction
 * is that order read backwards (ties on id ascending), so one index serves both.
 */
export function sortableColumns(model: Model): Map<string, { col: Column; desc: boolean }> {
  const sortable = new Map<string, { col: Column; desc: boolean }>();
  const d = model.entity.defaultSort;
  const add = (name: string, desc: boolean) => {
    const col = model.columns.get(name);
    if (col && !sortable.has(name)) sortable.set(name, { col, desc });
  };
  if (d) add(d.field, d.desc);
  add('createTime', true);
  for (const name of model.entity.sorts ?? []) add(name, true);
  for (const col of model.columns.values()) if (col.field?.sort) add(col.name, false);
  return sortable;
}

/**
 * `ascs` / `descs` (comma-separated camelCase fields) as an ORDER BY list. A name that is no field of the entity is a
 * 400; a field the catalog does not declare sortable is ignored (decision: the list keeps its default order, as a
 * sort no index serves would read the whole table).
 */
export function orderBy(model: Model, query: Record<string, unknown>): string {
  const terms: string[] = [];
  let first: { name: string; desc: boolean } | undefined;
  const sortable = sortableColumns(model);
  for (const [param, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const col =
        model.columns.get(name) ?? model.columns.get(name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()));
      if (!col) {
        throw badRequest({ zh: `不支持按"${name}"排序`, en: `Cannot sort by "${name}"` });
      }
      if (!sortable.has(col.name)) continue;
      first ??= { name: col.name, desc: dir === 'desc' };
      terms.push(`${ident(col.column)} ${dir}`);
    }
  }
  if (terms.length === 0) {
    const d = model.entity.defaultSort;
    const col = d ? model.columns.get(d.field) : undefined;
    terms.push(col ? `${ident(col.column)} ${d?.desc ? 'desc' : 'asc'}` : '"create_time" desc');
    return `order by ${terms.join(', ')}, "id" desc`; // a stable order, so pages never repeat or skip rows
  }
  // Ties on id: descending in the direction the column is declared in, ascending read the other way.
  const declared = sortable.get(first!.name)!.desc;
  if (first!.name !== 'id') terms.push(`"id" ${first!.desc === declared ? 'desc' : 'asc'}`);
  return `order by ${terms.join(', ')}`;
}

export const MAX_PAGE_SIZE = 1000;

/**
 * The most rows a page may skip (issue 36: deep pages under 50 ms at a million rows). An offset is read row by row
 * through the order's index, a few microseconds a row under row-level security (20,000 took 54 ms at 500,000 rows on
 * this loaded 2-core machine): 10,000 keeps a deep page well under 50 ms. A page past it that still holds rows is a
 * 400 asking for a narrower search; one past the last row is the usual empty page. Keyset paging would need a
 * cursor the BladeX paging (current/size) does not carry.
 */
export const MAX_OFFSET = 10_000;

export const deepPage = (): Bilingual => ({
  zh: `只能查看前${MAX_OFFSET}条记录，请缩小查询范围或改变排序`,
  en: `Only the first ${MAX_OFFSET} rows can be paged through: narrow the search or change the order`,
});

/** The greatest page number: far beyond any table's last page, and the offset it makes stays exact. */
export const MAX_PAGE = 10_000_000;

/**
 * `current` and `size` as positive whole numbers written in digits (no `1e20`, no `1.5`); `size` is cut
 * to MAX_PAGE_SIZE and `current` may not pass MAX_PAGE, so that the offset is an exact integer.
 * Every paged read, the engine's and the hand-written ones, reads its paging through here.
 */
export function paging(
  query: Record<string, unknown>,
  defaults: { size?: number; maxSize?: number } = {},
): { current: number; size: number } {
  const read = (name: string, fallback: number, max: number) => {
    const raw = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
    if (raw === undefined || raw === null || raw === '') return fallback;
    const text = String(raw).trim();
    const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= 1)) {
      throw badRequest({
        zh: `分页参数${name}必须是正整数`,
        en: `The paging parameter ${name} must be a positive whole number`,
      });
    }
    if (n > max && name === 'current') {
      throw badRequest({
        zh: `分页参数${name}不能超过${max}`,
        en: `The paging parameter ${name} may not exceed ${max}`,
      });
    }
    return Math.min(n, max);
  };
  return {
    current: read('current', 1, MAX_PAGE),
    size: read('size', defaults.size ?? 10, defaults.maxSize ?? MAX_PAGE_SIZE),
  };
}
