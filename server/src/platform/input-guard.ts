import type { FastifyInstance } from 'fastify';
import { type Bilingual, badRequest } from './errors.ts';

/**
 * What no route may receive, refused with a 400 before any handler runs, whichever route it is:
 * - a NUL character (U+0000) anywhere in the path parameters, the query string or the body, in a key
 *   or a value: PostgreSQL cannot keep NUL in text, so every route that writes or filters a text would
 *   answer 500 (SQLSTATE 22021 / 22P05) instead of saying what is wrong;
 * - a body object with a key `toString` or `valueOf`: `String(value)` of such an object (JSON
 *   `{"toString":1}`) throws a TypeError in any code reading it as text.
 * Walks the parsed input without recursion, so a body nested 10,000 deep costs a loop, not a stack.
 */
const NUL_REFUSED: Bilingual = {
  zh: '请求参数有误：不能包含空字符（\\u0000）',
  en: 'The request is not valid: it may not contain the NUL character (\\u0000)',
};
const KEY_REFUSED: Bilingual = {
  zh: '请求参数有误：不能使用 toString、valueOf 作为字段名',
  en: 'The request is not valid: toString and valueOf are not field names',
};

/** Keys that change how an object turns into text (`String(o)`, template strings). */
const CONVERSION_KEYS = new Set(['toString', 'valueOf']);

/** What is wrong with the parsed input, or undefined. */
export function hostileInput(input: unknown): Bilingual | undefined {
  const stack: unknown[] = [input];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return NUL_REFUSED;
    } else if (value && typeof value === 'object') {
      if (Buffer.isBuffer(value)) continue;
      if (Array.isArray(value)) {
        for (const item of value) stack.push(item);
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (key.includes('\u0000')) return NUL_REFUSED;
          if (CONVERSION_KEYS.has(key)) return KEY_REFUSED;
          stack.push(item);
        }
      }
    }
  }
  return undefined;
}

export function installInputGuard(app: FastifyInstance) {
  // A callback hook: no promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = hostileInput(request.params) ?? hostileInput(request.query) ?? hostileInput(request.body);
    done(problem ? badRequest(problem) : undefined);
  });
}
