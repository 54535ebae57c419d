import type { Lang } from '../../platform/context.ts';

/**
 * The token endpoint's failures (CONTRACT.md, Authentication): not the envelope but
 * `{ success: false, error_code, error_description }`, HTTP 400, or 401 for a bad client.
 */
const REASONS = {
  invalidRequest: {
    code: 2000,
    zh: '请求参数不完整，请输入租户编号、账号和密码',
    en: 'Incomplete request: tenant, account and password are required',
  },
  // One message for an unknown account and a wrong password, so that neither reveals which accounts exist.
  badCredentials: { code: 2001, zh: '用户名或密码不正确', en: 'Wrong account or password' },
  tenantNotFound: { code: 2002, zh: '租户不存在', en: 'No such tenant' },
  // Too many refused captchas or passwords from one client address, whatever the accounts: says nothing about any account.
  throttled: {
    code: 2003,
    zh: '登录失败次数过多，请稍后再试',
    en: 'Too many failed logins from this address, try again later',
  },
  userDisabled: { code: 2004, zh: '该账号已被禁用', en: 'This account is disabled' },
  wrongAccountType: {
    code: 2005,
    zh: '该账号无权以此账号类型登录',
    en: 'This account may not log in with this account type',
  },
  tenantExpired: {
    code: 2006,
    zh: '租户授权已过期，请联系管理员',
    en: 'The tenant has expired, contact the administrator',
  },
  tenantDisabled: {
    code: 2006,
    zh: '租户已被停用，请联系管理员',
    en: 'The tenant is disabled, contact the administrator',
  },
  badCaptcha: { code: 2007, zh: '验证码不正确或已失效', en: 'Wrong or expired captcha' },
  // An account (or unknown account name) with too many wrong passwords asks for a captcha, even with captchas off.
  captchaRequired: {
    code: 2007,
    zh: '登录失败次数过多，请输入验证码',
    en: 'Too many failed logins: please enter the captcha',
  },
  badRefreshToken: {
    code: 2010,
    zh: '刷新令牌无效或已过期，请重新登录',
    en: 'The refresh token is invalid or expired, please log in again',
  },
  // Third-party login (grant_type=social, modules/social): a state or code that does not hold, a provider that refused.
  socialRefused: {
    code: 2011,
    zh: '第三方登录失败，请重新登录',
    en: 'The third-party login failed, please start again',
  },
  // The third-party account is bound to no account of the tenant: the answer carries the application's oauth_id.
  socialUnbound: {
    code: 2012,
    zh: '该第三方账号尚未绑定账号，请申请注册',
    en: 'This third-party account is bound to no account: apply for one',
  },
  badClient: { code: 3000, zh: '客户端认证失败', en: 'Client authentication failed' },
  unsupportedGrant: { code: 4000, zh: '不支持的授权类型', en: 'Unsupported grant type' },
} as const;

export type OAuthReason = keyof typeof REASONS;

export interface OAuthFailure {
  success: false;
  error_code: number;
  error_description: string;
}

export class OAuthError extends Error {
  constructor(
    readonly reason: OAuthReason,
    /** Fields the answer carries besides (the social grant's oauth_id). */
    readonly extra: Record<string, string> = {},
  ) {
    super(REASONS[reason].en);
  }

  get status(): number {
    return this.reason === 'badClient' ? 401 : 400;
  }

  body(lang: Lang): OAuthFailure {
    const r = REASONS[this.reason];
    return { ...this.extra, success: false, error_code: r.code, error_description: r[lang] };
  }
}
