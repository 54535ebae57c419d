import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCaptcha } from './captcha.ts';
import { registerRateLimit } from './rate-limit.ts';
import { registerSaberAuth } from './saber-token.ts';
import { sessionCleanupJob } from './session-cleanup-job.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerSwitchOptions } from './switch.ts';
import { registerToken, tokenIssuer } from './token-route.ts';

/** blade-auth: login (token; Saber's too, with its SM2 key), captcha, current user, switch-department options, logout, cache clearing; the job that clears expired logins. */
export async function registerAuth(app: FastifyInstance, platform: Platform) {
  // Before the routes it limits: the plugin sets each route's limit as the route is added.
  await registerRateLimit(app, platform);
  // One issuer, so both token endpoints count the same refused logins.
  const issue = tokenIssuer(platform);
  registerToken(app, platform, issue);
  await registerSaberAuth(app, platform, issue);
  registerCaptcha(app, platform);
  registerSessionRoutes(app, platform);
  registerSwitchOptions(app, platform);
  platform.jobs.register(sessionCleanupJob);
}
