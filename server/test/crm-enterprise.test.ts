import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { SEED } from '../src/seed/platform.ts';
import { createEnterprise, creditCode, ok, submit } from './crm-fixtures.ts';
import { ADMIN, createTenant, login, startServer, type TestServer } from './harness.ts';

/** Enterprises' own calls, the company account they open, projects' history and staff accounts. */
let server: TestServer;
let admin: string;
const API = '/api/blade-crm/enterprise';
const SEED_ADMIN_ROLE = SEED.adminRole;
/** 园区员工, a park role of the seed. */
const PARK_STAFF_ROLE = '1123598816738675203';
const ROOT_DEPT = SEED.rootDept;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
});
afterAll(() => server.close());

const post = (url: string, payload: unknown, token = admin) =>
  server.call({ method: 'POST', url, token, payload: payload as object });

async function count(table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params),
  );
  return row.n;
}

describe('create-enterprise', () => {
  it('creates the enterprise and its company account, which logs in as a web account', async () => {
    const row = await createEnterprise(server, admin, '云帆科技', 'yunfan', 'Yunfan#1');
    expect(row.enterpriseName).toBe('云帆科技');
    expect(row.status).toBe(1);
    const [user] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ user_type: number; enterprise_id: string; role_alias: string }>(
        `select u.user_type, u.enterprise_id, r.role_alias from blade_user u join blade_role r on r.id::text = u.role_id
          where u.account = 'yunfan' and u.tenant_id = '000000'`,
      ),
    );
    expect(user).toEqual({ user_type: 2, enterprise_id: row.id, role_alias: 'company' });
    const token = await login(server, 'yunfan', 'Yunfan#1', '000000', 'web');
    // The company account sees its own enterprise and nothing else.
    const page = await ok(server, token, 'GET', `${API}/page`);
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([row.id]);
    // As a platform account it may not log in.
    await expect(login(server, 'yunfan', 'Yunfan#1')).rejects.toThrow(/2005|failed/);
  });

  it('writes nothing when the account is missing, taken, or the enterprise is invalid', async () => {
    const before = await count('crm_enterprise');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ enterpriseName: '甲', password: 'x' }, /请输入账号/],
      [{ enterpriseName: '甲', account: 'jia' }, /请输入密码/],
      [{ enterpriseName: '甲', account: 'admin', password: 'x' }, /账号已存在/],
      [{ enterpriseName: '甲', account: 'has space', password: 'x' }, /账号只能包含/],
      [{ account: 'jia', password: 'x' }, /请输入企业名称/],
      [
        { enterpriseName: '甲', creditCode: '91440300MA5FXH123I', account: 'jia', password: 'x' },
        /统一社会信用代码格式不正确/,
      ],
      [
        { enterpriseName: '甲', creditCode: '012345678901234', account: 'jia', password: 'x' },
        /统一社会信用代码格式不正确/,
      ],
      [{ enterpriseName: '甲', agentPhone: '12345', account: 'jia', password: 'x' }, /电话号不正确/],
      [
        { enterpriseName: '甲', entryDate: '2024-05-01', dueDate: '2024-01-01', account: 'jia', password: 'x' },
        /到期日期不能早于入驻日期/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(`${API}/create-enterprise`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(message);
    }
    expect(await count('crm_enterprise')).toBe(before);
    expect(await count('blade_user', "account = 'jia'")).toBe(0);
  });

  it('keeps names and credit codes unique, stores the code in capitals', async () => {
    const code = '91440300ma5fxh9999';
    await ok(server, admin, 'POST', `${API}/create-enterprise`, {
      enterpriseName: '唯一企业',
      creditCode: code,
      account: 'weiyi',
      password: 'x1',
    });
    const [row] = (await ok(server, admin, 'GET', `${API}/page?enterpriseName=唯一企业`)).records;
    expect(row.creditCode).toBe(code.toUpperCase());
    const again = await post(`${API}/submit`, { enterpriseName: '另一企业', creditCode: code.toUpperCase() });
    expect(again.body.msg).toBe('统一社会信用代码已存在');
    const sameName = await post(`${API}/submit`, { enterpriseName: '唯一企业' });
    expect(sameName.body.msg).toBe('企业名称已存在');
  });
});

