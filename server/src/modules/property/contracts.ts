import { CONTRACT_TYPE, type EntityDef, LEASE_STATUS, roomContract } from '@park/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  type EntityHooks,
  idsParam,
  objectBody,
  pickedRows,
  type Resource,
  removedMessage,
} from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { oneId } from '../system/id-list.ts';
import { regenerateCosts, removeCosts } from './costs.ts';
import { companyScope, refuseCompany } from './scope.ts';

/**
 * Lease contracts (blade-property/room-contract): an enterprise rents offices (contract type 1, the office
 * contract screen) or rooms (type 2) from a date to a date at a price per m² and month. Each save runs in
 * one transaction that also
 * - rewrites the contract's rows in property_contract_unit, whose exclusion constraint refuses a second live
 *   contract on one unit over overlapping dates, whatever saves at the same moment (a terminated or removed
 *   contract has no rows there, so it blocks nothing);
 * - fills the leased area (the units' summed building area) and the monthly rent and fee from it;
 * - regenerates the contract's costs (costs.ts) when its dates, prices or state changed, keeping paid ones;
 * - sets the enterprise's office number, entry date and due date from its live contracts.
 * Office contracts answer to the office_contract_* buttons, room contracts to room_contract_*. A company
 * account reads its own enterprise's contracts and writes none.
 */
export const CONTRACT_MSG = {
  overlap: {
    [CONTRACT_TYPE.office]: {
      zh: '该办公室在所选日期已有合同',
      en: 'This office already has a contract on those dates',
    },
    [CONTRACT_TYPE.room]: { zh: '该房间在所选日期已有合同', en: 'This room already has a contract on those dates' },
  },
  noUnits: {
    [CONTRACT_TYPE.office]: { zh: '请选择办公室', en: 'Please select the offices' },
    [CONTRACT_TYPE.room]: { zh: '请选择房间', en: 'Please select the rooms' },
  },
  unknownUnit: {
    [CONTRACT_TYPE.office]: { zh: '所选办公室不存在', en: 'A selected office does not exist' },
    [CONTRACT_TYPE.room]: { zh: '所选房间不存在', en: 'A selected room does not exist' },
  },
  wrongUnits: {
    [CONTRACT_TYPE.office]: { zh: '办公室合同不能包含房间', en: 'An office contract cannot include rooms' },
    [CONTRACT_TYPE.room]: { zh: '房间合同不能包含办公室', en: 'A room contract cannot include offices' },
  },
  type: { zh: '请选择合同类型', en: 'Please select the contract type' },
  typeChange: { zh: '合同类型不能修改', en: 'The contract type cannot be changed' },
  enterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
  tooLong: { zh: '租期不能超过20年', en: 'A lease cannot last more than 20 years' },
  noId: { zh: '请选择要修改的数据', en: 'Please choose the record to update' },
  withId: { zh: '新增时不能指定编号', en: 'A new record cannot carry an id' },
  unit: { zh: '请指定房间或办公室', en: 'Please give the room or the office' },
} as const;

const SAVED = { added: { zh: '新增成功', en: 'Added' }, updated: { zh: '更新成功', en: 'Updated' } } as const;

/** The longest lease, in days: the cost schedule is generated up to it. */
const MAX_LEASE_DAYS = 20 * 366;

export type UnitType = (typeof CONTRACT_TYPE)[keyof typeof CONTRACT_TYPE];
const UNIT_TABLE: Record<UnitType, { table: string; ids: string; name: string }> = {
  [CONTRACT_TYPE.office]: { table: 'property_office', ids: 'office_ids', name: 'office_name' },
  [CONTRACT_TYPE.room]: { table: 'property_room', ids: 'room_ids', name: 'room_name' },
};

const asUnitType = (v: unknown): UnitType | undefined =>
  Number(v) === CONTRACT_TYPE.office
    ? CONTRACT_TYPE.office
    : Number(v) === CONTRACT_TYPE.room
      ? CONTRACT_TYPE.room
      : undefined;

