import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * Calls per client address on the anonymous endpoints that cost the server work (the token endpoint's
 * bcrypt, the captcha's row): RATE_LIMIT per minute each (config.ts), counted in memory by each
 * instance. Only routes that name `rateLimit` in their config are limited; RATE_LIMIT=off adds nothing.
 */
const TOO_MANY = {
  zh: '请求过于频繁，请稍后再试',
  en: 'Too many requests, please try again later',
} as const;

export async function registerRateLimit(app: FastifyInstance, platform: Platform): Promise<void> {
  if (platform.config.rateLimit <= 0) return;
  await app.register(rateLimit, {
    global: false,
    // Answered by the pipeline's error handler as the envelope, HTTP 429.
    errorResponseBuilder: () => new ApiError(429, TOO_MANY),
  });
}

/** A route's `config.rateLimit`: the configured calls per minute from one address. */
export function perAddressLimit(platform: Platform) {
  return { max: Math.max(platform.config.rateLimit, 1), timeWindow: 60_000 };
}
