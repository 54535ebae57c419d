import { post } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';

/** Posts: the generic endpoints and `select`, every post the caller may see in sort order (for pickers). */
export function registerPost(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, post);
  mountResource(app, resource);
  app.get('/api/blade-system/post/select', { config: { title: '岗位下拉' } }, async () =>
    ok(await resource.list({ ascs: 'sort' })),
  );
}
