import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** The message calls the notification bell makes: unread first, opening reads, read all, per-user and per-tenant. */
let server: TestServer;
let admin: string;
let reader: string;
let readerId: string;
const BASE = '/api/blade-message/message';

async function get(url: string, token: string) {
  const res = await server.call({ method: 'GET', url: `${BASE}/${url}`, token });
  return res.body;
}

async function sendTo(userIds: string[], title: string, token = admin) {
  const res = await server.call({
    method: 'POST',
    url: `${BASE}/save`,
    token,
    payload: { title, content: `${title}内容`, type: 1, userIds: userIds.join(',') },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as string;
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  readerId = (await createUserWithButtons(server, '000000', 'reader', [])).userId;
  reader = await login(server, 'reader', 'pass');
});

afterAll(() => server.close());

describe('save', () => {
  it('sends one message to each recipient, unread', async () => {
    await sendTo([readerId], '第一条');
    await sendTo([readerId, ADMIN.userId], '第二条');
    const page = (await get('my/list', reader)).data;
    expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(['第二条', '第一条']);
    expect(page.records[0]).toMatchObject({ isRead: 1, type: 1, content: '第二条内容', senderName: '管理员' });
    expect((await get('my/list', admin)).data.total).toBe(1);
  });

  it('refuses a message without title, a wrong type, or unknown recipients', async () => {
    const post = (payload: object) => server.call({ method: 'POST', url: `${BASE}/save`, token: admin, payload });
    expect((await post({ title: '', userIds: readerId })).body).toMatchObject({ code: 400, msg: '请输入消息标题' });
    expect((await post({ title: 't', type: 5, userIds: readerId })).body.code).toBe(400);
    expect((await post({ title: 't' })).body).toMatchObject({ code: 400, msg: '请选择接收人' });
    expect((await post({ title: 't', userIds: '123' })).body).toMatchObject({ code: 400, msg: '接收人不存在' });
  });

  it('needs the message_add button', async () => {
    const res = await server.call({
      method: 'POST',
      url: `${BASE}/save`,
      token: reader,
      payload: { title: 't', userIds: readerId },
    });
    expect(res.status).toBe(403);
  });
});

describe('reading', () => {
  it('lists the newest unread in topList, and opening one marks it read', async () => {
    const top = (await get('my/topList', reader)).data;
    expect(top.map((r: { title: string }) => r.title)).toEqual(['第二条', '第一条']);
    const opened = (await get(`detail?id=${top[0].id}`, reader)).data;
    expect(opened).toMatchObject({ title: '第二条', isRead: 0 });
    expect((await get('my/topList', reader)).data.map((r: { title: string }) => r.title)).toEqual(['第一条']);
    expect((await get('my/list?isRead=1', reader)).data.total).toBe(1);
    expect((await get('my/list?isRead=0', reader)).data.total).toBe(1);
    const byTitle = (await get(`my/list?title=${encodeURIComponent('一')}`, reader)).data;
    expect(byTitle.records.map((r: { title: string }) => r.title)).toEqual(['第一条']);
    // The same message stays unread for its other recipient.
    expect((await get('my/list?isRead=1', admin)).data.total).toBe(1);
  });

  it('gives 404 for a message sent to someone else', async () => {
    const id = await sendTo([ADMIN.userId], '只给管理员');
    const res = await server.call({ method: 'GET', url: `${BASE}/detail?id=${id}`, token: reader });
    expect(res.body.code).toBe(404);
  });

  it('marks all read', async () => {
    await sendTo([readerId], '第三条');
    const res = await server.call({ method: 'POST', url: `${BASE}/readAll`, token: reader });
    expect(res.body).toMatchObject({ code: 200, data: 2 });
    expect((await get('my/topList', reader)).data).toEqual([]);
    expect((await get('my/list?isRead=1', reader)).data.total).toBe(0);
  });

  it('refuses an isRead other than 0 or 1, and calls without a token', async () => {
    expect((await get('my/list?isRead=2', reader)).code).toBe(400);
    const res = await server.call({ method: 'GET', url: `${BASE}/my/topList` });
    expect(res.status).toBe(401);
  });
});

describe('tenants', () => {
  it('keeps another tenant’s messages and users apart', async () => {
    const other = await createTenant(server, '500001');
    const otherAdmin = await login(server, 'admin', 'admin', '500001');
    const bad = await server.call({
      method: 'POST',
      url: `${BASE}/save`,
      token: otherAdmin,
      payload: { title: 't', userIds: readerId },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '接收人不存在' });
    const id = await sendTo([other.adminId], '另一租户', otherAdmin);
    expect((await get('my/list', otherAdmin)).data.total).toBe(1);
    expect((await server.call({ method: 'GET', url: `${BASE}/detail?id=${id}`, token: admin })).body.code).toBe(404);
  });
});