function idsIn(value: unknown): string[] {
  const parts = String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Not ids: left as they are, for the caller to refuse (BigInt would throw on them).
  if (!parts.every(isId)) return parts;
  return [...new Set(parts)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

/** A PostgreSQL exclusion violation (or the deadlock two overlapping saves may meet): the unit is taken. */
const isOverlap = (err: unknown) => ['23P01', '40P01'].includes(String((err as { code?: unknown })?.code ?? ''));

/** The contract's rows in property_contract_unit as its units and dates now are; none unless it is live. */
async function syncUnits(q: Queryable, row: Row, type: UnitType, ids: string[], tenantId: string) {
  await q.query('delete from property_contract_unit where contract_id = $1', [row.id]);
  if (Number(row.leaseStatus) !== LEASE_STATUS.inEffect || Number(row.isDeleted) === 1) return;
  // Said by name before the write when a committed contract is in the way; the constraint below is the
  // rule itself, and catches the ones that commit meanwhile.
  const { table, name } = UNIT_TABLE[type];
  const [clash] = await q.query<{ unit: string; contractNo: string }>(
    `select x.${name} as unit, c.contract_no as "contractNo"
       from property_contract_unit u
       join property_room_contract c on c.id = u.contract_id
       join ${table} x on x.id = u.unit_id
      where u.unit_type = $1 and u.unit_id = any($2::bigint[]) and u.contract_id <> $3
        and daterange(u.start_date, u.end_date, '[]') && daterange($4::date, $5::date, '[]')
      order by x.${name} limit 1`,
    [type, ids, row.id, row.startDate, row.endDate],
  );
  if (clash) throw badRequest(overlapMessage(type, clash));
  try {
    // In ascending unit order, so two saves over the same units wait for each other in the same order.
    await q.query(
      `insert into property_contract_unit (id, tenant_id, contract_id, unit_type, unit_id, start_date, end_date)
       select u.id, $1, $2, $3, u.unit, $4::date, $5::date
         from unnest($6::bigint[], $7::bigint[]) with ordinality as u(id, unit, n) order by u.n`,
      [tenantId, row.id, type, row.startDate, row.endDate, ids.map(() => nextId()), ids],
    );
  } catch (err) {
    if (isOverlap(err)) throw badRequest(CONTRACT_MSG.overlap[type]);
    throw err;
  }
}

function overlapMessage(type: UnitType, clash: { unit: string; contractNo: string }): Bilingual {
  const base = CONTRACT_MSG.overlap[type];
  return {
    zh: `${base.zh}（${clash.unit}，合同${clash.contractNo}）`,
    en: `${base.en} (${clash.unit}, contract ${clash.contractNo})`,
  };
}

/**
 * The enterprise's office number, entry date and due date as its live contracts say: the units of those
 * not yet ended, the earliest start and the latest end. Nothing live left clears them.
 */
export async function syncEnterprise(q: Queryable, enterpriseId: unknown, userId: string, audit = true) {
  if (enterpriseId === null || enterpriseId === undefined) return;
  // The demo keeps its enterprises' seeded update times (the desk's 企业动态 spreads them).
  const stamp = audit
    ? ', update_user = $2, update_time = localtimestamp(0)'
    : ', update_user = coalesce(update_user, $2)';
  await q.query(
    `update crm_enterprise e
        set office_number = s.units, entry_date = s.first_start, due_date = s.last_end${stamp}
       from (select min(c.start_date) as first_start, max(c.end_date) as last_end,
                    (select left(string_agg(distinct n.name, ',' order by n.name), 64)
                       from property_contract_unit u
                       join property_room_contract k on k.id = u.contract_id and k.enterprise_id = $1
                       join lateral (select office_name as name from property_office where id = u.unit_id and u.unit_type = 1
                                     union all
                                     select room_name from property_room where id = u.unit_id and u.unit_type = 2) n on true
                      where u.end_date >= current_date) as units
               from property_room_contract c
              where c.enterprise_id = $1 and c.is_deleted = 0 and c.lease_status = ${LEASE_STATUS.inEffect}) s
      where e.id = $1`,
    [enterpriseId, userId],
  );
}

/**
 * A saved contract's units (sorted ids, checked to exist), its leased area and monthly amounts, and its rows in
 * property_contract_unit; gives the contract's schedule columns. The contract save's step, and the demo's.
 */
export async function settleUnits(q: Queryable, contractId: string, type: UnitType, ids: string[], tenantId: string) {
  const own = UNIT_TABLE[type];
  const other = UNIT_TABLE[type === CONTRACT_TYPE.office ? CONTRACT_TYPE.room : CONTRACT_TYPE.office];
  // The units, the area they add up to and the monthly amounts it gives, in one statement.
  const [filled] = await q.query<{ found: number }>(
    `with units as (select count(*)::int as found, coalesce(sum(build_area), 0) as area,
                           string_agg(${own.name}, ', ' order by ${own.name}) as names
                        from ${own.table} where id = any($2::bigint[]) and tenant_id = $3 and is_deleted = 0)
       update property_room_contract c
          set ${own.ids} = $4, ${other.ids} = null, unit_names = units.names, lease_area = units.area,
              monthly_rent = round(units.area * c.unit_price, 2),
              monthly_fee = round(units.area * coalesce(c.fee_price, 0), 2)
         from units where c.id = $1
       returning units.found`,
    [contractId, ids, tenantId, ids.join(',')],
  );
  if (filled.found !== ids.length) throw badRequest(CONTRACT_MSG.unknownUnit[type]);
  const [now] = await q.query(
    `select id::text as id, enterprise_id::text as "enterpriseId", start_date::text as "startDate",
              end_date::text as "endDate", monthly_rent::text as "monthlyRent", monthly_fee::text as "monthlyFee",
              pay_cycle as "payCycle", lease_status as "leaseStatus", is_deleted as "isDeleted",
              deposit::text as deposit, sign_date::text as "signDate"
         from property_room_contract where id = $1`,
    [contractId],
  );
  await syncUnits(q, now, type, ids, tenantId);
  return now;
}

/** What a save needs from before it (the stored row of an update), kept per request body. */
const before = new WeakMap<object, Row>();

// The deposit and the signing day (its due date) too: the deposit is billed with the schedule (costs.ts).
const SCHEDULE = [
  'startDate',
  'endDate',
  'monthlyRent',
  'monthlyFee',
  'payCycle',
  'leaseStatus',
  'deposit',
  'signDate',
];

/** An amount as the schedule compares it ('' for none). */
const amountView = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toFixed(2));

function contractHooks(platform: Platform, type: UnitType): EntityHooks {
  return {
    scope: companyScope(platform),
    async beforeSave({ q, isNew, body, values }) {
      await refuseCompany(platform);
      const { tenantId } = ctx();
      if (isNew) values.contractType = type;
      else {
        if (values.contractType !== undefined && asUnitType(values.contractType) !== type) {
          throw badRequest(CONTRACT_MSG.typeChange);
        }
        const [stored] = await q.query('select * from property_room_contract where id = $1', [body.id]);
        if (stored) before.set(body, stored);
      }
      if (values.enterpriseId !== undefined) {
        const [found] = await q.query(
          'select 1 from crm_enterprise where id = $1 and tenant_id = $2 and is_deleted = 0',
          [values.enterpriseId, tenantId],
        );
        if (!found) throw badRequest(CONTRACT_MSG.enterprise);
      }
    },
    async afterSave({ q, isNew, row, body }) {
      const { tenantId, userId } = ctx();
      const otherIds = type === CONTRACT_TYPE.office ? row.roomIds : row.officeIds;
      if (idsIn(otherIds).length) throw badRequest(CONTRACT_MSG.wrongUnits[type]);
      const ids = idsIn(type === CONTRACT_TYPE.office ? row.officeIds : row.roomIds);
      if (!ids.length) throw badRequest(CONTRACT_MSG.noUnits[type]);
      if (!ids.every(isId)) throw badRequest(CONTRACT_MSG.unknownUnit[type]);
      const [{ days }] = await q.query<{ days: number }>('select ($2::date - $1::date) as days', [
        row.startDate,
        row.endDate,
      ]);
      if (days > MAX_LEASE_DAYS) throw badRequest(CONTRACT_MSG.tooLong);
      const now = await settleUnits(q, String(row.id), type, ids, tenantId);

      const old = before.get(body);
      const oldView = old && {
        startDate: String(old.start_date),
        endDate: String(old.end_date),
        monthlyRent: Number(old.monthly_rent).toFixed(2),
        monthlyFee: Number(old.monthly_fee).toFixed(2),
        payCycle: Number(old.pay_cycle),
        leaseStatus: Number(old.lease_status),
        deposit: amountView(old.deposit),
        signDate: old.sign_date === null || old.sign_date === undefined ? '' : String(old.sign_date),
      };
      const nowView = {
        ...now,
        monthlyRent: Number(now.monthlyRent).toFixed(2),
        monthlyFee: Number(now.monthlyFee).toFixed(2),
        deposit: amountView(now.deposit),
        signDate: now.signDate === null || now.signDate === undefined ? '' : String(now.signDate),
      };
      const changed =
        isNew ||
        !oldView ||
        SCHEDULE.some((k) => String(oldView[k as keyof typeof oldView]) !== String(nowView[k as keyof typeof nowView]));
      if (old && String(old.enterprise_id) !== now.enterpriseId) {
        await q.query('update property_lease_contract_cost set enterprise_id = $2 where contract_id = $1', [
          row.id,
          now.enterpriseId,
        ]);
      }
      if (changed) await regenerateCosts(q, now, tenantId, userId);
      await syncEnterprise(q, now.enterpriseId, userId);
      if (old && String(old.enterprise_id) !== now.enterpriseId) await syncEnterprise(q, old.enterprise_id, userId);
    },
    async afterRemove({ q, ids }) {
      const { userId } = ctx();
      await q.query('delete from property_contract_unit where contract_id = any($1::bigint[])', [ids]);
      await removeCosts(q, ids, userId);
      const touched = await q.query<{ enterpriseId: string }>(
        'select distinct enterprise_id::text as "enterpriseId" from property_room_contract where id = any($1::bigint[])',
        [ids],
      );
      for (const t of touched) await syncEnterprise(q, t.enterpriseId, userId);
    },
  };
}

/** The stored contract type of each id (those the caller may read). */
async function typesOf(platform: Platform, resource: Resource, ids: string[]): Promise<Map<UnitType, string[]>> {
  const visible = await resource.visibleIds(ids);
  const { tenantId } = ctx();
  const rows = await platform.db.scoped(tenantId, (q) =>
    q.query<{ id: string; type: number }>(
      'select id::text as id, contract_type as type from property_room_contract where id = any($1::bigint[])',
      [visible],
    ),
  );
  const byType = new Map<UnitType, string[]>();
  for (const r of rows) {
    const t = asUnitType(r.type)!;
    byType.set(t, [...(byType.get(t) ?? []), r.id]);
  }
  return byType;
}

export interface Contracts {
  /** Reads (both types; the caller's screen and the company fence narrow them). */
  read: Resource;
  byType: Record<UnitType, Resource>;
}

export function registerContracts(app: FastifyInstance, platform: Platform): Contracts {
  // One table, two button sets: the office contract screen's (office_contract_*) and the room contracts'.
  const officeEntity: EntityDef = {
    ...roomContract,
    key: 'office_contract',
    route: '/property/office-contract',
    label: { zh: '办公室合同', en: 'Office contracts' },
  };
  const byType: Record<UnitType, Resource> = {
    [CONTRACT_TYPE.office]: createResource(platform, officeEntity, contractHooks(platform, CONTRACT_TYPE.office)),
    [CONTRACT_TYPE.room]: createResource(platform, roomContract, contractHooks(platform, CONTRACT_TYPE.room)),
  };
  const read = byType[CONTRACT_TYPE.room];
  const base = `/api/${roomContract.api}`;
  type Q = { Querystring: Record<string, unknown> };
  const title = (action: string) => `${roomContract.label.zh}${action}`;

  /** The resource that writes `body`: by its stored type for an update, by the body's for a new one. */
  async function writer(body: Record<string, unknown>): Promise<Resource> {
    if (body.id !== undefined && body.id !== null && body.id !== '') {
      if (!isId(String(body.id))) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      const types = await typesOf(platform, read, [String(body.id)]);
      const [type] = [...types.keys()];
      if (!type) throw notFound();
      return byType[type];
    }
    const type = asUnitType(body.contractType);
    if (!type) throw badRequest(CONTRACT_MSG.type);
    return byType[type];
  }

  const save = async (body: Record<string, unknown>) => (await writer(body)).save(body);

  app.get<Q>(`${base}/page`, { config: { title: title('分页') } }, async (req) => ok(await read.page(req.query)));
  app.get<Q>(`${base}/list`, { config: { title: title('列表') } }, async (req) => ok(await read.page(req.query)));
  app.get<Q>(`${base}/detail`, { config: { title: title('详情') } }, async (req) => {
    const { id, roomId, officeId } = req.query;
    if (id !== undefined && id !== '') {
      const row = await read.detail(oneId(id, 'id'));
      if (!row) throw notFound();
      return ok(row);
    }
    // detail?roomId= (spec part 7), or officeId=: the live contract holding the unit today, else its latest.
    const unit = roomId ?? officeId;
    if (unit === undefined || unit === '') throw badRequest(CONTRACT_MSG.unit);
    const unitType = roomId !== undefined ? CONTRACT_TYPE.room : CONTRACT_TYPE.office;
    const unitId = oneId(unit, roomId !== undefined ? 'roomId' : 'officeId');
    const [found] = await platform.db.scoped(ctx().tenantId, (q) =>
      q.query<{ id: string }>(
        `select contract_id::text as id from property_contract_unit where unit_type = $1 and unit_id = $2
          order by (current_date between start_date and end_date) desc, end_date desc limit 1`,
        [unitType, unitId],
      ),
    );
    return ok(found ? ((await read.detail(found.id)) ?? null) : null);
  });
  app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: title('提交') } }, async (req) => {
    const body = objectBody(req.body);
    return ok(await save(body), body.id ? SAVED.updated : SAVED.added);
  });
  // The spec's save and update (the office contract screen's too): save refuses an id, update needs one.
  app.post<{ Body: unknown }>(`${base}/save`, { config: { title: title('新增') } }, async (req) => {
    const body = objectBody(req.body);
    if (body.id) throw badRequest(CONTRACT_MSG.withId);
    return ok(await save(body), SAVED.added);
  });
  app.post<{ Body: unknown }>(`${base}/update`, { config: { title: title('修改') } }, async (req) => {
    const body = objectBody(req.body);
    if (!body.id) throw badRequest(CONTRACT_MSG.noId);
    return ok(await save(body), SAVED.updated);
  });
  app.post<Q>(`${base}/remove`, { config: { title: title('删除') } }, async (req) => {
    const ids = idsParam(req.query);
    let removed = 0;
    for (const [type, typed] of await typesOf(platform, read, ids)) removed += await byType[type].remove(typed);
    if (removed === 0) throw badRequest({ zh: '未找到可删除的数据', en: 'Nothing to delete: no such record' });
    return ok(true, removedMessage(removed, new Set(ids).size));
  });
  app.get<Q>(`${base}/export`, { config: { title: title('导出') } }, async (req, reply: FastifyReply) =>
    sendWorkbook(reply, platform, roomContract, await read.list(req.query, EXPORT_LIMIT, pickedRows(req.query))),
  );

  // select: the live contracts as a list for a drop-down (filters as the page's).
  app.get<Q>(`${base}/select`, { config: { title: title('下拉') } }, async (req) =>
    ok(await read.list({ ...req.query, leaseStatus_equal: LEASE_STATUS.inEffect })),
  );
  // select-by-id: one contract with its units (name and area of each).
  app.get<Q>(`${base}/select-by-id`, { config: { title: title('单元') } }, async (req) => {
    const row = await read.detail(oneId(req.query.contractId, 'contractId'));
    if (!row) throw notFound();
    return ok({ ...row, units: await unitsOf(platform, ctx(), row) });
  });
  // select-by-enterprise: an enterprise's contracts, newest first.
  app.get<Q>(`${base}/select-by-enterprise`, { config: { title: title('企业合同') } }, async (req) =>
    ok(await read.list({ enterpriseId_equal: oneId(req.query.enterpriseId, 'enterpriseId'), descs: 'startDate' })),
  );
  return { read, byType };
}

/** The offices or rooms a contract names, with their names and areas. */
async function unitsOf(platform: Platform, caller: RequestContext, row: Row) {
  const type = asUnitType(row.contractType) ?? CONTRACT_TYPE.office;
  const { table, name } = UNIT_TABLE[type];
  const ids = idsIn(type === CONTRACT_TYPE.office ? row.officeIds : row.roomIds);
  return platform.db.scoped(caller.tenantId, (q) =>
    q.query(
      `select id::text as id, ${type} as "unitType", ${name} as "unitName", build_area as "buildArea",
              storey_id::text as "storeyId"
         from ${table} where id = any($1::bigint[]) and tenant_id = $2 order by ${name}`,
      [ids, caller.tenantId],
    ),
  );
}
