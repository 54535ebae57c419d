import { CONTRACT_TYPE, REPAIR_STATUS, type RepairAction, type RepairStatus } from '@park/catalog';
import { settleUnits, syncEnterprise, type UnitType } from '../modules/property/contracts.ts';
import { regenerateCosts } from '../modules/property/costs.ts';
import { numberRepair } from '../modules/property/repairs.ts';
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
  /** Paid on the period after them, in part (yuan). */
  partly?: string;
  /** Whether its deposit (200 months' rent per m², billed with it) is paid. */
  depositPaid: boolean;
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
    partly: '10000',
    depositPaid: true,
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
    depositPaid: true,
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
    depositPaid: false,
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
    depositPaid: true,
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
    // Paid as the payment form records it (migration 0174's trigger sums them into the periods): the first
    // periods in full by bank transfer three days after due, the next one in part by WeChat, the deposit in cash
    // on signing. Each payment's id is its period's (one each here).
    await q.query(
      `insert into property_lease_cost_payment (id, tenant_id, cost_id, contract_id, enterprise_id, amount, paid_date,
              pay_method, payer, receipt_no, note, create_user)
       select c.id, c.tenant_id, c.id, c.contract_id, c.enterprise_id,
              case when c.cost_kind = 1 and c.period_no = $2 + 1 then least($3::numeric, c.amount_due) else c.amount_due end,
              least(case when c.cost_kind = 2 then c.due_date else c.due_date + 3 end, current_date),
              case when c.cost_kind = 2 then 2 when c.period_no > $2 then 3 else 1 end,
              e.enterprise_name, 'SJ-' || $5 || '-' || lpad(c.period_no::text, 2, '0'),
              case when c.period_no > $2 then '首笔分期付款' end, c.create_user
         from property_lease_contract_cost c join crm_enterprise e on e.id = c.enterprise_id
        where c.contract_id = $1 and c.is_deleted = 0
          and ((c.cost_kind = 1 and (c.period_no <= $2 or (c.period_no = $2 + 1 and $3::numeric > 0)))
               or (c.cost_kind = 2 and $4))
        order by c.period_no`,
      [id(c.n), c.paid, c.partly ?? '0', c.depositPaid, c.no],
    );
    await syncEnterprise(q, enterprise(c.enterprise), user, false);
  }
}

/** [id, name, type (1 meeting room, 2 hall, 3 court), location, capacity, opens, closes, slot minutes, days ahead] */
const SPACES: [number, string, number, string, number, string, string, number, number][] = [
  [7101, '星海会议室', 1, 'A座5层', 20, '08:00', '20:00', 60, 14],
  [7102, '多功能厅', 2, 'B座3层', 200, '09:00', '21:00', 120, 30],
  [7103, '篮球场', 3, '园区东侧', 10, '07:00', '22:00', 60, 7],
];

/**
 * [id, space, day of this week (0 Monday), start, end, subject, booker (enterprise index; -1 the administrator),
 * cancelled]
 */
const RESERVATIONS: [number, number, number, string, string, string, number, boolean][] = [
  [7201, 7101, 0, '09:00', '10:00', '周例会', -1, false],
  [7202, 7101, 1, '14:00', '16:00', '客户洽谈', 0, false],
  [7203, 7101, 3, '10:00', '11:00', '项目评审', 1, false],
  [7204, 7102, 2, '13:00', '15:00', '新品发布会', 0, false],
  [7205, 7102, 4, '09:00', '11:00', '园区政策宣讲', -1, false],
  [7206, 7103, 5, '18:00', '20:00', '篮球友谊赛', 2, false],
  [7207, 7103, 2, '19:00', '20:00', '羽毛球', 1, true],
];

/** The demo company account of enterprise e (crm-demo.ts: row 99 of the enterprise). */
const companyUser = (e: number) => `19000000000001${String(e + 1).padStart(2, '0')}99`;

/**
 * Demo public spaces of tenant 000000: a meeting room, a hall and a court with their booking configs, and a few
 * reservations of the week of seeding by the administrator and the demo company accounts (one cancelled). Written
 * straight to the tables: the reservations' exclusion constraint holds them as it holds a booking.
 */
