import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createTenant, login, startServer, type TestServer } from './harness.ts';

/**
 * 控制台's charts (blade-desk/dashboard/<chart>): each figure against rows written here to a tenant of its
 * own (the demo park's rows stay out of the sums), a row changed and the figure following, a company account
 * and a chart that does not exist refused.
 */
const TENANT = '630001';
const D = '/api/blade-desk/dashboard';
let server: TestServer;
let token: string;
let today: string;

/** The park's date `days` from today, as the database sees it. */
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const month = (days: number) => day(days).slice(0, 7);

const write = (table: string, rows: Record<string, unknown>[]) =>
  server.platform.db.tx(TENANT, (q) => insertRows(q, table, rows));
const sql = (text: string, params: unknown[] = []) => server.platform.db.tx(TENANT, (q) => q.query(text, params));

async function chart(name: string, as = token) {
  const res = await server.call({ method: 'GET', url: `${D}/${name}`, token: as });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { rows: Record<string, unknown>[]; link: { path: string; query?: Record<string, string> } };
}

const ids = { building: nextId(), floor1: nextId(), floor2: nextId(), space1: nextId(), space2: nextId() };
const rooms = [nextId(), nextId(), nextId()];
const office = nextId();
const repairs = [nextId(), nextId(), nextId()];

