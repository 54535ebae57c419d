import { endSession } from '../auth/lifecycle.ts';
import { toast } from '../feedback.ts';
import { httpLanguage, i18n } from '../i18n/index.ts';
import { useSession } from '../stores/session.ts';
import { ApiError, codeOf, messageOf, NETWORK_ERROR, TIMEOUT } from './errors.ts';

/** The OAuth client every request names (CONTRACT.md, seed client `saber`). */
const CLIENT_AUTHORIZATION = `Basic ${btoa('saber:saber_secret')}`;
export const TIMEOUT_MS = 60_000;

/**
 * Codes rejected without a toast (spec part 8; BladeX's `website.statusWhiteList`): the caller's own
 * `catch` shows them as it sees fit. BladeX ships the list empty; 423 is reserved here for answers a
 * page handles itself, and the server sends it for nothing else.
 */
export const STATUS_WHITELIST: readonly number[] = [423];

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON; a FormData (a file upload) is sent as multipart/form-data. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The answer is not wrapped in the envelope (token and captcha endpoints). */
  raw?: boolean;
  /** The call is made without a session (login): a 401 is an ordinary failure, not a logout. */
  sessionless?: boolean;
}

/** `/api/<path>?<query>`, leaving out empty values (the server ignores them anyway). */
export function urlOf(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const search = params.toString();
  return `/api/${path}${search ? `?${search}` : ''}`;
}

function headersOf(options: RequestOptions): Headers {
  const { accessToken, tenantId, accountType } = useSession.getState();
  const headers = new Headers({
    Authorization: CLIENT_AUTHORIZATION,
    'Tenant-Id': tenantId,
    'Account-Type': accountType,
    'Accept-Language': httpLanguage(),
  });
  if (accessToken) headers.set('Blade-Auth', `bearer ${accessToken}`);
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

/**
 * Shows the failure (or ends the session on 401, or says nothing for a whitelisted code) and gives
 * the error to reject with.
 */
function failure(code: number, message: string | undefined, options: RequestOptions, data?: unknown): ApiError {
  const text = message ?? i18n.t('errors:unknown');
  if (STATUS_WHITELIST.includes(code)) {
    // Rejected silently: the page that made the call handles it.
  } else if (code === 401 && !options.sessionless) endSession();
  else toast.error(text);
  return new ApiError(code, text, data);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(urlOf(path, options.query), {
      method: options.method ?? 'GET',
      headers: headersOf(options),
      body:
        options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    throw controller.signal.aborted
      ? failure(TIMEOUT, i18n.t('errors:timeout'), options)
      : failure(NETWORK_ERROR, i18n.t('errors:network'), options);
  } finally {
    clearTimeout(timer);
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Calls the API and resolves with the envelope's `data` (or the whole answer when `raw`). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const body = await jsonOf(response);
  const code = codeOf(response.status, body);
  // An unwrapped refusal (the token endpoint's) is its own data, as an unwrapped answer is its own result.
  const data = options.raw ? body : (body as { data?: unknown } | undefined)?.data;
  if (code !== 200) throw failure(code, messageOf(body), options, data);
  return (options.raw ? body : (body as { data: T }).data) as T;
}

/** The most rows one page holds: the server's cap (docs/decisions.md), what a list taken whole asks for. */
export const MAX_PAGE_SIZE = 1000;

/**
 * The rows of a catalog resource's generic `list`, which answers a page like `page` (CONTRACT.md "Lists and
 * paging"), taken whole up to the server's cap: for the short lists a screen holds at once (packages, one
 * enterprise's rows). Trees (roles, departments, menus) answer an array and are read with `request`.
 */
export async function requestList<T>(api: string, query: Query = {}): Promise<T[]> {
  return (await request<{ records: T[] }>(`${api}/list`, { query: { ...query, current: 1, size: MAX_PAGE_SIZE } }))
    .records;
}

/** A file answer (export): the bytes and the name the server suggests. */
export async function requestFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; name?: string }> {
  const response = await send(path, options);
  if (!response.ok) {
    const body = await jsonOf(response);
    throw failure(codeOf(response.status, body), messageOf(body), options);
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The file name of a Content-Disposition header, preferring the RFC 5987 UTF-8 form Chinese names need. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1];
}
