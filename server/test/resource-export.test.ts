import {
  attach,
  type EntityDef,
  enterprise,
  intellectualProperty,
  project,
  projectHistory,
  rdPlatform,
  rdPlatformAssets,
  tenant,
} from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ALIAS, type RequestContext, runAs } from '../src/platform/context.ts';
import { ALL_TENANTS, type Queryable } from '../src/platform/db.ts';
import { ApiError } from '../src/platform/errors.ts';
import { nextId } from '../src/platform/ids.ts';
import { createResource } from '../src/resources/engine.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise, ok, submit } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, BASIC, createTenant, login, startServer, type TestServer } from './harness.ts';

/**
 * The engine's export as a person reads it (dictionary labels, the names of picked and parent
 * rows, money and date cells, headers in the caller's language, a frozen header row) within
 * the caller's scope, and without a query per row.
 */
let server: TestServer;
let admin: string;
let companyA: string;
const ids: Record<string, string> = {};

const exportOf = (token: string, api: string, query = '', lang?: string) =>
  exportSheet(server, token, api, query, lang);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  ids.a = (await createEnterprise(server, admin, '导出甲企业', 'export_a')).id;
  ids.b = (await createEnterprise(server, admin, '导出乙企业', 'export_b')).id;
  for (const [key, enterpriseId, amount, status] of [
    ['projectA', ids.a, 1234567.5, 1],
    ['projectB', ids.b, 88, 3],
  ] as const) {
    ids[key] = (
      await submit(server, admin, project.api, {
        enterpriseId,
        projectNo: `EXP-${key}`,
        projectName: `导出项目${key}`,
        dueTime: '2025-06-30',
        amount,
        contractStatus: status,
      })
    ).id;
  }
  await submit(server, admin, projectHistory.api, {
    projectId: ids.projectA,
    recordDate: '2025-01-15',
    contractStatus: 2,
    content: '中期检查',
  });
  ids.platform = (
    await submit(server, admin, rdPlatform.api, { enterpriseId: ids.a, platformName: '导出研发中心' })
  ).id;
  await submit(server, admin, rdPlatformAssets.api, {
    rdPlatformId: ids.platform,
    assetName: '示波器',
    amount: 56000,
  });
  companyA = await login(server, 'export_a', 'secret1', '000000', 'web');
});
afterAll(() => server.close());

