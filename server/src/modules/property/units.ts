import {
  CONTRACT_TYPE,
  type EntityDef,
  EXPIRING_DAYS,
  isVacancy,
  office,
  room,
  VACANCY,
  type Vacancy,
} from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type EntityHooks, idsParam, mountResource, type Resource } from '../../resources/engine.ts';
import type { Where } from '../../resources/sql.ts';
import { isRealDateTime } from '../../resources/values.ts';
import { oneId } from '../system/id-list.ts';

/**
 * 办公室 and 房间 (blade-property/office, room): the units a contract rents, each on a storey of the tree.
 * `page` and `list` answer each unit with the contract holding it today (`leased`, `enterpriseId`,
 * `enterpriseName` (its occupant), `contractId`, `contractNo`, `leaseEnd`) and its `vacancy` (空置 / 已租 /
 * 即将到期, catalog property/vacancy.ts), and narrow to one vacancy with `vacancy=<key>`, in SQL; `select` lists
 * offices or rooms for the contract form, each `free` or not over `startDate`..`endDate` (another live
 * contract than `contractId` holding it on any of those days); `calcBuildArea` sums the building area of the
 * given offices in SQL. The contract's save still refuses an overlap (property_contract_unit's constraint).
 */
const MSG = {
  storey: { zh: '所在楼层不存在', en: 'The floor does not exist' },
  vacancy: { zh: '空置状态无效', en: 'The vacancy is not valid' },
  dates: { zh: '请选择正确的租赁日期（yyyy-MM-dd）', en: 'Please give the lease dates as yyyy-MM-dd' },
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

/** Whether a live contract holds the unit (a row of the table `unit`) on the day `day` (SQL over current_date). */
const heldOn = (unitType: number, unit: string, day: string) =>
  `exists (select 1 from property_contract_unit l where l.unit_type = ${unitType} and l.unit_id = ${unit}.id
            and ${day} between l.start_date and l.end_date)`;

/** The SQL of one vacancy over the unit table `unit`, in the park's today (the session's current_date). */
function vacancySql(unitType: number, unit: string, vacancy: Vacancy): string {
  const today = heldOn(unitType, unit, 'current_date');
  const later = heldOn(unitType, unit, `current_date + ${EXPIRING_DAYS}`);
  if (vacancy === VACANCY.vacant) return `not ${today}`;
  if (vacancy === VACANCY.leased) return `(${today} and ${later})`;
  return `(${today} and not ${later})`;
}

/** `vacancy=<key>` narrows the page to the units of that vacancy; anything else given is refused. */
function vacancyFilter(unitType: number, table: string, query: Record<string, unknown>) {
  const wanted = query.vacancy;
  if (wanted === undefined || wanted === '') return undefined;
  if (!isVacancy(wanted)) throw badRequest(MSG.vacancy);
  return (where: Where) => where.and(vacancySql(unitType, `"${table}"`, wanted));
}

/**
 * The contract covering each unit today, if any, with its occupant and the unit's vacancy. Park staff's alone:
 * a company account calls none of the unit routes (platform/company-fence.ts), so no name reaches another.
 */
async function withLease(platform: Platform, unitType: number, table: string, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const { tenantId } = ctx();
  const leases = await platform.db.scoped(tenantId, (q) =>
    q.query<{
      unitId: string;
      contractId: string;
      contractNo: string;
      enterpriseId: string;
      enterpriseName: string | null;
      leaseEnd: string;
      later: boolean;
    }>(
      `select u.unit_id::text as "unitId", c.id::text as "contractId", c.contract_no as "contractNo",
              c.enterprise_id::text as "enterpriseId", e.enterprise_name as "enterpriseName",
              u.end_date::text as "leaseEnd", ${heldOn(unitType, 'x', `current_date + ${EXPIRING_DAYS}`)} as later
         from property_contract_unit u
         join property_room_contract c on c.id = u.contract_id
         join ${table} x on x.id = u.unit_id
         left join crm_enterprise e on e.id = c.enterprise_id
        where u.unit_type = $1 and u.unit_id = any($2::bigint[]) and current_date between u.start_date and u.end_date`,
      [unitType, rows.map((r) => r.id)],
    ),
  );
  const byUnit = new Map(leases.map((l) => [l.unitId, l]));
  return rows.map((r) => {
    const lease = byUnit.get(String(r.id));
    const vacancy: Vacancy = !lease ? VACANCY.vacant : lease.later ? VACANCY.leased : VACANCY.expiring;
    return {
      ...r,
      leased: Boolean(lease),
      vacancy,
      contractId: lease?.contractId ?? null,
      contractNo: lease?.contractNo ?? null,
      enterpriseId: lease?.enterpriseId ?? null,
      enterpriseName: lease?.enterpriseName ?? null,
      leaseEnd: lease?.leaseEnd ?? null,
    };
  });
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDateTime(v);

/**
 * Each unit `free` over the dates a contract form holds (`startDate`..`endDate`, both given): no live contract
 * but `contractId` (the one being edited) holds it on any of those days. Without both dates every unit is free.
 */
async function withFree(platform: Platform, unitType: number, query: Record<string, unknown>, rows: Row[]) {
  const { startDate, endDate } = query;
  const given = [startDate, endDate].filter((d) => d !== undefined && d !== '');
  if (given.length && !given.every(isDate)) throw badRequest(MSG.dates);
  const contractId =
    query.contractId === undefined || query.contractId === '' ? null : oneId(query.contractId, 'contractId');
  if (given.length < 2 || !rows.length) return rows.map((r) => ({ ...r, free: true }));
  const taken = await platform.db.scoped(ctx().tenantId, (q) =>
    q.query<{ unitId: string }>(
      `select distinct u.unit_id::text as "unitId" from property_contract_unit u
        where u.unit_type = $1 and u.unit_id = any($2::bigint[]) and u.contract_id is distinct from $5::bigint
          and daterange(u.start_date, u.end_date, '[]') && daterange(least($3::date, $4::date), greatest($3::date, $4::date), '[]')`,
      [unitType, rows.map((r) => r.id), startDate, endDate, contractId],
    ),
  );
  const held = new Set(taken.map((t) => t.unitId));
  return rows.map((r) => ({ ...r, free: !held.has(String(r.id)) }));
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
      const page = await resource.page(req.query, vacancyFilter(unitType, entity.table, req.query));
      return ok({ ...page, records: await withLease(platform, unitType, entity.table, page.records) });
    });
  }
  app.get<Q>(`${base}/select`, { config: { title: `${entity.label.zh}下拉` } }, async (req) => {
    const rows = await resource.list(req.query, undefined, vacancyFilter(unitType, entity.table, req.query));
    return ok(await withFree(platform, unitType, req.query, await withLease(platform, unitType, entity.table, rows)));
  });
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
