import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COMPANY_ACCOUNT, companyMayCall } from './company-fence.ts';
import { constraintViolationOf } from './constraints.ts';
import { isAdministrator, langOf, type RequestContext, runAs, runWithLang } from './context.ts';
import { ALL_TENANTS } from './db.ts';
import { ApiError, dataExceptionOf, fail, forbidden, MSG, unauthorized } from './errors.ts';
import { uploadRefusalOf } from './file-upload.ts';
import { requestFacts } from './logs.ts';
import { PLATFORM_TENANT } from './params.ts';
import { permissionsOf, reservedButton } from './permissions.ts';
import type { Platform } from './platform.ts';
import { canonicalRoute, routeAccess } from './route-access.ts';

/**
 * A request's way through (ARCHITECTURE.md): client check -> token -> context ->
 * permission (the screen the route serves, its button, API scope) -> handler (run inside the caller's context) -> envelope -> api log.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed (login, captcha). */
    public?: boolean;
    /** No client (Basic header) needed either: the captcha image, health. */
    noClient?: boolean;
    /** The button code a caller must hold, e.g. `param_add`. */
    button?: string;
    /** What the api log calls this endpoint. */
    title?: string;
    /** The parameters carry what no log may keep (an SMS's numbers and codes): the api log leaves them all out. */
    privateParams?: boolean;
    /** Polled by machines (the health check): a successful call writes no api-log row. */
    unlogged?: boolean;
  }
  interface FastifyRequest {
    caller?: RequestContext;
    clientId?: string;
  }
  interface FastifyInstance {
    /** Every API route with its config, for the sweeps that check each one (no token -> 401, ...). */
    apiRoutes: { method: string; url: string; config: FastifyContextConfig }[];
  }
}

const SENSITIVE = /pass(word)?|secret|token|captcha/i;

/** JSON.stringify's replacer for the log: the value of a password's or a secret's key masked, at any depth. */
const masked = (key: string, value: unknown) => (key && SENSITIVE.test(key) ? '******' : value);

/** The request's parameters for the log, with passwords and secrets masked. */
export function loggedParams(request: FastifyRequest): string {
  if (request.routeOptions.config?.privateParams) return '******';
  const parts = { query: request.query, body: request.body };
  // Nearly every request names no such key: its plain JSON (V8's fast path, unlike a replacer's) says so at once.
  const plain = JSON.stringify(parts);
  return (SENSITIVE.test(plain) ? JSON.stringify(parts, masked) : plain).slice(0, 10_000);
}

/** `Authorization: Basic base64(clientId:secret)` decoded, or undefined. */
export function basicCredentials(header: string | undefined): { clientId: string; secret: string } | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return undefined;
  return { clientId: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

export interface ClientRow {
  client_id: string;
  client_secret: string;
  authorized_grant_types: string;
  access_token_validity: number;
  refresh_token_validity: number;
}

/** The OAuth client named by the Basic header when its secret matches, from a cached table read. */
export async function checkClient(platform: Platform, header: string | undefined): Promise<ClientRow | undefined> {
  const cred = basicCredentials(header);
  if (!cred) return undefined;
  const clients = await platform.cache.get('client', 'all', () =>
    platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<ClientRow & Record<string, unknown>>(
        `select client_id, client_secret, authorized_grant_types, access_token_validity, refresh_token_validity
           from blade_client where is_deleted = 0 and status = 1`,
      ),
    ),
  );
  return clients.find((c) => c.client_id === cred.clientId && c.client_secret === cred.secret);
}

/** `%xx` decoded; a malformed sequence (`%zz`, a lone `%e4`) decoded byte by byte instead of throwing. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  }
}

/** True for a route pattern (`route.url`, `request.routeOptions.url`) that the API serves. */
export const isApiRoute = (url: string | undefined) => url !== undefined && (url === '/api' || url.startsWith('/api/'));

