import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { buttonsOf, routesOf, topMenusOf } from './menu-access.ts';

/**
 * The calls the web shell makes after login to build its sidebar, permissions and top bar. The two trees are sent
 * compressed to a client that accepts it (the administrator's buttons are some 150 KB of JSON), from a scope of
 * their own: the compression plugin gives every route of its scope a hook, which the API's other routes, with answers
 * of a few kilobytes, would pay for on each call. The assets are compressed at build time.
 */
export function registerMenu(app: FastifyInstance, platform: Platform) {
  app.register(async (scope) => {
    await scope.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 8 * 1024,
      globalDecompression: false,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
    menuRoutes(scope, platform);
  });
}

function menuRoutes(app: FastifyInstance, platform: Platform) {
  const base = '/api/blade-system/menu';

  app.get<{ Querystring: { topMenuId?: string } }>(`${base}/routes`, { config: { title: '菜单路由' } }, async (req) => {
    const topMenuId = String(req.query.topMenuId ?? '').trim() || undefined;
    if (topMenuId !== undefined && !isId(topMenuId)) {
      throw badRequest({ zh: '顶部菜单编号无效', en: 'The top menu id is not valid' });
    }
    return ok(await routesOf(platform, ctx(), topMenuId));
  });

  app.get(`${base}/buttons`, { config: { title: '菜单按钮' } }, async () => ok(await buttonsOf(platform, ctx())));

  app.get(`${base}/top-menu`, { config: { title: '顶部菜单' } }, async () => ok(await topMenusOf(platform, ctx())));
}
