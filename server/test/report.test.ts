import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportJob } from '../src/modules/report/job.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise } from './crm-fixtures.ts';
import {
  ADMIN,
  BASIC,
  createTenant,
  createUserWithButtons,
  login,
  startServer,
  type TestServer,
  type TestTenant,
} from './harness.ts';

/**
 * 报表管理 (blade-report/report/rest, issue 33): a month of fixture rows written to a tenant of its own, its report
 * made through `generate`, and every headline figure of the Excel file (read back with exceljs) against the figure
 * worked out by hand from those rows; a row changed and the figure following on the next generation (same row, new
 * files, the old ones deleted); the PDF; the list's shape, search and order; removal with the files; another tenant,
 * a company account and a role without the button refused; bad and future months refused in both languages;
 * concurrent generations making one row; a failed generation left failed with its reason; the monthly job through
 * the same function.
 */
const TENANT = '640001';
const OTHER = '640002';
const BASE = '/api/blade-report/report/rest';
let server: TestServer;
let tenant: TestTenant;
let token: string;
/** Last month (the report's), this month and the one before last (yyyy-MM), by the database's clock. */
let M: string;
let THIS: string;
let EARLIER: string;
/** The day before last month began (yyyy-MM-dd). */
let BEFORE_M: string;

const write = (table: string, rows: Record<string, unknown>[]) =>
  server.platform.db.tx(TENANT, (q) => insertRows(q, table, rows));
const sql = <T extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.tx(TENANT, (q) => q.query<T>(text, params));

const ids = {
  buildingA: nextId(),
  floorA1: nextId(),
  buildingB: nextId(),
  r1: nextId(),
  r2: nextId(),
  r3: nextId(),
  o1: nextId(),
  enterprise: nextId(),
  unpaid: nextId(),
};

