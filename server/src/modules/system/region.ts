import { region } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ALL_TENANTS } from '../../platform/db.ts';
import { ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type AncestryTable, ancestorsUnder, moveNode, refuseOrphans } from '../../resources/ancestry.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { lazyLevel, parentParam } from '../../resources/tree.ts';
import { platformWrites } from './access.ts';

/**
 * Regions, shared by every tenant and changed by the platform administrator only:
 * the generic endpoints (detail?code= matches exactly, codes being numeric) and a
 * lazy tree by parentCode (00 or 0 for the provinces).
 */
const TABLE: AncestryTable = { table: 'blade_region', key: 'code', parent: 'parent_code' };

export function registerRegion(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, region, {
    async beforeSave(e) {
      await platformWrites.beforeSave?.(e);
      const { q, isNew, body, values } = e;
      if (values.parentCode === null) values.parentCode = '0';
      if (values.parentCode !== undefined) {
        const self = isNew ? undefined : String(values.code ?? body.code ?? '');
        await ancestorsUnder(q, TABLE, String(values.parentCode), self || undefined);
      }
    },
    async afterSave({ q, row }) {
      const ancestors = await ancestorsUnder(q, TABLE, String(row.parentCode));
      await moveNode(q, TABLE, String(row.code), ancestors);
      await q.query('update blade_region set region_level = $2 where id = $1', [row.id, ancestors.split(',').length]);
    },
    async afterRemove(e) {
      await platformWrites.afterRemove?.(e);
      const codes = await e.q.query<{ code: string }>(
        'select code::text from blade_region where id = any($1::bigint[])',
        [e.ids],
      );
      await refuseOrphans(
        e.q,
        TABLE,
        codes.map((c) => c.code),
      );
    },
  });
  mountResource(app, resource);

  app.get<{ Querystring: { parentCode?: string } }>(
    '/api/blade-system/region/lazy-tree',
    { config: { title: '行政区划懒加载树' } },
    async (req) => {
      const parent = /^0+$/.test(String(req.query.parentCode ?? '0')) ? '0' : parentParam(req.query.parentCode);
      const rows = await platform.db.scoped(ALL_TENANTS, (q) =>
        lazyLevel(
          q,
          {
            table: TABLE.table,
            idColumn: 'code',
            parentColumn: 'parent_code',
            select: `t.code::text as id, t.parent_code::text as "parentId", t.name as title, t.code::text as key,
                     t.code::text as value, t.region_level as "regionLevel"`,
          },
          parent,
        ),
      );
      return ok(rows);
    },
  );
}
