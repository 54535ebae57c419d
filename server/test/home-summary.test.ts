import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { invalidatePermissions } from '../src/platform/permissions.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, login, startServer, type TestServer, type TestTenant } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

/**
 * The home page's summary (blade-desk/home/summary, our extension): each figure against fixture rows of a tenant of
 * its own, a changed row changing it, a company account's figures its own enterprise's alone, and a figure
 * left out for a user who does not hold its screen.
 */
const TENANT = '640001';
const SUMMARY = '/api/blade-desk/home/summary';

let server: TestServer;
let t: TestTenant;
let admin: string;
/** The database's date: fixtures dated today fall in its month whatever the test machine's zone. */
let sqlToday: string;
const ids = { inPark: nextId(), movedOut: nextId(), older: nextId(), overdueCost: nextId(), chemical: nextId() };

interface Item {
  key: string;
  value: number;
  path: string;
}
interface Summary {
  roles: string[];
  company: boolean;
  work: Item[];
  figures: Item[];
}

async function summary(token: string): Promise<Summary> {
  const res = await server.call({ method: 'GET', url: SUMMARY, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const byKey = (items: Item[]) => Object.fromEntries(items.map((i) => [i.key, i.value]));

const rows = (table: string, list: Record<string, unknown>[]) =>
  server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(
      q,
      table,
      list.map((r) => ({ id: nextId(), tenant_id: TENANT, ...r })),
    ),
  );
const sql = (text: string, params: unknown[] = []) => server.platform.db.tx(ALL_TENANTS, (q) => q.query(text, params));

/** A user of the tenant whose one role opens exactly these screens (menu paths); password `pass`. */
async function userWithScreens(account: string, paths: string[], extra: Record<string, unknown> = {}) {
  const userId = nextId();
  const roleId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_role', [
      { id: roleId, tenant_id: TENANT, role_name: `${account}角色`, role_alias: account },
    ]);
    await insertRows(q, 'blade_user', [
      {
        id: userId,
        tenant_id: TENANT,
        account,
        password: testPasswordHash('pass'),
        real_name: account,
        role_id: roleId,
        ...extra,
      },
    ]);
    const menus = await q.query<{ id: string }>('select id from blade_menu where category = 1 and path = any($1)', [
      paths,
    ]);
    await insertRows(
      q,
      'blade_role_menu',
      menus.map((m) => ({ id: nextId(), menu_id: m.id, role_id: roleId })),
    );
  });
  await invalidatePermissions(server.platform);
  return userId;
}

