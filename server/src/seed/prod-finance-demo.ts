import { ASSET_STATUS, FACILITY_LEASE_STATUS, PROD_REPORT_TYPE, prodReport, REPORT_CYCLE } from '@park/catalog';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { storeAttachment } from '../resources/attachments.ts';
import { demoPdf } from './demo-pdf.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Demo production and finance of tenant 000000, for the demo enterprises in the park (crm-demo.ts; their
 * company accounts xinghe, qinghe, yuanhang see their own reports): reports handed in, one due soon and one
 * overdue (its due date past, nothing handed in), the first with its file; experimental facilities; chemicals,
 * one stored over its allowed quantity; facility returns, leases (one ended) and assets. Dates are counted from
 * the day of seeding, so the overdue report stays overdue and the one due soon is not. Ids 19000000000151NNNN;
 * every row says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000151${String(n).padStart(4, '0')}`;
const enterprise = (e: number) => `19000000000001${String(e + 1).padStart(2, '0')}00`;

/**
 * A report's period, a whole calendar one as its cycle names it (issue 34: "2季度" runs Apr 1 to Jun 30, not
 * 120 to 30 days back): `back` periods before the one holding `date` (yyyy-MM-dd), as [first day, last day].
 */
export function reportPeriod(cycle: number, date: string, back = 1): [string, string] {
  const [y, m, d] = date.split('-').map(Number);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const dayMs = 86_400_000;
  if (cycle === REPORT_CYCLE.weekly) {
    const at = Date.UTC(y, m - 1, d);
    const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * dayMs - back * 7 * dayMs;
    return [iso(monday), iso(monday + 6 * dayMs)];
  }
  // Months, quarters and years: Date.UTC carries a month below 0 into the years before.
  const months = cycle === REPORT_CYCLE.monthly ? 1 : cycle === REPORT_CYCLE.quarterly ? 3 : 12;
  const first = Math.floor((cycle === REPORT_CYCLE.yearly ? 0 : m - 1) / months) * months - back * months;
  const startYear = cycle === REPORT_CYCLE.yearly ? y - back : y;
  const start = Date.UTC(startYear, cycle === REPORT_CYCLE.yearly ? 0 : first, 1);
  const end = Date.UTC(startYear, (cycle === REPORT_CYCLE.yearly ? 0 : first) + months, 0);
  return [iso(start), iso(end)];
}

/**
 * [n, enterprise, title, type, cycle, which period, due and handed in (days from the period's end when `fromEnd`,
 * else from today; handed in: or none)]. Which period: so many back from today's, or the latest already due
 * (`due` days after its end): a second quarter for the 2季度 report, a whole year for the yearly one.
 */
const REPORTS: [
  number,
  number,
  string,
  number,
  number,
  number | 'latestDue',
  'fromEnd' | 'fromToday',
  number,
  number | null,
][] = [
  [
    1,
    0,
    '星河智能2季度生产经营报告',
    PROD_REPORT_TYPE.production,
    REPORT_CYCLE.quarterly,
    'latestDue',
    'fromEnd',
    15,
    12,
  ],
  [2, 0, '星河智能月度安全检查报告', PROD_REPORT_TYPE.safety, REPORT_CYCLE.monthly, 1, 'fromToday', 10, null],
  // Past its due date and not handed in: overdue.
  [3, 1, '青禾生物月度安全生产报告', PROD_REPORT_TYPE.safety, REPORT_CYCLE.monthly, 2, 'fromToday', -5, null],
  [4, 1, '青禾生物年度环保报告', PROD_REPORT_TYPE.environment, REPORT_CYCLE.yearly, 'latestDue', 'fromEnd', 60, 50],
  [5, 2, '远航新材料周生产报告', PROD_REPORT_TYPE.production, REPORT_CYCLE.weekly, 1, 'fromToday', 2, 0],
];

/** [n, enterprise, name, model, quantity, location, person, phone, purchased (days from today), status] */
const FACILITIES: [number, number, string, string, number, string, string, string, number, number][] = [
  [11, 0, '恒温恒湿试验箱', 'HT-408', 2, 'A座12层实验室', '王明', '13800001111', -700, ASSET_STATUS.inUse],
  [12, 0, '示波器', 'DS1104Z', 4, 'A座12层实验室', '王明', '13800001111', -400, ASSET_STATUS.inUse],
  [13, 1, '生物安全柜', 'BSC-1300IIA2', 1, 'B座8层洁净室', '李静', '13800002222', -900, ASSET_STATUS.repairing],
  [14, 1, 'PCR扩增仪', 'T100', 2, 'B座8层洁净室', '李静', '13800002222', -300, ASSET_STATUS.inUse],
  [15, 2, '万能材料试验机', 'WDW-100', 1, '远航大厦1楼检测室', '张强', '13800003333', -1200, ASSET_STATUS.idle],
];

/** [n, enterprise, name, CAS, quantity, unit, allowed, place, person, phone] (units: 1 kg, 3 L) */
const CHEMICALS: [number, number, string, string, string, number, string, string, string, string][] = [
  [21, 1, '无水乙醇', '64-17-5', '40', 3, '50', 'B座8层危化品柜1', '李静', '13800002222'],
  // Stored over its allowed quantity: flagged.
  [22, 1, '盐酸', '7647-01-0', '18', 3, '10', 'B座8层危化品柜2', '李静', '13800002222'],
  [23, 1, '丙酮', '67-64-1', '8', 3, '20', 'B座8层危化品柜1', '李静', '13800002222'],
  [24, 2, '氢氧化钠', '1310-73-2', '25', 1, '100', '远航大厦1楼原料库', '张强', '13800003333'],
];

/** [n, facility, type, enterprise (or none), period from/to (days from today), income, cost, received (days, or none)] */
const RETURNS: [number, string, number, number | null, number, number, string, string | null, number | null][] = [
  [31, '共享电镜实验室', 1, 1, -60, -31, '18600.00', '4200.00', -25],
  [32, '共享电镜实验室', 1, 0, -30, -1, '12400.00', '3900.00', null],
  [33, '路演厅', 4, null, -90, -1, '9600.00', '1500.00', -3],
];

/** [n, lease no, enterprise, facility, type, quantity, start and end (days from today), monthly rent, deposit, status] */
const LEASES: [number, string, number, string, number, number, number, number, string, string, number][] = [
  [41, 'SSZL-2024-001', 0, '高低温试验箱', 1, 1, -90, 275, '3200.00', '6400.00', FACILITY_LEASE_STATUS.inEffect],
  [42, 'SSZL-2024-002', 1, '超低温冰箱', 1, 2, -200, 165, '1800.00', '3600.00', FACILITY_LEASE_STATUS.inEffect],
  [43, 'SSZL-2023-003', 2, '叉车', 2, 1, -500, -135, '2600.00', '5000.00', FACILITY_LEASE_STATUS.ended],
];

/** [n, code, name, category, value, purchased (days from today), location, custodian, status] */
const ASSETS: [number, string, string, number, string, number, string, string, number][] = [
  [51, 'ZC-2021-0001', '园区服务器机柜', 3, '86000.00', -1500, 'A座1层机房', '赵磊', ASSET_STATUS.inUse],
  [52, 'ZC-2022-0007', '会议室投影系统', 3, '32000.00', -1000, 'A座5层会议室', '孙悦', ASSET_STATUS.inUse],
  [53, 'ZC-2022-0012', '接待区沙发组合', 4, '12800.00', -900, 'A座1层大堂', '孙悦', ASSET_STATUS.idle],
  [54, 'ZC-2023-0003', '园区电动巡逻车', 5, '45000.00', -600, 'B座地下车库', '赵磊', ASSET_STATUS.repairing],
  [55, 'ZC-2019-0021', '旧款复印机', 3, '9800.00', -2400, 'A座仓库', '孙悦', ASSET_STATUS.scrapped],
];

export async function seedProdFinanceDemo(q: Queryable, files: FileStore) {
  const t = PLATFORM_TENANT;
  const user = SEED.adminUser;
  const audit = { tenant_id: t, remark: DEMO, create_user: user, update_user: user };
  const [{ today }] = await q.query<{ today: string }>('select current_date::text as today');
  const day = (days: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const maybeDay = (days: number | null) => (days === null ? null : day(days));
  const after = (date: string, days: number) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  await insertRows(
    q,
    'prod_report',
    REPORTS.map(([n, e, title, type, cycle, which, counted, due, handed]) => {
      let period = reportPeriod(cycle, today, typeof which === 'number' ? which : 1);
      if (which === 'latestDue') {
        const year = (back: number) => Number(today.slice(0, 4)) - back;
        for (let back = 0; ; back++) {
          period = cycle === REPORT_CYCLE.quarterly ? [`${year(back)}-04-01`, `${year(back)}-06-30`] : period;
          if (cycle === REPORT_CYCLE.yearly) period = [`${year(back + 1)}-01-01`, `${year(back + 1)}-12-31`];
          if (after(period[1], due) <= today) break;
        }
      }
      const from = (days: number) => (counted === 'fromEnd' ? after(period[1], days) : day(days));
      return {
        id: id(n),
        enterprise_id: enterprise(e),
        title,
        report_type: type,
        report_cycle: cycle,
        period_start: period[0],
        period_end: period[1],
        due_date: from(due),
        submit_date: handed === null ? null : from(handed),
        ...audit,
      };
    }),
  );
  await storeAttachment(q, files, {
    tenantId: t,
    businessType: prodReport.key,
    businessId: id(1),
    name: '星河智能2季度生产经营报告.pdf',
    ext: 'pdf',
    bytes: demoPdf(['Park Console demo attachment', 'Quarterly production report', 'Xinghe Intelligent Technology']),
    userId: user,
    deptId: null,
  });
  await insertRows(
    q,
    'prod_experimental_facility',
    FACILITIES.map(([n, e, name, model, quantity, location, person, phone, bought, status]) => ({
      id: id(n),
      enterprise_id: enterprise(e),
      facility_name: name,
      facility_model: model,
      quantity,
      location,
      responsible_person: person,
      responsible_phone: phone,
      purchase_date: day(bought),
      facility_status: status,
      ...audit,
    })),
  );
  await insertRows(
    q,
    'prod_danger_chemical',
    CHEMICALS.map(([n, e, name, cas, quantity, unit, allowed, place, person, phone]) => ({
      id: id(n),
      enterprise_id: enterprise(e),
      chemical_name: name,
      cas_no: cas,
      quantity,
      unit,
      max_quantity: allowed,
      storage_place: place,
      responsible_person: person,
      responsible_phone: phone,
      ...audit,
    })),
  );
  await insertRows(
    q,
    'finance_facility_return',
    RETURNS.map(([n, name, type, e, from, to, income, cost, received]) => ({
      id: id(n),
      facility_name: name,
      facility_type: type,
      enterprise_id: e === null ? null : enterprise(e),
      period_start: day(from),
      period_end: day(to),
      income_amount: income,
      cost_amount: cost,
      received_date: maybeDay(received),
      ...audit,
    })),
  );
  await insertRows(
    q,
    'finance_facility_lease',
    LEASES.map(([n, no, e, name, type, quantity, from, to, rent, deposit, status]) => ({
      id: id(n),
      lease_no: no,
      enterprise_id: enterprise(e),
      facility_name: name,
      facility_type: type,
      quantity,
      start_date: day(from),
      end_date: day(to),
      monthly_rent: rent,
      deposit,
      lease_status: status,
      ...audit,
    })),
  );
  await insertRows(
    q,
    'finance_asset',
    ASSETS.map(([n, code, name, category, value, bought, location, custodian, status]) => ({
      id: id(n),
      asset_code: code,
      asset_name: name,
      asset_category: category,
      asset_value: value,
      purchase_date: day(bought),
      location,
      custodian,
      asset_status: status,
      ...audit,
    })),
  );
}