/** A node of the 行业分类 tree. */
async function industryNode(industryName: string, parentId?: string): Promise<string> {
  return (await ok(server, admin, 'POST', '/api/blade-basic/industry/submit', { industryName, parentId, sort: 1 })).id;
}

describe('enterprise calls', () => {
  let a: { id: string };
  let b: { id: string };
  let software: string;
  let pharma: string;
  beforeAll(async () => {
    software = await industryNode('软件开发', await industryNode('信息技术'));
    pharma = await industryNode('医药制造业');
    a = await submit(server, admin, 'blade-crm/enterprise', {
      enterpriseName: '检索甲',
      industry: software,
      creditCode: creditCode(),
    });
    b = await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '检索乙', industry: pharma });
  });

  it('pages by name, status and industry', async () => {
    const ids = async (q: string) =>
      (await ok(server, admin, 'GET', `${API}/page?${q}`)).records.map((r: { id: string }) => r.id);
    expect(await ids('enterpriseName=检索')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids(`enterpriseName=检索&industry=${pharma}`)).toEqual([b.id]);
    await ok(server, admin, 'POST', `${API}/update`, { id: b.id, status: 0 });
    expect(await ids('enterpriseName=检索&status=0')).toEqual([b.id]);
    expect(await ids('enterpriseName=检索&status=1')).toEqual([a.id]);
  });

  it("takes a live industry of the tenant's tree, read back with its name", async () => {
    expect(await ok(server, admin, 'GET', `${API}/detail?id=${a.id}`)).toMatchObject({
      industry: software,
      industryName: '软件开发',
    });
    const removed = await industryNode('已删除的行业');
    await ok(server, admin, 'POST', `/api/blade-basic/industry/remove?ids=${removed}`);
    await createTenant(server, '500154');
    const otherAdmin = await login(server, 'admin', 'admin', '500154');
    const foreign = (
      await ok(server, otherAdmin, 'POST', '/api/blade-basic/industry/submit', { industryName: '别家行业', sort: 1 })
    ).id;
    for (const industry of ['123456789', removed, foreign]) {
      const res = await post(`${API}/update`, { id: a.id, industry });
      expect(res.body, industry).toMatchObject({ code: 400, msg: '所属行业不存在' });
      expect((await post(`${API}/submit`, { enterpriseName: `行业${industry}`, industry })).body.code).toBe(400);
      expect(await count('crm_enterprise', 'enterprise_name = $1', [`行业${industry}`])).toBe(0);
    }
    expect((await ok(server, admin, 'GET', `${API}/detail?id=${a.id}`)).industry).toBe(software);
    // Emptied: no industry.
    expect(await ok(server, admin, 'POST', `${API}/update`, { id: b.id, industry: '' })).toMatchObject({
      industry: null,
      industryName: null,
    });
    await ok(server, admin, 'POST', `${API}/update`, { id: b.id, industry: pharma });
  });

  it("shows a company account its enterprise's industry by name, without reading the tree", async () => {
    const own = await createEnterprise(server, admin, '行业企业', 'hangye_co', 'Hangye#1');
    await ok(server, admin, 'POST', `${API}/update`, { id: own.id, industry: software });
    const company = await login(server, 'hangye_co', 'Hangye#1', '000000', 'web');
    expect(await ok(server, company, 'GET', `${API}/detail?id=${own.id}`)).toMatchObject({
      industry: software,
      industryName: '软件开发',
    });
    const [row] = (await ok(server, company, 'GET', `${API}/page`)).records;
    expect(row).toMatchObject({ id: own.id, industryName: '软件开发' });
    expect((await server.call({ method: 'GET', url: '/api/blade-basic/industry/tree', token: company })).status).toBe(
      403,
    );
  });

  it('restores a moved-out enterprise', async () => {
    await ok(server, admin, 'POST', `${API}/update`, { id: a.id, status: 0 });
    await ok(server, admin, 'POST', `${API}/restore?ids=${a.id},${b.id}`);
    for (const id of [a.id, b.id]) expect((await ok(server, admin, 'GET', `${API}/detail?id=${id}`)).status).toBe(1);
    expect((await post(`${API}/restore`, {})).body.msg).toBe('请选择至少一条数据');
  });

  it('updates only with an id', async () => {
    const res = await post(`${API}/update`, { enterpriseName: '无编号' });
    expect(res.status).toBe(400);
    const row = await ok(server, admin, 'POST', `${API}/update`, { id: a.id, officeNumber: 'D-101' });
    expect(row.officeNumber).toBe('D-101');
    expect(row.enterpriseName).toBe('检索甲');
  });

  it('selects ids and names, and lists by ids', async () => {
    const options = await ok(server, admin, 'GET', `${API}/select?enterpriseName=检索`);
    expect(options).toHaveLength(2);
    expect(options).toEqual(
      expect.arrayContaining([
        { id: a.id, enterpriseName: '检索甲' },
        { id: b.id, enterpriseName: '检索乙' },
      ]),
    );
    const rows = await ok(server, admin, 'GET', `${API}/list-by-ids?ids=${b.id}`);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await server.call({ method: 'GET', url: `${API}/list-by-ids?ids=x`, token: admin })).status).toBe(400);
  });
});

