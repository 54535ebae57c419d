import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createUserWithButtons, multipart, startServer, type TestServer } from './harness.ts';

/**
 * A change to an account ends its logins at once, access and refresh tokens alike, on every instance
 * (the revocation rides the bus): new roles, another department or post (by update or import), disabled,
 * removed, a password reset by an administrator, and the user's own new password (which keeps the login that changed it). A refresh token used twice
 * ends its whole login.
 */
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
let server: TestServer;
let admin: Tokens;
/** Sessions announced on the bus topic other instances listen to. */
const announced: string[] = [];

interface Tokens {
  access: string;
  refresh: string;
  sid: string;
}

async function logIn(account: string, password: string): Promise<Tokens> {
  const res = await server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5(password)}&grant_type=password&scope=all`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { access: res.body.access_token, refresh: res.body.refresh_token, sid: sidOf(res.body.access_token) };
}

const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;

function refresh(token: string) {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}`,
  });
}

/** The HTTP status a call with this access token gets. */
async function works(tokens: Tokens): Promise<boolean> {
  const res = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token: tokens.access });
  if (res.status !== 200 && res.status !== 401) throw new Error(JSON.stringify(res.body));
  return res.status === 200;
}

/** Both tokens of a login are refused: the access token 401, the refresh token 2010. */
async function expectEnded(tokens: Tokens) {
  expect(await works(tokens)).toBe(false);
  const res = await refresh(tokens.refresh);
  expect(res.body).toMatchObject({ success: false, error_code: 2010 });
  expect(announced).toContain(tokens.sid);
}

async function adminCall(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await server.call({ method, url, token: admin.access, payload });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body;
}

beforeAll(async () => {
  server = await startServer();
  server.platform.bus.subscribe('auth.session.revoked', (p) => announced.push((p as { sid: string }).sid));
  admin = await logIn('admin', 'admin');
});
afterAll(() => server?.close());

describe('an account change ends the logins of that account', () => {
  it('a role grant (user/grant) ends the logins of users whose roles changed, and no one else', async () => {
    const user = await createUserWithButtons(server, '000000', 'granted', []);
    await createUserWithButtons(server, '000000', 'bystander', []);
    const [a, b] = [await logIn('granted', 'pass'), await logIn('granted', 'pass')];
    const bystander = await logIn('bystander', 'pass');
    expect(await works(a)).toBe(true);
    await adminCall('POST', `/api/blade-user/grant?userIds=${user.userId}&roleIds=${SEED.userRole}`);
    await expectEnded(a);
    await expectEnded(b);
    expect(await works(bystander)).toBe(true);
    expect(await works(admin)).toBe(true);
    // The same roles again change nothing, so the new login stays.
    const again = await logIn('granted', 'pass');
    await adminCall('POST', `/api/blade-user/grant?userIds=${user.userId}&roleIds=${SEED.userRole}`);
    expect(await works(again)).toBe(true);
  });

  it('a user update with other roles ends the logins; one that changes only the name does not', async () => {
    const user = await createUserWithButtons(server, '000000', 'updated', [], SEED.rootDept);
    const before = await logIn('updated', 'pass');
    const detail = (await adminCall('GET', `/api/blade-user/detail?id=${user.userId}`)).data;
    await adminCall('POST', '/api/blade-user/update', { ...detail, name: 'renamed' });
    expect(await works(before)).toBe(true);
    await adminCall('POST', '/api/blade-user/update', { ...detail, name: 'renamed', roleId: SEED.userRole });
    await expectEnded(before);
  });

  it('disabling (status-change) ends the logins', async () => {
    const user = await createUserWithButtons(server, '000000', 'disabled', []);
    const tokens = await logIn('disabled', 'pass');
    await adminCall('POST', `/api/blade-user/status-change?userIds=${user.userId}&status=0`);
    await expectEnded(tokens);
  });

  it('removing the user ends the logins', async () => {
    const user = await createUserWithButtons(server, '000000', 'removed', []);
    const tokens = await logIn('removed', 'pass');
    await adminCall('POST', `/api/blade-user/remove?ids=${user.userId}`);
    await expectEnded(tokens);
  });

  it("an administrator's password reset ends the logins", async () => {
    const user = await createUserWithButtons(server, '000000', 'reset', []);
    const tokens = await logIn('reset', 'pass');
    await adminCall('POST', `/api/blade-user/reset-password?userIds=${user.userId}`);
    await expectEnded(tokens);
    expect(await works(admin)).toBe(true);
  });

  it("the user's own new password ends their other logins and keeps the one that changed it", async () => {
    await createUserWithButtons(server, '000000', 'changer', []);
    const here = await logIn('changer', 'pass');
    const elsewhere = await logIn('changer', 'pass');
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-user/update-password',
      token: here.access,
      payload: { oldPassword: md5('pass'), newPassword: md5('new-pass'), newPassword1: md5('new-pass') },
    });
    expect(res.body).toMatchObject({ code: 200 });
    await expectEnded(elsewhere);
    expect(await works(here)).toBe(true);
    expect((await refresh(here.refresh)).status).toBe(200);
  });
});

