import type { EntityDef } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { type Bilingual, badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';
import { ancestryHooks, nodeTree } from '../../resources/tree.ts';

/**
 * A category tree of designed things (流程分类, 问卷分类): a tree per tenant kept with `ancestors` like the
 * departments' (resources/tree.ts), not removed while it has sub-categories or a live row of `usedBy` names it.
 * Besides the generic five: `tree`, the enabled categories as nodes (the pickers), and `allTree`, every category,
 * disabled ones too (the category screen's own tree).
 */
export function registerCategoryTree(
  app: FastifyInstance,
  platform: Platform,
  entity: EntityDef,
  opts: { usedBy: EntityDef[]; hasChildren: Bilingual; inUse: Bilingual; title: string },
): Resource {
  const tree = ancestryHooks(entity.table, opts.hasChildren);
  const categories = createResource(platform, entity, {
    async beforeSave(e) {
      // A new category without a parent is a top one.
      if (e.isNew && e.values.parentId === undefined) e.values.parentId = '0';
      await tree.beforeSave(e);
    },
    afterSave: tree.afterSave,
    async afterRemove(e) {
      await tree.afterRemove(e);
      const used = await e.q.query(
        `${opts.usedBy
          .map((user) => `select 1 from ${user.table} where category_id = any($1::bigint[]) and is_deleted = 0`)
          .join(' union all ')} limit 1`,
        [e.ids],
      );
      if (used.length) throw badRequest(opts.inUse);
    },
  });
  mountResource(app, categories);

  const base = `/api/${entity.api}`;
  const nodes = (enabledOnly: boolean) => {
    const { tenantId } = ctx();
    return platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; parent_id: string; title: string }>(
        `select id::text as id, parent_id::text as parent_id, name as title from ${entity.table}
          where tenant_id = $1 and is_deleted = 0 ${enabledOnly ? 'and status = 1' : ''} order by sort, id`,
        [tenantId],
      ),
    );
  };
  app.get(`${base}/tree`, { config: { title: `${opts.title}树` } }, async () => ok(nodeTree(await nodes(true))));
  app.get(`${base}/allTree`, { config: { title: `${opts.title}全部树` } }, async () =>
    ok(nodeTree(await nodes(false))),
  );
  return categories;
}