async function seedFixtures() {
  const base = { tenant_id: TENANT };
  // Enterprises: two in during the month, one out in it, one in for years, one in after it, one out after it.
  const enterprise = (name: string, entry: string | null, status: number, update?: string) => ({
    ...base,
    id: name === '老企业' ? ids.enterprise : nextId(),
    enterprise_name: name,
    entry_date: entry,
    status,
    create_time: '2020-01-01 00:00:00',
    update_time: update ?? '2020-01-01 00:00:00',
  });
  await write('crm_enterprise', [
    enterprise('迁入甲', `${M}-05`, 1),
    enterprise('迁入乙', `${M}-10`, 1),
    enterprise('迁出丙', '2020-01-01', 2, `${M}-20 10:00:00`),
    enterprise('老企业', '2020-01-01', 1),
    enterprise('新企业', `${THIS}-01`, 1),
    enterprise('后迁出', '2020-01-01', 2, `${THIS}-01 08:00:00`),
  ]);

  // Building A with floor A1 (rooms r1 50 m2 leased, r2 30 m2 free, r3 20 m2 whose lease ended mid-month); building B
  // with office o1 (100 m2) on the building itself, leased.
  await write('property_storey', [
    { ...base, id: ids.buildingA, storey_name: 'A座', ancestors: '0', storey_type: 1, sort: 1 },
    {
      ...base,
      id: ids.floorA1,
      parent_id: ids.buildingA,
      ancestors: `0,${ids.buildingA}`,
      storey_name: '1层',
      storey_type: 2,
    },
    { ...base, id: ids.buildingB, storey_name: 'B座', ancestors: '0', storey_type: 1, sort: 2 },
  ]);
  await write('property_room', [
    { ...base, id: ids.r1, room_name: '101', storey_id: ids.floorA1, build_area: 50 },
    { ...base, id: ids.r2, room_name: '102', storey_id: ids.floorA1, build_area: 30 },
    { ...base, id: ids.r3, room_name: '103', storey_id: ids.floorA1, build_area: 20 },
  ]);
  await write('property_office', [
    { ...base, id: ids.o1, office_name: 'B01', storey_id: ids.buildingB, build_area: 100 },
  ]);
  const unit = (type: number, id: string, start: string, end: string) => ({
    ...base,
    id: nextId(),
    contract_id: nextId(),
    unit_type: type,
    unit_id: id,
    start_date: start,
    end_date: end,
  });
  await write('property_contract_unit', [
    unit(2, ids.r1, '2020-01-01', '2099-12-31'),
    unit(2, ids.r3, '2020-01-01', `${M}-15`),
    unit(1, ids.o1, '2020-01-01', '2099-12-31'),
  ]);

  // Rent due in the month: 1,000 paid, 500 paid without a figure (counted in full), 800 unpaid and past due; 9,999
  // due in another month.
  const cost = (id: string, due: string, amount: number, paid: boolean, paidAmount?: number) => ({
    ...base,
    id,
    contract_id: nextId(),
    enterprise_id: ids.enterprise,
    period_no: 1,
    period_start: due,
    period_end: due,
    due_date: due,
    amount_due: amount,
    pay_status: paid ? 1 : 0,
    paid_amount: paidAmount ?? null,
  });
  await write('property_lease_contract_cost', [
    cost(nextId(), `${M}-01`, 1000, true, 1000),
    cost(nextId(), `${M}-05`, 500, true),
    cost(ids.unpaid, `${M}-10`, 800, false),
    cost(nextId(), `${EARLIER}-10`, 9999, false),
  ]);

  // Repairs: R1 on r1 (A) opened and closed in 4 h; R2 on o1 (B) waiting; R3 (no unit) reported the day before the
  // month, closed on its 2nd after 48 h; R4 on r2 (A) opened, finished only this month; R5 (no unit) opened and
  // cancelled in the month; R6 reported this month.
  const repair = (
    no: string,
    created: string,
    status: number,
    fault: number,
    where: { office?: string; room?: string },
    finished?: string,
    updated?: string,
  ) => ({
    ...base,
    id: nextId(),
    repair_no: `BX${no}${nextId().slice(-6)}`,
    fault_type: fault,
    location: '园区',
    office_id: where.office ?? null,
    room_id: where.room ?? null,
    description: '报修',
    contact_phone: '13800000000',
    repair_status: status,
    assignee: status === 0 || status === 5 ? null : '1',
    result: status === 3 || status === 4 ? '已修复' : null,
    rating: status === 4 ? 5 : null,
    create_user: '1',
    create_time: created,
    finish_time: finished ?? null,
    update_time: updated ?? created,
  });
  await write('property_repair', [
    repair('1', `${M}-03 08:00:00`, 3, 1, { room: ids.r1 }, `${M}-03 12:00:00`),
    repair('2', `${M}-10 08:00:00`, 0, 2, { office: ids.o1 }),
    repair('3', `${BEFORE_M} 10:00:00`, 4, 1, {}, `${M}-02 10:00:00`),
    repair('4', `${M}-20 08:00:00`, 3, 2, { room: ids.r2 }, `${THIS}-01 09:00:00`),
    repair('5', `${M}-25 08:00:00`, 5, 3, {}, undefined, `${M}-26 08:00:00`),
    repair('6', `${THIS}-01 07:00:00`, 0, 1, {}),
  ]);

  // Meals: three booked for the month (one written off), one cancelled, one in another month.
  const order = (date: string, status: number) => ({
    ...base,
    id: nextId(),
    order_no: `DC${nextId()}`,
    meal_id: '1',
    category_meal_id: '1',
    meal_date: date,
    user_id: nextId(),
    order_meal_status: status,
  });
  await write('dhm_order_meal', [
    order(`${M}-03`, 0),
    order(`${M}-03`, 1),
    order(`${M}-03`, 2),
    order(`${M}-15`, 0),
    order(`${EARLIER}-15`, 0),
  ]);

  // Production reports due in the month: on time, late, overdue; one due in another month.
  const report = (title: string, due: string, submit: string | null) => ({
    ...base,
    id: nextId(),
    enterprise_id: ids.enterprise,
    title,
    report_type: 1,
    report_cycle: 4,
    period_start: due,
    period_end: due,
    due_date: due,
    submit_date: submit,
  });
  await write('prod_report', [
    report('按时', `${M}-10`, `${M}-09`),
    report('迟交', `${M}-10`, `${M}-12`),
    report('未交', `${M}-20`, null),
    report('别月', `${EARLIER}-20`, null),
  ]);

  // Chemicals: one over its limit.
  const chemical = (name: string, quantity: number, max: number) => ({
    ...base,
    id: nextId(),
    enterprise_id: ids.enterprise,
    chemical_name: name,
    quantity,
    unit: 1,
    max_quantity: max,
    storage_place: '仓库',
    responsible_person: '张三',
  });
  await write('prod_danger_chemical', [chemical('甲醇', 120, 100), chemical('乙醇', 10, 100)]);

  // Survey sheets: two handed in during the month by two people, one draft, one handed in another month.
  const survey = nextId();
  await write('qn_survey', [
    {
      ...base,
      id: survey,
      title: '满意度调查',
      form_id: nextId(),
      start_time: '2020-01-01 00:00:00',
      end_time: '2099-12-31 00:00:00',
      status: 1,
    },
  ]);
  const sheet = (respondent: string, status: number, submitted: string | null) => ({
    ...base,
    id: nextId(),
    survey_id: survey,
    form_id: nextId(),
    form_history_id: nextId(),
    form_version: 1,
    respondent_id: respondent,
    one_per_person: 0,
    status,
    submit_time: submitted,
  });
  const [p1, p2] = [nextId(), nextId()];
  await write('qn_survey_data', [
    sheet(p1, 1, `${M}-05 10:00:00`),
    sheet(p2, 1, `${M}-06 10:00:00`),
    sheet(nextId(), 0, null),
    sheet(p1, 1, `${EARLIER}-06 10:00:00`),
  ]);
}

