import type { AccountType } from '../stores/session.ts';
import { md5 } from '../utils/md5.ts';
import { ApiError } from './errors.ts';
import { request } from './http.ts';

/** The captcha endpoint's answer (not wrapped): `image` is a data: URL. */
export interface Captcha {
  key: string;
  image: string;
  /** False when the server runs without captcha (and none was required); then the login uses grant type `password`. */
  enabled?: boolean;
}

/** The token endpoint's success answer (not wrapped, CONTRACT.md). */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
}

export interface Credentials {
  tenantId: string;
  username: string;
  /** As typed; only its MD5 leaves the browser. */
  password: string;
  accountType: AccountType;
  captcha?: { key: string; code: string };
}

/** `required`: drawn even when the server's captchas are off, for an account that demanded one. */
export function fetchCaptcha(required = false): Promise<Captcha> {
  return request<Captcha>('blade-auth/oauth/captcha', {
    raw: true,
    sessionless: true,
    query: { required: required || undefined },
  });
}

/**
 * True when the token endpoint refused a login for its captcha (error_code 2007): a wrong one, or none
 * where the account demands one although the server's captchas are off.
 */
export function refusedForCaptcha(error: unknown): boolean {
  return error instanceof ApiError && (error.data as { error_code?: unknown } | undefined)?.error_code === 2007;
}

export function login({ tenantId, username, password, accountType, captcha }: Credentials): Promise<TokenAnswer> {
  return request<TokenAnswer>('blade-auth/oauth/token', {
    method: 'POST',
    raw: true,
    sessionless: true,
    query: {
      tenantId,
      username,
      password: md5(password),
      grant_type: captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers: {
      'Tenant-Id': tenantId,
      'Account-Type': accountType,
      ...(captcha ? { 'Captcha-Key': captcha.key, 'Captcha-Code': captcha.code } : {}),
    },
  });
}

/** The department and role a session acts as in switch mode (spec part 5): ids, as the Dept-Id / Role-Id headers carry them. */
export interface DeptRole {
  deptId: string;
  roleId: string;
}

/**
 * A new token pair for the session. With `as` (switch mode) the server narrows the session to that
 * department and role when the user holds them; without, the session acts with all of the user's.
 */
export function refreshToken(refresh: string, tenantId: string, as?: DeptRole): Promise<TokenAnswer> {
  return request<TokenAnswer>('blade-auth/oauth/token', {
    method: 'POST',
    raw: true,
    sessionless: true,
    query: { tenantId, grant_type: 'refresh_token', refresh_token: refresh, scope: 'all' },
    headers: as ? { 'Dept-Id': as.deptId, 'Role-Id': as.roleId } : {},
  });
}

/** The bearer header of a token not (yet) in the session: the login asks before it starts the session. */
const bearer = (accessToken?: string) => (accessToken ? { 'Blade-Auth': `bearer ${accessToken}` } : undefined);

/** `switch-options`: whether switch mode is on, the session's department and roles, and those the user holds. */
export interface SwitchOptions extends DeptRole {
  switchMode: boolean;
  depts: { id: string; name: string }[];
  roles: { id: string; name: string }[];
}

export function fetchSwitchOptions(accessToken?: string): Promise<SwitchOptions> {
  return request<SwitchOptions>('blade-auth/oauth/switch-options', {
    headers: bearer(accessToken),
    sessionless: Boolean(accessToken),
  });
}

/** The current user as the server sees them; the fields beyond these vary, so the rest stays open. */
export interface UserInfo extends Record<string, unknown> {
  account?: string;
  userName?: string;
  realName?: string;
  tenantId?: string;
  roleName?: string;
}

export function fetchUserInfo(): Promise<UserInfo> {
  return request<UserInfo>('blade-auth/oauth/user-info');
}

export function revokeSession(accessToken?: string): Promise<unknown> {
  return request<unknown>('blade-auth/oauth/logout', {
    headers: bearer(accessToken),
    sessionless: Boolean(accessToken),
  });
}

/** The account application (spec part 5): the password goes as typed, as the user screen's create does. */
export interface Application {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
  oauthId?: string;
}

export function registerGuest(application: Application): Promise<boolean> {
  return request<boolean>('blade-user/register-guest', { method: 'POST', body: application, sessionless: true });
}

/** The tenant served at this host name, when one is configured for it (spec part 7: tenant info by domain). */
export function tenantOfDomain(domain: string): Promise<{ tenantId: string; tenantName: string } | null> {
  return request('blade-system/tenant/info', { query: { domain }, sessionless: true });
}