describe('projects', () => {
  let enterpriseId: string;
  beforeAll(async () => {
    enterpriseId = (await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '项目企业' })).id;
  });

  it('saves, updates and keeps a history with its own list', async () => {
    const P = '/api/blade-crm/project';
    const project = await ok(server, admin, 'POST', `${P}/save`, {
      enterpriseId,
      projectNo: 'XM-001',
      projectName: '关键技术',
      amount: 123456.78,
      contractStatus: 0,
      dueTime: '2025-06-30',
    });
    expect(project.amount).toBe(123456.78);
    expect((await post(`${P}/save`, { ...project })).status).toBe(400);
    expect((await post(`${P}/update`, { projectName: 'x' })).status).toBe(400);
    const updated = await ok(server, admin, 'POST', `${P}/update`, { id: project.id, contractStatus: 3 });
    expect(updated.contractStatus).toBe(3);
    // A contract status outside its dictionary (0-3) is refused and the stored one stays.
    expect((await post(`${P}/update`, { id: project.id, contractStatus: 9 })).body).toMatchObject({
      code: 400,
      msg: '合同状态的取值无效',
    });
    expect((await ok(server, admin, 'GET', `${P}/detail?id=${project.id}`)).contractStatus).toBe(3);

    const first = await ok(server, admin, 'POST', `${P}/history/submit`, {
      projectId: project.id,
      recordDate: '2024-01-10',
      content: '立项',
    });
    expect(first.enterpriseId).toBe(enterpriseId);
    await ok(server, admin, 'POST', `${P}/history/submit`, {
      projectId: project.id,
      recordDate: '2024-06-10',
      content: '中期检查',
    });
    const list = await ok(server, admin, 'GET', `${P}/history-list?projectId=${project.id}`);
    expect(list.map((r: { content: string }) => r.content)).toEqual(['中期检查', '立项']);
    const missing = await post(`${P}/history/submit`, { recordDate: '2024-01-10', content: 'x' });
    expect(missing.body.msg).toBe('请选择所属项目');
    expect((await server.call({ method: 'GET', url: `${P}/history-list`, token: admin })).status).toBe(400);

    // Removing the project removes its history.
    await ok(server, admin, 'POST', `${P}/remove?ids=${project.id}`);
    expect(await count('crm_project_history', 'project_id = $1 and is_deleted = 0', [project.id])).toBe(0);
  });
});

