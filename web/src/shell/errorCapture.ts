import { type ErrorLogEntry, type ErrorLogType, useErrorLog } from '../stores/errorLog.ts';
import { DATE_TIME_FORMAT, formatDate } from '../utils/date.ts';

/**
 * Feeds the local error log (spec parts 2 and 8): uncaught errors, unhandled rejections, and every
 * API call that fails. Failed calls are observed at `fetch` because the HTTP client belongs to api/;
 * the client's own ApiError rejections are then skipped so a failure is logged once.
 */
let installed = false;

function record(type: ErrorLogType, entry: Partial<ErrorLogEntry>): void {
  useErrorLog.getState().add({
    type,
    url: entry.url ?? window.location.href,
    message: entry.message ?? '',
    stack: entry.stack ?? '',
    info: entry.info ?? '',
    time: formatDate(new Date(), DATE_TIME_FORMAT),
  });
}

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)), stack: '' };
}

/**
 * The envelope's code and msg of a failed API answer, read from a copy so the caller still gets the body.
 * The server answers an error with the same HTTP status as the body's code (CONTRACT.md), so ok answers
 * (and their possibly large files) are never read here.
 */
async function failureOf(response: Response): Promise<{ code: number; msg: string } | undefined> {
  if (!response.url.includes('/api/') || response.ok) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown; msg?: unknown; error_description?: unknown } | undefined;
  const code = typeof body?.code === 'number' ? body.code : response.status;
  return { code, msg: String(body?.msg ?? body?.error_description ?? response.statusText) };
}

export function installErrorCapture(): void {
  if (installed) return;
  installed = true;

  window.addEventListener('error', (event) => {
    const { message, stack } = describe(event.error ?? event.message);
    record('error', { message, stack, info: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '' });
  });

  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof Error && event.reason.name === 'ApiError') return;
    record('promise', describe(event.reason));
  });

  const fetchOriginal = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    try {
      const response = await fetchOriginal(input, init);
      const failure = await failureOf(response);
      if (failure) {
        record('request', { url: response.url, message: failure.msg, info: `${method} ${failure.code}` });
      }
      return response;
    } catch (error) {
      const url = input instanceof Request ? input.url : String(input);
      record('request', { url, ...describe(error), info: method });
      throw error;
    }
  };
}
