import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * Dictionary entries for dropdowns (CONTRACT.md "Trees and dictionaries"): the live,
 * unsealed entries of a code, sorted. Every select on every screen asks, so answers are
 * cached under 'dict', which every dictionary write (system or business) invalidates.
 */
export const DICT_CACHE = 'dict';

export interface DictEntry {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
}

/** Parent rows (parent_id 0, dict_key -1) name the dictionary; only the rows below them are entries. */
const ENTRY = `select id, parent_id as "parentId", code, dict_key as "dictKey", dict_value as "dictValue", sort, remark`;
const LIVE = 'parent_id <> 0 and is_sealed = 0 and is_deleted = 0';

/** System dictionaries are shared by every tenant; business dictionaries belong to one. */
const SOURCES = [
  { path: '/api/blade-system/dict/dictionary', title: '字典选项', table: 'blade_dict', perTenant: false },
  { path: '/api/blade-system/dict-biz/dictionary', title: '业务字典选项', table: 'blade_dict_biz', perTenant: true },
] as const;

function codeParam(query: { code?: unknown }): string {
  const code = String(query.code ?? '').trim();
  if (!code) throw badRequest({ zh: '请传入字典编号code', en: 'The dictionary code (code) is required' });
  return code;
}

export function registerDictionary(app: FastifyInstance, platform: Platform) {
  for (const source of SOURCES) {
    app.get<{ Querystring: { code?: unknown } }>(source.path, { config: { title: source.title } }, async (req) => {
      const code = codeParam(req.query);
      const { tenantId } = ctx();
      const key = source.perTenant ? `${source.table}:${tenantId}:${code}` : `${source.table}:${code}`;
      const entries = await platform.cache.get(DICT_CACHE, key, () =>
        platform.db.scoped(tenantId, (q) =>
          q.query<DictEntry & Record<string, unknown>>(
            `${ENTRY} from ${source.table} where code = $1 ${source.perTenant ? 'and tenant_id = $2' : ''}
                and ${LIVE} order by sort, id`,
            source.perTenant ? [code, tenantId] : [code],
          ),
        ),
      );
      return ok(entries);
    });
  }
}
