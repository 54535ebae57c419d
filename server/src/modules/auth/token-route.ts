import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langOf } from '../../platform/context.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import { checkClient } from '../../platform/pipeline.ts';
import type { Platform } from '../../platform/platform.ts';
import { passwordGrant, refreshGrant, socialGrant, type TokenRequest } from './grants.ts';
import type { TokenAnswer } from './issue.ts';
import { OAuthError } from './oauth-error.ts';
import { perAddressLimit } from './rate-limit.ts';
import { loginFailures } from './throttle.ts';

/**
 * POST /api/blade-auth/oauth/token: BladeX's OAuth token endpoint. Parameters come in the
 * query string (as the web client sends them), a form or JSON body, or both (the body wins).
 */
const GRANTS = {
  password: passwordGrant,
  captcha: passwordGrant,
  refresh_token: refreshGrant,
  social: socialGrant,
} as const;

type Params = Record<string, unknown>;

/** A non-empty string parameter or header; repeated ones count by their first value. */
export function text(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** The query string's parameters and the form or JSON body's, the body winning. */
export function paramsOf(request: FastifyRequest): Params {
  const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
  return { ...(isObject(request.query) ? request.query : {}), ...(isObject(request.body) ? request.body : {}) };
}

export function tokenRequest(request: FastifyRequest): TokenRequest {
  const p = paramsOf(request);
  const h = request.headers;
  return {
    tenantId: text(p.tenantId) ?? text(h['tenant-id']),
    username: text(p.username),
    password: text(p.password),
    refreshToken: text(p.refresh_token),
    source: text(p.source),
    code: text(p.code),
    state: text(p.state),
    type: text(p.type),
    captchaKey: text(h['captcha-key']),
    captchaCode: text(h['captcha-code']),
    deptId: text(h['dept-id']),
    roleId: text(h['role-id']),
    accountType: text(h['account-type'])?.toLowerCase() ?? 'platform',
    address: request.ip,
  };
}

/**
 * One token request through the client check and the grants, with the login's line in the log: what both token
 * endpoints (ours, and Saber's /api/blade-auth/token in saber-token.ts) run, with the same failure counters.
 * A refusal throws an OAuthError for the endpoint to answer in its own shape.
 */
export type IssueToken = (request: FastifyRequest, grantType: string, req: TokenRequest) => Promise<TokenAnswer>;

export function tokenIssuer(platform: Platform): IssueToken {
  // Refused logins per client address and wrong passwords per unknown account name, counted by this instance.
  const failures = loginFailures();
  return async (request, grantType, req) => {
    // A login is audited, its refresh is not.
    const isLogin = grantType === 'password' || grantType === 'captcha' || grantType === 'social';
    try {
      const client = await checkClient(platform, request.headers.authorization);
      if (!client) throw new OAuthError('badClient');
      request.clientId = client.client_id;
      const allowed = client.authorized_grant_types.split(',').map((g) => g.trim());
      if (!Object.hasOwn(GRANTS, grantType) || !allowed.includes(grantType)) {
        throw new OAuthError('unsupportedGrant');
      }
      const answer = await GRANTS[grantType as keyof typeof GRANTS](platform, client, req, failures);
      if (isLogin) logLogin(platform, req, answer);
      return answer;
    } catch (err) {
      if (err instanceof OAuthError && isLogin) logLogin(platform, req, err);
      throw err;
    }
  };
}

export function registerToken(app: FastifyInstance, platform: Platform, issue: IssueToken) {
  app.post(
    '/api/blade-auth/oauth/token',
    // The client is checked here rather than by the pipeline, so a bad one gets the OAuth answer (3000).
    { config: { public: true, noClient: true, title: '用户登录', rateLimit: perAddressLimit(platform) } },
    async (request, reply) => {
      // Tokens and their failures are never cached (RFC 6749, 5.1).
      reply.header('cache-control', 'no-store');
      const grantType = text(paramsOf(request).grant_type) ?? '';
      try {
        return await issue(request, grantType, tokenRequest(request));
      } catch (err) {
        if (!(err instanceof OAuthError)) throw err;
        return reply.code(err.status).send(err.body(langOf(request.headers['accept-language'])));
      }
    },
  );
}

/**
 * The usual log's line for a login: who, in which tenant, and why it was refused (the reason's
 * code and name, never the password). A refusal for an unknown tenant goes to the platform's log.
 */
function logLogin(platform: Platform, req: TokenRequest, outcome: TokenAnswer | OAuthError) {
  const account = (req.username ?? '').slice(0, 64);
  if (!(outcome instanceof OAuthError)) {
    const who = { tenantId: outcome.tenant_id, account: outcome.account };
    platform.logs.event(
      'info',
      'auth.login',
      `账号 ${who.account} 登录成功（租户 ${who.tenantId}，${req.accountType}）`,
      who,
    );
    return;
  }
  const known = req.tenantId && outcome.reason !== 'tenantNotFound';
  const tenantId = known ? String(req.tenantId) : PLATFORM_TENANT;
  const { error_code, error_description } = outcome.body('zh');
  const why = `${error_description}（${error_code} ${outcome.reason}）`;
  const data = `账号 ${account || '（未填写）'} 登录被拒绝（租户 ${req.tenantId?.slice(0, 64) ?? '（未填写）'}）：${why}`;
  platform.logs.event('warn', 'auth.login-refused', data, { tenantId, account });
}
