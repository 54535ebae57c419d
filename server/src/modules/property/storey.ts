import { office, room, storey } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';
import { ancestryHooks, mountTreeCalls, parentParam } from '../../resources/tree.ts';

/**
 * 楼宇楼层 (blade-property/storey): buildings (roots) and their floors as one tree, kept with an `ancestors`
 * column by the shared tree machinery (resources/tree.ts, as departments and industries). Besides the generic
 * five: `tree` (the whole tree as nodes), `lazy-list` / `lazy-tree` (one level by parentId, each telling
 * whether it has children) and `select` (a flat list, optionally one building's floors by parentId).
 */
const MSG = {
  hasChildren: { zh: '请先删除该楼宇下的楼层', en: 'Remove its floors first' },
  inUse: { zh: '该楼层下还有办公室或房间，不能删除', en: 'Offices or rooms are still on it: it cannot be deleted' },
} as const;

export function registerStorey(app: FastifyInstance, platform: Platform): Resource {
  const tree = ancestryHooks(storey.table, MSG.hasChildren);
  const resource = createResource(platform, storey, {
    async beforeSave(e) {
      // A new node without a parent is a building.
      if (e.isNew && e.values.parentId === undefined) e.values.parentId = '0';
      await tree.beforeSave(e);
    },
    async afterSave(e) {
      await tree.afterSave(e);
      // A root is a building, anything below one a floor.
      await e.q.query(
        'update property_storey set storey_type = case when parent_id = 0 then 1 else 2 end where id = $1',
        [e.row.id],
      );
    },
    async afterRemove(e) {
      await tree.afterRemove(e);
      const used = await e.q.query(
        `select 1 from ${office.table} where storey_id = any($1::bigint[]) and is_deleted = 0
         union all select 1 from ${room.table} where storey_id = any($1::bigint[]) and is_deleted = 0 limit 1`,
        [e.ids],
      );
      if (used.length) throw badRequest(MSG.inUse);
    },
  });
  mountResource(app, resource);
  mountTreeCalls(app, resource, 'storeyName');

  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`/api/${storey.api}/select`, { config: { title: '楼宇楼层下拉' } }, async (req) => {
    const { parentId, ...filters } = req.query;
    const given = parentId !== undefined && parentId !== '';
    return ok(await resource.list(given ? { ...filters, parentId_equal: parentParam(parentId) } : filters));
  });
  return resource;
}
