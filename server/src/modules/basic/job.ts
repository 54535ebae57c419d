import { job } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, mountSaveUpdate } from '../../resources/engine.ts';
import { ancestryHooks, mountTreeCalls } from '../../resources/tree.ts';

/**
 * 招聘岗位 (blade-basic/job): the generic calls, `update`, and the tree calls (lazy-tree, lazy-list,
 * tree) of the job categories and the positions below them. The recruiting enterprise, when named, is
 * a live enterprise of the tenant.
 */
const MSG = {
  hasChildren: { zh: '该类别下还有岗位，请先删除其下岗位', en: 'This category still has jobs: delete them first' },
  enterprise: { zh: '招聘企业不存在', en: 'The enterprise does not exist' },
} as const;

export function registerJob(app: FastifyInstance, platform: Platform) {
  const tree = ancestryHooks(job.table, MSG.hasChildren);
  const resource = createResource(platform, job, {
    ...tree,
    async beforeSave(e) {
      await tree.beforeSave(e);
      const enterpriseId = e.values.enterpriseId;
      if (enterpriseId === undefined || enterpriseId === null) return;
      const found = await e.q.query(
        'select 1 from crm_enterprise where id = $1 and tenant_id = $2 and is_deleted = 0',
        [enterpriseId, ctx().tenantId],
      );
      if (!found.length) throw badRequest(MSG.enterprise);
    },
  });
  mountResource(app, resource);
  mountSaveUpdate(app, resource, ['update']);
  mountTreeCalls(app, resource, 'jobName');
}
