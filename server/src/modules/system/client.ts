import { client } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { withSecrets } from '../../resources/secrets.ts';
import { platformOnly } from './access.ts';

/**
 * OAuth clients (platform administrator only); every request's Basic header is checked against a cached copy.
 * The secret is masked on every way out like the providers' keys: a form that sends the mask back keeps it.
 */
export function registerClient(app: FastifyInstance, platform: Platform) {
  const changed = () => platform.cache.invalidate('client');
  const resource = createResource(platform, client, { ...platformOnly, afterSave: changed, afterRemove: changed });
  mountResource(app, withSecrets(resource, ['clientSecret']));
}
