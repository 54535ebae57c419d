import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** Account applications: filed without a login, pending until an administrator approves or rejects them. */
let server: TestServer;
let admin: string;
const BASE = '/api/blade-user';

const apply = (payload: object) => server.call({ method: 'POST', url: `${BASE}/register-guest`, payload });
const form = (account: string) => ({
  tenantId: '000000',
  name: '访客',
  account,
  password: 'guestpass',
  password2: 'guestpass',
});

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('register-guest', () => {
  it('checks the form with the spec messages', async () => {
    expect((await apply({ ...form('a'), tenantId: '' })).body.msg).toBe('请先输入租户编号');
    expect((await apply({ ...form(''), account: ' ' })).body.msg).toBe('请先输入账号名称');
    expect((await apply({ ...form('a'), password: '' })).body.msg).toBe('请先输入密码');
    expect((await apply({ ...form('a'), password2: 'other' })).body.msg).toBe('两次密码输入不一致');
    expect((await apply({ ...form('a'), tenantId: '999999' })).body).toMatchObject({ code: 400, msg: '租户不存在' });
    expect((await apply({ ...form('admin') })).body.code).toBe(400); // an existing account
  });

  it('files an application that cannot log in until an administrator approves it', async () => {
    const res = await apply(form('guest1'));
    expect(res.body).toMatchObject({ code: 200, msg: '注册申请已提交,请耐心等待管理员通过!' });
    expect((await apply(form('guest1'))).body.code).toBe(400); // already pending
    await expect(login(server, 'guest1', 'guestpass')).rejects.toThrow(/2001/);

    const pending = await server.call({ method: 'GET', url: `${BASE}/register/list`, token: admin });
    const application = pending.body.data.find((r: { account: string }) => r.account === 'guest1');
    // An oauth id is the signed ticket of a third-party login (social-login.test.ts); this application has none.
    expect(application).toMatchObject({ name: '访客', oauthId: null, state: 0 });

    const approved = await server.call({
      method: 'POST',
      url: `${BASE}/register/approve?ids=${application.id}`,
      token: admin,
    });
    expect(approved.body.code).toBe(200);
    const token = await login(server, 'guest1', 'guestpass');
    const info = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
    expect(info.body.data.roleId).toBe(SEED.userRole); // param account.registerUser
    expect(info.body.data.deptId).toBe(SEED.rootDept); // the tenant's root department
    const again = await server.call({
      method: 'POST',
      url: `${BASE}/register/approve?ids=${application.id}`,
      token: admin,
    });
    expect(again.status).toBe(404); // decided once
  });

  it('rejects an application, which then never logs in', async () => {
    await apply(form('guest2'));
    const pending = await server.call({ method: 'GET', url: `${BASE}/register/list`, token: admin });
    const { id } = pending.body.data.find((r: { account: string }) => r.account === 'guest2');
    await server.call({ method: 'POST', url: `${BASE}/register/reject?ids=${id}`, token: admin });
    await expect(login(server, 'guest2', 'guestpass')).rejects.toThrow(/2001/);
    const after = await server.call({ method: 'GET', url: `${BASE}/register/list`, token: admin });
    expect(after.body.data.some((r: { account: string }) => r.account === 'guest2')).toBe(false);
  });

  it('leaves review to holders of the user_register button, and applying still needs the client', async () => {
    await createUserWithButtons(server, '000000', 'clerk', ['user_view']);
    const clerk = await login(server, 'clerk', 'pass');
    expect((await server.call({ method: 'GET', url: `${BASE}/register/list`, token: clerk })).status).toBe(403);
    const noClient = await server.app.inject({
      method: 'POST',
      url: `${BASE}/register-guest`,
      payload: form('guest3'),
    });
    expect(noClient.statusCode).toBe(401);
  });
});

describe('approval in another tenant', () => {
  const TENANT = '400001';
  /** Files an application to TENANT, approves it as its administrator, logs in and answers the account's info. */
  async function approveIn(tenantAdmin: string, account: string) {
    expect((await apply({ ...form(account), tenantId: TENANT })).body.code).toBe(200);
    const pending = await server.call({ method: 'GET', url: `${BASE}/register/list`, token: tenantAdmin });
    const { id } = pending.body.data.find((r: { account: string }) => r.account === account);
    const approved = await server.call({
      method: 'POST',
      url: `${BASE}/register/approve?ids=${id}`,
      token: tenantAdmin,
    });
    if (approved.body.code !== 200) return approved.body;
    const token = await login(server, account, 'guestpass', TENANT);
    return (await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token })).body.data;
  }
  const roles = async (token: string) =>
    (await server.call({ method: 'GET', url: '/api/blade-system/role/list', token })).body.data as {
      id: string;
      roleAlias: string;
      roleName: string;
    }[];

  it("gives the account that tenant's own role and root department, never the platform's", async () => {
    const tenant = await createTenant(server, TENANT);
    const tenantAdmin = await login(server, 'admin', 'admin', TENANT);

    // No setting of its own: its ordinary user role, made on first need, and its root department.
    const first = await approveIn(tenantAdmin, 'visitor1');
    const userRole = (await roles(tenantAdmin)).find((r) => r.roleAlias === 'user')!;
    expect(userRole).toMatchObject({ roleName: '用户' });
    expect(first).toMatchObject({ tenantId: TENANT, roleId: userRole.id, deptId: tenant.deptId });
    expect((await approveIn(tenantAdmin, 'visitor2')).roleId).toBe(userRole.id);
    expect((await roles(tenantAdmin)).filter((r) => r.roleAlias === 'user')).toHaveLength(1);

    // Its own account.registerUser names the role.
    const guestRole = await server.call({
      method: 'POST',
      url: '/api/blade-system/role/submit',
      token: tenantAdmin,
      payload: { roleName: '访客', roleAlias: 'guest', sort: 5 },
    });
    const param = await server.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      token: tenantAdmin,
      payload: { paramName: '账号注册默认角色', paramKey: 'account.registerUser', paramValue: guestRole.body.data.id },
    });
    expect(param.body.code, JSON.stringify(param.body)).toBe(200);
    expect(await approveIn(tenantAdmin, 'visitor3')).toMatchObject({
      roleId: guestRole.body.data.id,
      deptId: tenant.deptId,
    });

    // A setting naming a role that is gone stops the approval with a message, rather than guessing.
    await server.call({
      method: 'POST',
      url: `/api/blade-system/role/remove?ids=${guestRole.body.data.id}`,
      token: tenantAdmin,
    });
    expect(await approveIn(tenantAdmin, 'visitor4')).toMatchObject({
      code: 400,
      msg: '参数 account.registerUser 指定的角色不存在，请修改参数后再审核',
    });
  });
});
