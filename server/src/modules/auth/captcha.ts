import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { ALL_TENANTS } from '../../platform/db.ts';
import type { Platform } from '../../platform/platform.ts';
import { perAddressLimit } from './rate-limit.ts';

/**
 * Login captchas. The codes live in the database (park_captcha), not in memory, so that
 * an instance behind a load balancer can check a code another instance drew.
 * A code is good for five minutes and for one check: any check consumes it. With captchas off one is
 * drawn only when asked for with `required=true`: the login page asks once an account demanded it (grants.ts).
 */
const TTL_SECONDS = 300;

export interface CaptchaAnswer {
  key: string;
  image: string;
  enabled: boolean;
}

export async function drawCaptcha(platform: Platform, required = false): Promise<CaptchaAnswer> {
  if (!platform.config.captcha && !required) return { key: '', image: '', enabled: false };
  // Letters and digits that look alike (0/o, 1/l/i) are left out; case does not count when checking. Dark grey
  // letters and one noise line: svg-captcha's colours on no background are 55–75 % light, hard to read at 1×.
  const { text, data } = svgCaptcha.create({ size: 4, ignoreChars: '0oO1lIi', noise: 1, color: false });
  const key = randomUUID();
  await platform.db.tx(ALL_TENANTS, async (q) => {
    // Sweeping on each draw keeps the table to about five minutes' worth of codes.
    await q.query('delete from park_captcha where expires_at < localtimestamp');
    await q.query(
      `insert into park_captcha (key, code, expires_at) values ($1, $2, localtimestamp(0) + make_interval(secs => $3))`,
      [key, text.toLowerCase(), TTL_SECONDS],
    );
  });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, enabled: true };
}

/** True when the code answers the key's live captcha; the key is spent either way. */
export async function checkCaptcha(platform: Platform, key: string | undefined, code: string | undefined) {
  if (!key) return false;
  const [row] = await platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ code: string; live: boolean }>(
      'delete from park_captcha where key = $1 returning code, expires_at >= localtimestamp as live',
      [key],
    ),
  );
  return Boolean(row?.live && code && row.code === code.trim().toLowerCase());
}

export function registerCaptcha(app: FastifyInstance, platform: Platform) {
  app.get<{ Querystring: { required?: string } }>(
    '/api/blade-auth/oauth/captcha',
    // Each call writes a row: the per-address limit and the sweep above keep the table small.
    { config: { public: true, noClient: true, title: '获取验证码', rateLimit: perAddressLimit(platform) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return drawCaptcha(platform, request.query.required === 'true');
    },
  );
}