/**
 * A raw request URL's path as a router or a proxy might read it: percent-decoded (again, for
 * proxies that decode once more), `\` as `/`, empty and `.` segments dropped, `..` applied,
 * trailing dots and blanks of a segment dropped. Only for refusing (`/%61pi/x`, `//API/./x` are
 * API paths): what a request may do is decided on the route it matched, never on this.
 */
export function normalPath(url: string): string {
  let path = url.split(/[?#]/)[0];
  for (let i = 0; i < 3 && decoded(path) !== path; i++) path = decoded(path);
  const out: string[] = [];
  for (const raw of path.replace(/\\/g, '/').split('/')) {
    const segment = raw.replace(/[.\s]+$/, '');
    if (raw === '..') out.pop();
    else if (segment !== '') out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** True when a raw URL, however spelled, names a path under /api (see normalPath). */
export const isApiPath = (url: string) => isApiRoute(normalPath(url).toLowerCase());

export function installPipeline(app: FastifyInstance, platform: Platform) {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (isApiRoute(route.url)) {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, config: route.config ?? {} });
      }
      // The checks belong to the route, not to the request's spelling of its URL: whatever the router
      // matched (`/%61pi/...` is `/api/...` to it) runs them first, before any hook the route brings.
      const own = route.preHandler ? [route.preHandler].flat() : [];
      if (!own.includes(checkCaller)) route.preHandler = [checkCaller, ...own];
    }
    // Every handler runs inside its caller's context, so code below reads ctx() instead of passing it along.
    const handler = route.handler;
    // The caller already carries the request's language (authenticate).
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const run = () => handler.call(this, request, reply);
      return request.caller
        ? runAs(request.caller, run, request)
        : runWithLang(langOf(request.headers['accept-language']), run, request);
    };
  });

  /** Client check, token, context and permission (ARCHITECTURE.md), bound to every API route in onRoute. */
  async function checkCaller(request: FastifyRequest) {
    const config = request.routeOptions.config;
    const caller = await authenticate(request, config);
    if (!caller) return; // a public route
    if (request.routeOptions.url === undefined) return; // no such route: the not-found handler answers 404
    // An alias (SpringBlade's `/api/blade-system/user/...`) is checked as the route it stands for.
    const route = canonicalRoute(request.routeOptions.url);
    if (caller.accountType === COMPANY_ACCOUNT && !companyMayCall(route)) throw forbidden();
    const access = routeAccess(request.method, route);
    if (!access) throw forbidden();
    const perms = await permissionsOf(platform, caller);
    if ('menus' in access && !perms.mayOpen(access.menus)) throw forbidden();
    if (config.button && reservedButton(caller, config.button)) throw forbidden();
    if (isAdministrator(caller)) return;

    if (config.button && !perms.buttons.has(config.button)) throw forbidden();
    if (perms.apiScopeDenies(route)) throw forbidden();
  }

  /** Client check and token: the caller, kept on the request; none on a public route (`config.public`). */
  async function authenticate(request: FastifyRequest, config: FastifyContextConfig) {
    if (config.noClient) return undefined;
    const client = await checkClient(platform, request.headers.authorization);
    if (!client) throw unauthorized({ zh: '客户端认证失败', en: 'Client authentication failed' });
    request.clientId = client.client_id;
    if (config.public) return undefined;

    const m = /^bearer\s+(\S+)$/i.exec(String(request.headers['blade-auth'] ?? ''));
    if (!m) throw unauthorized({ zh: '缺失令牌，请重新登录', en: 'Missing token, please log in' });
    const claims = platform.signer.verify(m[1], 'access');
    if (!claims || (await platform.sessions.isRevokedNow(claims.sid))) {
      throw unauthorized({
        zh: '令牌无效或已过期，请重新登录',
        en: 'The token is invalid or expired, please log in again',
      });
    }
    const caller: RequestContext = {
      tenantId: claims.tenantId,
      userId: claims.userId,
      deptId: claims.deptId,
      roleIds: claims.roleIds,
      roleAliases: claims.roleAliases,
      postId: claims.postId,
      account: claims.account,
      userName: claims.userName,
      accountType: claims.accountType,
      sessionId: claims.sid,
      lang: langOf(request.headers['accept-language']),
      dialect: claims.dialect,
    };
    request.caller = caller;
    return caller;
  }

  // A callback hook, not an async one: no promise per request for a function that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    logCall(request, reply);
    done();
  });

  /** An API route's calls, and the refusals (401, 404, 405) of other paths under /api however spelled. */
  function logCall(request: FastifyRequest, reply: FastifyReply) {
    if (!isApiRoute(request.routeOptions.url) && !isApiPath(request.url)) return;
    if (request.routeOptions.config?.unlogged && reply.statusCode < 400) return;
    platform.logs.api({
      tenantId: request.caller?.tenantId ?? String(request.headers['tenant-id'] ?? PLATFORM_TENANT).slice(0, 12),
      title: request.routeOptions.config?.title ?? request.routeOptions.url ?? '',
      ...requestFacts(request),
      params: loggedParams(request),
      time: Math.round(reply.elapsedTime),
      createBy: request.caller?.account ?? '',
      type: reply.statusCode >= 400 ? '2' : '1',
    });
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const lang = langOf(request.headers['accept-language']);
    // The caller's 400s too: a database refusing a value the request carried (SQLSTATE class 22), a
    // constraint a concurrent request won (unique, foreign key), a malformed multipart upload.
    const refusal =
      error instanceof ApiError
        ? error
        : (dataExceptionOf(error) ?? constraintViolationOf(error) ?? uploadRefusalOf(error));
    if (refusal) {
      return reply.code(refusal.code).send(fail(refusal.code, refusal.messageIn(lang)));
    }
    const status = error.statusCode ?? 500;
    if (status === 415) return reply.code(415).send(fail(415, MSG.unsupportedMedia[lang]));
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, ...): the client's fault, said plainly.
      return reply.code(400).send(fail(400, `${MSG.badRequest[lang]}: ${error.message}`));
    }
    platform.logs.error({
      tenantId: request.caller?.tenantId ?? PLATFORM_TENANT,
      ...requestFacts(request),
      params: loggedParams(request),
      createBy: request.caller?.account ?? '',
      error,
    });
    request.log.error({ reqId: request.id, err: error }, error.message);
    return reply.code(500).send(fail(500, MSG.internal[lang]));
  });

  let methodsAt: ((path: string) => string[]) | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const lang = langOf(request.headers['accept-language']);
    // Who is not signed in learns nothing about the API's paths, however spelled: 401 first.
    if (isApiPath(request.url)) await authenticate(request, {});
    // A known API path called with a method it does not take is a 405 naming the ones it does.
    // The path as the router read it (percent-decoded once, trailing slashes ignored).
    const path = decoded(request.url.split('?')[0]).replace(/(.)\/+$/, '$1');
    methodsAt ??= routeMethods(app.apiRoutes);
    const allowed = isApiRoute(path) ? methodsAt(path) : [];
    // The method is served there but this spelling of the path is not (`/api/x//`): not found, not 405.
    const served = allowed.includes(request.method === 'HEAD' ? 'GET' : request.method);
    if (allowed.length && !served) {
      return reply.code(405).header('allow', allowed.join(', ')).send(fail(405, MSG.methodNotAllowed[lang]));
    }
    return reply.code(404).send(fail(404, MSG.routeNotFound[lang]));
  });
}

/** For a path, the methods the API routes serve there (`:param` and `*` matched as the router does). */
function routeMethods(routes: { method: string; url: string }[]): (path: string) => string[] {
  const patterns = routes.map((r) => {
    const source = r.url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')
      .replace(/\*/g, '.*');
    return { method: r.method, pattern: new RegExp(`^${source}$`) };
  });
  return (path) => [...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
}
