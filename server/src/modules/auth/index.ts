import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerCaptcha } from './captcha.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerToken } from './token-route.ts';

/** blade-auth: login (token), captcha, current user, logout, cache clearing. */
export function registerAuth(app: FastifyInstance, platform: Platform) {
  registerToken(app, platform);
  registerCaptcha(app, platform);
  registerSessionRoutes(app, platform);
}