describe('export', () => {
  it('writes dictionary labels, enterprise names, money and date cells under the field labels', async () => {
    const { sheet, headers, rows, name } = await exportOf(admin, project.api);
    expect(name).toContain('科研项目.xlsx');
    expect(headers).toEqual(project.fields.filter((f) => f.list !== false).map((f) => f.label.zh));
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.项目编号.value === 'EXP-projectA')!;
    expect(a.所属企业.value).toBe('导出甲企业');
    expect(a.合同状态.value).toBe('通过中期检查');
    expect(a['项目金额(元)'].value).toBe(1234567.5);
    expect(a['项目金额(元)'].numFmt).toBe('#,##0.00');
    expect(a.截止日期.value).toEqual(new Date(Date.UTC(2025, 5, 30)));
    expect(a.截止日期.numFmt).toBe('yyyy-mm-dd');
    const b = rows.find((r) => r.项目编号.value === 'EXP-projectB')!;
    expect(b.所属企业.value).toBe('导出乙企业');
    expect(b.合同状态.value).toBe('已验收');

    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    // Wide enough for the enterprise's name (CJK characters count double).
    expect(sheet.getColumn(headers.indexOf('所属企业') + 1).width).toBeGreaterThanOrEqual(12);
  });

  it('writes a date and time as an Excel date and time', async () => {
    await submit(server, admin, 'blade-desk/notice', {
      title: '导出通知',
      category: 3,
      releaseTime: '2025-03-04 09:15:30',
      content: '内容',
    });
    const { rows } = await exportOf(admin, 'blade-desk/notice', `title=${encodeURIComponent('导出通知')}`);
    expect(rows[0].通知类型.value).toBe('转发通知');
    expect(rows[0].通知时间.value).toEqual(new Date(Date.UTC(2025, 2, 4, 9, 15, 30)));
    expect(rows[0].通知时间.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('names the picked project of a history record and the parent platform of an asset', async () => {
    const history = await exportOf(admin, projectHistory.api);
    expect(history.rows.map((r) => [r.所属项目.value, r.合同状态.value])).toEqual([['导出项目projectA', '提前终止']]);
    const assets = await exportOf(admin, rdPlatformAssets.api);
    expect(assets.rows.map((r) => [r.所属平台.value, r.所属企业.value])).toEqual([['导出研发中心', '导出甲企业']]);
  });

  it("gives a company account its own enterprise's rows only", async () => {
    const { rows } = await exportOf(companyA, project.api);
    expect(rows.map((r) => r.项目编号.value)).toEqual(['EXP-projectA']);
    expect(rows[0].所属企业.value).toBe('导出甲企业');
    // Even when it asks for the other enterprise.
    expect((await exportOf(companyA, project.api, `enterpriseId=${ids.b}`)).rows).toEqual([]);
    const own = await exportOf(companyA, enterprise.api);
    expect(own.rows.map((r) => r.企业名称.value)).toEqual(['导出甲企业']);
    expect(own.rows[0].企业状态.value).toBe('在园');
  });

  it('writes only the picked rows when the list sends their ids, still within what the caller may read', async () => {
    const picked = await exportOf(admin, project.api, `ids=${ids.projectB}`);
    expect(picked.rows.map((r) => r.项目编号.value)).toEqual(['EXP-projectB']);
    // A company account picking another enterprise's row gets nothing of it.
    expect((await exportOf(companyA, project.api, `ids=${ids.projectB},${ids.projectA}`)).rows.length).toBe(1);
    const bad = await server.app.inject({
      method: 'GET',
      url: `/api/${project.api}/export?ids=x`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });
    expect(bad.json().code).toBe(400);
  });

  it('names the user an id field refers to as the list does: the company account, the uploader', async () => {
    const listed = await ok(server, admin, 'GET', `/api/${enterprise.api}/page?enterpriseName=导出甲企业`);
    expect(listed.records[0].agentAccount).toBe('export_a');
    const { rows } = await exportOf(admin, enterprise.api, `enterpriseName=${encodeURIComponent('导出甲企业')}`);
    expect(rows.map((r) => r.企业账号.value)).toEqual(['export_a']);
    // An enterprise made without an account has none, in the list and the export alike.
    await submit(server, admin, enterprise.api, { enterpriseName: '导出无账号企业' });
    const bare = await exportOf(admin, enterprise.api, `enterpriseName=${encodeURIComponent('导出无账号企业')}`);
    expect(bare.rows.map((r) => r.企业账号.value)).toEqual([null]);

    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'park_attachment', [
        {
          id: nextId(),
          tenant_id: ADMIN.tenantId,
          business_type: 'project',
          business_id: ids.projectA,
          name: '导出附件.pdf',
          stored_name: `${ADMIN.tenantId}/${'b'.repeat(32)}.pdf`,
          link: `/api/blade-resource/oss/endpoint/file/${ADMIN.tenantId}/${'b'.repeat(32)}.pdf`,
          extension: 'pdf',
          attach_size: 10,
          create_user: ADMIN.userId,
          update_user: ADMIN.userId,
        },
      ]),
    );
    const [file] = (await ok(server, admin, 'GET', `/api/${attach.api}/page?name=导出附件`)).records;
    const files = await exportOf(admin, attach.api, `name=${encodeURIComponent('导出附件')}`);
    expect(files.rows.map((r) => r.上传人.value)).toEqual([file.createUserName]);
    expect(file.createUserName).toBe('管理员');
  });

  it('heads the columns in English for an English caller, with the labels the web shows', async () => {
    const { headers, rows, name, sheet } = await exportOf(admin, project.api, 'projectNo=EXP-projectA', 'en-US');
    expect(name).toContain('Projects.xlsx');
    expect(sheet.name).toBe('Projects');
    expect(headers).toEqual(project.fields.filter((f) => f.list !== false).map((f) => f.label.en));
    // A built-in dictionary's English value, as the web shows it in English.
    expect(rows[0]['Contract status'].value).toBe('Passed mid-term review');
    expect(rows[0].Enterprise.value).toBe('导出甲企业');
    expect(rows[0]['Amount (yuan)'].value).toBe(1234567.5);
  });

  it('reads names and labels once per field, not once per row', async () => {
    const more = Array.from({ length: 40 }, (_, i) => ({
      enterpriseId: i % 2 ? ids.a : ids.b,
      projectNo: `EXP-more-${i}`,
      projectName: `批量项目${i}`,
      contractStatus: i % 4,
    }));
    await exportOf(admin, project.api); // warms the caches (dictionaries, permissions)
    const count = async (query: string) => {
      const seen: string[] = [];
      const db = server.platform.db;
      const { scoped } = db;
      const counting = (q: Queryable): Queryable => ({
        query: (sql, params) => {
          seen.push(sql);
          return q.query(sql, params);
        },
      });
      db.scoped = <T>(tenantId: string, fn: (q: Queryable) => Promise<T>) =>
        scoped.call(db, tenantId, (q: Queryable) => fn(counting(q))) as Promise<T>;
      try {
        await exportOf(admin, project.api, query);
      } finally {
        db.scoped = scoped;
      }
      return seen.filter((sql) => !/insert into blade_log/i.test(sql));
    };
    const few = await count('projectNo=EXP-project');
    for (const body of more) await submit(server, admin, project.api, body);
    const many = await count('projectNo=EXP-');
    expect(many.length).toBe(few.length);
    expect(many.filter((sql) => sql.includes('"crm_enterprise"'))).toHaveLength(1);
    expect(many.filter((sql) => sql.includes('blade_dict'))).toHaveLength(0);
  });
});

