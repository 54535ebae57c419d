import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAccount } from './account.ts';
import { registerUserCrud } from './crud.ts';
import { createUserResource } from './resource.ts';
import { registerUnlock } from './unlock.ts';

/** blade-user: users' reads and writes, account actions, and unlocking. */
export function registerUser(app: FastifyInstance, platform: Platform) {
  const resource = createUserResource(platform);
  registerUserCrud(app, platform, resource);
  registerAccount(app, platform, resource);
  registerUnlock(app, platform);
}
