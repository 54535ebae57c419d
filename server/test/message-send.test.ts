import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * 消息管理: sending to people, departments (with the ones below) and roles; the sent list with read
 * counts; who may read a sent message and withdraw it; removing from one's own inbox.
 */
let server: TestServer;
let admin: string;
let sender: string;
let senderId: string;
const users: Record<string, { id: string; token: string; roleId: string }> = {};
const dept = { top: nextId(), child: nextId(), other: nextId() };
const BASE = '/api/blade-message/message';

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return (await server.call({ method, url: `${BASE}/${url}`, token, payload })).body;
}

async function send(payload: object, token = sender) {
  const body = await call('POST', 'save', token, { content: '内容', ...payload });
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data as string;
}

const inboxTitles = async (name: string) =>
  (await call('GET', 'my/list', users[name].token)).data.records.map((r: { title: string }) => r.title);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  senderId = (await createUserWithButtons(server, '000000', 'msgsender', ['message_add', 'message_delete'])).userId;
  sender = await login(server, 'msgsender', 'pass');
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'blade_dept', [
      { id: dept.top, tenant_id: '000000', parent_id: 0, ancestors: '0', dept_name: '广播部' },
      { id: dept.child, tenant_id: '000000', parent_id: dept.top, ancestors: `0,${dept.top}`, dept_name: '广播子部' },
      { id: dept.other, tenant_id: '000000', parent_id: 0, ancestors: '0', dept_name: '别的部' },
    ]),
  );
  const placed = { ann: dept.top, bob: dept.child, cat: dept.other };
  for (const [name, deptId] of Object.entries(placed)) {
    const made = await createUserWithButtons(server, '000000', `msg${name}`, [], deptId);
    users[name] = { id: made.userId, roleId: made.roleId, token: await login(server, `msg${name}`, 'pass') };
  }
});

afterAll(() => server.close());

describe('save by type', () => {
  it('a department broadcast reaches the department and the ones below it', async () => {
    await send({ title: '部门广播', type: 2, deptIds: dept.top });
    expect(await inboxTitles('ann')).toEqual(['部门广播']);
    expect(await inboxTitles('bob')).toEqual(['部门广播']);
    expect(await inboxTitles('cat')).toEqual([]);
  });

  it('a role broadcast reaches every holder of the roles', async () => {
    await send({ title: '角色广播', type: 4, roleIds: [users.cat.roleId, users.bob.roleId] });
    expect(await inboxTitles('cat')).toEqual(['角色广播']);
    expect(await inboxTitles('bob')).toEqual(['角色广播', '部门广播']);
    expect(await inboxTitles('ann')).toEqual(['部门广播']);
  });

  it('refuses approval messages, missing or unknown choices, and a choice nobody belongs to', async () => {
    const post = (payload: object) => call('POST', 'save', sender, { title: 't', ...payload });
    expect(await post({ type: 3, userIds: users.ann.id })).toMatchObject({
      code: 400,
      msg: '审批消息由流程发送，不能手动发送',
    });
    expect(await post({ type: 2 })).toMatchObject({ code: 400, msg: '请选择部门' });
    expect(await post({ type: 2, deptIds: '123' })).toMatchObject({ code: 400, msg: '部门不存在' });
    expect(await post({ type: 4, userIds: users.ann.id })).toMatchObject({ code: 400, msg: '请选择角色' });
    expect(await post({ type: 4, roleIds: '123' })).toMatchObject({ code: 400, msg: '角色不存在' });
    const empty = nextId();
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_role', [{ id: empty, tenant_id: '000000', role_name: '空角色', role_alias: 'empty' }]),
    );
    expect(await post({ type: 4, roleIds: empty })).toMatchObject({ code: 400, msg: '所选范围内没有用户' });
    expect(await post({ type: 1, userIds: 'abc' })).toMatchObject({ code: 400 });
    expect((await call('GET', 'my/sendList?type=4', sender)).data.total).toBe(1);
  });
});