describe('a limit that -1 or nothing lifts', () => {
  it('writes 不限制 / Unlimited where the tenant list shows it, and a set limit as it is', async () => {
    await createTenant(server, '500078');
    await createTenant(server, '500079');
    const { records } = await ok(server, admin, 'GET', '/api/blade-system/tenant/page?tenantId=500079');
    const limits = 'accountNumber=7&expireTime=2030-01-31%2023:59:59';
    await ok(server, admin, 'POST', `/api/blade-system/tenant/setting?ids=${records[0].id}&${limits}`);
    const sheet = await exportOf(admin, tenant.api);
    const row = (code: string) => sheet.rows.find((r) => r.租户ID.value === code)!;
    expect([row('500078').账号额度.value, row('500078').过期时间.value]).toEqual(['不限制', '不限制']);
    expect(row('500079').账号额度.value).toBe(7);
    expect(row('500079').过期时间.value).toEqual(new Date(Date.UTC(2030, 0, 31, 23, 59, 59)));
    const en = await exportOf(admin, tenant.api, '', 'en');
    expect(en.rows.find((r) => r['Tenant id'].value === '500078')!['Account limit'].value).toBe('Unlimited');
  });
});

describe('dictionary values on submit', () => {
  const count = async (api: string, query: string) =>
    (await ok(server, admin, 'GET', `/api/${api}/page?${query}`)).total as number;

  it('refuses a system-dictionary value outside the dictionary and writes nothing', async () => {
    const body = {
      enterpriseId: ids.a,
      projectNo: 'EXP-bad',
      projectName: '无效状态',
      contractStatus: 9,
    };
    const res = await server.call({ method: 'POST', url: `/api/${project.api}/submit`, token: admin, payload: body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, msg: '合同状态的取值无效' });
    const en = await server.call({
      method: 'POST',
      url: `/api/${intellectualProperty.api}/submit`,
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: { enterpriseId: ids.a, patentNo: 'EXP-P1', patentName: '无效专利', patentType: 99 },
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'Patent type has an invalid value' });
    expect(await count(project.api, 'projectNo=EXP-bad')).toBe(0);
    expect(await count(intellectualProperty.api, 'patentNo=EXP-P1')).toBe(0);

    // An update is checked alike and leaves the row as it was; an empty optional value is allowed.
    const refused = await server.call({
      method: 'POST',
      url: `/api/${projectHistory.api}/submit`,
      token: admin,
      payload: { projectId: ids.projectA, recordDate: '2025-02-01', contractStatus: '7', content: 'x' },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: '合同状态的取值无效' });
    const saved = await submit(server, admin, projectHistory.api, {
      projectId: ids.projectA,
      recordDate: '2025-02-01',
      contractStatus: '',
      content: '无状态',
    });
    expect(saved.contractStatus).toBeNull();
    const update = await server.call({
      method: 'POST',
      url: `/api/${project.api}/submit`,
      token: admin,
      payload: { id: ids.projectA, contractStatus: 4 },
    });
    expect(update.body).toMatchObject({ code: 400, msg: '合同状态的取值无效' });
    const kept = await ok(server, admin, 'GET', `/api/${project.api}/detail?id=${ids.projectA}`);
    expect(kept.contractStatus).toBe(1);
    // A required dictionary field left empty says so, as before.
    const missing = await server.call({
      method: 'POST',
      url: `/api/${project.api}/submit`,
      token: admin,
      payload: { enterpriseId: ids.a, projectNo: 'EXP-none', projectName: '无状态' },
    });
    expect(missing.body).toMatchObject({ code: 400, msg: '请选择合同状态' });
  });

  it('checks a company account the same way', async () => {
    const res = await server.call({
      method: 'POST',
      url: `/api/${project.api}/submit`,
      token: companyA,
      payload: { projectNo: 'EXP-company-bad', projectName: '企业提交', contractStatus: -1 },
    });
    expect(res.body).toMatchObject({ code: 400, msg: '合同状态的取值无效' });
    expect(await count(project.api, 'projectNo=EXP-company-bad')).toBe(0);
  });
});

