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
  /** The client's codes when they are not ours: `saber` for tokens of SpringBlade's /blade-auth/token. */
  dialect?: 'saber';
}

/** The HTTP request being served, for what the logs record about it (address, agent, ip). */
export interface ServedRequest {
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One store for everything request-local: every AsyncLocalStorage in use costs each promise
 * created below it, so the caller, the language and the served request share this one.
 */
type Local = (RequestContext | { lang: Lang }) & { served?: ServedRequest };
const store = new AsyncLocalStorage<Local>();

export const ADMIN_ROLE_ALIAS = 'administrator';

export function runWithLang<T>(lang: Lang, fn: () => T, served?: ServedRequest): T {
  return store.run({ lang, served }, fn);
}

export function runAs<T>(ctx: RequestContext, fn: () => T, served?: ServedRequest): T {
  return store.run(served ? { ...ctx, served } : ctx, fn);
}

/** The HTTP request whose handler is running, if any. */
export function servedRequest(): ServedRequest | undefined {
  return store.getStore()?.served;
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
