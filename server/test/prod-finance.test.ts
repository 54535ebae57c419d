import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';

/**
 * Production (blade-prod: report, experimental-facility, danger-chemical) and finance (blade-finance:
 * facility-return, facility-lease with enterpriseList, asset). Every call per the contract; the flags the
 * database computes on each read (a report overdue, a chemical over its limit), filtered and exported; the
 * reports' files; an asset code unique in the tenant, under 10 saves at once too; bad input a 400, never a 500;
 * and the company fence, endpoint by endpoint: a company account reads and hands in its own enterprise's reports
 * only and reaches nothing else of the two modules. On the demo seeding, whose rows are checked too. Run on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let company: string;
let enterpriseA: string;
let enterpriseB: string;
let today: string;

const PROD = '/api/blade-prod';
const FIN = '/api/blade-finance';
const post = (url: string, payload: object = {}, token = admin, lang?: string) =>
  server.call({ method: 'POST', url, token, payload, headers: lang ? { 'accept-language': lang } : {} });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

async function data(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

/** A 400 whose message says `msg`. */
async function refused(res: Promise<{ status: number; body: { code: number; msg: string } }>, msg: string) {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(400);
  expect(body.code).toBe(400);
  expect(body.msg).toContain(msg);
}

const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const report = (body: object = {}) => ({
  enterpriseId: enterpriseA,
  title: '月度生产报告',
  reportType: 1,
  reportCycle: 4,
  periodStart: day(-40),
  periodEnd: day(-10),
  dueDate: day(-5),
  ...body,
});

beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseA = (await createEnterprise(server, admin, '甲生产企业', 'pf_company_a')).id;
  enterpriseB = (await createEnterprise(server, admin, '乙生产企业', 'pf_company_b')).id;
  company = await login(server, 'pf_company_a', 'secret1', '000000', 'web');
});
afterAll(() => server.close());

/** For each screen: a valid new row, an edit of it, and what the edit must show. */
const CRUD: { api: string; body: () => Record<string, unknown>; edit: Record<string, unknown> }[] = [
  { api: `${PROD}/report`, body: () => report(), edit: { title: '月度生产报告（修订）' } },
  {
    api: `${PROD}/experimental-facility`,
    body: () => ({
      enterpriseId: enterpriseA,
      facilityName: '离心机',
      facilityModel: 'TGL-16',
      quantity: 2,
      location: '3楼实验室',
      responsiblePerson: '张工',
      responsiblePhone: '13800138000',
      purchaseDate: day(-100),
      facilityStatus: 1,
    }),
    edit: { facilityStatus: 3, quantity: 3 },
  },
  {
    api: `${PROD}/danger-chemical`,
    body: () => ({
      enterpriseId: enterpriseA,
      chemicalName: '乙醇',
      casNo: '64-17-5',
      quantity: 10,
      unit: 3,
      maxQuantity: 50,
      storagePlace: '危化品柜',
      responsiblePerson: '张工',
    }),
    edit: { storagePlace: '危化品库' },
  },
  {
    api: `${FIN}/facility-return`,
    body: () => ({
      facilityName: '共享电镜',
      facilityType: 1,
      enterpriseId: enterpriseA,
      periodStart: day(-30),
      periodEnd: day(-1),
      incomeAmount: 1200.5,
      costAmount: 300,
    }),
    edit: { costAmount: 350, remark: '已核对' },
  },
  {
    api: `${FIN}/facility-lease`,
    body: () => ({
      leaseNo: `CRUD-${Date.now()}`,
      enterpriseId: enterpriseA,
      facilityName: '试验箱',
      facilityType: 1,
      quantity: 1,
      startDate: day(0),
      endDate: day(90),
      monthlyRent: 800,
      leaseStatus: 0,
    }),
    edit: { monthlyRent: 900 },
  },
  {
    api: `${FIN}/asset`,
    body: () => ({
      assetCode: `CRUD-${Date.now()}`,
      assetName: '服务器',
      assetCategory: 3,
      assetValue: 50000,
      assetStatus: 1,
    }),
    edit: { custodian: '赵磊' },
  },
];