export async function seedPublicSpaceDemo(q: Queryable) {
  const t = PLATFORM_TENANT;
  const admin = SEED.adminUser;
  await insertRows(
    q,
    'property_public_space',
    SPACES.map(([n, name, type, location, capacity, open, close, slot, days]) => ({
      id: id(n),
      tenant_id: t,
      space_name: name,
      space_type: type,
      location,
      capacity,
      enabled: 1,
      open_time: open,
      close_time: close,
      slot_minutes: slot,
      book_days: days,
      remark: DEMO,
      create_user: admin,
      update_user: admin,
    })),
  );
  for (const [n, space, day, start, end, subject, booker, cancelled] of RESERVATIONS) {
    const user = booker < 0 ? admin : companyUser(booker);
    await q.query(
      `insert into property_space_reservation
         (id, tenant_id, space_id, reserve_date, start_at, end_at, subject, user_id, enterprise_id, reserve_status,
          cancel_user, cancel_time, create_user, update_user)
       select $1, $2, $3, d, d + $4::time, d + $5::time, $6, $7, $8, $9::int, $10,
              case when $9::int = 2 then localtimestamp(0) end, $7, $7
         from (select (date_trunc('week', current_date)::date + $11::int) as d) w`,
      [
        id(n),
        t,
        id(space),
        start,
        end,
        subject,
        user,
        booker < 0 ? null : enterprise(booker),
        cancelled ? 2 : 1,
        cancelled ? user : null,
        day,
      ],
    );
  }
}

/**
 * [id, reporter (enterprise index; -1 the administrator for a public place), fault type, location, unit (office or
 * room demo id, 0 none), description, phone, final state, days ago reported, result, rating, comment]
 */
const REPAIRS: [
  number,
  number,
  number,
  string,
  number,
  string,
  string,
  RepairStatus,
  number,
  string,
  number,
  string,
][] = [
  [8101, 0, 2, 'A-1201 办公室', 13, '办公区空调不制冷，出风口只有常温风', '13800138001', 0, 0, '', 0, ''],
  [8102, 1, 1, 'B-0803 办公室', 16, '茶水间水龙头漏水，地面有积水', '13800138002', 1, 1, '', 0, ''],
  [8103, 2, 3, 'A-0510 会议室', 21, '会议室门锁损坏，无法从外侧打开', '13800138003', 2, 2, '', 0, ''],
  [
    8104,
    0,
    4,
    'A-1202 办公室',
    14,
    '办公室网口无信号，交换机指示灯不亮',
    '13800138001',
    3,
    4,
    '更换损坏的网络模块，已恢复',
    0,
    '',
  ],
  [
    8105,
    1,
    1,
    'B-0803 办公室',
    16,
    '办公室两盏吸顶灯不亮',
    '13800138002',
    4,
    9,
    '更换灯管两支，线路检查正常',
    5,
    '响应很快，师傅很专业',
  ],
  [8106, 2, 9, 'A-0511 洽谈室', 22, '洽谈室墙面渗水发霉', '13800138003', 5, 6, '', 0, ''],
  [
    8107,
    -1,
    5,
    'B座2号电梯',
    0,
    '电梯运行时有异响，轿厢轻微抖动',
    '0755-86001234',
    3,
    3,
    '电梯维保单位已更换导靴，运行平稳',
    0,
    '',
  ],
];

/**
 * Demo repairs of tenant 000000 (ids 19000000000017 81NN, steps 82NN): one in each state (待受理 through 已评价 and
 * 已取消), reported by the demo company accounts for their enterprises and one by the administrator for a public
 * place, each with the steps that brought it there, assigned to the administrator. Written straight to the tables,
 * with the number and first step as a report gets them.
 */
