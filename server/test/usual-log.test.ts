import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createEnterprise } from './crm-fixtures.ts';
import {
  createTenant,
  createUserWithButtons,
  login,
  multipart,
  startServer,
  type TestServer,
  type TestTenant,
} from './harness.ts';

/** The usual log: the business events an operator audits, one line each, in the caller's tenant. */
let server: TestServer;
let admin: string;
let tenantB: TestTenant;

interface UsualRow {
  tenant_id: string;
  log_level: string;
  log_id: string;
  log_data: string;
  method: string | null;
  request_uri: string;
  remote_ip: string | null;
  user_agent: string | null;
  create_by: string;
}

/** The newest lines with this id, after the writer has flushed its batch. */
async function logged(logId: string): Promise<UsualRow[]> {
  await server.platform.logs.flush();
  return server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<UsualRow & Record<string, unknown>>(
      `select tenant_id, log_level, log_id, log_data, method, request_uri, remote_ip, user_agent, create_by
         from blade_log_usual where log_id = $1 order by create_time desc, id desc`,
      [logId],
    ),
  );
}

/** The one line an action just wrote (the count of lines with its id went up by exactly one). */
async function lineOf(logId: string, action: () => Promise<unknown>): Promise<UsualRow> {
  const before = (await logged(logId)).length;
  await action();
  const rows = await logged(logId);
  expect(rows.length, `${logId} lines`).toBe(before + 1);
  return rows[0];
}

async function post(url: string, payload?: unknown, token = admin) {
  const res = await server.call({ method: 'POST', url: `/api${url}`, token, payload: payload as object });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function tokenRequest(tenantId: string, username: string, password: string) {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${username}&password=${md5(password)}&grant_type=password&scope=all&type=account`,
    headers: { 'tenant-id': tenantId },
  });
}

/** The fields every line carries, for the platform tenant's administrator acting through `uri`. */
const byAdmin = (uri: string) => ({
  tenant_id: '000000',
  log_level: 'info',
  create_by: 'admin',
  method: 'POST',
  request_uri: uri,
  remote_ip: '127.0.0.1',
});

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  tenantB = await createTenant(server, '300001');
});

afterAll(() => server.close());

describe('login and logout', () => {
  it('logs a login with the tenant, account, address and agent', async () => {
    const row = await lineOf('auth.login', () => login(server, 'admin', 'admin'));
    expect(row).toMatchObject(byAdmin('/api/blade-auth/oauth/token'));
    expect(row.user_agent).toBeTruthy();
    expect(row.log_data).toBe('账号 admin 登录成功（租户 000000，platform）');
  });

  it('logs a refused login as a warning with its reason, never the password', async () => {
    const row = await lineOf('auth.login-refused', async () => {
      expect((await tokenRequest('000000', 'admin', 'Wrong#Pass1')).status).toBe(400);
    });
    expect(row).toMatchObject({ ...byAdmin('/api/blade-auth/oauth/token'), log_level: 'warn' });
    expect(row.log_data).toBe('账号 admin 登录被拒绝（租户 000000）：用户名或密码不正确（2001 badCredentials）');
    const stored = JSON.stringify(await logged('auth.login-refused'));
    expect(stored).not.toContain('Wrong#Pass1');
    expect(stored).not.toContain(md5('Wrong#Pass1'));

    // In the tenant asked for; a tenant that does not exist leaves it with the platform.
    const inB = await lineOf('auth.login-refused', () => tokenRequest('300001', 'nobody', 'x'));
    expect(inB).toMatchObject({ tenant_id: '300001', create_by: 'nobody', log_level: 'warn' });
    const unknown = await lineOf('auth.login-refused', () => tokenRequest('999999', 'admin', 'x'));
    expect(unknown.tenant_id).toBe('000000');
    expect(unknown.log_data).toContain('（租户 999999）：租户不存在（2002 tenantNotFound）');
  });

  it('does not log a token refresh', async () => {
    const res = await tokenRequest('000000', 'admin', 'admin');
    const before = (await logged('auth.login')).length;
    const refreshed = await server.call({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${res.body.refresh_token}&tenantId=000000`,
    });
    expect(refreshed.status).toBe(200);
    expect(await logged('auth.login')).toHaveLength(before);
  });

  it('logs a logout as the user who leaves', async () => {
    const token = await login(server, 'admin', 'admin', tenantB.tenantId);
    const row = await lineOf('auth.logout', () => post('/blade-auth/oauth/logout', undefined, token));
    expect(row).toMatchObject({ tenant_id: '300001', create_by: 'admin', request_uri: '/api/blade-auth/oauth/logout' });
    expect(row.log_data).toBe('账号 admin 退出登录');
  });
});