describe('the generic calls of the six screens', () => {
  it.each(CRUD.map((c) => [c.api, c] as const))('%s: submit, detail, page, list, update, remove', async (_, c) => {
    const created = await data(post(`${c.api}/submit`, c.body()));
    expect(created.id).toMatch(/^\d+$/);
    expect(await data(get(`${c.api}/detail?id=${created.id}`))).toMatchObject({ id: created.id });
    for (const call of ['page', 'list']) {
      const page = await data(get(`${c.api}/${call}?current=1&size=100`));
      expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
      expect(page.records.map((r: { id: string }) => r.id)).toContain(created.id);
    }
    const updated = await post(`${c.api}/submit`, { id: created.id, ...c.edit });
    expect(updated.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await data(get(`${c.api}/detail?id=${created.id}`))).toMatchObject(c.edit);
    expect((await post(`${c.api}/remove?ids=${created.id}`)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get(`${c.api}/detail?id=${created.id}`)).status).toBe(404);
    // Bad ids, bodies, filters and sorts are the caller's 400, never a 500.
    expect((await get(`${c.api}/detail?id=abc`)).status).toBe(400);
    expect((await post(`${c.api}/remove?ids=abc`)).status).toBe(400);
    expect((await post(`${c.api}/remove?ids=${created.id}`)).status).toBe(400);
    expect((await server.call({ method: 'POST', url: `${c.api}/submit`, token: admin, payload: [] })).status).toBe(400);
    expect((await get(`${c.api}/page?descs=nope`)).status).toBe(400);
    expect((await get(`${c.api}/page?createTime_datege=yesterday`)).status).toBe(400);
    expect((await get(`${c.api}/page?current=0`)).status).toBe(400);
    // No token: 401.
    expect((await server.call({ method: 'GET', url: `${c.api}/page` })).status).toBe(401);
  });
});

