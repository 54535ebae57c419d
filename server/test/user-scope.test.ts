import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId } from '../src/seed/menus.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * The account actions (grant, reset-password, status-change, unlock, update-platform) reach only
 * the users the caller may see, as `detail` does: a role whose data scope on users lists one user
 * gets 404 for any other, and nothing changes.
 */
let server: TestServer;
let keeper: string;
const U = '/api/blade-user';
const STAFF_ROLE = '1123598816738675203';
let seen: string;
let hidden: string;

interface UserState {
  role_id: string;
  password: string;
  status: number;
  fail_count: number;
  user_type: number;
  user_ext: string | null;
}
const stateOf = async (id: string) =>
  (
    await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<UserState & Record<string, unknown>>(
        'select role_id, password, status, fail_count, user_type, user_ext from blade_user where id = $1',
        [id],
      ),
    )
  )[0];
const lock = (ids: string[]) =>
  server.platform.db.tx(ALL_TENANTS, (q) =>
    q.query('update blade_user set fail_count = 9 where id = any($1::bigint[])', [ids]),
  );

beforeAll(async () => {
  server = await startServer();
  seen = (await createUserWithButtons(server, '000000', 'sc_seen', [])).userId;
  hidden = (await createUserWithButtons(server, '000000', 'sc_hidden', [])).userId;
  const { roleId } = await createUserWithButtons(server, '000000', 'sc_keeper', [
    'user',
    'user_view',
    'user_edit',
    'user_role',
    'user_reset',
    'user_unlock',
    'user_platform',
  ]);
  // The keeper's data scope on users: the listed ids only (its own row and `seen`).
  const keeperId = (
    await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>("select id::text from blade_user where account = 'sc_keeper'"),
    )
  )[0].id;
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    const scopeId = nextId();
    await insertRows(q, 'blade_scope_data', [
      {
        id: scopeId,
        menu_id: menuId('user'),
        resource_code: 'user',
        scope_name: '指定用户',
        scope_column: 'id',
        scope_type: 5,
        scope_value: `${keeperId},${seen}`,
      },
    ]);
    await insertRows(q, 'blade_role_scope', [{ id: nextId(), scope_category: 1, scope_id: scopeId, role_id: roleId }]);
  });
  keeper = await login(server, 'sc_keeper', 'pass');
});
afterAll(() => server.close());

const post = (url: string) => server.call({ method: 'POST', url, token: keeper });

const ACTIONS: [string, (ids: string) => string][] = [
  ['grant', (ids) => `${U}/grant?userIds=${ids}&roleIds=${STAFF_ROLE}`],
  ['reset-password', (ids) => `${U}/reset-password?userIds=${ids}`],
  ['status-change', (ids) => `${U}/status-change?userIds=${ids}&status=0`],
  ['unlock', (ids) => `${U}/unlock?userIds=${ids}`],
  ['update-platform', (ids) => `${U}/update-platform?userId=${ids}&userType=1&userExt=changed`],
];

describe('account actions under a data scope on users', () => {
  it('answer 404 for a user outside it, as detail does, and change nothing', async () => {
    const detail = await server.call({ method: 'GET', url: `${U}/detail?id=${hidden}`, token: keeper });
    expect(detail.status).toBe(404);
    await lock([hidden]);
    const before = await stateOf(hidden);
    for (const [name, url] of ACTIONS) {
      const res = await post(url(hidden));
      expect(res.body, name).toMatchObject({ code: 404, success: false, msg: '数据不存在或已删除' });
    }
    expect(await stateOf(hidden)).toEqual(before);
  });

  it('refuse a batch holding one such user as a whole', async () => {
    await lock([seen, hidden]);
    const before = await stateOf(seen);
    for (const [name, url] of ACTIONS.filter(([n]) => n !== 'update-platform')) {
      expect((await post(url(`${seen},${hidden}`))).status, name).toBe(404);
    }
    expect(await stateOf(seen)).toEqual(before);
  });

  it('act on the users inside it', async () => {
    await lock([seen]);
    const detail = await server.call({ method: 'GET', url: `${U}/detail?id=${seen}`, token: keeper });
    expect(detail.status).toBe(200);
    const before = await stateOf(seen);
    for (const [name, url] of ACTIONS) {
      const res = await post(url(seen));
      expect(res.body.code, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const after = await stateOf(seen);
    expect(after).toMatchObject({ role_id: STAFF_ROLE, status: 0, fail_count: 0, user_ext: 'changed' });
    expect(after.password).not.toBe(before.password);
  });

  it('still reach every user of the tenant for a role without a data scope', async () => {
    const admin = await login(server, 'admin', 'admin');
    const res = await server.call({ method: 'POST', url: `${U}/unlock?userIds=${hidden}`, token: admin });
    expect(res.body.code).toBe(200);
    expect((await stateOf(hidden)).fail_count).toBe(0);
  });
});
