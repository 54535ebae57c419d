import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCaptcha } from './captcha.ts';
import { registerRateLimit } from './rate-limit.ts';
import { sessionCleanupJob } from './session-cleanup-job.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerSwitchOptions } from './switch.ts';
import { registerToken } from './token-route.ts';

/** blade-auth: login (token), captcha, current user, switch-department options, logout, cache clearing; the job that clears expired logins. */
export async function registerAuth(app: FastifyInstance, platform: Platform) {
  // Before the routes it limits: the plugin sets each route's limit as the route is added.
  await registerRateLimit(app, platform);
  registerToken(app, platform);
  registerCaptcha(app, platform);
  registerSessionRoutes(app, platform);
  registerSwitchOptions(app, platform);
  platform.jobs.register(sessionCleanupJob);
}
