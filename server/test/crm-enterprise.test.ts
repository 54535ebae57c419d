import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createEnterprise, creditCode, ok, submit } from './crm-fixtures.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/** Enterprises' own calls, the company account they open, projects' history and staff accounts. */
let server: TestServer;
let admin: string;
const API = '/api/blade-crm/enterprise';

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

describe('enterprise calls', () => {
  let a: { id: string };
  let b: { id: string };
  beforeAll(async () => {
    a = await submit(server, admin, 'blade-crm/enterprise', {
      enterpriseName: '检索甲',
      industry: 1,
      creditCode: creditCode(),
    });
    b = await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '检索乙', industry: 2 });
  });

  it('pages by name, status and industry', async () => {
    const ids = async (q: string) =>
      (await ok(server, admin, 'GET', `${API}/page?${q}`)).records.map((r: { id: string }) => r.id);
    expect(await ids('enterpriseName=检索')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids('enterpriseName=检索&industry=2')).toEqual([b.id]);
    await ok(server, admin, 'POST', `${API}/update`, { id: b.id, status: 0 });
    expect(await ids('enterpriseName=检索&status=0')).toEqual([b.id]);
    expect(await ids('enterpriseName=检索&status=1')).toEqual([a.id]);
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
    // The company role holds no staff buttons in a fresh tenant: the edit button is required.
    expect(res.status).toBe(403);
    const adminRes = await post(`${S}/update-info`, { phone: '13900002222' });
    expect(adminRes.body.msg).toBe('当前账号未绑定企业人员');
  });
});
