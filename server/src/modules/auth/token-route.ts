import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf } from '../../platform/context.ts';
import { checkClient } from '../../platform/pipeline.ts';
import type { Platform } from '../../platform/platform.ts';
import { passwordGrant, refreshGrant, type TokenRequest } from './grants.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * POST /api/blade-auth/oauth/token: BladeX's OAuth token endpoint. Parameters come in the
 * query string (as the web client sends them), a form or JSON body, or both (the body wins).
 */
const GRANTS = {
  password: passwordGrant,
  captcha: passwordGrant,
  refresh_token: refreshGrant,
} as const;

type Params = Record<string, unknown>;

/** A non-empty string parameter or header; repeated ones count by their first value. */
function text(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function paramsOf(request: FastifyRequest): Params {
  const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
  return { ...(isObject(request.query) ? request.query : {}), ...(isObject(request.body) ? request.body : {}) };
}

function tokenRequest(request: FastifyRequest): TokenRequest {
  const p = paramsOf(request);
  const h = request.headers;
  return {
    tenantId: text(p.tenantId) ?? text(h['tenant-id']),
    username: text(p.username),
    password: text(p.password),
    refreshToken: text(p.refresh_token),
    type: text(p.type),
    captchaKey: text(h['captcha-key']),
    captchaCode: text(h['captcha-code']),
    deptId: text(h['dept-id']),
    roleId: text(h['role-id']),
    accountType: text(h['account-type'])?.toLowerCase() ?? 'platform',
  };
}

export function registerToken(app: FastifyInstance, platform: Platform) {
  app.post(
    '/api/blade-auth/oauth/token',
    // The client is checked here rather than by the pipeline, so a bad one gets the OAuth answer (3000).
    { config: { public: true, noClient: true, title: '用户登录' } },
    async (request, reply) => {
      // Tokens and their failures are never cached (RFC 6749, 5.1).
      reply.header('cache-control', 'no-store');
      try {
        const client = await checkClient(platform, request.headers.authorization);
        if (!client) throw new OAuthError('badClient');
        request.clientId = client.client_id;
        const grantType = text(paramsOf(request).grant_type) ?? '';
        const allowed = client.authorized_grant_types.split(',').map((g) => g.trim());
        if (!Object.hasOwn(GRANTS, grantType) || !allowed.includes(grantType)) {
          throw new OAuthError('unsupportedGrant');
        }
        return await GRANTS[grantType as keyof typeof GRANTS](platform, client, tokenRequest(request));
      } catch (err) {
        if (!(err instanceof OAuthError)) throw err;
        return reply.code(err.status).send(err.body(langOf(request.headers['accept-language'])));
      }
    },
  );
}
