import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { registerAccount } from './account.ts';
import { mountUserAlias } from './alias.ts';
import { forgetCompaniesOnChange } from './company.ts';
import { registerUserCrud } from './crud.ts';
import { registerUserImport } from './import.ts';
import { registerRegistration } from './registration.ts';
import { createUserResource } from './resource.ts';
import { registerUnlock } from './unlock.ts';

/**
 * blade-user: users' reads and writes, account actions, unlocking, account applications and Excel import, each
 * mounted under `/api/blade-user/...` and SpringBlade's `/api/blade-system/user/...` alike (alias.ts).
 */
export async function registerUser(app: FastifyInstance, platform: Platform) {
  mountUserAlias(app);
  forgetCompaniesOnChange(platform);
  const resource = createUserResource(platform);
  registerUserCrud(app, platform, resource);
  registerAccount(app, platform, resource);
  registerUnlock(app, platform, resource);
  registerRegistration(app, platform);
  await registerUserImport(app, platform, resource);
}
