import type { FastifyInstance, RouteOptions } from 'fastify';
import { USER_ALIAS } from '../../platform/route-access.ts';

/** The alias of a blade-user route's URL (`/api/blade-user/list` -> `/api/blade-system/user/list`), if it has one. */
export function userAliasOf(url: string): string | undefined {
  return url.startsWith(USER_ALIAS.canonical) ? USER_ALIAS.alias + url.slice(USER_ALIAS.canonical.length) : undefined;
}

/**
 * Mounts every route added from now on under `/api/blade-user/...` (this module's, and the user screen's calls other
 * modules add there) under SpringBlade's `/api/blade-system/user/...` as well, as Saber calls them (issue 35): the
 * same handler, hooks and route config (title, button, public), so the alias passes the same checks; the pipeline
 * and route-access.ts read an alias as the route it stands for (`canonicalRoute`).
 */
export function mountUserAlias(app: FastifyInstance) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const alias = userAliasOf(route.url);
    // Fastify's own HEAD of a GET comes with the alias's GET.
    if (!alias || [route.method].flat().every((m) => m === 'HEAD')) return;
    const {
      path: _path,
      prefix: _prefix,
      routePath: _routePath,
      ...own
    } = route as RouteOptions & {
      path?: string;
      prefix?: string;
      routePath?: string;
    };
    this.route({ ...own, url: alias });
  });
}
