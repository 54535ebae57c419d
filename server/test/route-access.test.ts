import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { routeAccess } from '../src/platform/route-access.ts';
import { menuId } from '../src/seed/menus.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Every route opens only to the screens it serves (reads included), or to every signed-in
 * user for the shared lookups; the administrator role opens every screen of its tenant's
 * package and nothing outside it. Data scope "own department" narrows list, page and detail.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});

afterAll(() => server.close());

async function status(token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
  const res = await server.call({ method, url, token, payload });
  // Files (exports) answer bytes; everything else the envelope, whose code matches the status.
  if (typeof res.body === 'object') expect(res.body.code, `${method} ${url}`).toBe(res.status);
  return res.status;
}

describe('every route', () => {
  it('is placed: shared, or opened by the screens that use it', () => {
    const unplaced = server.app.apiRoutes
      .filter((r) => !r.config.public && !routeAccess(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(unplaced).toEqual([]);
  });

  // A route wrongly marked public (or noClient) fails here before it leaks anything.
  it('needs a token except on the login page’s own calls and the file links (a fixed list)', () => {
    const open = server.app.apiRoutes
      .filter((r) => r.config.public)
      .map((r) => `${r.method} ${r.url}${r.config.noClient ? ' (no client check in the pipeline)' : ''}`)
      .sort();
    expect(open).toEqual([
      // Saber's login page's calls under SpringBlade's paths (modules/auth/saber-token.ts), checked as ours are.
      'GET /api/blade-auth/captcha (no client check in the pipeline)',
      'GET /api/blade-auth/oauth/captcha (no client check in the pipeline)',
      // Third-party login (modules/social): the tenant's enabled providers and the redirect to one of them.
      'GET /api/blade-auth/social/authorize/:source (no client check in the pipeline)',
      'GET /api/blade-auth/social/providers',
      // Live push's socket: a browser cannot set headers on it, so it checks the token of its first frame itself.
      'GET /api/blade-message/ws (no client check in the pipeline)',
      'GET /api/blade-resource/oss/endpoint/file/* (no client check in the pipeline)',
      'GET /api/blade-system/health (no client check in the pipeline)',
      'GET /api/blade-system/tenant/info',
      // The token route checks the client itself, to answer a bad one in OAuth's form (3000).
      'POST /api/blade-auth/oauth/token (no client check in the pipeline)',
      'POST /api/blade-auth/token (no client check in the pipeline)',
      // The same route under SpringBlade's spelling (modules/user/alias.ts).
      'POST /api/blade-system/user/register-guest',
      'POST /api/blade-user/register-guest',
    ]);
  });
});

describe('a role granted only the parameter screen', () => {
  let token: string;
  beforeAll(async () => {
    await createUserWithButtons(server, '000000', 'param_only', ['param', 'param_view']);
    token = await login(server, 'param_only', 'pass');
  });

  it('reads parameters: page, list, detail and export', async () => {
    for (const url of ['page', 'list', 'export', 'detail?paramKey=account.initPassword']) {
      expect(await status(token, `/api/blade-system/param/${url}`), url).toBe(200);
    }
  });

  it('is refused every other screen’s reads with 403', async () => {
    for (const url of [
      '/api/blade-user/page',
      '/api/blade-user/list',
      '/api/blade-user/detail?id=1123598821738675201',
      '/api/blade-system/tenant/page',
      '/api/blade-system/role/tree',
      '/api/blade-system/menu/grant-tree',
      '/api/blade-system/search/role',
      '/api/blade-crm/enterprise/page',
      '/api/blade-crm/staff/export',
      '/api/blade-log/api/page',
      '/api/blade-message/message/sendDetail?id=1',
      '/api/blade-desk/notice/page',
    ]) {
      expect(await status(token, url), url).toBe(403);
    }
  });

  it('still reaches the shared lookups, its own account and inbox', async () => {
    for (const url of [
      '/api/blade-system/menu/routes',
      '/api/blade-system/navigate/home',
      '/api/blade-system/dict/dictionary?code=sex',
      '/api/blade-system/dept/tree',
      '/api/blade-system/post/select',
      '/api/blade-user/info',
      '/api/blade-message/message/my/list',
      '/api/blade-auth/oauth/user-info',
    ]) {
      expect(await status(token, url), url).toBe(200);
    }
  });

  it('looks colleagues up by name, department and post only: no phone, no email', async () => {
    const res = await server.call({ method: 'GET', url: '/api/blade-user/search/user?account=admin', token });
    expect(res.body.code).toBe(200);
    const [found] = res.body.data.records;
    expect(found).toMatchObject({ account: 'admin', realName: expect.any(String) });
    expect(found).not.toHaveProperty('phone');
    expect(found).not.toHaveProperty('email');
    expect(found).not.toHaveProperty('password');
  });
});

describe('a park role granted only the staff screen', () => {
  it("reads the roles to pick a staff account's role from, and nothing else of the role screen", async () => {
    await createUserWithButtons(server, '000000', 'staff_only', ['enterprise_staff', 'enterprise_staff_edit']);
    const token = await login(server, 'staff_only', 'pass');
    expect(await status(token, '/api/blade-system/role/select')).toBe(200);
    for (const url of ['/api/blade-system/role/tree', '/api/blade-system/role/page']) {
      expect(await status(token, url), url).toBe(403);
    }
    expect(await status(token, '/api/blade-system/role/submit', 'POST')).toBe(403);
  });
});

describe('a survey manager who is not the administrator', () => {
  it('picks roles and enterprises for a scope, and reads no more of either screen', async () => {
    await createUserWithButtons(server, '000000', 'qn_only', ['survey', 'survey_add', 'survey_edit']);
    const token = await login(server, 'qn_only', 'pass');
    for (const url of [
      '/api/blade-system/role/select',
      '/api/blade-crm/enterprise/page?current=1&size=10',
      '/api/blade-crm/enterprise/list-by-ids?ids=1',
    ]) {
      expect(await status(token, url), url).toBe(200);
    }
    for (const url of ['/api/blade-system/role/page', '/api/blade-crm/enterprise/detail?id=1']) {
      expect(await status(token, url), url).toBe(403);
    }
  });
});

describe('a role holding a button but not its menu', () => {
  it('reads the screen the button belongs to', async () => {
    await createUserWithButtons(server, '000000', 'post_adder', ['post_add']);
    const token = await login(server, 'post_adder', 'pass');
    expect(await status(token, '/api/blade-system/post/page')).toBe(200);
    expect(await status(token, '/api/blade-system/param/page')).toBe(403);
  });
});

describe('a role granted only a dictionary layout and its view button', () => {
  it('reads the dictionaries there, and changes none', async () => {
    await createUserWithButtons(server, '000000', 'dictview', ['dict_horizontal', 'dict_horizontal_view']);
    const token = await login(server, 'dictview', 'pass');
    for (const url of ['parent-list', 'child-list?parentId=0', 'tree?code=sex', 'detail?id=1']) {
      expect(await status(token, `/api/blade-system/dict/${url}`), url).not.toBe(403);
    }
    const add = { code: 'viewer_dict', dictKey: '-1', dictValue: '看客', parentId: '0', isSealed: 0, sort: 1 };
    expect(await status(token, '/api/blade-system/dict/submit', 'POST', add)).toBe(403);
    expect(await status(token, '/api/blade-system/dict-biz/parent-list')).toBe(403);
  });
});

describe("a tenant's administrator", () => {
  it('opens every screen of the package and nothing outside it', async () => {
    const t = await createTenant(server, '300001');
    const token = await login(server, 'admin', 'admin', '300001');
    // No package yet: every screen.
    expect(await status(token, '/api/blade-crm/enterprise/page')).toBe(200);

    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const system = await q.query<{ id: string }>(
        `with recursive sub as (select id from blade_menu where id = $1
           union select m.id from blade_menu m join sub on m.parent_id = sub.id) select id::text from sub`,
        [menuId('system')],
      );
      const packageId = nextId();
      await insertRows(q, 'blade_tenant_package', [
        { id: packageId, package_name: '系统套餐', menu_id: system.map((m) => m.id).join(',') },
      ]);
      await q.query(`update blade_tenant set package_id = $1 where tenant_id = $2`, [packageId, t.tenantId]);
    });
    await server.platform.cache.invalidate('permissions');
    expect(await status(token, '/api/blade-system/param/page')).toBe(200);
    expect(await status(token, '/api/blade-crm/staff/page')).toBe(403);
    // The user form picks a company account's enterprise, so the list may be read, never written.
    expect(await status(token, '/api/blade-crm/enterprise/page')).toBe(200);
    expect(await status(token, '/api/blade-crm/enterprise/create-enterprise', 'POST')).toBe(403);
    expect(await status(token, '/api/blade-crm/enterprise/remove?ids=1', 'POST')).toBe(403);
  });

  it('is the platform administrator with every screen in tenant 000000', async () => {
    expect(await status(admin, '/api/blade-crm/enterprise/page')).toBe(200);
    expect(await status(admin, '/api/blade-log/api/page')).toBe(200);
  });
});

