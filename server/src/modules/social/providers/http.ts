import { callOut } from '../../../platform/outbound.ts';
import type { ProviderConfig } from './types.ts';
import { SocialRefused } from './types.ts';

const TIMEOUT_MS = 10_000;

/** An endpoint: the operator's override, else the preset's; only http(s). */
export function endpoint(configured: string, preset: string): string {
  const url = configured.trim() || preset;
  if (!/^https?:\/\//i.test(url)) throw new SocialRefused(`not an http(s) endpoint: ${url}`);
  return url;
}

/** A URL with these query parameters added. */
export function withQuery(base: string, params: Record<string, string | undefined>): URL {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/**
 * One JSON call to a provider through the egress guard; a failed connection, a non-2xx status or an answer that is no
 * JSON object is the provider's refusal.
 */
export async function callJson(
  config: ProviderConfig,
  url: string | URL,
  init: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: unknown;
  } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'park-console', ...init.headers };
  let body = '';
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  let res: { status: number; text: string };
  try {
    res = await callOut(
      String(url),
      { method: init.method ?? 'GET', headers, body, timeoutMs: TIMEOUT_MS },
      config.outbound,
    );
  } catch (err) {
    throw new SocialRefused(`${config.source}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.text);
  } catch {
    throw new SocialRefused(`${config.source}: HTTP ${res.status}, not JSON`);
  }
  if (res.status < 200 || res.status > 299 || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SocialRefused(`${config.source}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  }
  return parsed as Record<string, unknown>;
}

/** A field of an answer as text ('' when absent): ids come as numbers from some providers. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** The access token of an answer, or the provider's refusal. */
export function accessTokenOf(config: ProviderConfig, answer: Record<string, unknown>, field = 'access_token'): string {
  const token = str(answer[field]);
  if (!token) throw new SocialRefused(`${config.source}: no access token (${JSON.stringify(answer).slice(0, 200)})`);
  return token;
}

/** The user's subject, which every binding needs. */
export function subject(config: ProviderConfig, value: unknown): string {
  const uuid = str(value);
  if (!uuid) throw new SocialRefused(`${config.source}: the user has no id`);
  return uuid;
}
