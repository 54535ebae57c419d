import { request } from './http.ts';

export interface DictEntry {
  dictKey: string;
  dictValue: string;
}

/** The entries of one dictionary code, for dropdowns and list labels. */
export function fetchDictionary(code: string): Promise<DictEntry[]> {
  return request<DictEntry[]>('blade-system/dict/dictionary', { query: { code } });
}