describe('staff accounts', () => {
  const S = '/api/blade-crm/staff';
  let enterpriseId: string;
  let staffId: string;
  beforeAll(async () => {
    enterpriseId = (await createEnterprise(server, admin, '人员企业', 'renyuan')).id;
    staffId = (
      await submit(server, admin, 'blade-crm/staff', { enterpriseId, staffName: '赵六', phone: '13900001111' })
    ).id;
  });

  it('saves and updates through save and update, as projects do', async () => {
    const saved = await ok(server, admin, 'POST', `${S}/save`, {
      enterpriseId,
      staffName: '孙八',
      phone: '13900003333',
    });
    expect(saved).toMatchObject({ enterpriseId, staffName: '孙八' });
    const withId = await post(`${S}/save`, { ...saved, staffName: '孙八二' });
    expect(withId.body).toMatchObject({ code: 400, msg: '新增时不能指定编号' });
    const withoutId = await post(`${S}/update`, { staffName: '无编号' });
    expect(withoutId.body).toMatchObject({ code: 400, msg: '请选择要修改的数据' });
    const en = await server.call({
      method: 'POST',
      url: `${S}/update`,
      token: admin,
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('Please choose the record to update');
    // The staff hooks apply as to submit: the phone is checked, fields not sent stay.
    expect((await post(`${S}/update`, { id: saved.id, phone: '123' })).body.msg).toBe('电话号不正确');
    const updated = await ok(server, admin, 'POST', `${S}/update`, { id: saved.id, qualification: '博士' });
    expect(updated).toMatchObject({ staffName: '孙八', qualification: '博士', phone: '13900003333' });
    expect(await count('crm_staff', "staff_name like '孙八%' and is_deleted = 0")).toBe(1);
  });

  it('creates and binds an account that logs in as a web account of the enterprise', async () => {
    const { userId } = await ok(server, admin, 'POST', `${S}/create-bind`, {
      staffId,
      name: '赵六',
      account: 'zhaoliu',
      password: 'Zl#12345',
    });
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`)).userId).toBe(userId);
    expect((await ok(server, admin, 'GET', `${S}/user-info?userId=${userId}`)).id).toBe(staffId);
    const again = await post(`${S}/create-bind`, { staffId, account: 'zhaoliu2', password: 'x' });
    expect(again.body.msg).toBe('该人员已绑定账号');
    await login(server, 'zhaoliu', 'Zl#12345', '000000', 'web');
  });

  it('unbinds and binds an existing user, one staff member per user', async () => {
    const [{ id: userId }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(`select id::text from blade_user where account = 'renyuan'`),
    );
    await ok(server, admin, 'POST', `${S}/unbind?id=${staffId}`);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`)).userId).toBeNull();
    await ok(server, admin, 'POST', `${S}/user-bind?id=${staffId}&userId=${userId}`);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`)).userId).toBe(userId);
    const other = await submit(server, admin, 'blade-crm/staff', { enterpriseId, staffName: '钱七' });
    const taken = await post(`${S}/user-bind?id=${other.id}&userId=${userId}`, {});
    expect(taken.body.msg).toBe('该账号已绑定其他人员');
    const nobody = await post(`${S}/user-bind?id=${other.id}&userId=1234567890123`, {});
    expect(nobody.body.msg).toBe('所选账号不存在');
  });

  it('lets a bound user edit its own staff info, not the binding', async () => {
    const token = await login(server, 'renyuan', 'secret1', '000000', 'web');
    const res = await server.call({
      method: 'POST',
      url: `${S}/update-info`,
      token,
      payload: { phone: '13900002222', userId: '1', enterpriseId: '1' },
    });
    // The company role's default grants hold the staff edit button; the binding and enterprise stay.
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const row = await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`);
    expect(row.phone).toBe('13900002222');
    expect(row.enterpriseId).toBe(enterpriseId);
    expect(row.userId).not.toBe('1');
    const adminRes = await post(`${S}/update-info`, { phone: '13900002222' });
    expect(adminRes.body.msg).toBe('当前账号未绑定企业人员');
  });
});