describe('users and roles', () => {
  it('logs a password reset and a status change with the accounts', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'audited', []);
    const reset = await lineOf('user.password-reset', () => post(`/blade-user/reset-password?userIds=${userId}`));
    expect(reset).toMatchObject(byAdmin('/api/blade-user/reset-password'));
    expect(reset.log_data).toBe('重置 1 个用户的密码为初始密码：audited');

    const off = await lineOf('user.status-change', () => post(`/blade-user/status-change?userIds=${userId}&status=0`));
    expect(off).toMatchObject(byAdmin('/api/blade-user/status-change'));
    expect(off.log_data).toBe('变更 1 个用户的状态：audited→停用');
    const toggled = await lineOf('user.status-change', () => post(`/blade-user/status-change?userIds=${userId}`));
    expect(toggled.log_data).toBe('变更 1 个用户的状态：audited→启用');
  });

  it('logs a user import with its count', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户数据');
    sheet.addRow(['登录账号', '用户姓名', '用户昵称', '所属部门', '所属角色']);
    sheet.addRow(['imported1', '导入一', '一', '招商部', '用户']);
    sheet.addRow(['imported2', '导入二', '二', '招商部', '用户']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const row = await lineOf('user.import', async () => {
      const res = await server.call({
        method: 'POST',
        url: '/api/blade-user/import-user?isCovered=0',
        token: admin,
        ...multipart('users.xlsx', bytes, type),
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    });
    expect(row).toMatchObject(byAdmin('/api/blade-user/import-user'));
    expect(row.log_data).toBe('导入 2 个用户');
  });

  it('logs a role grant with the role and the counts', async () => {
    const { roleId } = await createUserWithButtons(server, '000000', 'granted', []);
    const [menu] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(`select id from blade_menu where code = 'param'`),
    );
    const row = await lineOf('role.grant', () =>
      post('/blade-system/role/grant', { roleIds: roleId, menuIds: menu.id, dataScopeIds: '', apiScopeIds: '' }),
    );
    expect(row).toMatchObject(byAdmin('/api/blade-system/role/grant'));
    // The screen with the folder above it, which a grant derives (issue 35).
    expect(row.log_data).toBe('为角色 granted 设置权限：菜单 2 个，数据权限 0 个，接口权限 0 个');
  });
});