describe('a move of department or post ends the logins (issue 28, point 3)', () => {
  const INVESTMENT_DEPT = '1123598813738675202'; // 招商部 of the seed
  const CEO_POST = '1123598817738675201'; // 首席执行官 of the seed
  /** The department the login acts in, as its token carries it. */
  const deptOf = async (tokens: Tokens) =>
    (await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token: tokens.access })).body.data
      .deptId;

  it('user/update to another department ends the logins, and the next one acts in the new department', async () => {
    const user = await createUserWithButtons(server, '000000', 'moved', [], SEED.rootDept);
    const before = await logIn('moved', 'pass');
    expect(await deptOf(before)).toBe(SEED.rootDept);
    const detail = (await adminCall('GET', `/api/blade-user/detail?id=${user.userId}`)).data;
    await adminCall('POST', '/api/blade-user/update', { ...detail, name: 'moved', deptId: INVESTMENT_DEPT });
    await expectEnded(before);
    expect(await deptOf(await logIn('moved', 'pass'))).toBe(INVESTMENT_DEPT);
  });

  it('user/update to another post ends the logins', async () => {
    const user = await createUserWithButtons(server, '000000', 'promoted', [], SEED.rootDept);
    const before = await logIn('promoted', 'pass');
    const detail = (await adminCall('GET', `/api/blade-user/detail?id=${user.userId}`)).data;
    await adminCall('POST', '/api/blade-user/update', { ...detail, name: 'promoted', postId: CEO_POST });
    await expectEnded(before);
  });

  it('a change the login does not hold (the phone, the same department again) keeps it', async () => {
    const user = await createUserWithButtons(server, '000000', 'rephoned', [], SEED.rootDept);
    const tokens = await logIn('rephoned', 'pass');
    const detail = (await adminCall('GET', `/api/blade-user/detail?id=${user.userId}`)).data;
    await adminCall('POST', '/api/blade-user/update', {
      ...detail,
      name: 'rephoned',
      phone: '13900001111',
      deptId: SEED.rootDept,
    });
    expect(await works(tokens)).toBe(true);
    expect((await refresh(tokens.refresh)).status).toBe(200);
  });

  it('an import covering the account with another department ends its logins; one with a new phone keeps them', async () => {
    await createUserWithButtons(server, '000000', 'imported', [], SEED.rootDept);
    const row = (dept: string, phone: string) => ['imported', 'imported', 'imported', dept, '', 'imported', phone];
    const tokens = await logIn('imported', 'pass');
    await importRows([row('园区运营中心', '13900002222')]);
    expect(await works(tokens)).toBe(true);
    await importRows([row('招商部', '13900002222')]);
    await expectEnded(tokens);
  });
});

/** Imports the rows (account, real name, nickname, department, post, role, phone) in cover mode, as the administrator. */
async function importRows(rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(['登录账号', '用户姓名', '用户昵称', '所属部门', '所属岗位', '所属角色', '手机号码']);
  for (const r of rows) sheet.addRow(r);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const res = await server.call({
    method: 'POST',
    url: '/api/blade-user/import-user?isCovered=1',
    token: admin.access,
    ...multipart('users.xlsx', bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
}

describe('refresh token reuse', () => {
  it('a spent refresh token presented again ends its whole login', async () => {
    await createUserWithButtons(server, '000000', 'reused', []);
    const first = await logIn('reused', 'pass');
    const other = await logIn('reused', 'pass');
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const second = { access: rotated.body.access_token, refresh: rotated.body.refresh_token, sid: first.sid };
    expect(await works(second)).toBe(true);

    // The first refresh token again: refused, and every token of that login with it.
    expect((await refresh(first.refresh)).body).toMatchObject({ error_code: 2010 });
    await expectEnded(second);
    await expectEnded(first);
    // The user's other login is another family.
    expect(await works(other)).toBe(true);
    expect((await refresh(other.refresh)).status).toBe(200);
  });
});
