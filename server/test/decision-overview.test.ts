import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { invalidatePermissions } from '../src/platform/permissions.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, login, startServer, type TestServer, type TestTenant } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

/**
 * 企业概览 (blade-decision/overview): every call against figures worked out by hand from fixture rows of a tenant
 * of its own, a changed row changing them, the default enterprise saved and read back, and who sees which
 * enterprise: a park user by the data scope of `enterprise`, a company account its own alone.
 */
const TENANT = '640033';
const API = '/api/blade-decision/overview';

let server: TestServer;
let t: TestTenant;
let admin: string;
/** The database's today and the first day of its year: fixtures dated by them fall where the SQL looks. */
let today: string;
let yearStart: string;

const E = { alpha: nextId(), beta: nextId(), gamma: nextId(), delta: nextId() };
const ids = {
  highTech: nextId(),
  overdueCost: nextId(),
  betaEconomic: nextId(),
  staffStill: nextId(),
  industry: nextId(),
};

const rows = (table: string, list: Record<string, unknown>[]) =>
  server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(
      q,
      table,
      list.map((r) => ({ id: nextId(), tenant_id: TENANT, ...r })),
    ),
  );
const sql = (text: string, params: unknown[] = []) => server.platform.db.tx(ALL_TENANTS, (q) => q.query(text, params));

