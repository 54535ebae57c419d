import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

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
  oauthId: 'wx-123',
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
    expect(application).toMatchObject({ name: '访客', oauthId: 'wx-123', state: 0 });

    const approved = await server.call({
      method: 'POST',
      url: `${BASE}/register/approve?ids=${application.id}`,
      token: admin,
    });
    expect(approved.body.code).toBe(200);
    const token = await login(server, 'guest1', 'guestpass');
    const info = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
    expect(info.body.data.roleId).toBe(SEED.userRole); // param account.registerUser
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
