import { socialProvider, user } from '@park/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, idsParam, mountResource } from '../../resources/engine.ts';
import { withSecrets } from '../../resources/secrets.ts';
import { createUserResource } from '../user/resource.ts';
import { beginAuthorization, completeBind, MSG, validSource, validTenant } from './flow.ts';

/**
 * Third-party login (issue 37): 系统管理 › 第三方登录 (each tenant's providers, the secret masked like the SMS and
 * object-store keys), the login pages' provider list and the redirect to a provider, the signed-in user's own bindings
 * (bind another, unbind) and 用户管理's view of a user's bindings. The login itself is the token endpoint's
 * `grant_type=social` (auth/grants.ts), which calls `completeLogin`.
 */
const BASE = '/api/blade-auth/social';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Where the provider sends the browser back: the provider row's own redirect URI when set (it must match what is
 * registered at the provider), else this console's callback page at the address the browser used.
 */
function redirectUriOf(request: FastifyRequest, configured: string | null, source: string): string {
  if (configured?.trim()) return configured.trim();
  // Normalised as URL does (a default port left out), as the token request will name it again.
  return new URL(`/oauth/redirect/${encodeURIComponent(source)}`, `${request.protocol}://${request.host}`).toString();
}

async function configuredRedirect(platform: Platform, tenantId: string, source: string): Promise<string | null> {
  const [row] = await platform.db.scoped(tenantId, (q) =>
    q.query<{ redirect_uri: string | null }>(
      'select redirect_uri from park_social_provider where tenant_id = $1 and source = $2 and is_deleted = 0 and status = 2',
      [tenantId, source],
    ),
  );
  if (!row) throw badRequest(MSG.noProvider);
  return row.redirect_uri;
}

const BINDING_COLUMNS = `id::text as id, user_id::text as "userId", source, uuid, username, nickname, avatar, email,
  create_time as "createTime"`;

export function registerSocial(app: FastifyInstance, platform: Platform) {
  mountResource(app, withSecrets(createResource(platform, socialProvider), ['clientSecret']));

  type Q = { Querystring: Record<string, unknown> };
  type P = { Params: { source: string }; Querystring: Record<string, unknown> };
  type B = { Body: Record<string, unknown> | undefined; Querystring: Record<string, unknown> };

  // Public: the login pages list the tenant's enabled providers, by name and source only.
  app.get<Q>(`${BASE}/providers`, { config: { public: true, title: '第三方登录列表' } }, async (req) => {
    const tenantId = text(req.query.tenantId);
    if (!validTenant(tenantId)) throw badRequest(MSG.badTenant);
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select p.source, p.provider_name as "providerName", p.category
           from park_social_provider p join blade_tenant t on t.tenant_id = p.tenant_id and t.is_deleted = 0
          where p.tenant_id = $1 and p.is_deleted = 0 and p.status = 2 order by p.create_time, p.id`,
        [tenantId],
      ),
    );
    return ok(rows);
  });

  // Public, and reached by the browser's navigation (no client header): begins a login at the provider.
  app.get<P>(
    `${BASE}/authorize/:source`,
    { config: { public: true, noClient: true, title: '第三方登录' } },
    async (req, reply) => {
      const tenantId = text(req.query.tenantId);
      const source = text(req.params.source);
      if (!validTenant(tenantId)) throw badRequest(MSG.badTenant);
      if (!validSource(source)) throw badRequest(MSG.noProvider);
      const redirectUri = redirectUriOf(req, await configuredRedirect(platform, tenantId, source), source);
      const url = await beginAuthorization(platform, { tenantId, source, mode: 'login', redirectUri });
      reply.header('cache-control', 'no-store');
      return reply.redirect(url.toString(), 302);
    },
  );

  // The signed-in user's bindings (blade-auth is every signed-in user's: each call is about the caller only).
  app.get(`${BASE}/bindings`, { config: { title: '我的第三方账号' } }, async () => {
    const { tenantId, userId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select ${BINDING_COLUMNS} from blade_user_oauth where tenant_id = $1 and user_id = $2 order by create_time, id`,
        [tenantId, userId],
      ),
    );
    return ok(rows);
  });

  // Begins binding another provider to the caller: the provider's URL, which the page opens.
  app.get<P>(`${BASE}/bind/:source`, { config: { title: '绑定第三方账号' } }, async (req) => {
    const { tenantId, userId } = ctx();
    const source = text(req.params.source);
    if (!validSource(source)) throw badRequest(MSG.noProvider);
    const redirectUri = redirectUriOf(req, await configuredRedirect(platform, tenantId, source), source);
    const url = await beginAuthorization(platform, { tenantId, source, mode: 'bind', userId, redirectUri });
    return ok(url.toString());
  });

  // The bind's callback, posted by the callback page with the code and state the provider gave.
  app.post<B>(`${BASE}/bind`, { config: { title: '绑定第三方账号', privateParams: true } }, async (req) => {
    const caller = ctx();
    const body = { ...req.query, ...(req.body && typeof req.body === 'object' ? req.body : {}) };
    const cb = { source: text(body.source), code: text(body.code), state: text(body.state) };
    if (!cb.source || !cb.code || !cb.state) throw badRequest(MSG.badState);
    await completeBind(platform, cb, caller);
    return ok(true);
  });

  app.post<Q>(`${BASE}/unbind`, { config: { title: '解绑第三方账号' } }, async (req) => {
    const { tenantId, userId } = ctx();
    const id = text(req.query.id);
    if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
    const removed = await platform.db.tx(tenantId, (q) =>
      q.query('delete from blade_user_oauth where tenant_id = $1 and user_id = $2 and id = $3 returning source', [
        tenantId,
        userId,
        id,
      ]),
    );
    if (!removed.length) throw notFound();
    platform.logs.event('info', 'social.unbind', `解绑第三方账号 ${removed[0].source}`);
    return ok(true);
  });

  // 用户管理: a user's bindings (users the caller may read: tenant, data scope), and their removal by an administrator.
  const users = createUserResource(platform);
  const readable = async (userId: string) => {
    if (!isId(userId) || !(await users.detail(userId))) throw notFound();
  };
  app.get<Q>(`/api/${user.api}/oauth/list`, { config: { title: '用户第三方账号' } }, async (req) => {
    const userId = text(req.query.userId);
    await readable(userId);
    const { tenantId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select ${BINDING_COLUMNS} from blade_user_oauth where tenant_id = $1 and user_id = $2 order by create_time, id`,
        [tenantId, userId],
      ),
    );
    return ok(rows);
  });
  app.post<Q>(
    `/api/${user.api}/oauth/remove`,
    { config: { title: '解除用户第三方账号', button: 'user_edit' } },
    async (req) => {
      const ids = idsParam(req.query);
      const { tenantId } = ctx();
      const rows = await platform.db.scoped(tenantId, (q) =>
        q.query<{ user_id: string }>(
          'select user_id::text from blade_user_oauth where tenant_id = $1 and id = any($2::bigint[])',
          [tenantId, ids],
        ),
      );
      if (rows.length !== ids.length) throw notFound();
      // Each binding's user must be one the caller may read (tenant and data scope), checked before the delete.
      for (const r of new Set(rows.map((row) => row.user_id))) await readable(r);
      await platform.db.tx(tenantId, (q) =>
        q.query('delete from blade_user_oauth where tenant_id = $1 and id = any($2::bigint[])', [tenantId, ids]),
      );
      platform.logs.event('info', 'social.unbind', `解除用户第三方账号 ${ids.join(',')}`);
      return ok(true);
    },
  );
}
