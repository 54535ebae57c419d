/** A failed call: the answer's code (spec part 8) and the message already shown to the user. */
export class ApiError extends Error {
  readonly code: number;
  /** The refusal's `data`, when it carries one (an import's row report); a raw call's whole refusal. */
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** Codes of failures that never reached the server. */
export const NETWORK_ERROR = 0;
export const TIMEOUT = 408;

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** The answer's code: the body's `code`, else the HTTP status. */
export function codeOf(status: number, body: unknown): number {
  const code = Number(field(body, 'code'));
  return field(body, 'code') !== undefined && Number.isInteger(code) ? code : status;
}

/** The answer's message: `msg`, else the token endpoint's `error_description`; undefined when neither is there. */
export function messageOf(body: unknown): string | undefined {
  for (const name of ['msg', 'error_description']) {
    const value = field(body, name);
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
