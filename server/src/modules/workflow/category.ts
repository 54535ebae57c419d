import { wfCategory, wfDeployment, wfForm, wfModel } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';
import { ancestryHooks, nodeTree } from '../../resources/tree.ts';

/**
 * 流程分类 (design/category): a tree per tenant kept with `ancestors` like the departments' (resources/tree.ts).
 * Besides the generic five: `tree`, the enabled categories as nodes (the pickers of the form, model and
 * deployment screens), and `allTree`, every category, disabled ones too (the category screen's own tree).
 */
const MSG = {
  hasChildren: { zh: '请先删除该分类下的子分类', en: 'Remove its sub-categories first' },
  inUse: {
    zh: '该分类下还有表单、模型或部署，不能删除',
    en: 'Forms, models or deployments are still in this category: it cannot be deleted',
  },
} as const;

export function registerCategory(app: FastifyInstance, platform: Platform): Resource {
  const tree = ancestryHooks(wfCategory.table, MSG.hasChildren);
  const categories = createResource(platform, wfCategory, {
    async beforeSave(e) {
      // A new category without a parent is a top one.
      if (e.isNew && e.values.parentId === undefined) e.values.parentId = '0';
      await tree.beforeSave(e);
    },
    afterSave: tree.afterSave,
    async afterRemove(e) {
      await tree.afterRemove(e);
      const used = await e.q.query(
        `select 1 from ${wfForm.table} where category_id = any($1::bigint[]) and is_deleted = 0
         union all select 1 from ${wfModel.table} where category_id = any($1::bigint[]) and is_deleted = 0
         union all select 1 from ${wfDeployment.table} where category_id = any($1::bigint[]) and is_deleted = 0
         limit 1`,
        [e.ids],
      );
      if (used.length) throw badRequest(MSG.inUse);
    },
  });
  mountResource(app, categories);

  const base = `/api/${wfCategory.api}`;
  const nodes = (enabledOnly: boolean) => {
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; parent_id: string; title: string }>(
        `select id::text as id, parent_id::text as parent_id, name as title from ${wfCategory.table}
          where tenant_id = $1 and is_deleted = 0 ${enabledOnly ? 'and status = 1' : ''} order by sort, id`,
        [tenantId],
      ),
    );
  };
  app.get(`${base}/tree`, { config: { title: '流程分类树' } }, async () => ok(nodeTree(await nodes(true))));
  app.get(`${base}/allTree`, { config: { title: '流程分类全部树' } }, async () => ok(nodeTree(await nodes(false))));
  return categories;
}