describe('reports', () => {
  it('refuses bad input with a 400 and a clear message, in both languages', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, '请输入报告标题'],
      [{ reportCycle: 9 }, '报告周期'],
      [{ reportType: null }, '请选择报告类型'],
      [{ periodStart: 'soon' }, '报告期开始格式应为yyyy-MM-dd'],
      [{ periodEnd: day(-50) }, '不能早于'],
      [{ dueDate: '2025-02-30' }, '截止日期'],
      [{ enterpriseId: '12345' }, '所属企业不存在'],
      [{ enterpriseId: null }, '请选择所属企业'],
      [{ title: 'x'.repeat(201) }, '报告标题'],
    ];
    for (const [body, msg] of cases) await refused(post(`${PROD}/report/submit`, report(body)), msg);
    const en = await post(`${PROD}/report/submit`, report({ title: '' }), admin, 'en-US');
    expect(en.body).toMatchObject({ code: 400, msg: 'Please enter the title' });
    await refused(get(`${PROD}/report/page?overdue=yes`), '是否逾期');
  });

  it('computes overdue on every read: not handed in and past due; filters and exports it', async () => {
    const late = await data(post(`${PROD}/report/submit`, report({ title: '逾期未交报告' })));
    const soon = await data(post(`${PROD}/report/submit`, report({ title: '未到期报告', dueDate: day(3) })));
    const handed = await data(
      post(`${PROD}/report/submit`, report({ title: '已提交报告', submitDate: day(-6), dueDate: day(-5) })),
    );
    // Due today is not overdue yet.
    const dueToday = await data(post(`${PROD}/report/submit`, report({ title: '今日截止报告', dueDate: day(0) })));
    expect(late.overdue).toBe(1);
    expect(soon.overdue).toBe(0);
    expect(handed.overdue).toBe(0);
    expect(dueToday.overdue).toBe(0);
    expect((await data(get(`${PROD}/report/detail?id=${late.id}`))).overdue).toBe(1);
    const overdue = await data(get(`${PROD}/report/page?enterpriseId=${enterpriseA}&overdue=1&size=100`));
    expect(overdue.records.map((r: { id: string }) => r.id)).toEqual([late.id]);
    const others = await data(get(`${PROD}/report/list?enterpriseId=${enterpriseA}&overdue_equal=0&size=100`));
    expect(others.records.map((r: { id: string }) => r.id).sort()).toEqual([soon.id, handed.id, dueToday.id].sort());
    // Sorted by the flag, overdue first.
    const sorted = await data(get(`${PROD}/report/page?enterpriseId=${enterpriseA}&descs=overdue&size=100`));
    expect(sorted.records[0].id).toBe(late.id);
    // Handed in: no longer overdue, with nothing stored but the date.
    await data(post(`${PROD}/report/submit`, { id: late.id, submitDate: day(0) }));
    expect((await data(get(`${PROD}/report/detail?id=${late.id}`))).overdue).toBe(0);
    // The day passing is enough: a due date moved into the past makes it overdue without any other write.
    await server.platform.db.tx('000000', (q) =>
      q.query(`update prod_report set due_date = current_date - 1 where id = $1`, [soon.id]),
    );
    expect((await data(get(`${PROD}/report/detail?id=${soon.id}`))).overdue).toBe(1);
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from information_schema.columns where table_name = 'prod_report' and column_name = 'overdue'`,
      ),
    );
    expect(n).toBe(0);
    // The flag cannot be written.
    await data(post(`${PROD}/report/submit`, { id: soon.id, overdue: 0 }));
    expect((await data(get(`${PROD}/report/detail?id=${soon.id}`))).overdue).toBe(1);
    const { headers, values } = await exportSheet(
      server,
      admin,
      'blade-prod/report',
      `enterpriseId=${enterpriseA}&overdue=1`,
    );
    expect(headers).toContain('是否逾期');
    expect(values.map((v) => v.报告标题)).toEqual(['未到期报告']);
    expect(values[0].是否逾期).toBe('是');
  });

  it('keeps files on a report: upload, list by reportId, remove', async () => {
    const owner = await data(post(`${PROD}/report/submit`, report({ title: '带附件报告' })));
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploaded = await server.call({
      method: 'POST',
      url: `${PROD}/report/save-attach?reportId=${owner.id}`,
      token: admin,
      ...multipart('安全报告.pdf', pdf, 'application/pdf'),
    });
    expect(uploaded.body, JSON.stringify(uploaded.body)).toMatchObject({ code: 200, data: { name: '安全报告.pdf' } });
    const files = await data(get(`${PROD}/report/attach-list?reportId=${owner.id}`));
    expect(files.map((f: { name: string }) => f.name)).toEqual(['安全报告.pdf']);
    const download = await server.call({ method: 'GET', url: files[0].link, token: admin });
    expect(download.status).toBe(200);
    // A file that is not a document or image is refused.
    const exe = await server.call({
      method: 'POST',
      url: `${PROD}/report/save-attach?reportId=${owner.id}`,
      token: admin,
      ...multipart('x.exe', Buffer.from('MZ\x90\x00binary'), 'application/octet-stream'),
    });
    expect(exe.status).toBe(400);
    expect((await get(`${PROD}/report/attach-list?reportId=abc`)).status).toBe(404);
    expect((await get(`${PROD}/report/attach-list?reportId=123`)).status).toBe(404);
    expect((await post(`${PROD}/report/remove-attach?id=abc`)).status).toBe(400);
    expect((await post(`${PROD}/report/remove-attach?id=${files[0].id}`)).body).toMatchObject({ code: 200 });
    expect(await data(get(`${PROD}/report/attach-list?reportId=${owner.id}`))).toEqual([]);
    expect((await post(`${PROD}/report/remove-attach?id=${files[0].id}`)).status).toBe(404);
  });
});

describe('facilities and chemicals', () => {
  it('refuses bad facilities and chemicals with a 400', async () => {
    const facility = (body: object) =>
      post(`${PROD}/experimental-facility/submit`, {
        enterpriseId: enterpriseA,
        facilityName: '设备',
        quantity: 1,
        facilityStatus: 1,
        ...body,
      });
    await refused(facility({ quantity: -1 }), '数量不能小于0');
    await refused(facility({ quantity: 1.5 }), '数量');
    await refused(facility({ facilityStatus: 9 }), '设施状态');
    await refused(facility({ responsiblePhone: 'abc' }), '电话号不正确');
    await refused(facility({ facilityName: '' }), '请输入设施名称');
    const chemical = (body: object) =>
      post(`${PROD}/danger-chemical/submit`, {
        enterpriseId: enterpriseA,
        chemicalName: '盐酸',
        quantity: 1,
        unit: 3,
        maxQuantity: 5,
        storagePlace: '柜',
        responsiblePerson: '张工',
        ...body,
      });
    await refused(chemical({ casNo: '7647-01-1' }), 'CAS号格式不正确');
    await refused(chemical({ casNo: '盐酸' }), 'CAS号格式不正确');
    await refused(chemical({ quantity: -2 }), '存量不能小于0');
    await refused(chemical({ maxQuantity: 'lots' }), '允许最大存量');
    await refused(chemical({ unit: 99 }), '计量单位');
    await refused(chemical({ storagePlace: '' }), '请输入存放地点');
    const en = await post(
      `${PROD}/danger-chemical/submit`,
      {
        enterpriseId: enterpriseA,
        chemicalName: 'HCl',
        casNo: '1-2-3',
        quantity: 1,
        unit: 3,
        maxQuantity: 5,
        storagePlace: 'x',
        responsiblePerson: 'y',
      },
      admin,
      'en-US',
    );
    expect(en.body.msg).toBe('The CAS number is not valid (for example 7732-18-5)');
  });

  it('flags a chemical over its allowed quantity on every read, filters and exports the flag', async () => {
    const base = {
      enterpriseId: enterpriseB,
      unit: 3,
      storagePlace: '危化品柜',
      responsiblePerson: '李工',
    };
    const over = await data(
      post(`${PROD}/danger-chemical/submit`, {
        ...base,
        chemicalName: '硫酸',
        casNo: ' 7664-93-9 ',
        quantity: 12.5,
        maxQuantity: 10,
      }),
    );
    expect(over).toMatchObject({ overLimit: 1, casNo: '7664-93-9' });
    const atLimit = await data(
      post(`${PROD}/danger-chemical/submit`, { ...base, chemicalName: '丙酮', quantity: 10, maxQuantity: 10 }),
    );
    expect(atLimit.overLimit).toBe(0);
    const flagged = await data(get(`${PROD}/danger-chemical/page?enterpriseId=${enterpriseB}&overLimit=1`));
    expect(flagged.records.map((r: { id: string }) => r.id)).toEqual([over.id]);
    // Used down below the limit: no longer flagged; the allowed quantity lowered: flagged.
    await data(post(`${PROD}/danger-chemical/submit`, { id: over.id, quantity: 8 }));
    expect((await data(get(`${PROD}/danger-chemical/detail?id=${over.id}`))).overLimit).toBe(0);
    await data(post(`${PROD}/danger-chemical/submit`, { id: atLimit.id, maxQuantity: 9.5 }));
    expect((await data(get(`${PROD}/danger-chemical/detail?id=${atLimit.id}`))).overLimit).toBe(1);
    const { headers, values } = await exportSheet(
      server,
      admin,
      'blade-prod/danger-chemical',
      `enterpriseId=${enterpriseB}&overLimit=1`,
    );
    expect(headers).toContain('是否超量');
    expect(values.map((v) => v.化学品名称)).toEqual(['丙酮']);
  });
});

describe('finance', () => {
  it('refuses bad returns, leases and assets with a 400', async () => {
    const ret = (body: object) =>
      post(`${FIN}/facility-return/submit`, {
        facilityName: '路演厅',
        facilityType: 4,
        periodStart: day(-10),
        periodEnd: day(-1),
        incomeAmount: 100,
        ...body,
      });
    // The enterprise is optional; a named one must exist.
    await data(ret({}));
    await refused(ret({ enterpriseId: '12345' }), '所属企业不存在');
    await refused(ret({ incomeAmount: -1 }), '收入金额(元)不能小于0');
    await refused(ret({ costAmount: '1e999' }), '运营成本');
    await refused(ret({ periodEnd: day(-20) }), '不能早于');
    const lease = (body: object) =>
      post(`${FIN}/facility-lease/submit`, {
        leaseNo: `BAD-${Date.now()}`,
        enterpriseId: enterpriseA,
        facilityName: '试验箱',
        facilityType: 1,
        quantity: 1,
        startDate: day(0),
        endDate: day(30),
        monthlyRent: 100,
        leaseStatus: 0,
        ...body,
      });
    await refused(lease({ enterpriseId: null }), '请选择承租企业');
    await refused(lease({ endDate: day(-1) }), '不能早于');
    await refused(lease({ leaseStatus: 5 }), '租赁状态');
    await refused(lease({ monthlyRent: -5 }), '月租金(元)不能小于0');
    const asset = (body: object) =>
      post(`${FIN}/asset/submit`, {
        assetCode: 'BAD-1',
        assetName: '桌子',
        assetCategory: 4,
        assetValue: 1,
        assetStatus: 1,
        ...body,
      });
    await refused(asset({ assetValue: -1 }), '资产原值(元)不能小于0');
    await refused(asset({ assetCategory: 0 }), '资产类别');
    await refused(asset({ assetCode: '' }), '请输入资产编号');
    await refused(asset({ purchaseDate: '2024-13-01' }), '购置日期');
  });

  it('keeps an asset code unique in the tenant, with a clear message; a removed asset frees its code', async () => {
    const body = { assetCode: 'ZC-U-001', assetName: '投影仪', assetCategory: 3, assetValue: 5000, assetStatus: 1 };
    const first = await data(post(`${FIN}/asset/submit`, body));
    await refused(post(`${FIN}/asset/submit`, { ...body, assetName: '另一台' }), '资产编号已存在');
    const en = await post(`${FIN}/asset/submit`, body, admin, 'en-US');
    expect(en.body).toMatchObject({ code: 400, msg: 'An asset with this code already exists' });
    // Another asset may not take it by an edit either; the asset itself keeps it.
    const second = await data(post(`${FIN}/asset/submit`, { ...body, assetCode: 'ZC-U-002' }));
    await refused(post(`${FIN}/asset/submit`, { id: second.id, assetCode: 'ZC-U-001' }), '资产编号已存在');
    await data(post(`${FIN}/asset/submit`, { id: first.id, assetCode: 'ZC-U-001', assetName: '投影仪A' }));
    await data(post(`${FIN}/asset/remove?ids=${first.id}`));
    await data(post(`${FIN}/asset/submit`, { ...body, assetName: '新投影仪' }));
  });

  it('10 saves of one new asset code at once: exactly one succeeds, the others are told why', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(`${FIN}/asset/submit`, {
          assetCode: 'ZC-RACE',
          assetName: `并发${i}`,
          assetCategory: 3,
          assetValue: 1,
          assetStatus: 2,
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('资产编号已存在');
    }
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from finance_asset where asset_code = 'ZC-RACE' and is_deleted = 0`,
      ),
    );
    expect(n).toBe(1);
  });

  it('lists the enterprises leasing facilities, with their counts and the rent in effect', async () => {
    const lease = (enterpriseId: string, no: string, rent: number, leaseStatus = 0) =>
      post(`${FIN}/facility-lease/submit`, {
        leaseNo: no,
        enterpriseId,
        facilityName: '试验箱',
        facilityType: 4,
        quantity: 1,
        startDate: day(-10),
        endDate: day(100),
        monthlyRent: rent,
        leaseStatus,
      });
    await data(lease(enterpriseA, 'EL-1', 1000.5));
    await data(lease(enterpriseA, 'EL-2', 500));
    await data(lease(enterpriseA, 'EL-3', 700, 1));
    await data(lease(enterpriseB, 'EL-4', 300));
    await refused(lease(enterpriseB, 'EL-4', 1), '租赁编号已存在');
    const all = await data(get(`${FIN}/facility-lease/enterpriseList?facilityType=4`));
    const a = all.find((e: { enterpriseId: string }) => e.enterpriseId === enterpriseA);
    expect(a).toEqual({
      enterpriseId: enterpriseA,
      enterpriseName: '甲生产企业',
      leaseCount: 3,
      activeCount: 2,
      monthlyRent: 1500.5,
    });
    expect(all.find((e: { enterpriseId: string }) => e.enterpriseId === enterpriseB)).toMatchObject({
      leaseCount: 1,
      monthlyRent: 300,
    });
    // The page's filters narrow it (those ended only).
    const ended = await data(get(`${FIN}/facility-lease/enterpriseList?facilityType=4&leaseStatus=1`));
    expect(ended.map((e: { enterpriseId: string }) => e.enterpriseId)).toEqual([enterpriseA]);
    expect(await data(get(`${FIN}/facility-lease/enterpriseList?leaseNo=nothing-like-this`))).toEqual([]);
    await refused(get(`${FIN}/facility-lease/enterpriseList?startDate_datege=never`), '开始日期');
    // A clerk with the lease screen alone reads it; one without gets 403.
    await createUserWithButtons(server, '000000', 'pf_clerk', ['facility_lease']);
    const clerk = await login(server, 'pf_clerk', 'pass');
    expect((await data(get(`${FIN}/facility-lease/enterpriseList`, clerk))).length).toBeGreaterThan(0);
    expect((await get(`${FIN}/asset/page`, clerk)).status).toBe(403);
  });
});

