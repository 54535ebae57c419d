import { request } from './http.ts';

export interface DictEntry {
  dictKey: string;
  dictValue: string;
}

/**
 * The entries of one dictionary code, for dropdowns and list labels: a system one, or the tenant's business one;
 * `dictValue` comes in the request's language (English when asked and the entry has one).
 */
export function fetchDictionary(code: string, biz = false): Promise<DictEntry[]> {
  return request<DictEntry[]>(`blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary`, { query: { code } });
}
