import { currentLang, type Lang } from './context.ts';

/**
 * The envelope (CONTRACT.md): every answer but the token endpoint's is { code, success, data, msg }.
 * Handlers throw ApiError; one error handler in app.ts turns everything into the envelope.
 */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

export const MSG = {
  ok: { zh: '操作成功', en: 'Success' },
  fail: { zh: '操作失败', en: 'Failed' },
  noData: { zh: '暂无承载数据', en: 'No data' },
  unauthorized: { zh: '请求未授权', en: 'Unauthorized request' },
  forbidden: { zh: '缺失权限或权限不足', en: 'You do not have permission for this' },
  notFound: { zh: '数据不存在或已删除', en: 'The record does not exist or was deleted' },
  routeNotFound: { zh: '请求的接口不存在', en: 'No such endpoint' },
  badRequest: { zh: '请求参数有误', en: 'The request is not valid' },
  internal: { zh: '服务器异常，请联系管理员', en: 'Server error, please contact the administrator' },
  unsupportedMedia: { zh: '不支持的请求类型', en: 'Unsupported media type' },
  methodNotAllowed: { zh: '不支持的请求方法', en: 'Method not allowed' },
  queryTimeout: {
    zh: '查询超时，请缩小查询范围后重试',
    en: 'The query took too long: narrow it down and try again',
  },
  tenantMoving: {
    zh: '本租户的数据正在迁移数据源，暂时不能修改，请稍后再试',
    en: "This tenant's data is moving to another data source and cannot be changed now: try again shortly",
  },
  badValue: {
    zh: '请求参数有误：其中的值超出了允许的范围或格式',
    en: 'The request is not valid: a value in it is out of range or malformed',
  },
} as const;

export type Bilingual = { zh: string; en: string };

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly text: Bilingual | string,
  ) {
    super(typeof text === 'string' ? text : text.zh);
  }

  messageIn(lang: Lang): string {
    return typeof this.text === 'string' ? this.text : this.text[lang];
  }
}

export const badRequest = (text: Bilingual | string) => new ApiError(400, text);
export const unauthorized = (text: Bilingual | string = MSG.unauthorized) => new ApiError(401, text);
export const forbidden = (text: Bilingual | string = MSG.forbidden) => new ApiError(403, text);
export const notFound = (text: Bilingual | string = MSG.notFound) => new ApiError(404, text);

/**
 * The last wall against bad input: a PostgreSQL data exception (SQLSTATE class 22: an impossible date
 * 22007/22008, a number out of range 22003, text that is not a number 22P02, a NUL 22021/22P05, a text
 * too long 22001, ...) comes from a value the request carried, so it is the caller's 400, never a 500.
 * The real checks run before the query and say what is wrong; this only keeps one they miss from
 * answering 500 and filling the error log. So is a statement cancelled by the statement timeout (57014): the
 * query asked for more than the server gives one statement, and a narrower one may pass. A write of a tenant whose rows
 * are moving between databases, refused by the fence (PTF01, migration 0197), is a 503: the same write passes once the
 * move is over. Undefined for any other error.
 */
export function dataExceptionOf(error: unknown): ApiError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014') return new ApiError(400, MSG.queryTimeout);
  if (code === 'PTF01') return new ApiError(503, MSG.tenantMoving);
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return new ApiError(400, MSG.badValue);
}

export function ok<T>(data: T, msg?: Bilingual): Envelope<T> {
  const lang = currentLang();
  if (data === null || data === undefined) return { code: 200, success: true, data: null, msg: MSG.noData[lang] };
  return { code: 200, success: true, data, msg: (msg ?? MSG.ok)[lang] };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, success: false, data: null, msg };
}