beforeAll(async () => {
  server = await startServer();
  await createTenant(server, TENANT);
  token = await login(server, 'admin', 'admin', TENANT);
  [{ today }] = await server.platform.db.scoped(TENANT, (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  const base = { tenant_id: TENANT };
  await write('property_storey', [
    { ...base, id: ids.building, storey_name: 'A座', ancestors: '0', storey_type: 1 },
    {
      ...base,
      id: ids.floor1,
      parent_id: ids.building,
      ancestors: `0,${ids.building}`,
      storey_name: '1层',
      storey_type: 2,
    },
    {
      ...base,
      id: ids.floor2,
      parent_id: ids.building,
      ancestors: `0,${ids.building}`,
      storey_name: '2层',
      storey_type: 2,
      sort: 2,
    },
  ]);
  // Floor 1: two rooms and an office, one room and the office rented; floor 2: one room, free.
  await write('property_room', [
    { ...base, id: rooms[0], room_name: '101', storey_id: ids.floor1, build_area: 50 },
    { ...base, id: rooms[1], room_name: '102', storey_id: ids.floor1, build_area: 50 },
    { ...base, id: rooms[2], room_name: '201', storey_id: ids.floor2, build_area: 50 },
  ]);
  await write('property_office', [{ ...base, id: office, office_name: 'O1', storey_id: ids.floor1, build_area: 80 }]);
  const contract = nextId();
  await write('property_contract_unit', [
    {
      ...base,
      id: nextId(),
      contract_id: contract,
      unit_type: 2,
      unit_id: rooms[0],
      start_date: day(-40),
      end_date: day(300),
    },
    {
      ...base,
      id: nextId(),
      contract_id: contract,
      unit_type: 1,
      unit_id: office,
      start_date: day(-40),
      end_date: day(300),
    },
    // Ended yesterday: no longer rented.
    {
      ...base,
      id: nextId(),
      contract_id: nextId(),
      unit_type: 2,
      unit_id: rooms[2],
      start_date: day(-90),
      end_date: day(-1),
    },
  ]);
  const cost = (due: string, amount: number, paid?: number) => ({
    ...base,
    id: nextId(),
    contract_id: contract,
    enterprise_id: '1',
    period_no: 1,
    period_start: due,
    period_end: due,
    due_date: due,
    amount_due: amount,
    pay_status: paid === undefined ? 0 : 1,
    paid_amount: paid ?? null,
  });
  await write('property_lease_contract_cost', [
    cost(`${month(0)}-01`, 1000, 1000),
    cost(`${month(0)}-02`, 500),
    cost(`${month(-400)}-01`, 9999, 9999), // older than 12 months: left out
  ]);
  const repair = (id: string, status: number, type: number, hours?: number) => ({
    ...base,
    id,
    repair_no: `BX${id}`,
    fault_type: type,
    location: '101',
    description: '漏水',
    contact_phone: '13800000000',
    repair_status: status,
    assignee: status === 0 ? null : '1',
    result: status >= 3 && status < 5 ? '修好了' : null,
    create_user: '1',
    create_time: `${day(-2)} 08:00:00`,
    finish_time: hours === undefined ? null : `${day(-2)} ${String(8 + hours).padStart(2, '0')}:00:00`,
  });
  await write('property_repair', [repair(repairs[0], 0, 1), repair(repairs[1], 3, 1, 4), repair(repairs[2], 3, 2, 2)]);
  const order = (date: string, status = 0) => ({
    ...base,
    id: nextId(),
    order_no: `DC${nextId()}`,
    meal_id: '1',
    category_meal_id: '1',
    meal_date: date,
    user_id: nextId(),
    order_meal_status: status,
  });
  await write('dhm_order_meal', [order(day(0)), order(day(0), 1), order(day(0), 2), order(day(-3)), order(day(-40))]);
  const report = (due: string, submit: string | null) => ({
    ...base,
    id: nextId(),
    enterprise_id: '1',
    title: '月报',
    report_type: 1,
    report_cycle: 4,
    period_start: due,
    period_end: due,
    due_date: due,
    submit_date: submit,
  });
  await write('prod_report', [report(day(-1), day(-2)), report(day(-1), day(0)), report(day(-1), null)]);
  await write('property_public_space', [
    { ...base, id: ids.space1, space_name: '大会议室', space_type: 1 },
    { ...base, id: ids.space2, space_name: '篮球场', space_type: 3 },
  ]);
  const booking = (space: string, date: string, from: number, to: number, status = 1) => ({
    ...base,
    id: nextId(),
    space_id: space,
    reserve_date: date,
    start_at: `${date} ${String(from).padStart(2, '0')}:00:00`,
    end_at: `${date} ${String(to).padStart(2, '0')}:30:00`,
    subject: '例会',
    user_id: '1',
    reserve_status: status,
  });
  await write('property_space_reservation', [
    booking(ids.space1, day(-1), 9, 10),
    booking(ids.space1, day(-2), 9, 10),
    booking(ids.space1, day(-3), 14, 15, 2),
    booking(ids.space2, day(-45), 9, 10),
  ]);
});
afterAll(() => server.close());

describe('控制台 charts', () => {
  it('counts offices and rooms rented today per floor', async () => {
    const { rows, link } = await chart('occupancy');
    expect(link.path).toBe('/property/room');
    expect(rows).toEqual([
      { floorId: ids.floor1, floor: '1层', building: 'A座', total: 3, rented: 2 },
      { floorId: ids.floor2, floor: '2层', building: 'A座', total: 1, rented: 0 },
    ]);
    await sql('update property_contract_unit set end_date = $1 where unit_id = $2', [day(30), rooms[2]]);
    expect((await chart('occupancy')).rows[1]).toMatchObject({ total: 1, rented: 1 });
  });

  it('sums rent due and collected per month over the last 12', async () => {
    const { rows, link } = await chart('rent');
    expect(link).toEqual({ path: '/property/lease-contract-cost', query: { payStatus: '0' } });
    expect(rows).toHaveLength(12);
    expect(rows[11]).toEqual({ month: month(0), due: 1500, collected: 1000 });
    expect(rows.slice(0, 11).every((r) => r.due === 0 && r.collected === 0)).toBe(true);
    await sql(`update property_lease_contract_cost set pay_status = 1, paid_amount = 400 where amount_due = 500`);
    expect((await chart('rent')).rows[11]).toEqual({ month: month(0), due: 1500, collected: 1400 });
  });

  it('counts repairs by state and type, with the hours to close', async () => {
    const { rows } = await chart('repairs');
    expect(rows).toEqual([
      { byType: 0, status: 0, faultType: null, count: 1, closeHours: null },
      { byType: 0, status: 3, faultType: null, count: 2, closeHours: 3 },
      { byType: 1, status: null, faultType: 1, count: 2, closeHours: 4 },
      { byType: 1, status: null, faultType: 2, count: 1, closeHours: 2 },
    ]);
    await sql('update property_repair set is_deleted = 1 where id = $1', [repairs[0]]);
    expect((await chart('repairs')).rows[0]).toMatchObject({ status: 3, count: 2 });
  });

  it('counts the meals booked per day over the last 30, cancelled ones left out', async () => {
    const { rows } = await chart('meals');
    expect(rows).toHaveLength(30);
    expect(rows[29]).toEqual({ day: day(0), count: 2 });
    expect(rows[26]).toEqual({ day: day(-3), count: 1 });
    expect(rows.reduce((n, r) => n + (r.count as number), 0)).toBe(3);
    await sql('update dhm_order_meal set order_meal_status = 2 where meal_date = $1', [day(-3)]);
    expect((await chart('meals')).rows[26]).toEqual({ day: day(-3), count: 0 });
  });

  it('splits production reports into on time, late, overdue and not yet due', async () => {
    const { rows, link } = await chart('reports');
    expect(link).toEqual({ path: '/prod/report', query: { overdue: '1' } });
    const due = rows.find((r) => r.month === month(-1));
    expect(due).toEqual({ month: month(-1), onTime: 1, late: 1, overdue: 1, pending: 0 });
    await sql('update prod_report set due_date = $1 where submit_date is null', [day(0)]);
    const after = await chart('reports');
    const total = (key: string) => after.rows.reduce((n, r) => n + (r[key] as number), 0);
    expect([total('onTime'), total('late'), total('overdue'), total('pending')]).toEqual([1, 1, 0, 1]);
  });

  it('counts bookings and hours per public space over the last 30 days', async () => {
    const { rows } = await chart('spaces');
    expect(rows).toEqual([
      { spaceId: ids.space1, space: '大会议室', count: 2, hours: 3 },
      { spaceId: ids.space2, space: '篮球场', count: 0, hours: 0 },
    ]);
    await sql(
      "update property_space_reservation set reserve_date = $1, start_at = start_at + interval '44 days', end_at = end_at + interval '44 days' where space_id = $2",
      [day(-1), ids.space2],
    );
    expect((await chart('spaces')).rows.map((r) => r.count)).toEqual([2, 1]);
    // A rejected booking holds nothing: it is no booking.
    await sql(
      "update property_space_reservation set approval_status = 3, approval_reason = '冲突' where space_id = $1",
      [ids.space2],
    );
    expect((await chart('spaces')).rows.map((r) => r.count)).toEqual([2, 0]);
  });

  it('answers 400 in both languages for a chart it does not have', async () => {
    const res = await server.call({ method: 'GET', url: `${D}/profit`, token });
    expect(res.body).toMatchObject({ code: 400, success: false });
    expect(res.body.msg).toContain('没有这个图表');
    const en = await server.call({ method: 'GET', url: `${D}/profit`, token, headers: { 'accept-language': 'en' } });
    expect(en.body.msg).toContain('No such chart');
  });

  it("refuses a company account: the charts are the park's", async () => {
    const admin = await login(server, ADMIN.account, ADMIN.password);
    await createEnterprise(server, admin, '看板企业', 'dash_company');
    const company = await login(server, 'dash_company', 'secret1', '000000', 'web');
    const res = await server.call({ method: 'GET', url: `${D}/occupancy`, token: company });
    expect(res.status).toBe(403);
  });
});
