import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { ADMIN, startServer, type TestServer } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

/** Switch mode (spec parts 2, 5, 9): the dialog's options, and a re-issued token that acts as one department and role. */
const SALES_DEPT = '1123598813738675202';
const PROPERTY_DEPT = '1123598813738675203';
const STAFF_ROLE = '1123598816738675203';
const OPTIONS = '/api/blade-auth/oauth/switch-options';
const DELETED_DEPT = nextId();
/** The token answer lists the user record's ids as they are; only the dialog leaves out a deleted department. */
const ALL_DEPTS = `${PROPERTY_DEPT},${DELETED_DEPT},${SALES_DEPT}`;

let server: TestServer;

function token(params: Record<string, string>, headers: Record<string, string> = {}) {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: ADMIN.tenantId, scope: 'all', ...params })}`,
    headers,
  });
}

const passwordLogin = (account: string, password: string) =>
  token({ username: account, password: createHash('md5').update(password).digest('hex'), grant_type: 'password' });

async function setSwitchMode(on: boolean) {
  await server.platform.db.admin.query(
    `update blade_param set param_value = $1 where param_key = 'account.switchMode' and tenant_id = '000000'`,
    [String(on)],
  );
  await server.platform.params.invalidate();
}

beforeAll(async () => {
  server = await startServer();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_dept', [
      { id: DELETED_DEPT, tenant_id: ADMIN.tenantId, parent_id: SEED.rootDept, dept_name: '已删部门', is_deleted: 1 },
    ]);
    await insertRows(q, 'blade_user', [
      {
        id: nextId(),
        tenant_id: ADMIN.tenantId,
        account: 'switcher',
        password: testPasswordHash('pw'),
        real_name: 'switcher',
        user_type: 1,
        // Listed in this order on purpose: the dialog offers them as the user record lists them.
        role_id: `${STAFF_ROLE},${SEED.userRole}`,
        dept_id: ALL_DEPTS,
      },
    ]);
  });
});

afterAll(async () => {
  await server?.close();
});

describe('switch-department options', () => {
  it('needs a token', async () => {
    const res = await server.call({ method: 'GET', url: OPTIONS });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, success: false });
  });

  it('off by default: says so and offers nothing', async () => {
    const login = await passwordLogin('switcher', 'pw');
    const res = await server.call({ method: 'GET', url: OPTIONS, token: login.body.access_token });
    expect(res.body).toEqual({
      code: 200,
      success: true,
      msg: expect.any(String),
      data: {
        switchMode: false,
        deptId: PROPERTY_DEPT,
        roleId: `${STAFF_ROLE},${SEED.userRole}`,
        depts: [],
        roles: [],
      },
    });
  });

  it('on: offers the live departments and roles the user holds; a refresh with Dept-Id/Role-Id narrows the session', async () => {
    await setSwitchMode(true);
    try {
      const login = await passwordLogin('switcher', 'pw');
      expect(login.body).toMatchObject({
        dept_id: ALL_DEPTS,
        role_id: `${STAFF_ROLE},${SEED.userRole}`,
      });
      const before = await server.call({ method: 'GET', url: OPTIONS, token: login.body.access_token });
      expect(before.body.data).toEqual({
        switchMode: true,
        deptId: PROPERTY_DEPT,
        roleId: `${STAFF_ROLE},${SEED.userRole}`,
        depts: [
          { id: PROPERTY_DEPT, name: '物业部' },
          { id: SALES_DEPT, name: '招商部' },
        ],
        roles: [
          { id: STAFF_ROLE, name: '园区员工' },
          { id: SEED.userRole, name: '用户' },
        ],
      });

      const switched = await token(
        { grant_type: 'refresh_token', refresh_token: login.body.refresh_token },
        { 'dept-id': SALES_DEPT, 'role-id': SEED.userRole },
      );
      expect(switched.status).toBe(200);
      expect(switched.body).toMatchObject({ dept_id: SALES_DEPT, role_id: SEED.userRole, role_name: 'user' });
      const access = switched.body.access_token;
      const after = await server.call({ method: 'GET', url: OPTIONS, token: access });
      expect(after.body.data).toMatchObject({ switchMode: true, deptId: SALES_DEPT, roleId: SEED.userRole });
      const info = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token: access });
      expect(info.body.data).toMatchObject({ deptId: SALES_DEPT, roleId: SEED.userRole, roleName: 'user' });

      // The next refresh that names them again keeps them; one naming a department not held gets all again.
      const kept = await token(
        { grant_type: 'refresh_token', refresh_token: switched.body.refresh_token },
        { 'dept-id': SALES_DEPT, 'role-id': SEED.userRole },
      );
      expect(kept.body).toMatchObject({ dept_id: SALES_DEPT, role_id: SEED.userRole });
      const refused = await token(
        { grant_type: 'refresh_token', refresh_token: kept.body.refresh_token },
        { 'dept-id': '1', 'role-id': SEED.adminRole },
      );
      expect(refused.body).toMatchObject({
        dept_id: ALL_DEPTS,
        role_id: `${STAFF_ROLE},${SEED.userRole}`,
      });
    } finally {
      await setSwitchMode(false);
    }
  });

  it('a refresh with Dept-Id/Role-Id changes nothing when switch mode is off', async () => {
    const login = await passwordLogin('switcher', 'pw');
    const res = await token(
      { grant_type: 'refresh_token', refresh_token: login.body.refresh_token },
      { 'dept-id': SALES_DEPT, 'role-id': SEED.userRole },
    );
    expect(res.body).toMatchObject({
      dept_id: ALL_DEPTS,
      role_id: `${STAFF_ROLE},${SEED.userRole}`,
    });
  });
});
