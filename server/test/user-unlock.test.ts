import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('POST /api/blade-user/unlock', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startServer();
    adminToken = await login(server, 'admin', 'admin');
  });
  afterAll(() => server?.close());

  const unlock = (token: string, userIds: string, lang = 'zh-CN') =>
    server.call({
      method: 'POST',
      url: `/api/blade-user/unlock?userIds=${userIds}`,
      token,
      headers: { 'accept-language': lang },
    });

  /** As five wrong passwords leave an account: it asks every login for a captcha (2007) until cleared. */
  async function lock(...userIds: string[]) {
    await server.platform.db.admin.query('update blade_user set fail_count = 5 where id = any($1::bigint[])', [
      userIds,
    ]);
  }

  async function failCount(userId: string): Promise<number> {
    const [row] = await server.platform.db.admin.query<{ fail_count: number }>(
      'select fail_count from blade_user where id = $1',
      [userId],
    );
    return row.fail_count;
  }

  const tryLogin = (account: string, password: string, tenantId = '000000') =>
    server.call({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5(password)}&grant_type=password`,
    });

  it('lets an administrator unlock several users, who can then log in without a captcha', async () => {
    const a = await createUserWithButtons(server, '000000', 'locked_a', []);
    const b = await createUserWithButtons(server, '000000', 'locked_b', []);
    await lock(a.userId, b.userId);
    expect((await tryLogin('locked_a', 'pass')).body.error_code).toBe(2007);

    const res = await unlock(adminToken, `${a.userId},${b.userId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, success: true, data: true, msg: '操作成功' });
    expect(await failCount(a.userId)).toBe(0);
    expect(await failCount(b.userId)).toBe(0);
    expect((await tryLogin('locked_a', 'pass')).status).toBe(200);
    expect((await tryLogin('locked_b', 'pass')).status).toBe(200);
  });

  it('refuses a user without the user_unlock button (403) and accepts one who holds it', async () => {
    const target = await createUserWithButtons(server, '000000', 'target', []);
    await createUserWithButtons(server, '000000', 'plain', []);
    await createUserWithButtons(server, '000000', 'keeper', ['user_unlock']);
    await lock(target.userId);

    const denied = await unlock(await login(server, 'plain', 'pass'), target.userId);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 403, success: false });
    expect(await failCount(target.userId)).toBe(5);

    const allowed = await unlock(await login(server, 'keeper', 'pass'), target.userId);
    expect(allowed.status).toBe(200);
    expect(await failCount(target.userId)).toBe(0);
  });

  it("leaves another tenant's users alone", async () => {
    const other = await createTenant(server, '200001');
    await lock(other.adminId);
    const res = await unlock(adminToken, other.adminId);
    // Not a user the caller sees: 404, as detail answers.
    expect(res.status).toBe(404);
    expect(await failCount(other.adminId)).toBe(5);
    expect((await tryLogin('admin', 'admin', '200001')).body.error_code).toBe(2007);

    // The tenant's own administrator can.
    await server.platform.db.admin.query('update blade_user set fail_count = 0 where id = $1', [other.adminId]);
    const otherAdmin = await login(server, 'admin', 'admin', '200001');
    await lock(other.adminId);
    expect((await unlock(otherAdmin, other.adminId)).status).toBe(200);
    expect(await failCount(other.adminId)).toBe(0);
  });

  it('answers 400 with a message for no ids or malformed ones', async () => {
    const none = await unlock(adminToken, '');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ code: 400, success: false, data: null, msg: '请选择至少一条数据' });
    const bad = await unlock(adminToken, '1,abc', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: 'The user ids are not valid' });
  });

  it('needs a token', async () => {
    const res = await server.call({ method: 'POST', url: '/api/blade-user/unlock?userIds=1' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, success: false });
  });
});
