import { dict, dictBiz, type EntityDef } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import type { Queryable, Row } from '../../platform/db.ts';
import { DICT_CACHE } from '../../platform/dictionaries.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { buildTree } from '../../platform/tree.ts';
import { createResource, type EntityHooks, mountResource } from '../../resources/engine.ts';
import { nodeTree } from '../../resources/tree.ts';
import { inCallerTenant, platformWrites } from './access.ts';
import { mountForestList } from './forest.ts';
import { oneId } from './id-list.ts';

/**
 * System dictionaries (the platform's, changed by its administrator only) and business
 * dictionaries (each tenant's own): a parent row per code (dictKey -1) and its entries
 * below it, all sharing the parent's code. Every change drops the 'dict' cache that
 * `dictionary?code=` reads.
 */
const MSG = {
  noParent: { zh: '上级字典不存在', en: 'The parent dictionary does not exist' },
  duplicate: { zh: '当前字典键值已存在', en: 'This dictionary key already exists' },
  self: { zh: '上级字典不能是自己', en: 'A dictionary cannot be its own parent' },
} as const;

export function registerDict(app: FastifyInstance, platform: Platform) {
  mountDict(app, platform, dict, platformWrites);
  mountDict(app, platform, dictBiz, {});
}

function mountDict(app: FastifyInstance, platform: Platform, entity: EntityDef, guard: EntityHooks) {
  const table = entity.table;
  const tenantScoped = entity.scope !== 'platform';
  const changed = () => platform.cache.invalidate(DICT_CACHE);
  const resource = createResource(platform, entity, {
    async beforeSave(e) {
      await guard.beforeSave?.(e);
      const { q, isNew, body, values } = e;
      if (values.parentId === null) values.parentId = '0';
      if (values.parentId === undefined || values.parentId === '0') return;
      if (!isNew && String(values.parentId) === String(body.id)) throw badRequest(MSG.self);
      const [parent] = await q.query<{ code: string }>(`select code from ${table} where id = $1 and is_deleted = 0`, [
        values.parentId,
      ]);
      if (!parent) throw badRequest(MSG.noParent);
      values.code = parent.code; // an entry always carries its dictionary's code
    },
    async afterSave({ q, row }) {
      if (String(row.parentId) === '0') {
        // A dictionary's own row carries key -1; its entries follow a renamed code.
        await q.query(`update ${table} set dict_key = '-1' where id = $1`, [row.id]);
        await q.query(
          `with recursive d as (select id from ${table} where parent_id = $1
                                union all select c.id from ${table} c join d on c.parent_id = d.id)
           update ${table} set code = $2 where id in (select id from d)`,
          [row.id, row.code],
        );
      }
      await refuseDuplicateKey(q, table, row);
      await changed();
    },
    async afterRemove(e) {
      await guard.afterRemove?.(e);
      // Removing a dictionary removes its entries with it.
      await e.q.query(
        `with recursive d as (select id from ${table} where parent_id = any($1::bigint[])
                              union all select c.id from ${table} c join d on c.parent_id = d.id)
         update ${table} set is_deleted = 1 where id in (select id from d)`,
        [e.ids],
      );
      await changed();
    },
  });
  // `list` answers SpringBlade's tree (forest.ts): the matching dictionaries with their entries below them.
  mountResource(app, resource, { ownList: true });
  mountForestList(app, resource);
  const base = `/api/${entity.api}`;
  const inTenant = inCallerTenant(platform);
  type Q = { Querystring: Record<string, string | undefined> };
  const label = entity.label.zh;

  app.get<Q>(`${base}/parent-list`, { config: { title: `${label}父列表` } }, async (req) =>
    ok(await resource.page({ ...req.query, parentId: '0' })),
  );

  // The entries below one dictionary row, as a tree.
  app.get<Q>(`${base}/child-list`, { config: { title: `${label}子列表` } }, async (req) => {
    const { parentId: rawParent, ...filters } = req.query;
    const parentId = oneId(rawParent, 'parentId');
    const parent = await resource.detail(parentId);
    if (!parent) throw notFound();
    const rows = await resource.list({ ...filters, code_equal: parent.code, ascs: 'sort' });
    const entries = rows
      .filter((r) => r.id !== parentId)
      .map((r) => ({ ...r, id: String(r.id), parentId: String(r.parentId) }));
    return ok(buildTree(entries));
  });

  // Every dictionary row as picker nodes (the 上级字典 select); `code` narrows to one dictionary.
  app.get<Q>(`${base}/tree`, { config: { title: `${label}树` } }, async (req) => {
    const code = req.query.code && req.query.code !== 'DICT' ? req.query.code : null;
    const rows = await inTenant((q, tenantId) =>
      q.query<{ id: string; parent_id: string; title: string }>(
        `select id, parent_id, dict_value as title from ${table}
          where is_deleted = 0 and ($1::text is null or code = $1) ${tenantScoped ? 'and tenant_id = $2' : ''}
          order by sort, id`,
        tenantScoped ? [code, tenantId] : [code],
      ),
    );
    return ok(nodeTree(rows));
  });
}

/** No two live rows of one dictionary (and tenant, by row-level security) share a key. */
async function refuseDuplicateKey(q: Queryable, table: string, row: Row) {
  const clash = await q.query(
    `select 1 from ${table} where is_deleted = 0 and code = $1 and dict_key = (select dict_key from ${table} where id = $2)
        and id <> $2 limit 1`,
    [row.code, row.id],
  );
  if (clash.length) throw badRequest(MSG.duplicate);
}
