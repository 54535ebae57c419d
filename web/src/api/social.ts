import type { AccountType } from '../stores/session.ts';
import type { TokenAnswer } from './auth.ts';
import { request, urlOf } from './http.ts';

/** Third-party login (issue 37): the tenant's enabled providers, the social grant, and bindings. */
export interface SocialProvider {
  source: string;
  providerName: string;
  category: string;
}

export interface SocialBinding {
  id: string;
  userId: string;
  source: string;
  uuid: string;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  email: string | null;
  createTime: string;
}

export function fetchSocialProviders(tenantId: string): Promise<SocialProvider[]> {
  return request<SocialProvider[]>('blade-auth/social/providers', { query: { tenantId }, sessionless: true });
}

/** Where the browser goes to log in through a provider (the server answers with the redirect to it). */
export function socialAuthorizeUrl(source: string, tenantId: string): string {
  return urlOf(`blade-auth/social/authorize/${encodeURIComponent(source)}`, { tenantId });
}

/** The social grant: the code and state the provider sent back, for our tokens (or error 2012 with `oauth_id`). */
export function socialLogin(
  callback: { source: string; code: string; state: string },
  accountType: AccountType,
): Promise<TokenAnswer> {
  return request<TokenAnswer>('blade-auth/oauth/token', {
    method: 'POST',
    raw: true,
    sessionless: true,
    query: { grant_type: 'social', scope: 'all', ...callback },
    // The tenant the login began in, which its state names (`l.<tenant>.<random>`), not the one last used here.
    headers: { 'Account-Type': accountType, 'Tenant-Id': callback.state.split('.')[1] ?? '' },
  });
}

export function fetchOwnBindings(): Promise<SocialBinding[]> {
  return request<SocialBinding[]>('blade-auth/social/bindings');
}

/** The provider's URL that binds it to the signed-in user. */
export function beginBind(source: string): Promise<string> {
  return request<string>(`blade-auth/social/bind/${encodeURIComponent(source)}`);
}

export function finishBind(callback: { source: string; code: string; state: string }): Promise<boolean> {
  return request<boolean>('blade-auth/social/bind', { method: 'POST', body: callback });
}

export function unbindOwn(id: string): Promise<boolean> {
  return request<boolean>('blade-auth/social/unbind', { method: 'POST', query: { id } });
}

export function fetchUserBindings(userId: string): Promise<SocialBinding[]> {
  return request<SocialBinding[]>('blade-user/oauth/list', { query: { userId } });
}

export function removeUserBindings(ids: string[]): Promise<boolean> {
  return request<boolean>('blade-user/oauth/remove', { method: 'POST', query: { ids: ids.join(',') } });
}

/** The account a registration ticket names, for the application form (read, not verified: the server verifies it). */
export function ticketProfile(ticket: string | undefined): { nickname?: string; username?: string; tenantId?: string } {
  if (!ticket) return {};
  try {
    const part = ticket.split('.')[1] ?? '';
    const json = decodeURIComponent(
      Array.from(
        atob(part.replace(/-/g, '+').replace(/_/g, '/')),
        (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
      ).join(''),
    );
    const payload = JSON.parse(json) as { tenantId?: string; user?: { nickname?: string; username?: string } };
    return { tenantId: payload.tenantId, nickname: payload.user?.nickname, username: payload.user?.username };
  } catch {
    return {};
  }
}
