import { CONTRACT_TYPE, type EntityDef, office, room } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type EntityHooks, idsParam, mountResource, type Resource } from '../../resources/engine.ts';

/**
 * 办公室 and 房间 (blade-property/office, room): the units a contract rents, each on a storey of the tree.
 * `office/page` answers each office with the contract holding it today (`leased`, `enterpriseId`,
 * `contractId`); `select` lists offices or rooms for the contract form; `calcBuildArea` sums the building
 * area of the given offices in SQL.
 */
const MSG = {
  storey: { zh: '所在楼层不存在', en: 'The floor does not exist' },
  leased: {
    zh: '该单元有未到期的合同，不能删除',
    en: 'A contract that has not ended still covers it: it cannot be deleted',
  },
} as const;

function unitHooks(unitType: number): EntityHooks {
  return {
    async beforeSave({ q, values }) {
      if (values.storeyId === undefined) return;
      const [found] = await q.query(
        'select 1 from property_storey where id = $1 and tenant_id = $2 and is_deleted = 0',
        [values.storeyId, ctx().tenantId],
      );
      if (!found) throw badRequest(MSG.storey);
    },
    async afterRemove({ q, ids }) {
      const held = await q.query(
        `select 1 from property_contract_unit where unit_type = $1 and unit_id = any($2::bigint[])
            and end_date >= current_date limit 1`,
        [unitType, ids],
      );
      if (held.length) throw badRequest(MSG.leased);
    },
  };
}

/** The contract covering each unit today, if any. */
async function withLease(platform: Platform, unitType: number, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const { tenantId } = ctx();
  const leases = await platform.db.scoped(tenantId, (q) =>
    q.query<{ unitId: string; contractId: string; enterpriseId: string }>(
      `select u.unit_id::text as "unitId", c.id::text as "contractId", c.enterprise_id::text as "enterpriseId"
         from property_contract_unit u join property_room_contract c on c.id = u.contract_id
        where u.unit_type = $1 and u.unit_id = any($2::bigint[]) and current_date between u.start_date and u.end_date`,
      [unitType, rows.map((r) => r.id)],
    ),
  );
  const byUnit = new Map(leases.map((l) => [l.unitId, l]));
  return rows.map((r) => {
    const lease = byUnit.get(String(r.id));
    return {
      ...r,
      leased: Boolean(lease),
      contractId: lease?.contractId ?? null,
      enterpriseId: lease?.enterpriseId ?? null,
    };
  });
}

function mountUnit(app: FastifyInstance, platform: Platform, entity: EntityDef, unitType: number): Resource {
  const resource = createResource(platform, entity, unitHooks(unitType));
  const base = `/api/${entity.api}`;
  type Q = { Querystring: Record<string, unknown> };
  // The page with today's lease of each unit (office/page is a named call of the spec); `list` answers the same page.
  for (const [action, title] of [
    ['page', '分页'],
    ['list', '列表'],
  ]) {
    app.get<Q>(`${base}/${action}`, { config: { title: `${entity.label.zh}${title}` } }, async (req) => {
      const page = await resource.page(req.query);
      return ok({ ...page, records: await withLease(platform, unitType, page.records) });
    });
  }
  app.get<Q>(`${base}/select`, { config: { title: `${entity.label.zh}下拉` } }, async (req) =>
    ok(await withLease(platform, unitType, await resource.list(req.query))),
  );
  mountResource(app, resource, { ownPage: true, ownList: true });
  return resource;
}

export function registerUnits(app: FastifyInstance, platform: Platform) {
  const offices = mountUnit(app, platform, office, CONTRACT_TYPE.office);
  mountUnit(app, platform, room, CONTRACT_TYPE.room);

  app.get<{ Querystring: Record<string, unknown> }>(
    `/api/${office.api}/calcBuildArea`,
    { config: { title: '办公室面积合计' } },
    async (req) => {
      const ids = idsParam(req.query);
      // Only offices the caller may read count; summed by the database, exactly.
      const visible = await offices.visibleIds(ids);
      const { tenantId } = ctx();
      const [row] = await platform.db.scoped(tenantId, (q) =>
        q.query<{ area: number }>(
          'select coalesce(sum(build_area), 0) as area from property_office where id = any($1::bigint[]) and tenant_id = $2',
          [visible, tenantId],
        ),
      );
      return ok(row.area);
    },
  );
}