beforeAll(async () => {
  server = await startServer();
  t = await createTenant(server, TENANT);
  admin = await login(server, 'admin', 'admin', TENANT);
  [{ today: sqlToday }] = await server.platform.db.scoped(TENANT, (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  const office = nextId();
  const room = nextId();
  const contract = nextId();
  const old = nextId();
  await rows('crm_enterprise', [
    { id: ids.inPark, enterprise_name: '入驻企业', entry_date: sqlToday, status: 1 },
    { id: ids.movedOut, enterprise_name: '迁出企业', entry_date: '2020-01-01', status: 0 },
    { id: ids.older, enterprise_name: '老企业', entry_date: '2020-01-01', status: 1 },
  ]);
  await rows('property_office', [{ id: office, office_name: 'A101', storey_id: 1, build_area: 100 }]);
  await rows('property_room', [{ id: room, room_name: 'R1', storey_id: 1, build_area: 300 }]);
  const contractRow = (id: string, enterprise: string, start: string, end: string) => ({
    id,
    contract_no: `HT${id}`,
    contract_type: 1,
    enterprise_id: enterprise,
    start_date: start,
    end_date: end,
    unit_price: 10,
  });
  await rows('property_room_contract', [
    contractRow(contract, ids.inPark, '2020-01-01', '2099-12-31'),
    contractRow(old, ids.older, '2020-01-01', '2020-12-31'),
  ]);
  await rows('property_contract_unit', [
    { contract_id: contract, unit_type: 1, unit_id: office, start_date: '2020-01-01', end_date: '2099-12-31' },
    { contract_id: old, unit_type: 2, unit_id: room, start_date: '2020-01-01', end_date: '2020-12-31' },
  ]);
  const cost = (contractId: string, enterprise: string, due: string, amount: number, extra = {}) => ({
    contract_id: contractId,
    enterprise_id: enterprise,
    period_no: 1,
    period_start: due,
    period_end: due,
    due_date: due,
    amount_due: amount,
    ...extra,
  });
  await rows('property_lease_contract_cost', [
    cost(contract, ids.inPark, sqlToday, 1000),
    cost(old, ids.older, sqlToday, 500, { pay_status: 1, paid_amount: 500 }),
    { id: ids.overdueCost, ...cost(contract, ids.inPark, '2020-02-01', 300, { paid_amount: 100 }) },
    cost(old, ids.older, '2020-03-01', 40),
  ]);
  const repair = (status: number, enterprise: string, extra = {}) => ({
    fault_type: 1,
    location: '一楼',
    enterprise_id: enterprise,
    description: '漏水',
    contact_phone: '13800000000',
    repair_status: status,
    create_user: t.adminId,
    repair_no: `BX${nextId()}`,
    ...extra,
  });
  await rows('property_repair', [
    repair(0, ids.inPark),
    repair(1, ids.older, { assignee: t.adminId }),
    repair(3, ids.inPark, { assignee: t.adminId, result: '修好了' }),
  ]);
  const order = (day: string, status: number) => ({
    order_no: `DC${nextId()}`,
    meal_id: nextId(),
    category_meal_id: 1,
    meal_date: day,
    user_id: nextId(),
    order_meal_status: status,
  });
  await rows('dhm_order_meal', [order(sqlToday, 0), order(sqlToday, 1), order(sqlToday, 2), order('2020-01-01', 0)]);
  const chemical = (id: string, quantity: number) => ({
    id,
    enterprise_id: ids.inPark,
    chemical_name: '乙醇',
    quantity,
    unit: 1,
    max_quantity: 5,
    storage_place: '库房',
    responsible_person: '张三',
  });
  await rows('prod_danger_chemical', [chemical(ids.chemical, 10), chemical(nextId(), 2)]);
  const report = (submit: string | null) => ({
    enterprise_id: ids.inPark,
    title: '月报',
    report_type: 1,
    report_cycle: 4,
    period_start: '2020-01-01',
    period_end: '2020-01-31',
    due_date: '2020-02-10',
    submit_date: submit,
  });
  await rows('prod_report', [report(null), report('2020-02-09')]);
  const matter = (due: string, status: number) => ({
    team_project_id: 1,
    matter_title: '事项',
    assignee: t.adminId,
    due_date: due,
    matter_status: status,
  });
  await rows('basic_team_project_matters', [
    matter('2020-01-01', 0),
    matter(sqlToday, 1),
    matter('2099-01-01', 0),
    matter('2020-01-01', 2),
  ]);
  const message = nextId();
  await rows('blade_message', [{ id: message, title: '通知' }]);
  const message2 = nextId();
  await rows('blade_message', [{ id: message2, title: '通知二' }]);
  await rows('blade_message_receiver', [
    { message_id: message, user_id: t.adminId, is_read: 1 },
    { message_id: message2, user_id: t.adminId, is_read: 0 },
  ]);
});
afterAll(() => server.close());

describe('the operator', () => {
  it('counts the work and the figures from the rows', async () => {
    const s = await summary(admin);
    expect(s.roles).toEqual(['管理员']);
    expect(s.company).toBe(false);
    expect(byKey(s.work)).toEqual({ repairsToDispatch: 1, repairsToHandle: 1, mattersDue: 2, unreadMessages: 1 });
    expect(s.work.find((w) => w.key === 'repairsToDispatch')?.path).toBe('/property/work-order');
    expect(byKey(s.figures)).toEqual({
      enterprisesIn: 1,
      enterprisesOut: 1,
      occupancy: 25,
      rentDue: 1500,
      rentOverdue: 240,
      openRepairs: 2,
      mealsToday: 2,
      chemicalsOverLimit: 1,
      reportsOverdue: 1,
    });
  });

  it('follows a changed row', async () => {
    await sql('update prod_danger_chemical set quantity = 4 where id = $1', [ids.chemical]);
    await sql('update property_lease_contract_cost set pay_status = 1, paid_amount = 300 where id = $1', [
      ids.overdueCost,
    ]);
    await sql('update crm_enterprise set status = 0 where id = $1', [ids.older]);
    const f = byKey((await summary(admin)).figures);
    expect(f).toMatchObject({ chemicalsOverLimit: 0, rentOverdue: 40, enterprisesOut: 2 });
  });
});

describe('a company account', () => {
  let company: string;
  const survey = nextId();

  beforeAll(async () => {
    await userWithScreens(
      'h_company',
      ['/property/room-contract', '/property/lease-contract-cost', '/property/repair', '/questionnaire/survey'],
      { user_type: 2, enterprise_id: ids.inPark },
    );
    company = await login(server, 'h_company', 'pass', TENANT, 'web');
    // An enabled survey open now that asks every company account of 入驻企业 and the administrator.
    await rows('qn_survey', [
      {
        id: survey,
        title: '满意度',
        form_id: 1,
        status: 1,
        start_time: '2020-01-01 00:00:00',
        end_time: '2099-01-01 00:00:00',
      },
    ]);
    await rows('qn_survey_scope', [
      { survey_id: survey, scope_type: 'company', val: ids.inPark },
      { survey_id: survey, scope_type: 'user', val: t.adminId },
    ]);
  });

  it("sees its own enterprise's figures and its surveys, never the park's", async () => {
    const s = await summary(company);
    expect(s.company).toBe(true);
    expect(s.roles).toEqual(['h_company角色']);
    expect(byKey(s.figures)).toEqual({ contracts: 1, rentDue: 1000, rentOverdue: 0, openRepairs: 1 });
    expect(byKey(s.work)).toEqual({ surveysToAnswer: 1 });
    expect(byKey((await summary(admin)).work)).toMatchObject({ surveysToAnswer: 1 });
  });

  it('has no survey to answer once its sheet is in', async () => {
    const [{ id }] = await sql("select id::text as id from blade_user where account = 'h_company'");
    await rows('qn_survey_data', [
      {
        survey_id: survey,
        form_id: 1,
        form_history_id: 1,
        form_version: 1,
        respondent_id: id,
        one_per_person: 1,
        status: 1,
      },
    ]);
    expect((await summary(company)).work).toEqual([]);
  });
});

describe('a user without the screens', () => {
  it('gets only the figures of the screens it holds', async () => {
    await userWithScreens('home_crm', ['/crm/enterprise']);
    const s = await summary(await login(server, 'home_crm', 'pass', TENANT));
    expect(s.work).toEqual([]);
    expect(s.figures.map((f) => f.key)).toEqual(['enterprisesIn', 'enterprisesOut']);
  });
});