/** The paths of a menu tree, every level. */
function paths(nodes: { path: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((n) => [n.path, ...paths((n.children ?? []) as { path: string; children?: unknown[] }[])]);
}

describe('the company role of a tenant without demo data', () => {
  it("is made with create-enterprise's first company account and gives it the CRM screens", async () => {
    const tenant = await ok(server, admin, 'POST', '/api/blade-system/tenant/submit', {
      tenantName: '新园区',
      linkman: '李四',
    });
    const code = tenant.tenantId as string;
    // tenant.default.password is 123456 in the seed.
    const tenantAdmin = await login(server, 'admin', '123456', code);
    expect(await count('blade_role', "tenant_id = $1 and role_alias = 'company'", [code])).toBe(0);
    await createEnterprise(server, tenantAdmin, '新园区企业', 'xinyuan', 'Xinyuan#1');
    const token = await login(server, 'xinyuan', 'Xinyuan#1', code, 'web');
    const routes = paths(await ok(server, token, 'GET', '/api/blade-system/menu/routes'));
    expect(routes).toEqual(
      expect.arrayContaining(['/crm', '/crm/my-enterprise', '/crm/staff', '/crm/certificate', '/crm/project']),
    );
    const buttons = JSON.stringify(await ok(server, token, 'GET', '/api/blade-system/menu/buttons'));
    expect(buttons).toContain('enterprise_staff_edit');
    expect(buttons).toContain('certificate_add');
    expect(buttons).not.toContain('enterprise_add');
    expect(buttons).not.toContain('enterprise_delete');
    // The grants work: the account adds a staff member to its own enterprise.
    const staff = await ok(server, token, 'POST', '/api/blade-crm/staff/submit', { staffName: '新园区员工' });
    expect(staff.staffName).toBe('新园区员工');
  });
});

describe('business info', () => {
  const BI = '/api/blade-crm/businessinfo';
  it('is read by enterpriseId, one row per enterprise', async () => {
    const a = (await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '工商甲' })).id;
    const b = (await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '工商乙' })).id;
    // Before it has one, the detail is empty, not an error: the tab opens an empty form.
    expect(await ok(server, admin, 'GET', `${BI}/detail?enterpriseId=${a}`)).toBeNull();
    const saved = await ok(server, admin, 'POST', `${BI}/submit`, { enterpriseId: a, legalPerson: '甲法人' });
    await ok(server, admin, 'POST', `${BI}/submit`, { enterpriseId: b, legalPerson: '乙法人' });
    expect(await ok(server, admin, 'GET', `${BI}/detail?enterpriseId=${a}`)).toMatchObject({
      id: saved.id,
      legalPerson: '甲法人',
    });
    expect((await ok(server, admin, 'GET', `${BI}/detail?enterpriseId=${b}`)).legalPerson).toBe('乙法人');

    const second = await post(`${BI}/submit`, { enterpriseId: a, legalPerson: '第二个' });
    expect(second.body).toMatchObject({ code: 400, msg: '该企业已有工商信息' });
    // Nor may another enterprise's row be moved onto it.
    const [bRow] = (await ok(server, admin, 'GET', `${BI}/list?enterpriseId=${b}`)).records;
    const moved = await post(`${BI}/submit`, { id: bRow.id, enterpriseId: a });
    expect(moved.body.msg).toBe('该企业已有工商信息');
    // Its own row is edited in place; once removed, a new one may be made.
    await ok(server, admin, 'POST', `${BI}/submit`, { id: saved.id, enterpriseId: a, legalPerson: '甲新法人' });
    await ok(server, admin, 'POST', `${BI}/remove?ids=${saved.id}`);
    expect(await ok(server, admin, 'GET', `${BI}/detail?enterpriseId=${a}`)).toBeNull();
    await ok(server, admin, 'POST', `${BI}/submit`, { enterpriseId: a, legalPerson: '重新登记' });
    expect(await count('crm_business_info', 'enterprise_id = $1 and is_deleted = 0', [a])).toBe(1);
  });
});

describe('moving out and the agent user', () => {
  it('moves an enterprise out with update and status 0, and takes no other status', async () => {
    const row = await createEnterprise(server, admin, '迁出企业', 'qianchu');
    await ok(server, admin, 'POST', `${API}/update`, { id: row.id, status: 0 });
    expect((await ok(server, admin, 'GET', `${API}/detail?id=${row.id}`)).status).toBe(0);
    const bad = await post(`${API}/update`, { id: row.id, status: 5 });
    expect(bad.body).toMatchObject({ code: 400, msg: '状态只能是0或1' });
    // Its company account may not move it back.
    const token = await login(server, 'qianchu', 'secret1', '000000', 'web');
    const back = await post(`${API}/update`, { id: row.id, status: 1 }, token);
    expect(back.status).toBe(403);
    expect((await ok(server, admin, 'GET', `${API}/detail?id=${row.id}`)).status).toBe(0);
  });

  it('is the company account create-enterprise opens, read by its account name, never written by a form', async () => {
    const row = await createEnterprise(server, admin, '代理企业', 'dailiren');
    expect(row.agentUser).toBe(row.userId);
    expect(row.agentAccount).toBe('dailiren');
    const detail = await ok(server, admin, 'GET', `${API}/detail?id=${row.id}`);
    expect(detail).toMatchObject({ agentUser: row.userId, agentAccount: 'dailiren' });
    const [listed] = (await ok(server, admin, 'GET', `${API}/page?enterpriseName=代理企业`)).records;
    expect(listed.agentAccount).toBe('dailiren');
    const token = await login(server, 'dailiren', 'secret1', '000000', 'web');
    expect((await ok(server, token, 'GET', `${API}/page`)).records[0].agentAccount).toBe('dailiren');
    const edited = await ok(server, admin, 'POST', `${API}/update`, {
      id: row.id,
      agentUser: '1',
      officeNumber: 'E-1',
    });
    expect(edited).toMatchObject({ agentUser: row.userId, agentAccount: 'dailiren', officeNumber: 'E-1' });
    // An enterprise made without an account has none.
    const bare = await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '无账号企业' });
    expect(bare).toMatchObject({ agentUser: null, agentAccount: null });
  });
});

