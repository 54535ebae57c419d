import { boundsProblem, formatProblem, notBeforeMessage, ruleMessage } from '@park/catalog';
import type { CacheRegistry } from '../platform/cache.ts';
import type { Database, Row } from '../platform/db.ts';
import { dictionaryEntries } from '../platform/dictionaries.ts';
import { type Bilingual, badRequest } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import type { Column, Model } from './model.ts';
import { isBlankRichText, sanitizeRichText } from './rich-text.ts';
import { DECIMAL_LIMIT, hasNul, INT_MAX, INT_MIN, isRealDateTime } from './values.ts';

/**
 * A submit body checked against the catalog: required fields, types, lengths, formats, bounds, date order.
 * The first problem is the 400's message (as the spec's forms show one at a time);
 * nothing is written when there is one.
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function invalid(col: Column, what: Bilingual): Bilingual {
  const label = col.field?.label ?? { zh: col.name, en: col.name };
  return { zh: `${label.zh}${what.zh}`, en: `${label.en} ${what.en}` };
}

/** The number, or a 400 when it is outside the field's `min` and `max`. */
function inBounds(col: Column, n: number): number {
  const problem = col.field && boundsProblem(n, col.field);
  if (problem) throw badRequest(ruleMessage(problem.message, { ...problem.values, label: col.field!.label }));
  return n;
}

/**
 * The value as it will be stored, or a 400 naming what is wrong with it: its type and length, and the
 * rules its field declares (a text's `format`, a number's bounds), with the messages the web's forms show.
 */
export function coerce(col: Column, value: unknown): unknown {
  if (isEmpty(value)) return null;
  switch (col.type) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number')
        throw badRequest(invalid(col, { zh: '必须是文本', en: 'must be text' }));
      // Rich text is stored only as the allow-list leaves it, whatever path the save came by.
      const s = col.field?.richText ? sanitizeRichText(String(value)) : String(value);
      if (hasNul(s)) throw badRequest(invalid(col, { zh: '不能包含空字符', en: 'may not contain the NUL character' }));
      // Nothing left (a body of only a script) is an empty value: a required field says so.
      if (col.field?.richText && isBlankRichText(s)) return null;
      const max = col.field?.maxLength;
      if (max !== undefined && s.length > max) {
        throw badRequest(invalid(col, { zh: `长度不能超过${max}个字符`, en: `must be at most ${max} characters` }));
      }
      const format = col.field?.format;
      if (!format) return s;
      const problem = formatProblem(format, s);
      // The label in English in lower case, inside a sentence ("The serving from must be a time HH:mm").
      const label = col.field ? { zh: col.field.label.zh, en: col.field.label.en.toLowerCase() } : undefined;
      if (problem) throw badRequest(ruleMessage(problem, { label }));
      // Kept as checked: trimmed, a credit code in capitals.
      return format === 'creditCode' ? s.trim().toUpperCase() : s.trim();
    }
    case 'int': {
      const n = typeof value === 'string' ? Number(value.trim()) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < INT_MIN || n > INT_MAX) {
        throw badRequest(invalid(col, { zh: '必须是整数', en: 'must be a whole number' }));
      }
      return inBounds(col, n);
    }
    case 'decimal':
    case 'money': {
      const n = typeof value === 'string' ? Number(value.trim()) : value;
      // Below what a numeric(18,4) column holds (numeric(18,2) for money).
      const limit = col.type === 'money' ? 1e16 : DECIMAL_LIMIT;
      if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) >= limit) {
        throw badRequest(invalid(col, { zh: '必须是数字', en: 'must be a number' }));
      }
      return inBounds(col, n);
    }
    case 'id': {
      const s = String(value);
      if (!isId(s) && s !== '0') throw badRequest(invalid(col, { zh: '不是有效的编号', en: 'is not a valid id' }));
      return s;
    }
    case 'date':
    case 'datetime': {
      const s = String(value).trim();
      const ok = col.type === 'date' ? DATE.test(s) || DATETIME.test(s) : DATETIME.test(s) || DATE.test(s);
      if (!ok || !isRealDateTime(s)) {
        const format = col.type === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss';
        throw badRequest(invalid(col, { zh: `格式应为${format}`, en: `must be written as ${format}` }));
      }
      return col.type === 'date' ? s.slice(0, 10) : s;
    }
  }
}

