import { param } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type SaveEvent } from '../../resources/engine.ts';
import { registerClient } from './client.ts';
import { registerDept } from './dept.ts';
import { registerDict } from './dict.ts';
import { registerDictionary } from './dictionary.ts';
import { registerHealth } from './health.ts';
import { registerMenu } from './menu.ts';
import { registerMenuAdmin } from './menu-admin.ts';
import { registerNavigate } from './navigate.ts';
import { registerPost } from './post.ts';
import { registerRegion } from './region.ts';
import { registerRole } from './role.ts';
import { registerScopes } from './scope.ts';
import { registerSearch } from './search.ts';
import { registerTenant } from './tenant.ts';
import { registerTenantPackage } from './tenant-package.ts';
import { registerTopMenu } from './topmenu.ts';

export async function registerSystem(app: FastifyInstance, platform: Platform) {
  // A parameter change is seen at once by every reader of Params (lock count, init password, ...).
  const invalidate = () => platform.params.invalidate();
  const saved = async ({ isNew, row }: SaveEvent) => {
    await invalidate();
    // The key only: a value may be a secret. Queued as the saving transaction's last step.
    platform.logs.event('info', 'param.change', `${isNew ? '新增' : '修改'}参数 ${row.paramKey}`);
  };
  mountResource(app, createResource(platform, param, { afterSave: saved, afterRemove: invalidate }));
  await registerTenant(app, platform);
  registerTenantPackage(app, platform);
  registerClient(app, platform);
  registerRole(app, platform);
  registerDept(app, platform);
  registerPost(app, platform);
  registerDict(app, platform);
  registerRegion(app, platform);
  registerScopes(app, platform);
  registerTopMenu(app, platform);
  registerNavigate(app, platform);
  registerDictionary(app, platform);
  registerMenu(app, platform);
  registerMenuAdmin(app, platform);
  registerSearch(app, platform);
  registerHealth(app, platform);
}