describe('removing an enterprise', () => {
  /** An enterprise with one row in every enterprise-scoped table, two company accounts, and a staff account. */
  async function filled(name: string, account: string) {
    const row = await createEnterprise(server, admin, name, account);
    const staff = await submit(server, admin, 'blade-crm/staff', { enterpriseId: row.id, staffName: `${name}员工` });
    await ok(server, admin, 'POST', '/api/blade-crm/staff/create-bind', {
      staffId: staff.id,
      account: `${account}_staff`,
      password: 'secret1',
    });
    const project = await ok(server, admin, 'POST', '/api/blade-crm/project/save', {
      enterpriseId: row.id,
      projectNo: `${account}-XM`,
      projectName: `${name}项目`,
      contractStatus: 0,
    });
    await ok(server, admin, 'POST', '/api/blade-crm/project/history/submit', {
      projectId: project.id,
      recordDate: '2024-01-10',
      content: '立项',
    });
    await submit(server, admin, 'blade-crm/certificate', {
      enterpriseId: row.id,
      certificateNo: `${account}-ZS`,
      certificateName: '证书',
      certificateType: 1,
    });
    return row.id as string;
  }
  const live = async (id: string) => {
    let n = 0;
    for (const table of ['crm_staff', 'crm_project', 'crm_project_history', 'crm_certificate']) {
      n += await count(table, 'enterprise_id = $1 and is_deleted = 0', [id]);
    }
    return n;
  };
  const enabled = (id: string) => count('blade_user', 'enterprise_id = $1 and status = 1 and is_deleted = 0', [id]);

  it('is refused to a company account, even one whose role holds enterprise_delete', async () => {
    const id = await filled('自删企业', 'zishan');
    // A role of its own with the button, so that only the rule refuses it.
    const [{ id: button }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(`select id::text from blade_menu where code = 'enterprise_delete'`),
    );
    const role = await ok(server, admin, 'POST', '/api/blade-system/role/submit', {
      roleName: '可删企业',
      roleAlias: 'company_remover',
      sort: 9,
    });
    await ok(server, admin, 'POST', `/api/blade-system/role/grant`, { roleIds: [role.id], menuIds: [button] });
    const [user] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=zishan')).records;
    await ok(server, admin, 'POST', `/api/blade-user/grant?userIds=${user.id}&roleIds=${role.id}`);
    const token = await login(server, 'zishan', 'secret1', '000000', 'web');
    const res = await post(`${API}/remove?ids=${id}`, {}, token);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('企业账号不能删除企业');
    expect((await ok(server, admin, 'GET', `${API}/detail?id=${id}`)).id).toBe(id);
    expect(await live(id)).toBe(4);
    expect(await enabled(id)).toBe(2);
  });

  it('by the park removes its rows in every tab and disables its company accounts, all at once', async () => {
    const gone = await filled('删除企业', 'shanchu');
    const kept = await filled('保留企业', 'baoliu');
    expect(await live(gone)).toBe(4);
    await ok(server, admin, 'POST', `${API}/remove?ids=${gone}`);
    expect((await server.call({ method: 'GET', url: `${API}/detail?id=${gone}`, token: admin })).status).toBe(404);
    expect(await live(gone)).toBe(0);
    expect(await enabled(gone)).toBe(0);
    for (const account of ['shanchu', 'shanchu_staff']) {
      await expect(login(server, account, 'secret1', '000000', 'web')).rejects.toThrow(/2004/);
    }
    // The other enterprise keeps everything.
    expect(await live(kept)).toBe(4);
    expect(await enabled(kept)).toBe(2);
    await login(server, 'baoliu', 'secret1', '000000', 'web');
  });
});