describe('the company fence, endpoint by endpoint', () => {
  let mine: string;
  let theirs: string;
  let theirFile: string;

  beforeAll(async () => {
    mine = (await data(post(`${PROD}/report/submit`, report({ title: '甲企业报告' })))).id;
    theirs = (await data(post(`${PROD}/report/submit`, report({ enterpriseId: enterpriseB, title: '乙企业报告' })))).id;
    const uploaded = await server.call({
      method: 'POST',
      url: `${PROD}/report/save-attach?reportId=${theirs}`,
      token: admin,
      ...multipart('乙.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf'),
    });
    theirFile = uploaded.body.data.id;
  });

  it('page and list: its own enterprise’s reports only, whatever enterpriseId it asks for', async () => {
    for (const call of ['page', 'list']) {
      const rows = await data(get(`${PROD}/report/${call}?size=1000`, company));
      expect(rows.total).toBeGreaterThan(0);
      expect(rows.records.every((r: { enterpriseId: string }) => r.enterpriseId === enterpriseA)).toBe(true);
      const asked = await data(get(`${PROD}/report/${call}?enterpriseId=${enterpriseB}`, company));
      expect(asked.total).toBe(0);
    }
  });

  it('detail: its own, another enterprise’s is not found', async () => {
    expect(await data(get(`${PROD}/report/detail?id=${mine}`, company))).toMatchObject({ id: mine });
    expect((await get(`${PROD}/report/detail?id=${theirs}`, company)).status).toBe(404);
  });

  it('submit: a new report is its own enterprise’s whatever it names; another’s report is not found', async () => {
    const created = await data(
      post(`${PROD}/report/submit`, report({ enterpriseId: enterpriseB, title: '企业自报' }), company),
    );
    expect(created.enterpriseId).toBe(enterpriseA);
    const none = await data(
      post(`${PROD}/report/submit`, { ...report({ title: '未填企业' }), enterpriseId: undefined }, company),
    );
    expect(none.enterpriseId).toBe(enterpriseA);
    await data(post(`${PROD}/report/submit`, { id: mine, submitDate: day(0) }, company));
    // Moving its own report to another enterprise keeps it its own.
    expect(
      (await data(post(`${PROD}/report/submit`, { id: mine, enterpriseId: enterpriseB }, company))).enterpriseId,
    ).toBe(enterpriseA);
    expect((await post(`${PROD}/report/submit`, { id: theirs, title: '改别人的' }, company)).status).toBe(404);
    expect((await data(get(`${PROD}/report/detail?id=${theirs}`))).title).toBe('乙企业报告');
  });

  it('files: its own report’s, never another’s', async () => {
    const upload = (id: string) =>
      server.call({
        method: 'POST',
        url: `${PROD}/report/save-attach?reportId=${id}`,
        token: company,
        ...multipart('自报.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf'),
      });
    const own = await upload(mine);
    expect(own.body).toMatchObject({ code: 200 });
    expect((await upload(theirs)).status).toBe(404);
    expect((await data(get(`${PROD}/report/attach-list?reportId=${mine}`, company))).length).toBe(1);
    expect((await get(`${PROD}/report/attach-list?reportId=${theirs}`, company)).status).toBe(404);
    expect((await post(`${PROD}/report/remove-attach?id=${theirFile}`, {}, company)).status).toBe(404);
    expect((await data(get(`${PROD}/report/attach-list?reportId=${theirs}`))).length).toBe(1);
    expect((await post(`${PROD}/report/remove-attach?id=${own.body.data.id}`, {}, company)).body.code).toBe(200);
  });

  it('remove, export and every other call of the two modules: 403', async () => {
    expect((await post(`${PROD}/report/remove?ids=${mine}`, {}, company)).status).toBe(403);
    expect((await post(`${PROD}/report/remove?ids=${theirs}`, {}, company)).status).toBe(403);
    expect((await get(`${PROD}/report/export`, company)).status).toBe(403);
    for (const api of [
      `${PROD}/experimental-facility`,
      `${PROD}/danger-chemical`,
      ...['facility-return', 'facility-lease', 'asset'].map((p) => `${FIN}/${p}`),
    ]) {
      for (const call of ['page', 'list', 'detail?id=1'])
        expect((await get(`${api}/${call}`, company)).status).toBe(403);
      expect((await post(`${api}/submit`, {}, company)).status).toBe(403);
      expect((await post(`${api}/remove?ids=1`, {}, company)).status).toBe(403);
    }
    expect((await get(`${FIN}/facility-lease/enterpriseList`, company)).status).toBe(403);
    // Still there for the park.
    expect(await data(get(`${PROD}/report/detail?id=${mine}`))).toMatchObject({ enterpriseId: enterpriseA });
  });
});

