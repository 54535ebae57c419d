import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/** Navigation (导航管理): the home page's tiles, kept per tenant, each shown only to users who can open it. */
let server: TestServer;
let admin: string;
let other: string;
const N = '/api/blade-system/navigate';

const submit = (payload: object, token = admin) => server.call({ method: 'POST', url: `${N}/submit`, token, payload });
const tile = (name: string, path: string, extra: object = {}) => ({ name, path, sort: 1, status: 1, ...extra });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '610001');
  other = await login(server, 'admin', 'admin', '610001');
});
afterAll(() => server.close());

describe('navigation entries', () => {
  it('refuses bad input with the field message and writes nothing', async () => {
    expect((await submit({ path: '/desk/notice', sort: 1, status: 1 })).body).toMatchObject({
      code: 400,
      msg: '请输入导航名称',
    });
    expect((await submit({ name: 'x', sort: 1, status: 1 })).body.msg).toBe('请输入导航地址');
    expect((await submit({ name: 'x', path: '/desk/notice', status: 1 })).body.msg).toBe('请输入导航排序');
    expect((await submit(tile('x', 'desk/notice'))).body).toMatchObject({
      code: 400,
      msg: '导航地址必须是菜单路径(以/开头)或以http(s)://开头的网址',
    });
    expect((await submit(tile('x', 'ftp://example.com'))).body.code).toBe(400);
    expect((await submit(tile('x', '/no/such/menu'))).body).toMatchObject({
      code: 400,
      msg: '导航地址不是任何菜单的路径',
    });
    expect((await submit(tile('x', '/desk/notice', { status: 3 }))).body.msg).toBe('导航状态的取值无效');
    const en = await server.call({
      method: 'POST',
      url: `${N}/submit`,
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: tile('x', '/no/such/menu'),
    });
    expect(en.body.msg).toBe('No menu has this path');
    const page = await server.call({ method: 'GET', url: `${N}/page?name=x`, token: admin });
    expect(page.body.data.total).toBe(0);
  });

  it('adds, reads, edits and removes an entry, sorted by sort', async () => {
    const second = await submit(tile('公告', '/desk/notice', { sort: 2, category: '常用', source: 'sound' }));
    expect(second.body.code, JSON.stringify(second.body)).toBe(200);
    const first = await submit(tile('园区官网', 'https://example.com/park?a=1', { sort: 1, category: '外部' }));
    expect(first.body.data).toMatchObject({ name: '园区官网', path: 'https://example.com/park?a=1', status: 1 });
    const list = await server.call({ method: 'GET', url: `${N}/list`, token: admin });
    expect(names(list.body.data.records)).toEqual(['园区官网', '公告']);
    const found = await server.call({ method: 'GET', url: `${N}/page?category=常用`, token: admin });
    expect(names(found.body.data.records)).toEqual(['公告']);

    const id = second.body.data.id;
    const edited = await submit({ id, name: '通知公告', path: '/desk/notice?from=home' });
    expect(edited.body.data).toMatchObject({ name: '通知公告', path: '/desk/notice?from=home', category: '常用' });
    const emptied = await submit({ id, path: '' });
    expect(emptied.body.msg).toBe('请输入导航地址');

    const removed = await server.call({
      method: 'POST',
      url: `${N}/remove?ids=${id},${first.body.data.id}`,
      token: admin,
    });
    expect(removed.body.code).toBe(200);
    const gone = await server.call({ method: 'GET', url: `${N}/detail?id=${id}`, token: admin });
    expect(gone.status).toBe(404);
  });

  it("keeps each tenant's entries to itself", async () => {
    const mine = await submit(tile('本租户导航', '/system/param'));
    const theirs = await submit(tile('他租户导航', '/system/param'), other);
    expect(theirs.body.code).toBe(200);
    const otherList = await server.call({ method: 'GET', url: `${N}/list`, token: other });
    expect(names(otherList.body.data.records)).toEqual(['他租户导航']);
    const peek = await server.call({ method: 'GET', url: `${N}/detail?id=${mine.body.data.id}`, token: other });
    expect(peek.status).toBe(404);
    const edit = await submit({ id: mine.body.data.id, name: '改' }, other);
    expect(edit.status).toBe(404);
    await server.call({ method: 'POST', url: `${N}/remove?ids=${mine.body.data.id}`, token: other });
    const still = await server.call({ method: 'GET', url: `${N}/detail?id=${mine.body.data.id}`, token: admin });
    expect(still.body.data.name).toBe('本租户导航');
    await server.call({ method: 'POST', url: `${N}/remove?ids=${mine.body.data.id}`, token: admin });
    await server.call({ method: 'POST', url: `${N}/remove?ids=${theirs.body.data.id}`, token: other });
  });

  it('needs the navigate buttons to write', async () => {
    await createUserWithButtons(server, '000000', 'nav_reader', ['navigate', 'navigate_view']);
    const reader = await login(server, 'nav_reader', 'pass');
    expect((await submit(tile('x', '/desk/notice'), reader)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: `${N}/page`, token: reader })).body.code).toBe(200);
  });
});

describe('the home page tiles', () => {
  it('are the enabled entries the caller can open: menu paths only with that menu', async () => {
    const ids: string[] = [];
    for (const t of [
      tile('通知', '/desk/notice', { sort: 1 }),
      tile('用户', '/system/user', { sort: 2 }),
      tile('官网', 'https://example.com', { sort: 3 }),
      tile('停用', '/desk/notice', { sort: 4, status: 0 }),
    ]) {
      ids.push((await submit(t)).body.data.id);
    }
    const forAdmin = await server.call({ method: 'GET', url: `${N}/home`, token: admin });
    expect(names(forAdmin.body.data)).toEqual(['通知', '用户', '官网']);

    await createUserWithButtons(server, '000000', 'nav_staff', ['notice']);
    const staff = await login(server, 'nav_staff', 'pass');
    const forStaff = await server.call({ method: 'GET', url: `${N}/home`, token: staff });
    expect(names(forStaff.body.data)).toEqual(['通知', '官网']);

    const forOther = await server.call({ method: 'GET', url: `${N}/home`, token: other });
    expect(names(forOther.body.data)).toEqual([]);

    // A company account may read its tiles, though the rest of the system administration stays closed to it.
    const company = tokenFor(server, { accountType: 'web', roleIds: ['1'], roleAliases: ['company'] });
    expect((await server.call({ method: 'GET', url: `${N}/home`, token: company })).body.code).toBe(200);
    expect((await server.call({ method: 'GET', url: `${N}/page`, token: company })).status).toBe(403);
    await server.call({ method: 'POST', url: `${N}/remove?ids=${ids.join(',')}`, token: admin });
  });
});