describe('platform settings', () => {
  it('logs a new tenant and its package change', async () => {
    let tenantId = '';
    const created = await lineOf('tenant.create', async () => {
      tenantId = (await post('/blade-system/tenant/submit', { tenantName: '审计租户', linkman: '李四' })).tenantId;
    });
    expect(created).toMatchObject(byAdmin('/api/blade-system/tenant/submit'));
    expect(created.log_data).toBe(`新建租户 ${tenantId}（审计租户）及其管理员账号 admin`);

    const [menu] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(`select id from blade_menu where code = 'system'`),
    );
    const pkg = await post('/blade-system/tenant-package/submit', { packageName: '基础包', menuId: menu.id });
    const set = await lineOf('tenant.package-change', () =>
      post(`/blade-system/tenant/package-setting?tenantId=${tenantId}&packageId=${pkg.id}`),
    );
    expect(set).toMatchObject(byAdmin('/api/blade-system/tenant/package-setting'));
    expect(set.log_data).toBe(`租户 ${tenantId} 的产品包改为 基础包（${pkg.id}）`);
    const cleared = await lineOf('tenant.package-change', () =>
      post(`/blade-system/tenant/package-setting?tenantId=${tenantId}`),
    );
    expect(cleared.log_data).toBe(`租户 ${tenantId} 的产品包改为 无`);
  });

  it('logs a parameter change by its key only', async () => {
    let id = '';
    const added = await lineOf('param.change', async () => {
      id = (
        await post('/blade-system/param/submit', { paramName: '密钥', paramKey: 'audit.key', paramValue: 'S3cr3t!' })
      ).id;
    });
    expect(added).toMatchObject(byAdmin('/api/blade-system/param/submit'));
    expect(added.log_data).toBe('新增参数 audit.key');
    const edited = await lineOf('param.change', () => post('/blade-system/param/submit', { id, paramValue: 'Other!' }));
    expect(edited.log_data).toBe('修改参数 audit.key');
    expect(JSON.stringify(await logged('param.change'))).not.toMatch(/S3cr3t|Other!/);
  });

  it('logs an SMS and an OSS provider enabled', async () => {
    const sms = await post('/blade-resource/sms/submit', {
      smsCode: 'audit-sms',
      category: 3,
      templateId: 'SMS_0001',
      accessKey: 'ak-1',
      secretKey: 'sk-secret-1',
      regionId: 'cn-hangzhou',
      signName: '园区',
    });
    const smsRow = await lineOf('sms.enable', () => post(`/blade-resource/sms/enable?id=${sms.id}`));
    expect(smsRow).toMatchObject(byAdmin('/api/blade-resource/sms/enable'));
    expect(smsRow.log_data).toBe(`启用短信配置 audit-sms（${sms.id}），停用其余配置`);

    const oss = await post('/blade-resource/oss/submit', {
      ossCode: 'audit-oss',
      category: 1,
      endpoint: 'http://127.0.0.1:9000',
      accessKey: 'minio',
      secretKey: 'minio-secret',
      bucketName: 'park',
    });
    const ossRow = await lineOf('oss.enable', () => post(`/blade-resource/oss/enable?id=${oss.id}`));
    expect(ossRow.log_data).toContain('audit-oss');
    expect(JSON.stringify([smsRow, ossRow])).not.toMatch(/secret/);
  });

  it('logs a company account created with its enterprise', async () => {
    let enterpriseId = '';
    const row = await lineOf('crm.company-account', async () => {
      enterpriseId = (await createEnterprise(server, admin, '审计科技', 'shenji')).id;
    });
    expect(row).toMatchObject(byAdmin('/api/blade-crm/enterprise/create-enterprise'));
    expect(row.log_data).toBe('新增企业 审计科技 及其企业账号 shenji');

    const staff = await post('/blade-crm/staff/submit', { enterpriseId, staffName: '审计员' });
    const bound = await lineOf('crm.company-account', () =>
      post('/blade-crm/staff/create-bind', { staffId: staff.id, account: 'shenji2', password: 'Sj#12345' }),
    );
    expect(bound).toMatchObject(byAdmin('/api/blade-crm/staff/create-bind'));
    expect(bound.log_data).toBe(`为企业 ${enterpriseId} 的人员 审计员 新建企业账号 shenji2`);
  });
});

describe('who sees the usual log', () => {
  it('shows each tenant its own lines only', async () => {
    const adminB = await login(server, 'admin', 'admin', tenantB.tenantId);
    await server.platform.logs.flush();
    const page = async (token: string) => {
      const res = await server.call({ method: 'GET', url: '/api/blade-log/usual/list?size=500', token });
      expect(res.body.code).toBe(200);
      return res.body.data.records as { id: string; tenantId: string; logId: string }[];
    };
    const seenByB = await page(adminB);
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((r) => r.tenantId === '300001')).toBe(true);
    expect(seenByB.map((r) => r.logId)).toContain('auth.login');

    const seenByA = await page(admin);
    expect(seenByA.map((r) => r.logId)).toEqual(expect.arrayContaining(['role.grant', 'param.change']));
    expect(seenByA.every((r) => r.tenantId === '000000')).toBe(true);

    // The line itself is not reachable by id from the other tenant either.
    const [mine] = seenByA;
    const hidden = await server.call({
      method: 'GET',
      url: `/api/blade-log/usual/detail?id=${mine.id}`,
      token: adminB,
    });
    expect(hidden.status).toBe(404);
  });
});
