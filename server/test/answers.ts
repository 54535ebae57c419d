import { expect } from 'vitest';

/** The data of a call that must succeed (code 200), as each test reads its own shape. */
export async function data(res: Promise<{ body: { code: number; data: unknown } }>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

/** A refusal: the status, and the message containing `msg`. */
export async function refused(
  res: Promise<{ status: number; body: { code: number; msg: string } }>,
  status: number,
  msg = '',
) {
  const { status: s, body } = await res;
  expect(s, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(status);
  expect(body.msg).toContain(msg);
}