describe('sent messages', () => {
  let sentId: string;

  it('lists what the caller sent with recipient and read counts, searchable by title and type', async () => {
    sentId = await send({ title: '普通消息', type: 1, userIds: [users.ann.id, users.cat.id].join(',') });
    await call('GET', `detail?id=${sentId}`, users.ann.token);
    const page = (await call('GET', 'my/sendList', sender)).data;
    expect(page.total).toBe(3);
    expect(page.records[0]).toMatchObject({ id: sentId, title: '普通消息', type: 1, receiverCount: 2, readCount: 1 });
    expect(page.records[1]).toMatchObject({ title: '角色广播', receiverCount: 2, readCount: 0 });
    const byTitle = (await call('GET', `my/sendList?title=${encodeURIComponent('广播')}`, sender)).data;
    expect(byTitle.records.map((r: { title: string }) => r.title)).toEqual(['角色广播', '部门广播']);
    expect((await call('GET', 'my/sendList?type=2', sender)).data.total).toBe(1);
    expect((await call('GET', 'my/sendList?type=9', sender)).code).toBe(400);
    expect((await call('GET', 'my/sendList', admin)).data.total).toBe(0);
  });

  it('shows the recipients and who read it, to the sender and to an administrator only', async () => {
    const detail = (await call('GET', `sendDetail?id=${sentId}`, sender)).data;
    expect(detail).toMatchObject({
      title: '普通消息',
      content: '内容',
      createUser: senderId,
      receiverCount: 2,
      readCount: 1,
    });
    expect(detail.receivers).toHaveLength(2);
    expect(detail.receivers[0]).toMatchObject({ userId: users.cat.id, realName: 'msgcat', isRead: 1, readTime: null });
    expect(detail.receivers[1]).toMatchObject({ userId: users.ann.id, realName: 'msgann', isRead: 0 });
    expect(detail.receivers[1].readTime).toBeTruthy();
    expect((await call('GET', `sendDetail?id=${sentId}`, admin)).data.receiverCount).toBe(2);
    // Another user of 消息管理 does not find it; a recipient without that screen may not even ask.
    await createUserWithButtons(server, '000000', 'msgpeer', ['message_send']);
    const peer = await login(server, 'msgpeer', 'pass');
    expect((await call('GET', `sendDetail?id=${sentId}`, peer)).code).toBe(404);
    expect((await call('GET', `sendDetail?id=${sentId}`, users.ann.token)).code).toBe(403);
  });

  it('a recipient removes it from their inbox only; the sender still sees the delivery', async () => {
    expect(await call('POST', `my/remove?ids=${sentId}`, users.ann.token)).toMatchObject({ code: 200 });
    expect(await inboxTitles('ann')).toEqual(['部门广播']);
    expect((await call('GET', `detail?id=${sentId}`, users.ann.token)).code).toBe(404);
    expect(await inboxTitles('cat')).toContain('普通消息');
    expect((await call('GET', `sendDetail?id=${sentId}`, sender)).data.readCount).toBe(1);
    // All or nothing: one message not in the inbox keeps the others.
    const bob = users.bob.token;
    const bobsFirst = (await call('GET', 'my/list', bob)).data.records[0].id;
    expect(await call('POST', `my/remove?ids=${bobsFirst},${sentId}`, bob)).toMatchObject({
      code: 400,
      msg: '消息不存在',
    });
    expect(await inboxTitles('bob')).toHaveLength(2);
    expect((await call('POST', 'my/remove', bob)).msg).toBe('请选择至少一条数据');
  });

  it('the sender withdraws a message with its deliveries; nobody else may, except an administrator', async () => {
    const other = await send({ title: '管理员的', userIds: users.cat.id }, admin);
    expect(await call('POST', `remove?ids=${sentId},${other}`, sender)).toMatchObject({
      code: 400,
      msg: '只能删除自己发送的消息',
    });
    expect(await inboxTitles('cat')).toContain('普通消息');
    const forbidden = await server.call({
      method: 'POST',
      url: `${BASE}/remove?ids=${sentId}`,
      token: users.cat.token,
    });
    expect(forbidden.status).toBe(403);
    expect(await call('POST', `remove?ids=${sentId}`, sender)).toMatchObject({ code: 200 });
    expect(await inboxTitles('cat')).not.toContain('普通消息');
    expect((await call('GET', `sendDetail?id=${sentId}`, sender)).code).toBe(404);
    expect((await call('GET', 'my/sendList', sender)).data.total).toBe(2);
    const broadcast = (await call('GET', 'my/sendList?type=4', sender)).data.records[0].id;
    expect(await call('POST', `remove?ids=${broadcast}`, admin)).toMatchObject({ code: 200 });
    expect(await inboxTitles('cat')).toEqual(['管理员的']);
  });

  it('refuses sending without the message_add button and reading sent lists without a token', async () => {
    const res = await server.call({
      method: 'POST',
      url: `${BASE}/save`,
      token: users.ann.token,
      payload: { title: 't', userIds: users.cat.id },
    });
    expect(res.status).toBe(403);
    expect((await server.call({ method: 'GET', url: `${BASE}/my/sendList` })).status).toBe(401);
  });
});
