import { param } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';

export async function registerSystem(app: FastifyInstance, platform: Platform) {
  // A parameter change is seen at once by every reader of Params (lock count, init password, ...).
  const invalidate = () => platform.params.invalidate();
  mountResource(app, createResource(platform, param, { afterSave: invalidate, afterRemove: invalidate }));
}