describe('a field reading a business dictionary', () => {
  /**
   * No catalog field reads a business dictionary yet, so the enterprise is read here with its
   * industry (the tree's id column, bigint) as a key of the tenant's business dictionary, and its
   * office number as a comma-joined multi-select of another one, through the engine itself.
   */
  const bizEnterprise: EntityDef = {
    ...enterprise,
    fields: enterprise.fields.map((f) =>
      f.name === 'industry'
        ? { name: 'industry', type: 'int', label: f.label, dict: 'industry', dictBiz: true }
        : f.name === 'officeNumber'
          ? { ...f, dict: 'export_zone', dictBiz: true }
          : f,
    ),
  };
  const caller: RequestContext = {
    tenantId: ADMIN.tenantId,
    userId: ADMIN.userId,
    deptId: '',
    roleIds: [],
    roleAliases: [ADMIN_ROLE_ALIAS],
    postId: '',
    account: ADMIN.account,
    userName: ADMIN.account,
    accountType: 'platform',
    sessionId: '',
    lang: 'zh',
  };

  async function bizDictionary(token: string, code: string, entries: [string, string][]) {
    const parent = await ok(server, token, 'POST', '/api/blade-system/dict-biz/submit', {
      code,
      dictValue: code,
      dictKey: '-1',
      sort: 1,
      isSealed: 0,
    });
    for (const [i, [dictKey, dictValue]] of entries.entries()) {
      await ok(server, token, 'POST', '/api/blade-system/dict-biz/submit', {
        parentId: parent.id,
        code,
        dictKey,
        dictValue,
        sort: i + 1,
        isSealed: 0,
      });
    }
  }

  beforeAll(async () => {
    await bizDictionary(admin, 'industry', [
      ['101', '园区物业'],
      ['102', '园区餐饮'],
    ]);
    await bizDictionary(admin, 'export_zone', [
      ['east', '东区'],
      ['west', '西区'],
    ]);
    // Another tenant's business dictionary of the same code does not count for this one.
    await createTenant(server, '500077');
    await bizDictionary(await login(server, 'admin', 'admin', '500077'), 'industry', [['103', '别家行业']]);
  });

  const resource = () => createResource(server.platform, bizEnterprise);
  const save = (body: Record<string, unknown>) => runAs(caller, () => resource().save(body));
  const refusal = async (body: Record<string, unknown>) => {
    const error = await save(body).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, zh: (error as ApiError).messageIn('zh') };
  };
  const stored = (name: string) =>
    server.platform.db.scoped(ADMIN.tenantId, (q) =>
      q.query('select 1 from crm_enterprise where enterprise_name = $1', [name]),
    );

  it("accepts the tenant's own keys, each of a multi-value, and refuses any other with nothing written", async () => {
    const saved = await save({ enterpriseName: '业务字典企业', industry: 102, officeNumber: 'east,west' });
    // A bigint column reads back as text.
    expect(saved).toMatchObject({ industry: '102', officeNumber: 'east,west' });

    // A system-dictionary key of the same code, and another tenant's key, are not this tenant's.
    for (const industry of [1, 103]) {
      expect(await refusal({ enterpriseName: `业务字典企业${industry}`, industry })).toEqual({
        code: 400,
        zh: '所属行业的取值无效',
      });
      expect(await stored(`业务字典企业${industry}`)).toHaveLength(0);
    }
    expect(await refusal({ enterpriseName: '多值企业', officeNumber: 'east,north' })).toEqual({
      code: 400,
      zh: '办公室号的取值无效',
    });
    expect(await stored('多值企业')).toHaveLength(0);
  });

  it('follows the business dictionary as the tenant changes it', async () => {
    expect((await refusal({ enterpriseName: '新行业企业', industry: 104 })).code).toBe(400);
    await bizDictionary(admin, 'industry_more', []);
    const [parent] = await ok(server, admin, 'GET', '/api/blade-system/dict-biz/list?code_equal=industry&parentId=0');
    await ok(server, admin, 'POST', '/api/blade-system/dict-biz/submit', {
      parentId: parent.id,
      code: 'industry',
      dictKey: '104',
      dictValue: '园区新行业',
      sort: 9,
      isSealed: 0,
    });
    expect(await save({ enterpriseName: '新行业企业', industry: 104 })).toMatchObject({ industry: '104' });
  });
});
