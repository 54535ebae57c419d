import { DEPLOYMENT_STATUS, wfDeployment } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, objectBody } from '../../resources/engine.ts';
import { idList, NONE_SELECTED } from '../system/id-list.ts';
import { checkCategory, mountCalls, mountChangeCategory, paramsOf } from './common.ts';

/**
 * 部署管理 (design/deployment): what deploying a model made (./models.ts), never written otherwise: a submit
 * changes an existing deployment's name, category or icon only; `changeStatus` suspends (2) or activates (1)
 * it, a suspended deployment starting no new instance; `changeCategory` moves several; remove is logical.
 */
const MSG = {
  madeByDeploy: {
    zh: '部署只能由模型部署产生：请在模型设计中部署模型',
    en: 'Deployments are made by deploying a model: deploy it from the model list',
  },
  badStatus: { zh: '状态只能是1（激活）或2（挂起）', en: 'The status must be 1 (active) or 2 (suspended)' },
  activated: { zh: '已激活', en: 'Activated' },
  suspended: { zh: '已挂起', en: 'Suspended' },
} as const;

export function registerDeployments(app: FastifyInstance, platform: Platform) {
  const deployments = createResource(platform, wfDeployment, {
    async beforeSave({ q, isNew, values }) {
      if (isNew) throw badRequest(MSG.madeByDeploy);
      if (values.categoryId !== undefined) await checkCategory(q, ctx().tenantId, values.categoryId);
    },
  });
  mountCalls(app, deployments, ['page', 'list', 'detail', 'remove', 'export']);
  app.post<{ Body: unknown }>(`/api/${wfDeployment.api}/submit`, { config: { title: '部署管理提交' } }, async (req) => {
    // The status has a call of its own, with its own button: a submit leaves it as it is.
    const { status: _, ...body } = objectBody(req.body);
    return ok(await deployments.save(body), { zh: '更新成功', en: 'Updated' });
  });
  mountChangeCategory(app, platform, deployments, `${wfDeployment.key}_edit`);

  app.post(
    `/api/${wfDeployment.api}/changeStatus`,
    { config: { title: '部署变更状态', button: 'wf_deployment_status' } },
    async (req) => {
      const params = paramsOf(req);
      const ids = idList(params.ids, NONE_SELECTED);
      const status = Number(params.status);
      if (status !== DEPLOYMENT_STATUS.active && status !== DEPLOYMENT_STATUS.suspended) {
        throw badRequest(MSG.badStatus);
      }
      const caller = ctx();
      await platform.db.tx(caller.tenantId, async (q) => {
        const visible = await deployments.visibleIds(ids, q);
        if (!visible.length) throw notFound();
        await q.query(
          `update ${wfDeployment.table} set status = $2, update_user = $3, update_time = localtimestamp(0)
            where id = any($1::bigint[])`,
          [visible, status, caller.userId],
        );
      });
      return ok(true, status === DEPLOYMENT_STATUS.active ? MSG.activated : MSG.suspended);
    },
  );
}
