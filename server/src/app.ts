import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import helmet from 'helmet';
import { modules } from './modules/index.ts';
import { installInputGuard } from './platform/input-guard.ts';
import { installPipeline, isApiPath, isApiRoute, normalPath } from './platform/pipeline.ts';
import type { Platform } from './platform/platform.ts';

/**
 * The Content-Security-Policy of every answer but the build's assets (the web app's page and the API's). The built app has
 * no inline script; antd's cssinjs writes <style> tags at run time, hence style-src 'unsafe-inline'
 * (a nonce would have to reach antd's StyleProvider through index.html, which is served as a static file).
 */
const CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Captcha images are data: URLs; previews of picked files are blob: URLs.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // 'self' and the WebSocket of the same host (live push), which older browsers do not count as 'self'.
  'connect-src': ["'self'", (req: { headers: { host?: string } }) => selfSockets(req.headers.host)],
  // A menu may embed a web address of any site (the embedded-page route); the console itself only its own.
  'frame-src': ["'self'", 'https:', 'http:'],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  // Plain-http deployments (an intranet address) must keep working: no upgrade-insecure-requests.
  'upgrade-insecure-requests': null,
};

/** `ws://host wss://host` for a well-formed Host header, else nothing ('self' still applies). */
function selfSockets(host: string | undefined): string {
  return host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? `ws://${host} wss://${host}`
    : '';
}

/** Powerful browser features the console never uses, switched off for it and anything it embeds. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), interest-cohort=()';

/**
 * Cache-Control of a file of the built web app, by its path below the web folder (a .br/.gz copy
 * as its original): the hashed build assets never change under their name (a year, immutable);
 * index.html must be asked again every time, so a deploy takes at once; the rest (favicon) an hour.
 */
export function cacheControlOf(relative: string): string {
  const file = relative
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (file === 'index.html' || file.endsWith('/index.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Whether a route (or a file's path below the web folder, with a leading slash) is one of the build's assets:
 * `/assets/...`, each served by a route of its own (@fastify/static with `wildcard: false`). Not the catch-all
 * `/*`, which answers a missing asset's 404 and every page.
 */
function isAssetRoute(url: string | undefined): boolean {
  return url?.startsWith('/assets/') ?? false;
}

/** True when `webDir` holds a built web app (its index.html). */
export function hasWebApp(webDir: string): boolean {
  return fs.existsSync(path.join(webDir, 'index.html'));
}

/**
 * The security headers of an API answer (JSON, a download, a redirect): OWASP's REST cheat sheet's (with no-store, set
 * below), and the cross-origin resource policy, so that no other site's page is handed an answer through an image or
 * a script tag. Nothing under /api is a page to render, frame or give browser features, so its policy allows nothing,
 * and the headers only a document uses (referrer, opener and permissions policies, origin-agent-cluster, DNS prefetch,
 * the old IE and Flash switches) are left out: about 700 bytes less on every answer, which the server writes and
 * the client parses.
 */
const API_HEADERS: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-frame-options', 'DENY'],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/** Distinct Host headers whose header sets are kept; past it the cache starts again (a client may send any Host). */
const HOSTS_KEPT = 64;

/**
 * The headers of a document (the page, and any answer no API route gave) for a Host header: helmet's (its policy,
 * with the host's own sockets in connect-src) and the permissions policy, worked out once per host. Helmet's
 * middleware checked and wrote its policy again on every request, a sixth of the server's CPU per answer (issue 36's
 * throughput).
 */
function documentHeaders(): (host: string | undefined) => [string, string][] {
  const helmetFor = helmet({ contentSecurityPolicy: { directives: CSP }, hsts: false });
  const kept = new Map<string, [string, string][]>();
  return (host = '') => {
    let headers = kept.get(host);
    if (!headers) {
      const set: [string, string][] = [];
      // Helmet's middlewares only set (and remove headers nothing has set yet), synchronously.
      const res = { setHeader: (name: string, value: string) => set.push([name, String(value)]), removeHeader() {} };
      helmetFor({ headers: { host } } as never, res as never, () => undefined);
      set.push(['permissions-policy', PERMISSIONS_POLICY]);
      if (kept.size >= HOSTS_KEPT) kept.clear();
      kept.set(host, set);
      headers = set;
    }
    return headers;
  };
}

/** Builds the HTTP app from the platform and the modules; tests build it too and call it with inject(). */
export async function buildApp(platform: Platform, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { trustProxy } = platform.config;
  const app = Fastify({
    logger: opts.logger ? { level: platform.config.logLevel } : false,
    // Every API call already lands in the api log table; a stdout line per request would only cost time.
    logController: new LogController({ disableRequestLogging: true }),
    // Nor a child logger made for every request (pino copies and serialises its bindings on each): the few lines a
    // request writes (a 500's error, a failed storage check) name its id themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: 10 * 1024 * 1024,
    // Whom to believe about the client's address (X-Forwarded-For): nobody unless TRUST_PROXY says so.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });

  // BladeX clients send some forms url-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // A hashed build asset (a script, a style sheet, a font) is no document: the policies a page lives under (its
  // CSP, framing, opener, permissions) would only weigh on each of its dozens of answers (issue 36: 1.1 KB of headers
  // on every asset). It gets what a subresource needs from the static files' setHeaders below. An API answer gets
  // the API's own set; any other answer (the page under every route, a missing asset's or API path's 404) the
  // document's.
  //
  // API answers and exports carry personal data: no shared proxy nor browser disk may keep them, so every answer
  // but an asset starts with no-store. One that says its own caching replaces it, as a header set on the reply, or
  // on the raw reply (@fastify/static's), overrides one set here first. (An onSend hook that added it only where
  // missing cost every request a hook.)
  const secure = documentHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (!isAssetRoute(route)) {
      const headers = isApiRoute(route) ? API_HEADERS : secure(request.headers.host);
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      reply.raw.setHeader('cache-control', 'no-store');
    }
    done();
  });

  // Live push's sockets (modules/message/socket.ts). Registered before the pipeline: both rewrite every
  // route's handler, and the pipeline's must wrap the plugin's (an HTTP handler), not the socket handler.
  // A tab only ever sends its auth frame, so frames are kept small.
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  installPipeline(app, platform);
  installInputGuard(app);
  for (const register of modules) await register(app, platform);

  if (hasWebApp(platform.config.webDir)) {
    const webDir = platform.config.webDir;
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // The web build writes file.br and file.gz beside each file; the client gets the best it accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        const relative = path.relative(webDir, file);
        res.setHeader('cache-control', cacheControlOf(relative));
        res.setHeader('vary', 'accept-encoding');
        if (isAssetRoute(`/${relative.split(path.sep).join('/')}`)) {
          // What helmet would have said that still matters for a subresource: no type sniffing, and no other
          // site's page may load it (helmet's defaults; the document headers are left to documents).
          res.setHeader('x-content-type-options', 'nosniff');
          res.setHeader('cross-origin-resource-policy', 'same-origin');
        }
      },
    });
    // The web app routes on the client: every non-API path gets index.html, except a missing
    // build asset (a stale chunk name after a deploy), which must fail loudly rather than load HTML.
    app.get('/*', { config: { public: true, noClient: true } }, (request, reply) => {
      // However the path is spelled (`/%61pi/x`, `//API/./x`, `/assets/../assets/x`): never the page for these.
      if (isApiPath(request.url) || /^\/assets(\/|$)/i.test(normalPath(request.url))) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  await app.ready();
  return app;
}
