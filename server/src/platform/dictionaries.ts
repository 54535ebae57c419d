import type { CacheRegistry } from './cache.ts';
import type { Lang } from './context.ts';
import type { Database } from './db.ts';

/**
 * Dictionary entries by code: the live, unsealed entries, sorted. Dropdowns, the engine's
 * value check and its export all read them, so they are cached under 'dict', which every
 * dictionary write (system or business) invalidates.
 */
export const DICT_CACHE = 'dict';

export interface DictEntry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  /** The value in English, when it has one (the built-in system entries do). */
  dictValueEn: string | null;
  sort: number;
  remark: string | null;
}

/** What a person reads for an entry: its English value in English when it has one, else its Chinese value. */
export function dictLabel(entry: Pick<DictEntry, 'dictValue' | 'dictValueEn'>, lang: Lang): string {
  return lang === 'en' && entry.dictValueEn ? entry.dictValueEn : entry.dictValue;
}

/** System dictionaries are shared by every tenant; business dictionaries (dict-biz) belong to one. */
export const DICT_SOURCES = {
  system: { table: 'blade_dict', perTenant: false },
  biz: { table: 'blade_dict_biz', perTenant: true },
} as const;
export type DictSource = keyof typeof DICT_SOURCES;

/** Parent rows (parent_id 0, dict_key -1) name the dictionary; only the rows below them are entries. */
const ENTRY = `select id, parent_id as "parentId", code, dict_key as "dictKey", dict_value as "dictValue",
  dict_value_en as "dictValueEn", sort, remark`;
const LIVE = 'parent_id <> 0 and is_sealed = 0 and is_deleted = 0';

/** The entries of a code in the system dictionaries, or in the tenant's business ones. */
export function dictionaryEntries(
  platform: { db: Database; cache: CacheRegistry },
  source: DictSource,
  code: string,
  tenantId: string,
): Promise<DictEntry[]> {
  const { table, perTenant } = DICT_SOURCES[source];
  const key = perTenant ? `${table}:${tenantId}:${code}` : `${table}:${code}`;
  return platform.cache.get(DICT_CACHE, key, () =>
    platform.db.scoped(tenantId, (q) =>
      q.query<DictEntry & Record<string, unknown>>(
        `${ENTRY} from ${table} where code = $1 ${perTenant ? 'and tenant_id = $2' : ''} and ${LIVE}
          order by sort, id`,
        perTenant ? [code, tenantId] : [code],
      ),
    ),
  );
}

/** A dictionary's labels by key in a language, for turning stored keys into what a person reads. */
export async function dictionaryLabels(
  platform: { db: Database; cache: CacheRegistry },
  source: DictSource,
  code: string,
  tenantId: string,
  lang: Lang,
): Promise<Map<string, string>> {
  const entries = await dictionaryEntries(platform, source, code, tenantId);
  return new Map(entries.map((e) => [String(e.dictKey), dictLabel(e, lang)]));
}