async function call(token: string, path: string, method: 'GET' | 'POST' = 'GET', lang?: string) {
  return server.call({ method, url: `${API}/${path}`, token, headers: lang ? { 'accept-language': lang } : {} });
}
// biome-ignore lint/suspicious/noExplicitAny: each call's answer is read in its own shape
async function data(token: string, path: string, method: 'GET' | 'POST' = 'GET', lang?: string): Promise<any> {
  const res = await call(token, path, method, lang);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A user of the tenant whose one role opens exactly these screens (menu paths); password `pass`. */
async function userWithScreens(account: string, paths: string[], extra: Record<string, unknown> = {}) {
  const userId = nextId();
  const roleId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_role', [{ id: roleId, tenant_id: TENANT, role_name: account, role_alias: account }]);
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
  return { userId, roleId };
}

beforeAll(async () => {
  server = await startServer();
  t = await createTenant(server, TENANT);
  admin = await login(server, 'admin', 'admin', TENANT);
  [{ today, yearStart }] = await server.platform.db.scoped(TENANT, (q) =>
    q.query<{ today: string; yearStart: string }>(
      `select current_date::text as today, date_trunc('year', current_date)::date::text as "yearStart"`,
    ),
  );

  await rows('basic_industry', [{ id: ids.industry, industry_name: '软件和信息技术服务业' }]);
  await rows('crm_enterprise', [
    {
      id: E.alpha,
      enterprise_name: 'Alpha 科技',
      industry: ids.industry,
      registered_capital: 20_000_000,
      entry_date: '2021-03-01',
      agent_name: '张三',
      status: 1,
    },
    { id: E.beta, enterprise_name: 'Beta 制造', registered_capital: 500_000, status: 1 },
    { id: E.gamma, enterprise_name: 'Gamma 迁出', status: 0 },
    { id: E.delta, enterprise_name: 'Delta 空白', status: 1 },
  ]);
  await rows('crm_business_info', [{ enterprise_id: E.alpha, legal_person: '李四' }]);
  const economic = (enterprise: string, year: number, revenue: number, tax: number, rd: number, extra = {}) => ({
    enterprise_id: enterprise,
    data_year: year,
    revenue,
    tax_amount: tax,
    rd_investment: rd,
    ...extra,
  });
  await rows('crm_economic', [
    economic(E.alpha, 2022, 1000, 100, 50, { output_value: 500, employee_count: 10 }),
    economic(E.alpha, 2023, 2000, 300, 80, { output_value: 900, employee_count: 12 }),
    { id: ids.betaEconomic, ...economic(E.beta, 2023, 4000, 100, 0) },
    // Moved out: not the park's any more.
    economic(E.gamma, 2023, 9999, 9999, 9999),
  ]);
  const staff = (enterprise: string, dimission: string | null = null, id = nextId()) => ({
    id,
    enterprise_id: enterprise,
    staff_name: '员工',
    dimission_date: dimission,
  });
  await rows('crm_staff', [
    staff(E.alpha),
    staff(E.alpha, '2020-01-01'),
    staff(E.alpha, '2099-01-01', ids.staffStill),
    ...[1, 2, 3, 4].map(() => staff(E.beta)),
    ...[1, 2, 3, 4, 5].map(() => staff(E.gamma)),
  ]);
  const ip = (enterprise: string, type: number, status = 1) => ({
    enterprise_id: enterprise,
    patent_no: `ZL${nextId()}`,
    patent_name: '专利',
    patent_type: type,
    status,
  });
  await rows('crm_intellectual_property', [ip(E.alpha, 1), ip(E.alpha, 1), ip(E.alpha, 2, 0), ip(E.alpha, 4)]);
  const qualification = (enterprise: string, type: number, id = nextId()) => ({
    id,
    enterprise_id: enterprise,
    qualification_no: `Q${id}`,
    qualification_name: '资质',
    qualification_type: type,
  });
  await rows('crm_qualification', [qualification(E.alpha, 3), qualification(E.alpha, 1, ids.highTech)]);
  const certificate = (enterprise: string, type: number) => ({
    enterprise_id: enterprise,
    certificate_no: `C${nextId()}`,
    certificate_name: '证书',
    certificate_type: type,
  });
  await rows('crm_certificate', [certificate(E.alpha, 1), certificate(E.alpha, 1), certificate(E.beta, 2)]);
  await rows('crm_project', [{ enterprise_id: E.alpha, project_no: 'P1', project_name: '项目' }]);
  await rows('crm_standard', [{ enterprise_id: E.alpha, standard_no: 'S1', standard_name: '标准' }]);
  await rows('crm_rd_platform', [{ enterprise_id: E.alpha, platform_name: '研发中心' }]);
  const product = (name: string, year: number, value: number) => ({
    enterprise_id: E.alpha,
    product_name: name,
    production_year: year,
    capacity: 100,
    output: 80,
    output_value: value,
  });
  await rows('crm_production', [product('P2', 2023, 300), product('P1', 2023, 600), product('P3', 2021, 100)]);

  // Property: an office rented today, a room from 2099, a terminated contract; rent, meals, spaces, repairs, leases.
  const office = nextId();
  const room = nextId();
  const [k1, k2, k3] = [nextId(), nextId(), nextId()];
  const contract = (id: string, type: number, start: string, end: string, area: number, rent: number, extra = {}) => ({
    id,
    contract_no: `HT${id}`,
    contract_type: type,
    enterprise_id: E.alpha,
    start_date: start,
    end_date: end,
    unit_price: 10,
    lease_area: area,
    monthly_rent: rent,
    ...extra,
  });
  await rows('property_office', [{ id: office, office_name: 'A101', storey_id: 1, build_area: 100 }]);
  await rows('property_room', [{ id: room, room_name: 'R1', storey_id: 1, build_area: 50 }]);
  await rows('property_room_contract', [
    contract(k1, 1, '2020-01-01', '2099-12-31', 100, 1000, { monthly_fee: 200, unit_names: 'A101' }),
    contract(k2, 2, '2099-01-01', '2099-12-31', 50, 500, { unit_names: 'R1' }),
    contract(k3, 1, '2020-01-01', '2099-12-31', 999, 9999, { lease_status: 1 }),
  ]);
  await rows('property_contract_unit', [
    { contract_id: k1, unit_type: 1, unit_id: office, start_date: '2020-01-01', end_date: '2099-12-31' },
    { contract_id: k2, unit_type: 2, unit_id: room, start_date: '2099-01-01', end_date: '2099-12-31' },
  ]);
  const cost = (enterprise: string, due: string, amount: number, extra = {}) => ({
    contract_id: k1,
    enterprise_id: enterprise,
    period_no: 1,
    period_start: due,
    period_end: due,
    due_date: due,
    amount_due: amount,
    ...extra,
  });
  await rows('property_lease_contract_cost', [
    cost(E.alpha, yearStart, 1200, { pay_status: 1, paid_amount: 1200 }),
    cost(E.alpha, today, 1200),
    { id: ids.overdueCost, ...cost(E.alpha, '2020-02-01', 300, { paid_amount: 100 }) },
    cost(E.beta, today, 7777),
  ]);
  const order = (enterprise: string, day: string, price: number, status = 0) => ({
    order_no: `DC${nextId()}`,
    meal_id: nextId(),
    category_meal_id: 1,
    meal_date: day,
    user_id: nextId(),
    enterprise_id: enterprise,
    price,
    order_meal_status: status,
  });
  await rows('dhm_order_meal', [
    order(E.alpha, today, 15),
    order(E.alpha, today, 20, 1),
    order(E.alpha, today, 99, 2),
    order(E.alpha, '2020-01-01', 15),
    order(E.beta, today, 15),
  ]);
  const booking = (enterprise: string, from: string, to: string, status = 1, extra = {}) => ({
    space_id: 1,
    reserve_date: today,
    start_at: `${today} ${from}`,
    end_at: `${today} ${to}`,
    subject: '会议',
    user_id: nextId(),
    enterprise_id: enterprise,
    reserve_status: status,
    ...extra,
  });
  await rows('property_space_reservation', [
    booking(E.alpha, '09:00:00', '11:00:00'),
    booking(E.alpha, '09:30:00', '10:00:00', 2),
    // Rejected: no booking.
    booking(E.alpha, '14:00:00', '16:00:00', 1, { approval_status: 3, approval_reason: '冲突' }),
    booking(E.beta, '12:00:00', '13:00:00'),
  ]);
  const repair = (status: number, extra = {}) => ({
    fault_type: 1,
    location: '一楼',
    enterprise_id: E.alpha,
    description: '漏水',
    contact_phone: '13800000000',
    repair_status: status,
    create_user: t.adminId,
    repair_no: `BX${nextId()}`,
    ...extra,
  });
  await rows('property_repair', [
    repair(0),
    repair(2, { assignee: t.adminId }),
    repair(3, { assignee: t.adminId, result: '修好了' }),
    repair(5),
  ]);
  const lease = (status: number, rent: number) => ({
    lease_no: `ZL${nextId()}`,
    enterprise_id: E.alpha,
    facility_name: '示波器',
    facility_type: 1,
    quantity: 1,
    start_date: '2020-01-01',
    end_date: '2099-12-31',
    monthly_rent: rent,
    lease_status: status,
  });
  await rows('finance_facility_lease', [lease(0, 800), lease(1, 5000)]);
});
afterAll(() => server.close());

describe('the operator', () => {
  it('lists the enterprises by name, searched and paged', async () => {
    const all = await data(admin, 'list?size=10');
    expect(all.total).toBe(4);
    expect(all.records.map((r: { enterpriseName: string }) => r.enterpriseName)).toEqual([
      'Alpha 科技',
      'Beta 制造',
      'Delta 空白',
      'Gamma 迁出',
    ]);
    expect(all.records[0]).toEqual({
      id: E.alpha,
      enterpriseName: 'Alpha 科技',
      industry: ids.industry,
      status: 1,
      entryDate: '2021-03-01',
    });
    const searched = await data(admin, `list?enterpriseName=${encodeURIComponent('ta')}&size=1`);
    expect(searched.total).toBe(2);
    expect(searched.records.map((r: { id: string }) => r.id)).toEqual([E.beta]);
  });

  it("reads an enterprise's profile", async () => {
    expect(await data(admin, `enterprise?id=${E.alpha}`)).toMatchObject({
      id: E.alpha,
      enterpriseName: 'Alpha 科技',
      industry: ids.industry,
      industryName: '软件和信息技术服务业',
      registeredCapital: 20_000_000,
      scale: 3,
      scaleName: '中型(1000万至5000万元)',
      agentName: '张三',
      entryDate: '2021-03-01',
      status: 1,
      legalPerson: '李四',
      staff: 2,
      intellectualProperty: 3,
      qualification: 2,
      certificate: 2,
      project: 1,
      standard: 1,
      rdPlatform: 1,
    });
    expect(await data(admin, `enterprise?id=${E.delta}`)).toMatchObject({ scale: null, scaleName: null, staff: 0 });
  });

  it('gives the economy and production per year, and the latest products', async () => {
    const p = await data(admin, `production?id=${E.alpha}`);
    expect(p.years).toEqual([
      {
        year: 2021,
        revenue: null,
        taxAmount: null,
        outputValue: null,
        rdInvestment: null,
        employeeCount: null,
        products: 1,
        productOutputValue: 100,
      },
      {
        year: 2022,
        revenue: 1000,
        taxAmount: 100,
        outputValue: 500,
        rdInvestment: 50,
        employeeCount: 10,
        products: 0,
        productOutputValue: null,
      },
      {
        year: 2023,
        revenue: 2000,
        taxAmount: 300,
        outputValue: 900,
        rdInvestment: 80,
        employeeCount: 12,
        products: 2,
        productOutputValue: 900,
      },
    ]);
    expect(p.products).toEqual([
      { productName: 'P1', year: 2023, capacity: 100, output: 80, outputValue: 600 },
      { productName: 'P2', year: 2023, capacity: 100, output: 80, outputValue: 300 },
    ]);
    expect(await data(admin, `production?id=${E.delta}`)).toEqual({ years: [], products: [] });
  });

  it('tags it from its rows, in the caller’s language', async () => {
    expect(await data(admin, `tags?id=${E.alpha}`)).toEqual([
      { kind: 'industry', key: 'industry', label: '软件和信息技术服务业' },
      { kind: 'scale', key: '3', label: '中型(1000万至5000万元)' },
      { kind: 'qualification', key: '1', label: '高新技术企业', count: 1 },
      { kind: 'qualification', key: '3', label: '科技型中小企业', count: 1 },
      { kind: 'patent', key: '1', label: '发明专利', count: 2 },
      { kind: 'patent', key: '4', label: '软件著作权', count: 1 },
      { kind: 'certificate', key: '1', label: '荣誉证书', count: 2 },
    ]);
    const en = await data(admin, `tags?id=${E.alpha}`, 'GET', 'en');
    expect(en.find((tag: { kind: string }) => tag.kind === 'scale').label).toBe('Medium (10M to 50M yuan)');
    expect(await data(admin, `tags?id=${E.delta}`)).toEqual([]);
  });

  it('sums the park resources it takes', async () => {
    const r = await data(admin, `resource?id=${E.alpha}`);
    expect(r).toMatchObject({
      offices: 1,
      rooms: 0,
      leasedArea: 100,
      monthlyRent: 1200,
      rentDueThisYear: 2400,
      rentPaidThisYear: 1200,
      rentOverdue: 200,
      mealsThisMonth: 2,
      mealAmountThisMonth: 35,
      spaceBookingsThisMonth: 1,
      spaceHoursThisMonth: 2,
      openRepairs: 2,
      facilityLeases: 1,
      facilityMonthlyRent: 800,
    });
    expect(r.contracts.map((c: { unitNames: string }) => c.unitNames)).toEqual(['A101', 'R1']);
    expect(r.contracts[0]).toMatchObject({ leaseArea: 100, monthlyRent: 1000, monthlyFee: 200, contractType: 1 });
  });

  it('sets it against the park on the radar', async () => {
    const radar = await data(admin, `radar-data?id=${E.alpha}`);
    // The park: Alpha, Beta and Delta (Gamma moved out); 2023 is Alpha's latest economic year.
    expect(radar.year).toBe(2023);
    expect(radar.enterprises).toBe(3);
    const axes = Object.fromEntries(radar.axes.map((a: { key: string }) => [a.key, a]));
    expect(Object.keys(axes)).toEqual([
      'revenue',
      'taxAmount',
      'rdInvestment',
      'staff',
      'intellectualProperty',
      'certificate',
    ]);
    expect(axes.revenue).toEqual({
      key: 'revenue',
      value: 2000,
      average: 2000,
      max: 4000,
      score: 50,
      averageScore: 50,
    });
    expect(axes.taxAmount).toMatchObject({ value: 300, max: 300, score: 100, averageScore: 44.4 });
    expect(axes.taxAmount.average).toBeCloseTo(400 / 3, 6);
    expect(axes.rdInvestment).toMatchObject({ value: 80, max: 80, score: 100, averageScore: 33.3 });
    expect(axes.staff).toEqual({ key: 'staff', value: 2, average: 2, max: 4, score: 50, averageScore: 50 });
    expect(axes.intellectualProperty).toMatchObject({ value: 3, average: 1, max: 3, score: 100, averageScore: 33.3 });
    expect(axes.certificate).toMatchObject({ value: 2, average: 1, max: 2, score: 100, averageScore: 50 });

    const y2022 = await data(admin, `radar-data?id=${E.alpha}&year=2022`);
    expect(y2022.axes[0]).toMatchObject({ value: 1000, max: 1000, score: 100, averageScore: 33.3 });
    // An enterprise that moved out is still set against the park, itself counted in.
    const gamma = await data(admin, `radar-data?id=${E.gamma}`);
    expect(gamma.enterprises).toBe(4);
    expect(gamma.axes[0]).toMatchObject({ value: 9999, max: 9999, score: 100 });
  });

  it('refuses a missing or malformed id or year with 400, an unknown enterprise with 404', async () => {
    for (const path of ['enterprise', 'tags?id=abc', `radar-data?id=${E.alpha}&year=20x3`, 'resource?id=-1']) {
      const res = await call(admin, path);
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toBeTruthy();
    }
    expect((await call(admin, `enterprise?id=${nextId()}`)).status).toBe(404);
    await sql('update crm_enterprise set is_deleted = 1 where id = $1', [E.delta]);
    expect((await call(admin, `production?id=${E.delta}`)).status).toBe(404);
    await sql('update crm_enterprise set is_deleted = 0 where id = $1', [E.delta]);
  });

  it('follows changed rows', async () => {
    await sql('update crm_economic set revenue = 1000 where id = $1', [ids.betaEconomic]);
    await sql('update crm_qualification set is_deleted = 1 where id = $1', [ids.highTech]);
    await sql('update property_lease_contract_cost set pay_status = 1, paid_amount = 300 where id = $1', [
      ids.overdueCost,
    ]);
    await sql(`update crm_staff set dimission_date = '2020-06-01' where id = $1`, [ids.staffStill]);
    await rows('crm_production', [
      { enterprise_id: E.alpha, product_name: 'P4', production_year: 2024, output_value: 50 },
    ]);

    const radar = await data(admin, `radar-data?id=${E.alpha}`);
    expect(radar.axes[0]).toMatchObject({ value: 2000, average: 1000, max: 2000, score: 100, averageScore: 50 });
    expect(radar.axes[3]).toMatchObject({ value: 1, max: 4, score: 25 });
    expect(await data(admin, `enterprise?id=${E.alpha}`)).toMatchObject({ qualification: 1, staff: 1 });
    const tags = await data(admin, `tags?id=${E.alpha}`);
    expect(tags.filter((tag: { kind: string }) => tag.kind === 'qualification')).toEqual([
      { kind: 'qualification', key: '3', label: '科技型中小企业', count: 1 },
    ]);
    expect((await data(admin, `resource?id=${E.alpha}`)).rentOverdue).toBe(0);
    const p = await data(admin, `production?id=${E.alpha}`);
    expect(p.years.at(-1)).toMatchObject({ year: 2024, products: 1, productOutputValue: 50, revenue: null });
    expect(p.products.map((x: { productName: string }) => x.productName)).toEqual(['P4']);
  });

  it('keeps a default enterprise per user, the first of the list until one is chosen', async () => {
    expect(await data(admin, 'getDefaultEnterprise')).toEqual({
      id: E.alpha,
      enterpriseName: 'Alpha 科技',
      chosen: false,
    });
    expect((await call(admin, `setDefaultEnterprise/${E.beta}`, 'POST')).body.code).toBe(200);
    expect(await data(admin, 'getDefaultEnterprise')).toEqual({
      id: E.beta,
      enterpriseName: 'Beta 制造',
      chosen: true,
    });
    // Chosen again: the one row is rewritten.
    await data(admin, `setDefaultEnterprise/${E.gamma}`, 'POST');
    expect((await data(admin, 'getDefaultEnterprise')).id).toBe(E.gamma);
    const [{ n }] = await sql('select count(*)::int as n from decision_overview_default where user_id = $1', [
      t.adminId,
    ]);
    expect(n).toBe(1);
    expect((await call(admin, 'setDefaultEnterprise/abc', 'POST')).status).toBe(400);
    expect((await call(admin, `setDefaultEnterprise/${nextId()}`, 'POST')).status).toBe(404);
    // A chosen enterprise that is gone gives way to the first again.
    await sql('update crm_enterprise set is_deleted = 1 where id = $1', [E.gamma]);
    expect(await data(admin, 'getDefaultEnterprise')).toMatchObject({ id: E.alpha, chosen: false });
    await sql('update crm_enterprise set is_deleted = 0 where id = $1', [E.gamma]);
  });
});

describe('who sees which enterprise', () => {
  it('narrows a park user to the enterprises of their data scope', async () => {
    const dept = nextId();
    const { roleId } = await userWithScreens('ov_scoped', ['/decision/overview'], { dept_id: dept });
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const [menu] = await q.query<{ id: string }>(`select id from blade_menu where code = 'overview'`);
      const scopeId = nextId();
      await insertRows(q, 'blade_scope_data', [
        {
          id: scopeId,
          menu_id: menu.id,
          resource_code: 'enterprise',
          scope_name: '本部门企业',
          scope_column: 'create_dept',
          scope_type: 3,
        },
      ]);
      await insertRows(q, 'blade_role_scope', [
        { id: nextId(), scope_category: 1, scope_id: scopeId, role_id: roleId },
      ]);
      await q.query('update crm_enterprise set create_dept = $1 where id = $2', [dept, E.beta]);
    });
    await invalidatePermissions(server.platform);
    const scoped = await login(server, 'ov_scoped', 'pass', TENANT);
    const list = await data(scoped, 'list');
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([E.beta]);
    expect((await call(scoped, `enterprise?id=${E.alpha}`)).status).toBe(404);
    expect((await data(scoped, `enterprise?id=${E.beta}`)).enterpriseName).toBe('Beta 制造');
    expect(await data(scoped, 'getDefaultEnterprise')).toMatchObject({ id: E.beta, chosen: false });
    // The park it is set against is still the whole park.
    expect((await data(scoped, `radar-data?id=${E.beta}`)).enterprises).toBe(3);
  });

  it("keeps a company account to its own enterprise's overview", async () => {
    await userWithScreens('ov_company', ['/decision/overview'], { user_type: 2, enterprise_id: E.alpha });
    const company = await login(server, 'ov_company', 'pass', TENANT, 'web');
    const list = await data(company, 'list');
    expect(list.total).toBe(1);
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([E.alpha]);
    for (const path of ['enterprise', 'production', 'tags', 'resource', 'radar-data']) {
      expect((await call(company, `${path}?id=${E.beta}`)).status, path).toBe(404);
      expect((await call(company, `${path}?id=${E.alpha}`)).status, path).toBe(200);
    }
    expect((await call(company, `setDefaultEnterprise/${E.beta}`, 'POST')).status).toBe(404);
    expect(await data(company, 'getDefaultEnterprise')).toMatchObject({ id: E.alpha, chosen: false });
    await data(company, `setDefaultEnterprise/${E.alpha}`, 'POST');
    expect(await data(company, 'getDefaultEnterprise')).toMatchObject({ id: E.alpha, chosen: true });
  });

  it('refuses the screen to whoever does not hold it, the seeded company role among them', async () => {
    await userWithScreens('ov_none', ['/crm/enterprise']);
    const none = await login(server, 'ov_none', 'pass', TENANT);
    expect((await call(none, 'list')).status).toBe(403);
    await userWithScreens('ov_plain', ['/crm/my-enterprise'], { user_type: 2, enterprise_id: E.alpha });
    const plain = await login(server, 'ov_plain', 'pass', TENANT, 'web');
    expect((await call(plain, `enterprise?id=${E.alpha}`)).status).toBe(403);
  });
});
