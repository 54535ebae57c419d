import { oaCategory } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { checkCategory, idParam } from '../workflow/common.ts';
import { actorOf } from '../workflow/runtime/act.ts';
import { detailOf } from '../workflow/runtime/detail.ts';
import { taskList } from '../workflow/runtime/lists.ts';

/**
 * blade-oa: OA分类 (category), each gathering the processes of one workflow category, and 我的工作 (work): the
 * signed-in user's items of those processes (to do, started, done), and an item's detail by its instance.
 */
const TYPES = { todo: 'todo', send: 'send', done: 'myDone' } as const;

export function registerOa(app: FastifyInstance, platform: Platform) {
  mountResource(
    app,
    createResource(platform, oaCategory, {
      beforeSave: async ({ q, values }) => {
        if (values.workflowCategoryId !== undefined) {
          await checkCategory(q, ctx().tenantId, values.workflowCategoryId, true);
        }
      },
    }),
  );

  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>('/api/blade-oa/work/myWork', { config: { title: '我的工作' } }, async (req) => {
    const type = typeof req.query.type === 'string' && req.query.type ? req.query.type : 'todo';
    if (!Object.hasOwn(TYPES, type)) {
      throw badRequest({ zh: 'type 只能是 todo、send 或 done', en: 'type must be todo, send or done' });
    }
    const categoryId = req.query.categoryId
      ? idParam(req.query.categoryId, { zh: '请选择OA分类', en: 'Please select the OA category' })
      : undefined;
    const tenantId = ctx().tenantId;
    return ok(
      await platform.db.scoped(tenantId, async (q) =>
        taskList(q, await actorOf(q), TYPES[type as keyof typeof TYPES], req.query, (where) => {
          where.and(`i.category_id in (select o.workflow_category_id from oa_category o
                      where o.tenant_id = ${where.param(tenantId)} and o.is_deleted = 0
                      ${categoryId ? `and o.id = ${where.param(categoryId)}` : ''})`);
        }),
      ),
    );
  });
  app.get<Q>('/api/blade-oa/work/myWorkDetail', { config: { title: '我的工作详情' } }, async (req) => {
    const workId = idParam(req.query.workId, { zh: '请选择工作', en: 'Please select the item' });
    return ok(
      await platform.db.scoped(ctx().tenantId, async (q) => detailOf(platform, q, await actorOf(q), workId, undefined)),
    );
  });
}
