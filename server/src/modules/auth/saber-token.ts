import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../../platform/errors.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { Platform } from '../../platform/platform.ts';
import { requirePlatformAdmin } from '../system/access.ts';
import { drawCaptcha } from './captcha.ts';
import type { TokenRequest } from './grants.ts';
import type { TokenAnswer } from './issue.ts';
import { OAuthError } from './oauth-error.ts';
import { perAddressLimit } from './rate-limit.ts';
import { loadSm2Keys, type Sm2Keys, sm2Decrypt } from './sm2.ts';
import { type IssueToken, paramsOf, text, tokenRequest } from './token-route.ts';

/**
 * The SpringBlade open-source auth surface, for the Saber console (CONTRACT.md, Authentication; issue 35):
 * `POST /api/blade-auth/token` with `grantType` (password, captcha, refresh_token), `tenantId`, `account`, the
 * password SM2-encrypted under the server's public key (sm2.ts), `refreshToken`; `GET /api/blade-auth/captcha`;
 * `GET|POST /api/blade-auth/logout` (session-routes.ts). The same grants, captcha, lockout, tenant checks,
 * revocation and refresh rotation as /api/blade-auth/oauth/token run behind it (`IssueToken`), answered in the
 * envelope with camelCase fields, and refusals as `{ code, success: false, msg }`.
 */

/** Saber's reading of a login: `res.data.data`, camelCase (its store keeps it as the user's info). */
export interface SaberAuthInfo {
  accessToken: string;
  refreshToken: string;
  tokenType: 'bearer';
  expiresIn: number;
  tenantId: string;
  userId: string;
  deptId: string;
  postId: string;
  roleId: string;
  roleName: string;
  oauthId: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  avatar: string;
  authority: string;
  detail: { type: string };
  license: string;
}

export function saberAuthInfo(answer: TokenAnswer): SaberAuthInfo {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    tokenType: answer.token_type,
    expiresIn: answer.expires_in,
    tenantId: answer.tenant_id,
    userId: answer.user_id,
    deptId: answer.dept_id,
    postId: answer.post_id,
    roleId: answer.role_id,
    roleName: answer.role_name,
    oauthId: answer.oauth_id,
    account: answer.account,
    // SpringBlade names the user by their real name here; the account when there is none.
    userName: answer.real_name || answer.nick_name || answer.account,
    nickName: answer.nick_name,
    realName: answer.real_name,
    avatar: answer.avatar,
    // The role aliases, comma-joined, as SpringBlade's AuthInfo.authority.
    authority: answer.role_name,
    detail: answer.detail,
    license: answer.license,
  };
}

const BAD_CIPHER = {
  zh: '密码无法解密：请用服务器的 SM2 公钥加密密码（十六进制，C1C3C2 或 C1C2C3）',
  en: "The password cannot be decrypted: encrypt it under the server's SM2 public key (hex, C1C3C2 or C1C2C3)",
} as const;

/**
 * What the user typed, from Saber's SM2 ciphertext, as the grants take it: the lower-case hex MD5 of it (the
 * form our own login sends). Saber 4.x sends the password itself under SM2, without MD5.
 */
function passwordDigest(keys: Sm2Keys, cipherHex: string | undefined): string | undefined {
  if (cipherHex === undefined) return undefined;
  const plain = sm2Decrypt(keys, cipherHex);
  if (plain === undefined) throw new ApiError(400, BAD_CIPHER);
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

function saberTokenRequest(request: FastifyRequest, keys: Sm2Keys, grantType: string): TokenRequest {
  const p = paramsOf(request);
  const login = grantType === 'password' || grantType === 'captcha';
  return {
    ...tokenRequest(request),
    // Saber sends no Tenant-Id with a login; SpringBlade's default tenant when its form leaves the tenant out.
    tenantId: text(p.tenantId) ?? text(request.headers['tenant-id']) ?? PLATFORM_TENANT,
    username: text(p.account) ?? text(p.username),
    password: login ? passwordDigest(keys, text(p.password)) : undefined,
    refreshToken: text(p.refreshToken) ?? text(p.refresh_token),
    dialect: 'saber',
  };
}

/** An OAuth refusal as the envelope Saber reads (`res.data.code`, `res.data.msg`): 400, or 401 for a bad client. */
function envelopeError(err: OAuthError): ApiError {
  return new ApiError(err.status, { zh: err.body('zh').error_description, en: err.body('en').error_description });
}

export async function registerSaberAuth(app: FastifyInstance, platform: Platform, issue: IssueToken) {
  const keys = await loadSm2Keys(platform.db, platform.config);

  app.post(
    '/api/blade-auth/token',
    { config: { public: true, noClient: true, title: '用户登录', rateLimit: perAddressLimit(platform) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const grantType = text(paramsOf(request).grantType) ?? text(paramsOf(request).grant_type) ?? '';
      try {
        return ok(saberAuthInfo(await issue(request, grantType, saberTokenRequest(request, keys, grantType))));
      } catch (err) {
        throw err instanceof OAuthError ? envelopeError(err) : err;
      }
    },
  );

  // Saber's login form always shows a captcha, so one is always drawn; the token endpoint checks it by the
  // same rules as ours (when the platform turns captchas on, or the account's wrong passwords ask for one).
  app.get(
    '/api/blade-auth/captcha',
    { config: { public: true, noClient: true, title: '获取验证码', rateLimit: perAddressLimit(platform) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { key, image } = await drawCaptcha(platform, true);
      return ok({ key, image });
    },
  );

  // The public key a Saber build is configured with (website.auth.publicKey): the platform administrator's to read.
  app.get('/api/blade-auth/sm2/public-key', { config: { title: 'SM2 公钥' } }, async () => {
    requirePlatformAdmin();
    return ok({ publicKey: keys.publicKey });
  });
}
