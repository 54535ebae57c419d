import { qa } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';

/** 常见问答 (blade-basic/qa): the generic calls, in their order (catalog defaultSort). */
export function registerQa(app: FastifyInstance, platform: Platform) {
  mountResource(app, createResource(platform, qa));
}
