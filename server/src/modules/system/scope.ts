import { apiScope, dataScope } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { invalidatePermissions } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { platformOnly } from './access.ts';

/** Data-scope and API-scope rules (platform administrator only); a change reaches every caller's permissions. */
export function registerScopes(app: FastifyInstance, platform: Platform) {
  const changed = () => invalidatePermissions(platform);
  for (const entity of [dataScope, apiScope]) {
    mountResource(app, createResource(platform, entity, { ...platformOnly, afterSave: changed, afterRemove: changed }));
  }
}