/**
 * The columns to write. On create every required field must be filled, one the body leaves out
 * taking its declared `initial` when it has one (a news item without publishStatus is a draft, as
 * the form starts); on update a field left out keeps its value, but one sent empty must not be required.
 */
export function writeValues(model: Model, body: Record<string, unknown>, isNew: boolean): Map<Column, unknown> {
  const values = new Map<Column, unknown>();
  for (const col of model.writable) {
    const present = Object.hasOwn(body, col.name);
    if (!present && !isNew) continue;
    const initial = !present && col.field?.required ? col.field.initial : undefined;
    const value = coerce(col, initial ?? body[col.name]);
    // A conditional requirement needs the stored row: `checkRequiredUnless` sees to it.
    if (value === null && col.field?.required && !col.field.requiredUnless) throw badRequest(col.field.required);
    if (present || value !== null) values.set(col, value);
  }
  // The common status column (1 normal, 0 disabled), unless the catalog declares a status field of its own.
  const declaresStatus = model.writable.some((c) => c.name === 'status');
  if (!declaresStatus && Object.hasOwn(body, 'status') && !isEmpty(body.status)) {
    const status = Number(body.status);
    if (status !== 0 && status !== 1) throw badRequest({ zh: '状态只能是0或1', en: 'status must be 0 or 1' });
    values.set(model.columns.get('status')!, status);
  }
  return values;
}

/**
 * A field required unless another has a value (`requiredUnless`) is filled when the row, as the write
 * leaves it, does not have that value; a side the write leaves out is the stored one.
 */
export function checkRequiredUnless(model: Model, values: Record<string, unknown>, stored: Row | undefined): void {
  const current = (name: string) => (Object.hasOwn(values, name) ? values[name] : stored?.[name]);
  for (const col of model.writable) {
    const { required, requiredUnless } = col.field ?? {};
    if (!required || !requiredUnless || !isEmpty(current(col.name))) continue;
    if (String(current(requiredUnless.field) ?? '') !== String(requiredUnless.value)) throw badRequest(required);
  }
}

/** The keys a stored dictionary value holds: one, or several joined by commas in a text field (a multi-select). */
export function dictKeysOf(col: Column, value: unknown): string[] {
  if (col.type !== 'string' && col.type !== 'text') return [String(value)];
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Every dictionary field's value must be a key of its dictionary (the system one, or the
 * tenant's business one for `dictBiz`), each key of a comma-joined value alike. The entries come
 * from the cached lookup, so a warm cache costs no query.
 */
export async function checkDictionaries(
  platform: { db: Database; cache: CacheRegistry },
  values: Map<Column, unknown>,
  tenantId: string,
): Promise<void> {
  for (const [col, value] of values) {
    const field = col.field;
    if (!field?.dict || value === null || value === undefined) continue;
    const entries = await dictionaryEntries(platform, field.dictBiz ? 'biz' : 'system', field.dict, tenantId);
    const keys = new Set(entries.map((e) => String(e.dictKey)));
    if (!dictKeysOf(col, value).every((k) => keys.has(k))) {
      throw badRequest({ zh: `${field.label.zh}的取值无效`, en: `${field.label.en} has an invalid value` });
    }
  }
}

/**
 * Every date declared `notBefore` another (an end and its start) is not earlier than it. A side the
 * write leaves out is the stored one, so an update sending only the end is checked against the
 * stored start; a side that is empty is not checked.
 */
export function checkDateOrder(model: Model, values: Record<string, unknown>, stored: Row | undefined): void {
  const current = (name: string) => (Object.hasOwn(values, name) ? values[name] : stored?.[name]);
  for (const end of model.writable) {
    const startName = end.field?.notBefore;
    if (!startName) continue;
    const start = model.columns.get(startName);
    const [from, to] = [current(startName), current(end.name)];
    if (!start?.field || typeof from !== 'string' || typeof to !== 'string' || to >= from) continue;
    throw badRequest(notBeforeMessage(end.field!, start.field));
  }
}
