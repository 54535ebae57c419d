import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is asking: set once per request from the token (or by the platform for its own
 * work) and read anywhere below without passing it along.
 */
export type Lang = 'zh' | 'en';

export interface RequestContext {
  tenantId: string;
  userId: string;
  deptId: string;
  /** Role ids, as strings. */
  roleIds: string[];
  /** Role aliases, e.g. `administrator`. */
  roleAliases: string[];
  postId: string;
  account: string;
  userName: string;
  /** `platform` or `web` (company account), from the token. */
  accountType: string;
  /** Token session id, for logout. */
  sessionId: string;
  lang: Lang;
}

const store = new AsyncLocalStorage<RequestContext | { lang: Lang }>();

export const ADMIN_ROLE_ALIAS = 'administrator';

export function runWithLang<T>(lang: Lang, fn: () => T): T {
  return store.run({ lang }, fn);
}

export function runAs<T>(ctx: RequestContext, fn: () => T): T {
  return store.run(ctx, fn);
}

/** Sets the caller for the rest of this request (used by the auth hook). */
export function enterContext(ctx: RequestContext | { lang: Lang }): void {
  store.enterWith(ctx);
}

export function currentLang(): Lang {
  return store.getStore()?.lang ?? 'zh';
}

/** The authenticated caller; throws when there is none (a public route asking for a user is a bug). */
export function ctx(): RequestContext {
  const c = store.getStore();
  if (!c || !('userId' in c)) throw new Error('No authenticated request context');
  return c;
}

export function maybeCtx(): RequestContext | undefined {
  const c = store.getStore();
  return c && 'userId' in c ? c : undefined;
}

export function isAdministrator(c: RequestContext = ctx()): boolean {
  return c.roleAliases.includes(ADMIN_ROLE_ALIAS);
}

/** Picks the request language from Accept-Language / the web client's Lang header: zh unless en is asked for. */
export function langOf(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^en/i.test(v.trim()) ? 'en' : 'zh';
}