export async function seedRepairDemo(q: Queryable) {
  const t = PLATFORM_TENANT;
  const admin = SEED.adminUser;
  let step = 8200;
  for (const [
    n,
    reporter,
    fault,
    location,
    unit,
    description,
    phone,
    state,
    daysAgo,
    result,
    rating,
    comment,
  ] of REPAIRS) {
    const user = reporter < 0 ? admin : companyUser(reporter);
    const reached = (s: RepairStatus) => state !== REPAIR_STATUS.cancelled && state >= s;
    const at = (hours: number) => `localtimestamp(0) - interval '${daysAgo} days' + interval '${hours} hours'`;
    await q.query(
      `insert into property_repair
         (id, tenant_id, fault_type, location, office_id, room_id, enterprise_id, description, contact_phone,
          repair_status, assignee, assign_time, start_time, finish_time, result, rating, rating_comment, rate_time,
          create_user, update_user, create_time, update_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               case when $12 then ${at(1)} end, case when $13 then ${at(3)} end, case when $14 then ${at(26)} end,
               $15, $16, $17, case when $16::int is not null then ${at(30)} end, $18, $18, ${at(0)}, ${at(1)})`,
      [
        id(n),
        t,
        fault,
        location,
        unit > 0 && unit < 20 ? id(unit) : null,
        unit >= 20 ? id(unit) : null,
        reporter < 0 ? null : enterprise(reporter),
        description,
        phone,
        state,
        reached(REPAIR_STATUS.assigned) ? admin : null,
        reached(REPAIR_STATUS.assigned),
        reached(REPAIR_STATUS.working),
        reached(REPAIR_STATUS.finished),
        result || null,
        rating || null,
        comment || null,
        user,
      ],
    );
    await numberRepair(q, id(n), t);
    const steps: [RepairAction, number | null, RepairStatus, number, string, string | null][] = [
      ['report', null, REPAIR_STATUS.pending, 0, user, null],
    ];
    if (reached(REPAIR_STATUS.assigned)) steps.push(['assign', 0, 1, 1, admin, '请尽快上门处理']);
    if (reached(REPAIR_STATUS.working)) steps.push(['start', 1, 2, 3, admin, null]);
    if (reached(REPAIR_STATUS.finished)) steps.push(['finish', 2, 3, 26, admin, result]);
    if (reached(REPAIR_STATUS.rated)) steps.push(['rate', 3, 4, 30, user, `${'★'.repeat(rating)} ${comment}`]);
    if (state === REPAIR_STATUS.cancelled) steps.push(['cancel', 0, 5, 2, user, '已自行联系物业解决']);
    for (const [action, from, to, hours, who, note] of steps) {
      step += 1;
      await q.query(
        `insert into property_repair_step (id, tenant_id, repair_id, action, from_status, to_status, assignee, note,
                                           create_user, create_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${at(hours)})`,
        [id(step), t, id(n), action, from, to, action === 'assign' ? admin : null, note, who],
      );
    }
  }
  await insertRows(
    q,
    'property_rebuild',
    REBUILDS.map(([n, name, office, room, e, content, contractor, from, days, cost, state]) => ({
      id: id(n),
      tenant_id: t,
      rebuild_name: name,
      office_id: office ? id(office) : null,
      room_id: room ? id(room) : null,
      enterprise_id: e < 0 ? null : enterprise(e),
      content,
      contractor,
      start_date: dayFromToday(from),
      end_date: days === null ? null : dayFromToday(from + days),
      cost,
      rebuild_status: state,
      remark: DEMO,
      create_user: admin,
      update_user: admin,
    })),
  );
}

/** [id, name, office, room, enterprise (-1 none), content, contractor, start (days from today), days, cost, state] */
const REBUILDS: [number, string, number, number, number, string, string, number, number | null, string, number][] = [
  [
    8301,
    'A-1201 隔断改造',
    13,
    0,
    0,
    '增设两间独立办公室及玻璃隔断，更换地毯',
    '深圳鹏城装饰工程有限公司',
    -120,
    30,
    '86000',
    2,
  ],
  [
    8302,
    'B-0803 机房改造',
    16,
    0,
    1,
    '新建小型机房，加装精密空调与UPS',
    '深圳华信机电安装有限公司',
    -10,
    45,
    '152000.5',
    1,
  ],
  [
    8303,
    'A-0510 会议室升级',
    0,
    21,
    -1,
    '更换会议音视频系统，墙面吸音处理',
    '深圳声学科技有限公司',
    20,
    null,
    '48000',
    0,
  ],
];

/** A date `days` from today, as yyyy-MM-dd (the seeding day's, in local time). */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
