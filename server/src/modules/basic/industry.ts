import { industry } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, mountSaveUpdate, type Resource } from '../../resources/engine.ts';
import { ancestryHooks, mountTreeCalls } from '../../resources/tree.ts';

/**
 * 行业分类 (blade-basic/industry): the generic calls (remove by `ids` or by `id`), `update`, and the
 * tree calls (lazy-tree and lazy-list by pid or parentId, tree). A parent is a live industry of the
 * tenant and never the industry itself or one below it; an industry with live children is not removed.
 */
const HAS_CHILDREN = {
  zh: '该行业下还有子行业，请先删除子行业',
  en: 'This industry has sub-industries: delete them first',
} as const;

export function registerIndustry(app: FastifyInstance, platform: Platform): Resource {
  const resource = createResource(platform, industry, ancestryHooks(industry.table, HAS_CHILDREN));
  mountResource(app, resource);
  mountSaveUpdate(app, resource, ['update']);
  mountTreeCalls(app, resource, 'industryName');
  return resource;
}
