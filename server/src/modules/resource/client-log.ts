import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * The web client's local error log, uploaded from the log dialog (spec part 2): each entry
 * (url, time, type, message, stack, info) lands in the error log, next to the server's own
 * errors, so the log screens show both.
 */
const MAX_ENTRIES = 200;
const MSG = {
  body: { zh: '日志格式不正确', en: 'The log entries are not valid' },
  sent: { zh: '发送成功!', en: 'Sent!' },
} as const;

export interface ClientLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack: string;
  info: string;
}

function text(value: unknown, max: number): string {
  return (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)).slice(
    0,
    max,
  );
}

/** The entries of the body (an array, or `{ list }`), each trimmed to what the log table holds. */
export function clientLogEntries(body: unknown): ClientLogEntry[] {
  const list = Array.isArray(body) ? body : (body as { list?: unknown } | undefined)?.list;
  if (!Array.isArray(list) || list.length > MAX_ENTRIES || !list.every((e) => e && typeof e === 'object')) {
    throw badRequest(MSG.body);
  }
  return list.map((e: Record<string, unknown>) => ({
    url: text(e.url, 255),
    time: text(e.time, 32),
    type: text(e.type, 64) || 'error',
    message: text(e.message, 2000),
    stack: text(e.stack, 10_000),
    info: text(e.info, 2000),
  }));
}

export function registerClientLog(app: FastifyInstance, platform: Platform) {
  app.post('/api/blade-log/client/save', { config: { title: '上传前端日志' } }, async (req) => {
    const entries = clientLogEntries(req.body);
    const c = ctx();
    for (const entry of entries) {
      const error = new Error(entry.message);
      error.name = entry.type;
      error.stack = entry.stack || `${entry.type}: ${entry.message}`;
      platform.logs.error({
        tenantId: c.tenantId,
        method: 'CLIENT',
        requestUri: entry.url,
        userAgent: String(req.headers['user-agent'] ?? ''),
        remoteIp: req.ip,
        params: JSON.stringify({ time: entry.time, info: entry.info }),
        createBy: c.account,
        error,
      });
    }
    return ok(entries.length, MSG.sent);
  });
}