describe('the own-department data scope', () => {
  it('narrows list, page and detail to rows of the caller’s department', async () => {
    const [deptA, deptB] = [nextId(), nextId()];
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_dept', [
        { id: deptA, tenant_id: '000000', parent_id: 0, dept_name: '甲部门', ancestors: '0' },
        { id: deptB, tenant_id: '000000', parent_id: 0, dept_name: '乙部门', ancestors: '0' },
      ]),
    );
    await createUserWithButtons(server, '000000', 'da_writer', ['param', 'param_add'], deptA);
    await createUserWithButtons(server, '000000', 'db_writer', ['param', 'param_add'], deptB);
    const { roleId } = await createUserWithButtons(server, '000000', 'da_reader', ['param', 'param_view'], deptA);
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const scopeId = nextId();
      await insertRows(q, 'blade_scope_data', [
        {
          id: scopeId,
          menu_id: menuId('param'),
          resource_code: 'param',
          scope_name: '本部门可见',
          scope_column: 'create_dept',
          scope_type: 3,
        },
      ]);
      await insertRows(q, 'blade_role_scope', [
        { id: nextId(), scope_category: 1, scope_id: scopeId, role_id: roleId },
      ]);
    });
    const save = async (account: string, key: string) => {
      const token = await login(server, account, 'pass');
      const res = await server.call({
        method: 'POST',
        url: '/api/blade-system/param/submit',
        token,
        payload: { paramName: key, paramKey: key, paramValue: 'v' },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: string; createDept: string };
    };
    const ownRow = await save('da_writer', 'dept.scope.a');
    expect(ownRow.createDept).toBe(deptA);
    const otherRow = await save('db_writer', 'dept.scope.b');

    const reader = await login(server, 'da_reader', 'pass');
    const get = async (url: string) => (await server.call({ method: 'GET', url, token: reader })).body;
    const keysOf = (rows: { paramKey: string }[]) => rows.map((r) => r.paramKey);

    const page = await get('/api/blade-system/param/page?paramKey_likeright=dept.scope&size=100');
    expect(keysOf(page.data.records)).toEqual(['dept.scope.a']);
    const list = await get('/api/blade-system/param/list?paramKey_likeright=dept.scope');
    expect(keysOf(list.data.records)).toEqual(['dept.scope.a']);
    expect((await get(`/api/blade-system/param/detail?id=${ownRow.id}`)).code).toBe(200);
    expect((await get(`/api/blade-system/param/detail?id=${otherRow.id}`)).code).toBe(404);
    // The administrator sees both.
    const all = await server.call({
      method: 'GET',
      url: '/api/blade-system/param/list?paramKey_likeright=dept.scope',
      token: admin,
    });
    expect(keysOf(all.body.data.records).sort()).toEqual(['dept.scope.a', 'dept.scope.b']);
  });
});