/** Calls with the tenant's administrator unless told. */
const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: object; lang?: string } = {}) =>
  server.call({
    method,
    url,
    token: opts.token ?? token,
    payload: opts.payload,
    headers: opts.lang ? { 'accept-language': opts.lang } : undefined,
  });

async function generate(period: string, as = token) {
  const res = await call('POST', `${BASE}/generate`, { token: as, payload: { period } });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown> & { id: string };
}

/** A file's bytes as downloaded, and the name the server gives it. */
async function download(id: string, format: 'pdf' | 'xlsx', as = token) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${BASE}/download?id=${id}&format=${format}`,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${as}` },
  });
  return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers, body: res.body };
}

/** The 概览 sheet's figures by label, and each section sheet's rows. */
async function workbook(id: string) {
  const file = await download(id, 'xlsx');
  expect(file.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.bytes as unknown as ExcelJS.Buffer);
  const figures: Record<string, unknown> = {};
  book.getWorksheet('概览')!.eachRow((row) => {
    const label = row.getCell(2).value;
    if (typeof label === 'string' && label !== '指标' && row.getCell(1).value) figures[label] = row.getCell(3).value;
  });
  const rows = (sheet: string) => {
    const found: unknown[][] = [];
    book.getWorksheet(sheet)!.eachRow((row) => {
      found.push((row.values as unknown[]).slice(1));
    });
    return found;
  };
  return { figures, rows, sheets: book.worksheets.map((s) => s.name) };
}

beforeAll(async () => {
  server = await startServer();
  tenant = await createTenant(server, TENANT);
  await createTenant(server, OTHER);
  token = await login(server, 'admin', 'admin', TENANT);
  [{ M, THIS, EARLIER, BEFORE_M }] = await sql<{ M: string; THIS: string; EARLIER: string; BEFORE_M: string }>(
    `select to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM') as "M",
            to_char(current_date, 'YYYY-MM') as "THIS",
            to_char(date_trunc('month', current_date) - interval '2 months', 'YYYY-MM') as "EARLIER",
            to_char(date_trunc('month', current_date) - interval '1 month' - interval '1 day', 'YYYY-MM-DD') as "BEFORE_M"`,
  );
  await seedFixtures();
});
afterAll(() => server.close());

