import { CONTRACT_TYPE, PAY_STATUS } from '@park/catalog';
import { settleUnits, syncEnterprise, type UnitType } from '../modules/property/contracts.ts';
import { regenerateCosts } from '../modules/property/costs.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo property of tenant 000000: two buildings (A座, B座) with two floors each, offices and rooms on them, and
 * a lease contract for each demo enterprise (crm-demo.ts), dated from the day of seeding, with the costs the
 * contract module generates: the past periods paid but one, which is overdue. The contracts go through the
 * module's own steps (units, area and rent, costs, the enterprise's office number and dates), so the demo
 * holds the same rules as a save. Ids 19000000000017NNNN; every row says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000017${String(n).padStart(4, '0')}`;
const enterprise = (e: number) => `19000000000001${String(e + 1).padStart(2, '0')}00`;

/** [id, name, parent, type, area, sort] */
const STOREYS: [number, string, number, number, string | null, number][] = [
  [1, 'A座', 0, 1, '24000', 1],
  [2, 'A座5层', 1, 2, '2000', 5],
  [3, 'A座12层', 1, 2, '2000', 12],
  [4, 'B座', 0, 1, '16000', 2],
  [5, 'B座3层', 4, 2, '1600', 3],
  [6, 'B座8层', 4, 2, '1600', 8],
];

/** [id, name, floor, building area, usable area] */
const OFFICES: [number, string, number, string, string][] = [
  [11, 'A-0501', 2, '120', '96'],
  [12, 'A-0502', 2, '85', '68'],
  [13, 'A-1201', 3, '260', '210'],
  [14, 'A-1202', 3, '140', '112'],
  [15, 'B-0301', 5, '95', '76'],
  [16, 'B-0803', 6, '180', '144'],
  [17, 'B-0805', 6, '60', '48'],
];

/** [id, name, floor, building area, use] */
const ROOMS: [number, string, number, string, string][] = [
  [21, 'A-0510', 2, '40', '会议室'],
  [22, 'A-0511', 2, '25', '洽谈室'],
  [23, 'B-0310', 5, '30', '仓储间'],
];

interface DemoContract {
  n: number;
  no: string;
  enterprise: number;
  type: UnitType;
  units: number[];
  /** Months from the seeding day to the start (negative: in the past), and the lease's length in months. */
  from: number;
  months: number;
  cycle: number;
  price: string;
  fee: string | null;
  registered: number;
  /** Periods paid, from the first. */
  paid: number;
}

const CONTRACTS: DemoContract[] = [
  // Two quarters paid, the third due today.
  {
    n: 31,
    no: 'ZL-2024-001',
    enterprise: 0,
    type: CONTRACT_TYPE.office,
    units: [13, 14],
    from: -6,
    months: 24,
    cycle: 3,
    price: '85',
    fee: '8',
    registered: 1,
    paid: 2,
  },
  // Last month's rent unpaid: overdue.
  {
    n: 32,
    no: 'ZL-2024-002',
    enterprise: 1,
    type: CONTRACT_TYPE.office,
    units: [16],
    from: -2,
    months: 12,
    cycle: 1,
    price: '78',
    fee: '6',
    registered: 1,
    paid: 1,
  },
  // Starts today, paid half-yearly, nothing due yet.
  {
    n: 33,
    no: 'ZL-2024-003',
    enterprise: 2,
    type: CONTRACT_TYPE.room,
    units: [21, 22],
    from: 0,
    months: 12,
    cycle: 6,
    price: '60',
    fee: null,
    registered: 0,
    paid: 0,
  },
  // Ended a year ago, paid in full.
  {
    n: 34,
    no: 'ZL-2023-004',
    enterprise: 3,
    type: CONTRACT_TYPE.office,
    units: [15],
    from: -24,
    months: 12,
    cycle: 12,
    price: '70',
    fee: '5',
    registered: 1,
    paid: 1,
  },
];

export async function seedPropertyDemo(q: Queryable) {
  const t = PLATFORM_TENANT;
  const user = SEED.adminUser;
  const audit = { tenant_id: t, remark: DEMO, create_user: user, update_user: user };
  await insertRows(
    q,
    'property_storey',
    STOREYS.map(([n, name, parent, type, area, sort]) => ({
      id: id(n),
      parent_id: parent ? id(parent) : '0',
      ancestors: parent ? `0,${id(parent)}` : '0',
      storey_name: name,
      storey_type: type,
      build_area: area,
      address: parent ? null : `深圳市南山区科技南十二路18号${name}`,
      sort,
      ...audit,
    })),
  );
  await insertRows(
    q,
    'property_office',
    OFFICES.map(([n, name, floor, area, usable]) => ({
      id: id(n),
      office_name: name,
      storey_id: id(floor),
      build_area: area,
      usable_area: usable,
      ...audit,
    })),
  );
  await insertRows(
    q,
    'property_room',
    ROOMS.map(([n, name, floor, area, use]) => ({
      id: id(n),
      room_name: name,
      storey_id: id(floor),
      build_area: area,
      room_use: use,
      ...audit,
    })),
  );
  for (const c of CONTRACTS) {
    const [dates] = await q.query<{ start: string; end: string; signed: string }>(
      `select (current_date + make_interval(months => $1::int))::date::text as start,
              ((current_date + make_interval(months => $1::int + $2::int))::date - 1)::text as end,
              ((current_date + make_interval(months => $1::int))::date - 10)::text as signed`,
      [c.from, c.months],
    );
    const units = c.units.map(id);
    await insertRows(q, 'property_room_contract', [
      {
        id: id(c.n),
        contract_no: c.no,
        contract_type: c.type,
        enterprise_id: enterprise(c.enterprise),
        start_date: dates.start,
        end_date: dates.end,
        unit_price: c.price,
        fee_price: c.fee,
        pay_cycle: c.cycle,
        deposit: String(Number(c.price) * 200),
        sign_date: dates.signed,
        contract_registration_status: c.registered,
        ...audit,
      },
    ]);
    const now = await settleUnits(q, id(c.n), c.type, units, t);
    await regenerateCosts(q, now, t, user);
    await q.query(
      `update property_lease_contract_cost
          set pay_status = ${PAY_STATUS.paid}, paid_amount = amount_due, paid_date = due_date + 3
        where contract_id = $1 and period_no <= $2`,
      [id(c.n), c.paid],
    );
    await syncEnterprise(q, enterprise(c.enterprise), user, false);
  }
}
