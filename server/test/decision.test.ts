import { DEFAULT_COCKPIT_LAYOUT } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * 驾驶舱 and the analyses (blade-decision/cockpit and /analyse): every figure against rows written here to a
 * tenant of its own, by hand: enterprises in the park, one moved out and one removed whose rows count nowhere,
 * removed rows left out; a row changed and the figures following; the layout saved, read back and refused when
 * it is wrong; the screens that open each call; company accounts refused.
 */
const TENANT = '650001';
const COCKPIT = '/api/blade-decision/cockpit';
const ANALYSE = '/api/blade-decision/analyse';
let server: TestServer;
let token: string;
let thisYear: number;
let today: string;

const write = (table: string, rows: Record<string, unknown>[]) =>
  server.platform.db.tx(TENANT, (q) =>
    insertRows(
      q,
      table,
      rows.map((r) => ({ id: nextId(), tenant_id: TENANT, ...r })),
    ),
  );
const sql = (text: string, params: unknown[] = []) => server.platform.db.tx(TENANT, (q) => q.query(text, params));

async function get(url: string, as = token) {
  const res = await server.call({ method: 'GET', url, token: as });
  expect(res.body.code, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

/** The answer of a call expected to be refused as bad input, in Chinese and in English. */
async function refused(method: 'GET' | 'POST', url: string, payload?: object) {
  const zh = await server.call({ method, url, token, payload });
  expect(zh.body, url).toMatchObject({ code: 400, success: false });
  const en = await server.call({ method, url, token, payload, headers: { 'accept-language': 'en' } });
  expect(en.body.code).toBe(400);
  return { zh: zh.body.msg as string, en: en.body.msg as string };
}

const industry = { it: nextId(), bio: nextId() };
/** A, B, C and F in the park; D moved out, E removed. Latin prefixes keep the name order the same in every collation. */
const ent = { A: nextId(), B: nextId(), C: nextId(), D: nextId(), E: nextId(), F: nextId() };
const names = { A: 'DA 甲科技', B: 'DB 乙医药', C: 'DC 丙制造' };

beforeAll(async () => {
  server = await startServer();
  await createTenant(server, TENANT);
  token = await login(server, 'admin', 'admin', TENANT);
  [{ today }] = await server.platform.db.scoped(TENANT, (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  thisYear = Number(today.slice(0, 4));
  await write('basic_industry', [
    { id: industry.it, industry_name: '电子信息' },
    { id: industry.bio, industry_name: '生物医药', sort: 2 },
  ]);
  const enterprise = (id: string, name: string, more: Record<string, unknown>) => ({
    id,
    enterprise_name: name,
    ...more,
  });
  await write('crm_enterprise', [
    enterprise(ent.A, names.A, {
      industry: industry.it,
      registered_capital: 20_000_000,
      entry_date: `${thisYear}-01-01`,
    }),
    enterprise(ent.B, names.B, { industry: industry.bio, registered_capital: 500_000, entry_date: '2020-05-01' }),
    enterprise(ent.C, names.C, { industry: industry.it, registered_capital: 60_000_000, entry_date: '2021-03-01' }),
    enterprise(ent.D, 'DD 丁迁出', { industry: industry.bio, registered_capital: 2_000_000, status: 0 }),
    enterprise(ent.E, 'DE 戊删除', { industry: industry.it, registered_capital: 2_000_000, is_deleted: 1 }),
    enterprise(ent.F, 'DF 己新设', {}),
  ]);
  const economic = (
    e: string,
    year: number,
    revenue: number | null,
    tax: number,
    output: number,
    rd: number | null,
    staff: number,
    more = {},
  ) => ({
    enterprise_id: e,
    data_year: year,
    revenue,
    tax_amount: tax,
    output_value: output,
    rd_investment: rd,
    employee_count: staff,
    ...more,
  });
  await write('crm_economic', [
    economic(ent.A, 2022, 1000, 100, 1500, 50, 10),
    economic(ent.A, 2023, 3000, 200, 4000, 80, 12),
    economic(ent.A, 2023, 88_888, 1, 1, 1, 1, { is_deleted: 1 }),
    economic(ent.B, 2021, 700, 70, 0, null, 25),
    economic(ent.B, 2023, 5000, 150, 0, null, 30),
    economic(ent.C, 2023, 2000, 300, 2500, 120, 20),
    // Moved out: its later year would be the latest, its figures the largest.
    economic(ent.D, 2024, 99_999, 9999, 9999, 9999, 99),
    economic(ent.E, 2023, 77_777, 7777, 7777, 7777, 77),
  ]);
  const staff = (
    e: string,
    join: string | null,
    leave: string | null,
    identity: number,
    education: string,
    more = {},
  ) => ({
    enterprise_id: e,
    staff_name: `员工${nextId().slice(-4)}`,
    join_date: join,
    dimission_date: leave,
    identity_type: identity,
    qualification: education,
    ...more,
  });
  const inTenDays = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  await write('crm_staff', [
    staff(ent.A, '2020-01-01', null, 1, '硕士'),
    staff(ent.A, '2019-01-01', '2022-06-30', 2, '博士'), // left
    staff(ent.A, null, null, 3, '本科'),
    staff(ent.A, '2020-01-01', null, 3, '本科', { is_deleted: 1 }),
    staff(ent.B, '2022-03-01', null, 2, '本科'),
    staff(ent.C, inTenDays, null, 2, '本科'), // not joined yet
    staff(ent.D, '2020-01-01', null, 1, '硕士'),
  ]);
  const ip = (e: string, type: number, status: number, granted: string) => ({
    enterprise_id: e,
    patent_no: `ZL${nextId()}`,
    patent_name: '一种方法',
    patent_type: type,
    status,
    grant_pub_date: granted,
  });
  await write('crm_intellectual_property', [
    ip(ent.A, 1, 1, '2022-05-01'),
    ip(ent.A, 2, 1, '2023-01-01'),
    ip(ent.A, 1, 0, '2023-02-01'), // invalid
    ip(ent.C, 1, 1, '2023-08-08'),
    ip(ent.D, 1, 1, '2023-08-08'),
  ]);
  const certificate = (e: string, type: number, acquired: string) => ({
    enterprise_id: e,
    certificate_no: `ZS${nextId()}`,
    certificate_name: '优胜奖',
    certificate_type: type,
    acquisition_date: acquired,
  });
  await write('crm_certificate', [
    certificate(ent.A, 1, '2023-03-01'),
    certificate(ent.A, 2, '2022-01-01'),
    certificate(ent.B, 2, '2023-06-01'),
    certificate(ent.D, 1, '2023-06-01'),
  ]);
  await write('crm_qualification', [
    { enterprise_id: ent.A, qualification_no: 'GR1', qualification_name: '高新技术企业', qualification_type: 1 },
    { enterprise_id: ent.D, qualification_no: 'GR2', qualification_name: '高新技术企业', qualification_type: 1 },
  ]);
  await write('crm_project', [{ enterprise_id: ent.B, project_no: 'XM1', project_name: '攻关' }]);
  const product = (e: string, year: number, value: number) => ({
    enterprise_id: e,
    product_name: `产品${nextId().slice(-4)}`,
    production_year: year,
    output_value: value,
  });
  await write('crm_production', [
    product(ent.A, 2023, 4000),
    product(ent.A, 2023, 1000),
    product(ent.B, 2023, 3000),
    product(ent.C, 2023, 2500),
    product(ent.C, 2022, 2000),
    product(ent.D, 2024, 9999),
  ]);
});
afterAll(() => server.close());

describe('驾驶舱 figures', () => {
  it('totals the park: enterprises, staff, the latest year’s economy, what it holds', async () => {
    expect(await get(`${COCKPIT}/total`)).toEqual({
      enterprises: 4,
      enteredThisYear: 1,
      staff: 3,
      year: 2023,
      revenue: 10_000,
      tax: 650,
      outputValue: 6500,
      rdInvestment: 200,
      ip: 3,
      inventions: 2,
      certificates: 3,
      qualifications: 1,
      projects: 1,
    });
  });

  it('divides the enterprises by industry, scale and status', async () => {
    expect(await get(`${COCKPIT}/statistics-enterprise`)).toEqual({
      byIndustry: [
        { industryId: industry.it, industryName: '电子信息', count: 2 },
        { industryId: industry.bio, industryName: '生物医药', count: 1 },
        { industryId: null, industryName: null, count: 1 },
      ],
      // 1 micro (B), 3 medium (A), 4 large (C), F without a capital.
      byScale: [
        { scale: 1, count: 1 },
        { scale: 3, count: 1 },
        { scale: 4, count: 1 },
        { scale: null, count: 1 },
      ],
      byStatus: [
        { status: 1, count: 4 },
        { status: 0, count: 1 },
      ],
    });
  });

  it('divides the staff on the roll and the valid intellectual property', async () => {
    expect(await get(`${COCKPIT}/statistics-staff`)).toEqual({
      byIdentity: [
        { identityType: 1, count: 1 },
        { identityType: 2, count: 1 },
        { identityType: 3, count: 1 },
      ],
      byEducation: [
        { education: '本科', count: 2 },
        { education: '硕士', count: 1 },
      ],
    });
    expect(await get(`${COCKPIT}/statistics-ip`)).toEqual({
      byType: [
        { patentType: 1, count: 2 },
        { patentType: 2, count: 1 },
      ],
    });
  });

  it('ranks the enterprises of the latest year by revenue, 10 unless asked, or by another column and year', async () => {
    const row = (rank: number, id: string, name: string, value: number) => ({
      rank,
      enterpriseId: id,
      enterpriseName: name,
      value,
    });
    expect(await get(`${COCKPIT}/rank-enterprise`)).toEqual({
      category: 'revenue',
      year: 2023,
      limit: 10,
      rows: [row(1, ent.B, names.B, 5000), row(2, ent.A, names.A, 3000), row(3, ent.C, names.C, 2000)],
    });
    const tax = await get(`${COCKPIT}/rank-enterprise?category=tax&limit=2`);
    expect(tax.rows).toEqual([row(1, ent.C, names.C, 300), row(2, ent.A, names.A, 200)]);
    expect(
      (await get(`${COCKPIT}/rank-enterprise?category=staff`)).rows.map((r: { value: number }) => r.value),
    ).toEqual([30, 20, 12]);
    expect((await get(`${COCKPIT}/rank-enterprise?category=rd&year=2022`)).rows).toEqual([row(1, ent.A, names.A, 50)]);
    expect((await get(`${COCKPIT}/rank-enterprise?year=2019`)).rows).toEqual([]);
  });

  it('refuses a category, limit or year it does not know, in both languages', async () => {
    const category = await refused('GET', `${COCKPIT}/rank-enterprise?category=profit`);
    expect(category.zh).toContain('category');
    expect(category.zh).toContain('revenue');
    expect(category.en).toBe('category must be one of: revenue, tax, output, rd, staff');
    for (const limit of ['0', '101', 'ten', '-1', '2.5']) {
      const msg = await refused('GET', `${COCKPIT}/rank-enterprise?limit=${limit}`);
      expect(msg.en).toBe('limit must be a whole number from 1 to 100');
    }
    expect((await refused('GET', `${ANALYSE}/rank-ip?year=23`)).zh).toBe('参数 year 应为 1900-2999 的整数');
    expect((await refused('GET', `${ANALYSE}/trend-revenue?years=0`)).en).toContain('years');
  });

  it('follows the rows: a figure changed, an enterprise moved out', async () => {
    await sql('update crm_economic set revenue = 500 where enterprise_id = $1 and data_year = 2023', [ent.B]);
    expect((await get(`${COCKPIT}/rank-enterprise`)).rows.map((r: { enterpriseId: string }) => r.enterpriseId)).toEqual(
      [ent.A, ent.C, ent.B],
    );
    expect((await get(`${COCKPIT}/total`)).revenue).toBe(5500);
    await sql('update crm_enterprise set status = 0 where id = $1', [ent.C]);
    const total = await get(`${COCKPIT}/total`);
    expect(total).toMatchObject({ enterprises: 3, revenue: 3500, tax: 350, ip: 2, inventions: 1 });
    expect((await get(`${ANALYSE}/rank-production`)).rows.map((r: { value: number }) => r.value)).toEqual([5000, 3000]);
    // Back as it was for the analyses below.
    await sql('update crm_enterprise set status = 1 where id = $1', [ent.C]);
    await sql('update crm_economic set revenue = 5000 where enterprise_id = $1 and data_year = 2023', [ent.B]);
  });
});

describe('analyses', () => {
  const values = (data: { rows: { enterpriseId: string; value: number }[] }) =>
    data.rows.map((r) => [r.enterpriseId, r.value]);

  it('ranks by staff on the roll: today, or at a year’s end', async () => {
    expect(await get(`${ANALYSE}/rank-staff`)).toMatchObject({ year: null, limit: 10 });
    expect(values(await get(`${ANALYSE}/rank-staff`))).toEqual([
      [ent.A, 2],
      [ent.B, 1],
    ]);
    // At the end of 2021: A's three (one left in 2022, one without a date), B's joined in 2022.
    expect(values(await get(`${ANALYSE}/rank-staff?year=2021`))).toEqual([[ent.A, 3]]);
  });

  it('ranks by valid intellectual property and by certificates, all or of a year', async () => {
    expect(values(await get(`${ANALYSE}/rank-ip`))).toEqual([
      [ent.A, 2],
      [ent.C, 1],
    ]);
    // A tie goes by name.
    expect(values(await get(`${ANALYSE}/rank-ip?year=2023&limit=5`))).toEqual([
      [ent.A, 1],
      [ent.C, 1],
    ]);
    expect(values(await get(`${ANALYSE}/rank-certificate`))).toEqual([
      [ent.A, 2],
      [ent.B, 1],
    ]);
    expect(values(await get(`${ANALYSE}/rank-certificate?year=2022`))).toEqual([[ent.A, 1]]);
  });

  it('ranks by output value of the latest production year unless asked', async () => {
    const latest = await get(`${ANALYSE}/rank-production`);
    expect(latest.year).toBe(2023);
    expect(values(latest)).toEqual([
      [ent.A, 5000],
      [ent.B, 3000],
      [ent.C, 2500],
    ]);
    expect(values(await get(`${ANALYSE}/rank-production?year=2022&limit=1`))).toEqual([[ent.C, 2000]]);
  });

  it('totals each year up to the latest, with the growth on the year before', async () => {
    expect(await get(`${ANALYSE}/trend-revenue?years=3`)).toEqual({
      metric: 'revenue',
      rows: [
        { year: 2021, value: 700, growth: null },
        { year: 2022, value: 1000, growth: 42.9 },
        { year: 2023, value: 10_000, growth: 900 },
      ],
    });
    const ip = await get(`${ANALYSE}/trend-ip`);
    expect(ip.rows).toHaveLength(10);
    expect(ip.rows[0].year).toBe(2014);
    expect(ip.rows.slice(-2)).toEqual([
      { year: 2022, value: 1, growth: null },
      { year: 2023, value: 2, growth: 100 },
    ]);
    expect((await get(`${ANALYSE}/trend-tax?years=1`)).rows).toEqual([{ year: 2023, value: 650, growth: null }]);
    expect((await get(`${ANALYSE}/trend-certificate?years=2`)).rows.map((r: { value: number }) => r.value)).toEqual([
      1, 2,
    ]);
    const entries = await get(`${ANALYSE}/trend-enterprise?years=${thisYear - 2019}`);
    expect(entries.rows[0]).toEqual({ year: 2020, value: 1, growth: null });
    expect(entries.rows.at(-1)).toMatchObject({ year: thisYear, value: 1 });
    expect(entries.rows.reduce((n: number, r: { value: number }) => n + r.value, 0)).toBe(3);
    await sql('update crm_economic set tax_amount = 0 where data_year = 2023');
    expect((await get(`${ANALYSE}/trend-tax?years=1`)).rows).toEqual([{ year: 2023, value: 0, growth: null }]);
  });

  it('divides the certificates by type and the production by industry', async () => {
    expect(await get(`${ANALYSE}/analyse-certificate`)).toEqual({
      year: null,
      rows: [
        { certificateType: 1, count: 1, enterprises: 1 },
        { certificateType: 2, count: 2, enterprises: 2 },
      ],
    });
    expect((await get(`${ANALYSE}/analyse-certificate?year=2022`)).rows).toEqual([
      { certificateType: 2, count: 1, enterprises: 1 },
    ]);
    expect(await get(`${ANALYSE}/analyse-production`)).toEqual({
      year: 2023,
      rows: [
        { industryId: industry.it, industryName: '电子信息', products: 3, enterprises: 2, outputValue: 7500 },
        { industryId: industry.bio, industryName: '生物医药', products: 1, enterprises: 1, outputValue: 3000 },
      ],
    });
    await sql('update crm_production set is_deleted = 1 where enterprise_id = $1', [ent.B]);
    expect((await get(`${ANALYSE}/analyse-production`)).rows).toHaveLength(1);
  });
});

describe('the cockpit’s layout', () => {
  const layout = {
    version: 1,
    cols: 24,
    rowHeight: 40,
    items: [
      { i: 'sum', widget: 'total', x: 0, y: 0, w: 24, h: 4, props: {} },
      { i: 'top', widget: 'rank-enterprise', x: 0, y: 4, w: 12, h: 10, props: { category: 'tax', limit: 5 } },
      { i: 'tax', widget: 'trend', x: 12, y: 4, w: 12, h: 10, props: { metric: 'tax', years: 5 } },
    ],
  };
  const save = (configureJson: unknown) =>
    server.call({ method: 'POST', url: `${COCKPIT}/saveConfigure`, token, payload: { configureJson } });

  it('answers the default layout until one is saved, then the saved one, per tenant', async () => {
    expect(await get(`${COCKPIT}/getConfigure`)).toEqual({
      id: null,
      configureJson: JSON.stringify(DEFAULT_COCKPIT_LAYOUT),
    });
    // As BladeX sends it, a string; a key the layout does not have is dropped.
    const first = await save(JSON.stringify({ ...layout, theme: 'dark' }));
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    const read = await get(`${COCKPIT}/getConfigure`);
    expect(read.id).toBe(first.body.data.id);
    expect(JSON.parse(read.configureJson)).toEqual(layout);
    // As an object too; the same row rewritten.
    const moved = { ...layout, items: layout.items.slice(0, 2) };
    const second = await save(moved);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(JSON.parse((await get(`${COCKPIT}/getConfigure`)).configureJson)).toEqual(moved);
    // Another tenant still has the default.
    const platformAdmin = await login(server, ADMIN.account, ADMIN.password);
    expect((await get(`${COCKPIT}/getConfigure`, platformAdmin)).id).toBeNull();
  });

  it('refuses an unknown widget, overlapping or out-of-grid items and bad settings, in both languages', async () => {
    const url = `${COCKPIT}/saveConfigure`;
    const withItem = (item: object) => ({ configureJson: { ...layout, items: [...layout.items, item] } });
    const unknown = await refused('POST', url, withItem({ i: 'x', widget: 'weather', x: 0, y: 14, w: 8, h: 8 }));
    expect(unknown).toEqual({
      zh: '驾驶舱布局有误：第 4 个部件：没有名为「weather」的部件',
      en: 'The cockpit layout is not valid: item 4: there is no widget "weather"',
    });
    const overlap = await refused('POST', url, withItem({ i: 'x', widget: 'rank-ip', x: 8, y: 10, w: 4, h: 6 }));
    expect(overlap.zh).toContain('与「top」重叠');
    expect(overlap.en).toContain('overlaps "top"');
    const outside = await refused('POST', url, withItem({ i: 'x', widget: 'rank-ip', x: 20, y: 14, w: 8, h: 6 }));
    expect(outside.en).toBe('The cockpit layout is not valid: item 4 is outside the grid (24 columns, 200 rows)');
    expect(
      (await refused('POST', url, withItem({ i: 'x', widget: 'rank-ip', x: -1, y: 14, w: 4, h: 6 }))).en,
    ).toContain('outside the grid');
    const small = await refused('POST', url, withItem({ i: 'x', widget: 'rank-ip', x: 0, y: 14, w: 2, h: 6 }));
    expect(small.en).toContain('needs at least 4×6 cells');
    const twice = await refused('POST', url, withItem({ i: 'top', widget: 'rank-ip', x: 0, y: 14, w: 4, h: 6 }));
    expect(twice.en).toContain('i "top" is used twice');
    const setting = await refused(
      'POST',
      url,
      withItem({ i: 'x', widget: 'rank-ip', x: 0, y: 14, w: 4, h: 6, props: { limit: 500 } }),
    );
    expect(setting.en).toBe('The cockpit layout is not valid: item 4: "limit" must be 1-100');
    expect(
      (await refused('POST', url, withItem({ i: 'x', widget: 'total', x: 0, y: 14, w: 6, h: 2, props: { a: 1 } }))).en,
    ).toContain('has no setting "a"');
    expect((await refused('POST', url, { configureJson: { ...layout, cols: 0 } })).en).toContain('cols');
    expect((await refused('POST', url, { configureJson: { ...layout, version: 2 } })).en).toContain('version');
    expect((await refused('POST', url, { configureJson: '{"version":' })).zh).toBe('驾驶舱布局不是合法的 JSON');
    expect((await refused('POST', url, {})).en).toContain('configureJson');
    // Nothing of it was stored.
    expect(JSON.parse((await get(`${COCKPIT}/getConfigure`)).configureJson).items).toHaveLength(2);
  });
});

describe('who may call', () => {
  it('opens the ranks to 排行榜, not the cockpit’s other figures', async () => {
    await createUserWithButtons(server, TENANT, 'ranker', ['rank']);
    const ranker = await login(server, 'ranker', 'pass', TENANT);
    expect((await get(`${COCKPIT}/rank-enterprise`, ranker)).rows).toHaveLength(3);
    expect((await get(`${ANALYSE}/rank-ip`, ranker)).rows).toHaveLength(2);
    for (const url of [`${COCKPIT}/total`, `${COCKPIT}/getConfigure`]) {
      expect((await server.call({ method: 'GET', url, token: ranker })).status, url).toBe(403);
    }
  });

  it("refuses a company account: the cockpit and the ranks are the park's", async () => {
    const admin = await login(server, ADMIN.account, ADMIN.password);
    await createEnterprise(server, admin, '驾驶舱企业', 'cockpit_company');
    const company = await login(server, 'cockpit_company', 'secret1', '000000', 'web');
    for (const url of [
      `${COCKPIT}/total`,
      `${COCKPIT}/rank-enterprise`,
      `${ANALYSE}/trend-revenue`,
      `${ANALYSE}/rank-ip`,
    ]) {
      expect((await server.call({ method: 'GET', url, token: company })).status, url).toBe(403);
    }
    const res = await server.call({
      method: 'POST',
      url: `${COCKPIT}/saveConfigure`,
      token: company,
      payload: { configureJson: DEFAULT_COCKPIT_LAYOUT },
    });
    expect(res.status).toBe(403);
  });
});