describe('staff accounts made and bound by a company account', () => {
  const S = '/api/blade-crm/staff';
  let token: string;
  let enterpriseId: string;
  let otherEnterprise: string;
  beforeAll(async () => {
    enterpriseId = (await createEnterprise(server, admin, '自管企业', 'ziguan')).id;
    otherEnterprise = (await createEnterprise(server, admin, '邻居企业', 'linju')).id;
    token = await login(server, 'ziguan', 'secret1', '000000', 'web');
  });
  const newStaff = async (owner = enterpriseId) =>
    (await submit(server, admin, 'blade-crm/staff', { enterpriseId: owner, staffName: '新员工' })).id as string;

  it('gives the company role only, and no department but its own', async () => {
    const staffId = await newStaff();
    const body = { staffId, password: 'secret1' };
    const asAdmin = await post(`${S}/create-bind`, { ...body, account: 'zg_1', roleId: SEED_ADMIN_ROLE }, token);
    expect(asAdmin.status).toBe(403);
    const asStaff = await post(`${S}/create-bind`, { ...body, account: 'zg_1', roleId: PARK_STAFF_ROLE }, token);
    expect(asStaff.body).toMatchObject({ code: 403, msg: '企业账号只能为人员开通企业用户角色的账号' });
    const inDept = await post(`${S}/create-bind`, { ...body, account: 'zg_1', deptId: ROOT_DEPT }, token);
    expect(inDept.body).toMatchObject({ code: 403, msg: '企业账号只能为人员选择本账号所在的部门' });
    expect(await count('blade_user', "account = 'zg_1'")).toBe(0);
    const { userId } = await ok(server, token, 'POST', `${S}/create-bind`, { ...body, account: 'zg_1' });
    const [user] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ role_alias: string; dept_id: string | null; enterprise_id: string }>(
        `select r.role_alias, u.dept_id, u.enterprise_id::text from blade_user u
           join blade_role r on r.id::text = u.role_id where u.id = $1`,
        [userId],
      ),
    );
    expect(user).toEqual({ role_alias: 'company', dept_id: null, enterprise_id: enterpriseId });
    // Park staff still choose any role and department below the administrator's.
    const byPark = await ok(server, admin, 'POST', `${S}/create-bind`, {
      staffId: await newStaff(),
      account: 'zg_2',
      password: 'secret1',
      roleId: PARK_STAFF_ROLE,
      deptId: ROOT_DEPT,
    });
    expect(byPark.userId).toBeTruthy();
  });

  it("binds only accounts of the staff member's own enterprise", async () => {
    const staffId = await newStaff();
    const [neighbour] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=linju')).records;
    const byCompany = await post(`${S}/user-bind?id=${staffId}&userId=${neighbour.id}`, {}, token);
    expect(byCompany.body).toMatchObject({ code: 400, msg: '所选账号不存在' });
    const byPark = await post(`${S}/user-bind?id=${staffId}&userId=${neighbour.id}`, {});
    expect(byPark.body).toMatchObject({ code: 400, msg: '该企业账号不属于该人员所在企业' });
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`)).userId).toBeNull();
    // Its own enterprise's account binds, by either.
    const [own] = (await ok(server, admin, 'GET', '/api/blade-user/list?account_equal=zg_1')).records;
    await ok(
      server,
      token,
      'POST',
      `${S}/unbind?id=${(await ok(server, admin, 'GET', `${S}/user-info?userId=${own.id}`)).id}`,
    );
    await ok(server, token, 'POST', `${S}/user-bind?id=${staffId}&userId=${own.id}`);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${staffId}`)).userId).toBe(own.id);
    // A platform account may be bound by the park.
    const other = await newStaff(otherEnterprise);
    await ok(server, admin, 'POST', `${S}/user-bind?id=${other}&userId=${ADMIN.userId}`);
  });

  it('checks the phone as the enterprise contact phone is checked', async () => {
    const bad = await post('/api/blade-crm/staff/submit', { enterpriseId, staffName: '错号', phone: '12345' });
    expect(bad.body).toMatchObject({ code: 400, msg: '电话号不正确' });
    const staffId = await newStaff();
    const edit = await post('/api/blade-crm/staff/submit', { id: staffId, phone: '138000' }, token);
    expect(edit.body.msg).toBe('电话号不正确');
    for (const phone of ['13800001111', '0755-86000000', '86000000']) {
      expect((await ok(server, token, 'POST', '/api/blade-crm/staff/submit', { id: staffId, phone })).phone).toBe(
        phone,
      );
    }
  });
});
