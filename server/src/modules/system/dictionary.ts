import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { type DictSource, dictionaryEntries } from '../../platform/dictionaries.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * Dictionary entries for dropdowns (CONTRACT.md "Trees and dictionaries"): the live,
 * unsealed entries of a code, sorted, read through the platform's cached lookup.
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
    app.get<{ Querystring: { code?: unknown } }>(route.path, { config: { title: route.title } }, async (req) =>
      ok(await dictionaryEntries(platform, route.source, codeParam(req.query), ctx().tenantId)),
    );
  }
}