describe('the demo', () => {
  it('holds reports (one overdue, with a file), chemicals (one over its limit), facilities, returns, leases, assets', async () => {
    const overdue = await data(get(`${PROD}/report/page?overdue=1&remark=演示数据`));
    expect(overdue.records.map((r: { title: string }) => r.title)).toEqual(['青禾生物月度安全生产报告']);
    const over = await data(get(`${PROD}/danger-chemical/page?overLimit=1&remark=演示数据`));
    expect(over.records.map((r: { chemicalName: string }) => r.chemicalName)).toEqual(['盐酸']);
    const [withFile] = (await data(get(`${PROD}/report/page?title=2季度`))).records;
    expect((await data(get(`${PROD}/report/attach-list?reportId=${withFile.id}`))).length).toBe(1);
    for (const api of ['blade-prod/experimental-facility', 'blade-finance/facility-return', 'blade-finance/asset']) {
      expect((await data(get(`/api/${api}/page?remark=演示数据`))).total).toBeGreaterThanOrEqual(3);
    }
    expect((await data(get(`${FIN}/facility-lease/enterpriseList?remark=演示数据`))).length).toBe(3);
    // The demo company account of 星河智能 sees its own two reports and reaches the screen through its menus.
    const xinghe = await login(server, 'xinghe', '123456', '000000', 'web');
    const own = await data(get(`${PROD}/report/page?remark=演示数据`, xinghe));
    expect(own.total).toBe(2);
    const routes = JSON.stringify(await data(get('/api/blade-system/menu/routes', xinghe)));
    expect(routes).toContain('/prod/report');
    expect(routes).not.toContain('/prod/danger-chemical');
    expect(routes).not.toContain('/finance/asset');
  });
});
