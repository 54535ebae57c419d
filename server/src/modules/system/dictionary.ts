import type { FastifyInstance } from 'fastify';
import { ctx, currentLang } from '../../platform/context.ts';
import { type DictSource, dictionaryEntries, dictLabel } from '../../platform/dictionaries.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * Dictionary entries for dropdowns (CONTRACT.md "Trees and dictionaries"): the live,
 * unsealed entries of a code, sorted, read through the platform's cached lookup. `dictValue`
 * is in the request's language (the English value when asked in English and there is one), as
 * BladeX's clients show `dictValue`.
 */
const ROUTES: { path: string; title: string; source: DictSource }[] = [
  { path: '/api/blade-system/dict/dictionary', title: '字典选项', source: 'system' },
  { path: '/api/blade-system/dict-biz/dictionary', title: '业务字典选项', source: 'biz' },
];

function codeParam(query: { code?: unknown }): string {
  const code = String(query.code ?? '').trim();
  if (!code) throw badRequest({ zh: '请传入字典编号code', en: 'The dictionary code (code) is required' });
  return code;
}

export function registerDictionary(app: FastifyInstance, platform: Platform) {
  for (const route of ROUTES) {
    app.get<{ Querystring: { code?: unknown } }>(route.path, { config: { title: route.title } }, async (req) => {
      const entries = await dictionaryEntries(platform, route.source, codeParam(req.query), ctx().tenantId);
      const lang = currentLang();
      return ok(
        entries.map(({ dictValueEn, ...entry }) => ({
          ...entry,
          dictValue: dictLabel({ ...entry, dictValueEn }, lang),
        })),
      );
    });
  }
}