describe('the monthly park operations report', () => {
  let first: Record<string, unknown> & { id: string };

  it('generates last month from the rows and writes every figure into the Excel file', async () => {
    first = await generate(M);
    expect(first).toMatchObject({
      name: `园区运营月报 ${M}`,
      kind: 'monthly',
      period: M,
      reportStatus: 'done',
      createUserName: '管理员',
      failMessage: null,
    });
    expect(first.pdfSize).toBeGreaterThan(5000);
    expect(first.xlsxSize).toBeGreaterThan(5000);

    const { figures, rows, sheets } = await workbook(first.id);
    expect(sheets).toEqual([
      '概览',
      '入驻企业',
      '房源出租',
      '租金收缴',
      '报修服务',
      '食堂订餐',
      '生产报告',
      '危化品',
      '问卷调查',
    ]);
    expect(figures).toEqual({
      本月迁入企业: 2,
      本月迁出企业: 1,
      月末在园企业: 4,
      房源总数: 4,
      月末已出租房源: 2,
      建筑面积: 200,
      月末已出租面积: 150,
      出租率: 75,
      本月应收租金: 2300,
      本月已收租金: 1500,
      本月逾期未缴: 800,
      本月应收期数: 3,
      本月逾期期数: 1,
      本月新增报修: 4,
      本月完成报修: 2,
      月末未完成报修: 2,
      平均处理时长: 26,
      本月订餐份数: 3,
      本月应报报告: 3,
      按时提交: 1,
      逾期提交: 1,
      逾期未交: 1,
      未到截止日期: 0,
      超限危化品: 1,
      本月提交答卷: 2,
      本月答卷人数: 2,
    });

    // Per building: occupancy and repairs, in the buildings' order, the repairs on no unit apart.
    const occupancy = rows('房源出租');
    expect(occupancy).toContainEqual(['A座', 3, 1, 100, 50, 50]);
    expect(occupancy).toContainEqual(['B座', 1, 1, 100, 100, 100]);
    const repairs = rows('报修服务');
    const a = repairs.findIndex((r) => r[0] === 'A座');
    expect(repairs.slice(a, a + 3)).toEqual([
      ['A座', 2, 1, 1],
      ['B座', 1, 0, 1],
      ['未归属楼宇', 1, 1, 0],
    ]);
    // By fault type, named by the dictionary.
    expect(repairs).toContainEqual(['水电', 1, 2, 26]);
    expect(repairs.find((r) => r[0] === '空调暖通')?.slice(0, 3)).toEqual(['空调暖通', 2, 0]);
    // The lists behind the counts.
    const enterprises = rows('入驻企业').map((r) => r[0]);
    expect(enterprises).toEqual(expect.arrayContaining(['迁入甲', '迁入乙', '迁出丙']));
    expect(enterprises).not.toContain('新企业');
    expect(rows('危化品')).toContainEqual(['老企业', '甲醇', 120, 100, '仓库']);
    expect(rows('问卷调查')).toContainEqual(['满意度调查', 2]);
    const days = rows('食堂订餐').filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(String(r[0])));
    expect(days.length).toBeGreaterThanOrEqual(28);
    expect(days.find((r) => r[0] === `${M}-03`)).toEqual([`${M}-03`, 2]);
  });

  it('writes a PDF with the Chinese font embedded, named by the month', async () => {
    const pdf = await download(first.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length).toBe(first.pdfSize);
    expect(pdf.bytes.length).toBeGreaterThan(5000);
    // The font goes in as a subset (a 6-letter tag before its name), never referred to as a system font.
    expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(String(pdf.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`园区运营月报-${M}.pdf`)}`,
    );
    const xlsx = await download(first.id, 'xlsx');
    expect(xlsx.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(String(xlsx.headers['content-disposition'])).toContain(encodeURIComponent(`园区运营月报-${M}.xlsx`));
    const bad = await call('GET', `${BASE}/download?id=${first.id}&format=docx`);
    expect(bad.body).toMatchObject({ code: 400, msg: '文件格式应为 pdf 或 xlsx' });
  });

  it('follows a changed row when the month is made again: same row, new files, the old ones deleted', async () => {
    const [before] = await sql<{ pdf_file: string; xlsx_file: string }>(
      'select pdf_file, xlsx_file from report_file where id = $1',
      [first.id],
    );
    await sql('update property_lease_contract_cost set pay_status = 1, paid_amount = 800 where id = $1', [ids.unpaid]);
    const again = await generate(M);
    expect(again.id).toBe(first.id);
    const { figures } = await workbook(again.id);
    expect(figures).toMatchObject({ 本月已收租金: 2300, 本月逾期未缴: 0, 本月逾期期数: 0 });
    const [after] = await sql<{ pdf_file: string; xlsx_file: string }>(
      'select pdf_file, xlsx_file from report_file where id = $1',
      [first.id],
    );
    expect(after.pdf_file).not.toBe(before.pdf_file);
    expect(await server.platform.files.get(before.pdf_file)).toBeUndefined();
    expect(await server.platform.files.get(before.xlsx_file)).toBeUndefined();
    expect(await server.platform.files.get(after.pdf_file)).toBeDefined();
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from report_file where period = $1 and kind = 'monthly'",
      [M],
    );
    expect(n).toBe(1);
  });

  it('refuses a month that is not one, or is still to come, in both languages', async () => {
    for (const period of ['abc', '2026-13', '2026-1', '1969-12', '']) {
      const res = await call('POST', `${BASE}/generate`, { payload: { period } });
      expect(res.status, period).toBe(400);
    }
    const next = await sql<{ next: string }>(
      "select to_char(date_trunc('month', current_date) + interval '1 month', 'YYYY-MM') as next",
    );
    const zh = await call('POST', `${BASE}/generate?period=${next[0].next}`);
    expect(zh.body).toMatchObject({ code: 400, msg: `不能生成未来月份的报表（当前月份为 ${THIS}）` });
    const en = await call('POST', `${BASE}/generate`, { payload: { period: 'May' }, lang: 'en' });
    expect(en.body.msg).toBe('The report month must be given as YYYY-MM, for example 2026-10');
    const none = await call('POST', `${BASE}/generate`, { payload: {} });
    expect(none.status).toBe(400);
    // This month may be made (its stocks as of today).
    const current = await generate(THIS);
    expect(current.reportStatus).toBe('done');
  });

  it('makes one row of a month however many ask at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => call('POST', `${BASE}/generate`, { payload: { period: EARLIER } })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes).toContain(200);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.body).toMatchObject({ code: 400, msg: `${EARLIER} 的报表正在生成中，请稍后刷新查看` });
    }
    const rows = await sql<{ report_status: string }>(
      'select report_status from report_file where period = $1 and is_deleted = 0',
      [EARLIER],
    );
    expect(rows).toEqual([{ report_status: 'done' }]);
  });

  it('marks a generation that fails as failed, with its reason, never half-written; the next one finishes it', async () => {
    const { files } = server.platform;
    const put = files.put;
    files.put = async () => {
      throw new Error('磁盘已满');
    };
    try {
      const res = await call('POST', `${BASE}/generate`, { payload: { period: EARLIER } });
      expect(res.status).toBe(500);
    } finally {
      files.put = put;
    }
    const failed = await call('GET', `${BASE}/list?period=${EARLIER}`);
    expect(failed.body.data.records).toMatchObject([
      { period: EARLIER, reportStatus: 'failed', failMessage: '生成失败：磁盘已满' },
    ]);
    const refused = await download(failed.body.data.records[0].id, 'pdf');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 400, msg: '报表尚未生成完成，暂不能下载' });
    const again = await generate(EARLIER);
    expect(again).toMatchObject({ id: failed.body.data.records[0].id, reportStatus: 'done', failMessage: null });
  });

  it('lists reports as every list does: paged, newest first, searched by name or month, ordered by month', async () => {
    const page = await call('GET', `${BASE}/list?current=1&size=2`);
    expect(page.body.code).toBe(200);
    expect(Object.keys(page.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(page.body.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    // Newest first: the month before last (made last), then this month (last month's row was made first).
    expect(page.body.data.records.map((r: { period: string }) => r.period)).toEqual([EARLIER, THIS]);
    const byPeriod = await call('GET', `${BASE}/list?ascs=period`);
    expect(byPeriod.body.data.records.map((r: { period: string }) => r.period)).toEqual([EARLIER, M, THIS]);
    const searched = await call('GET', `${BASE}/list?period=${M}`);
    expect(searched.body.data.records.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const byName = await call('GET', `${BASE}/list?name=${encodeURIComponent('运营月报')}&descs=period`);
    expect(byName.body.data.total).toBe(3);
    expect(byName.body.data.records[0].period).toBe(THIS);
    const past = await call('GET', `${BASE}/list?current=9&size=10`);
    expect(past.body.data).toMatchObject({ records: [], total: 3 });
  });

  it("keeps another tenant's reports apart: its list is empty, its remove and download find nothing of ours", async () => {
    const other = await login(server, 'admin', 'admin', OTHER);
    const list = await call('GET', `${BASE}/list`, { token: other });
    expect(list.body.data).toMatchObject({ records: [], total: 0 });
    const remove = await call('POST', `${BASE}/remove?ids=${first.id}`, { token: other });
    expect(remove.body.code).toBe(400);
    expect((await download(first.id, 'pdf', other)).status).toBe(404);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from report_file where is_deleted = 0');
    expect(n).toBe(3);
  });

  it('refuses a company account, and a role without the button its call needs', async () => {
    const admin = await login(server, ADMIN.account, ADMIN.password);
    await createEnterprise(server, admin, '报表企业', 'report_company');
    const company = await login(server, 'report_company', 'secret1', '000000', 'web');
    for (const [method, url] of [
      ['GET', `${BASE}/list`],
      ['POST', `${BASE}/generate?period=${M}`],
      ['GET', `${BASE}/download?id=${first.id}`],
      ['POST', `${BASE}/remove?ids=${first.id}`],
    ] as const) {
      const res = await call(method, url, { token: company });
      expect(res.status, url).toBe(403);
    }

    await createUserWithButtons(server, TENANT, 'rpt_viewer', ['report', 'report_view'], tenant.deptId);
    const viewer = await login(server, 'rpt_viewer', 'pass', TENANT);
    expect((await call('GET', `${BASE}/list`, { token: viewer })).status).toBe(200);
    expect((await download(first.id, 'xlsx', viewer)).status).toBe(200);
    expect((await call('POST', `${BASE}/generate?period=${M}`, { token: viewer })).status).toBe(403);
    expect((await call('POST', `${BASE}/remove?ids=${first.id}`, { token: viewer })).status).toBe(403);
  });

  it('removes a report with its files, and a removed month can be made anew', async () => {
    const [stored] = await sql<{ pdf_file: string; xlsx_file: string }>(
      'select pdf_file, xlsx_file from report_file where id = $1',
      [first.id],
    );
    const res = await call('POST', `${BASE}/remove?ids=${first.id}`);
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await server.platform.files.get(stored.pdf_file)).toBeUndefined();
    expect(await server.platform.files.get(stored.xlsx_file)).toBeUndefined();
    const list = await call('GET', `${BASE}/list?period=${M}`);
    expect(list.body.data.total).toBe(0);
    expect((await download(first.id, 'pdf')).status).toBe(404);
    expect((await call('POST', `${BASE}/remove?ids=${first.id}`)).body.code).toBe(400);
  });

  it("makes last month's report from the monthly job, in the job owner's name", async () => {
    const job = reportJob(server.platform);
    expect(server.platform.jobs.get('monthlyReport')).toBeDefined();
    expect(job.check?.({ period: '2026-13' })).toBeDefined();
    expect(job.check?.({})).toBeUndefined();
    const result = await job.run(
      { tenantId: TENANT, keyName: 'monthly-report', params: {}, owner: { userId: tenant.adminId, deptId: '' } },
      server.platform.db,
    );
    expect(result.zh).toBe(`已生成 ${M} 园区运营月报`);
    const list = await call('GET', `${BASE}/list?period=${M}`);
    expect(list.body.data.records).toMatchObject([{ period: M, reportStatus: 'done', createUserName: '管理员' }]);
    const { figures } = await workbook(list.body.data.records[0].id);
    expect(figures.本月迁入企业).toBe(2);
  });
});
