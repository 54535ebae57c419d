import { type Bilingual, badRequest } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';

const BAD_ID = { zh: '编号无效', en: 'An id is not valid' };
export const NONE_SELECTED = { zh: '请选择至少一条数据', en: 'Please select at least one record' };

/**
 * A list of ids from a query or body value: `1,2,3`, an array, or one id. Empty is
 * allowed unless `required` gives the message to refuse it with.
 */
export function idList(value: unknown, required?: Bilingual): string[] {
  const parts = (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((s) => String(s ?? '').trim())
    .filter(Boolean);
  if (parts.length === 0 && required) throw badRequest(required);
  if (!parts.every(isId)) throw badRequest(BAD_ID);
  return [...new Set(parts)];
}

/** One required id parameter. */
export function oneId(value: unknown, name: string): string {
  const s = String(value ?? '').trim();
  if (!s) throw badRequest({ zh: `缺少参数${name}`, en: `The parameter ${name} is missing` });
  if (!isId(s)) throw badRequest(BAD_ID);
  return s;
}
