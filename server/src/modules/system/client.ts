import { client } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { platformOnly } from './access.ts';

/** OAuth clients (platform administrator only); every request's Basic header is checked against a cached copy. */
export function registerClient(app: FastifyInstance, platform: Platform) {
  const changed = () => platform.cache.invalidate('client');
  mountResource(app, createResource(platform, client, { ...platformOnly, afterSave: changed, afterRemove: changed }));
}
