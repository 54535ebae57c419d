import type { FieldDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type DictEntry, fetchDictionary } from '../api/dict.ts';
import { useLang } from '../i18n/index.ts';

/**
 * A dictionary's entries, fetched once per session (spec part 9: dictionary use is cached); `biz`
 * reads the tenant's business dictionary of that code (a field's `dictBiz`), as the server checks it.
 * Without a code nothing is fetched and the console says so (spec part 8), once per component. The server
 * answers the labels in the request's language, so each language is fetched (and kept) on its own.
 */
export function useDictionary(code: string | undefined, biz = false) {
  const lang = useLang();
  useEffect(() => {
    // A developer's slip (a field with no dictionary), not the user's: the console, in English.
    if (!code) console.warn('useDictionary: a dictionary lookup without a dictionary code; nothing is fetched');
  }, [code]);
  return useQuery({
    queryKey: ['dict', biz ? 'biz' : 'system', code, lang],
    queryFn: () => fetchDictionary(code as string, biz),
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Select options; an int field stores the key as a number, so its option values are numbers too. */
export function dictOptions(entries: DictEntry[] | undefined, field: FieldDef) {
  return (entries ?? []).map((entry) => ({
    value: field.type === 'int' ? Number(entry.dictKey) : entry.dictKey,
    label: entry.dictValue,
  }));
}
