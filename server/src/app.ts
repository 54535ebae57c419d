import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { modules } from './modules/index.ts';
import { installPipeline } from './platform/pipeline.ts';
import type { Platform } from './platform/platform.ts';

/** True when `webDir` holds a built web app (its index.html). */
export function hasWebApp(webDir: string): boolean {
  return fs.existsSync(path.join(webDir, 'index.html'));
}

/** Builds the HTTP app from the platform and the modules; tests build it too and call it with inject(). */
export async function buildApp(platform: Platform, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: platform.config.logLevel } : false,
    // Every API call already lands in the api log table; a stdout line per request would only cost time.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  // BladeX clients send some forms url-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  installPipeline(app, platform);
  for (const register of modules) await register(app, platform);

  if (hasWebApp(platform.config.webDir)) {
    await app.register(fastifyStatic, { root: platform.config.webDir, wildcard: false, maxAge: '1h' });
    // The web app routes on the client: every non-API path gets index.html, except a missing
    // build asset (a stale chunk name after a deploy), which must fail loudly rather than load HTML.
    app.get('/*', { config: { public: true, noClient: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0];
      if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  await app.ready();
  return app;
}
