import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { invalidateMenus } from '../src/modules/system/menu-access.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { builtInMenus, menuId, menuSeedHash, seedId, seedMenus } from '../src/seed/menus.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * The system menus at BladeX's paths (issue 35.6): the seed's, as SpringBlade's blade_menu rows have them (its
 * doc/sql/blade/blade.mysql.all.create.sql, 4.7 to 5.0), and migration 0185 moving a database seeded before,
 * in every tenant, keeping every grant.
 */
const MIGRATION = '0185_saber_menu_paths.sql';

/** SpringBlade's screen paths and their folders' paths, by our menu code. */
const BLADEX = {
  role: ['/authority/role', '/authority'],
  data_scope: ['/authority/datascope', '/authority'],
  api_scope: ['/authority/apiscope', '/authority'],
  region: ['/base/region', '/base'],
  code: ['/tool/code', '/tool'],
  datasource: ['/tool/datasource', '/tool'],
  report: ['/report/reportlist', '/report'],
} as const;

/** Where the previous release had them: path, parent code and order. */
const BEFORE: Record<string, { path: string; parent: string; sort: number }> = {
  role: { path: '/system/role', parent: 'system', sort: 4 },
  data_scope: { path: '/system/datascope', parent: 'system', sort: 17 },
  api_scope: { path: '/system/apiscope', parent: 'system', sort: 18 },
  region: { path: '/system/region', parent: 'system', sort: 15 },
  code: { path: '/develop/code', parent: 'develop', sort: 1 },
  datasource: { path: '/develop/datasource', parent: 'develop', sort: 2 },
  report: { path: '/develop/report', parent: 'develop', sort: 3 },
};
const FOLDERS = ['authority', 'base', 'reports'];

let server: TestServer;
const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.tx(ALL_TENANTS, (q) => q.query<T>(text, params));

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the seeded menus', () => {
  it("put Saber's seven screens at BladeX's paths, in BladeX's folders", async () => {
    const rows = await sql<{ code: string; path: string; folder: string; top: string }>(
      `select m.code, m.path, f.path as folder, f.parent_id::text as top from blade_menu m
         join blade_menu f on f.id = m.parent_id where m.code = any($1) and m.is_deleted = 0`,
      [Object.keys(BLADEX)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.code, [r.path, r.folder]]))).toEqual(BLADEX);
    // BladeX's folders are top-level menus.
    expect(new Set(rows.map((r) => r.top))).toEqual(new Set(['0']));
    // Each button follows its screen.
    const buttons = await sql<{ path: string; screen: string }>(
      `select b.path, m.path as screen from blade_menu b join blade_menu m on m.id = b.parent_id
        where m.code = any($1) and b.category = 2`,
      [Object.keys(BLADEX)],
    );
    expect(buttons.length).toBeGreaterThan(20);
    for (const b of buttons) expect(b.path.startsWith(`${b.screen}/`), b.path).toBe(true);
    // Nothing is left at the old paths.
    const old = await sql(
      `select 1 from blade_menu where path ~ '^/(system/(role|datascope|apiscope|region)|develop)'`,
    );
    expect(old).toEqual([]);
  });
});

describe(`migration ${MIGRATION}`, () => {
  /** The grants, scopes and tiles of the database before the migration, to find each afterwards. */
  let before: { roleMenus: string[]; topSettings: string[]; scopes: string[] };
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let roleId: string;
  let topMenuId: string;
  let packageId: string;
  let navigateId: string;

  beforeAll(async () => {
    tenant = await createTenant(server, '351006');
    // A role of the second tenant granted 角色管理 and 行政区划 (with their folder, as the console stores grants),
    // and one of the platform's granted 报表管理 and a data-scope screen's button.
    ({ roleId } = await createUserWithButtons(server, tenant.tenantId, 'grantee', [
      'system',
      'role',
      'role_view',
      'region',
      'region_view',
      'param',
    ]));
    const platformRole = (
      await createUserWithButtons(server, '000000', 'reporter', ['develop', 'report', 'report_view', 'data_scope_view'])
    ).roleId;
    topMenuId = nextId();
    packageId = nextId();
    navigateId = nextId();
    const dataScopeId = nextId();
    const apiScopeId = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await insertRows(q, 'blade_top_menu', [
        { id: topMenuId, tenant_id: tenant.tenantId, code: 'grants', name: '授权', path: '/system/region' },
      ]);
      await insertRows(
        q,
        'blade_top_menu_setting',
        ['system', 'role', 'region', 'param'].map((code) => ({
          id: nextId(),
          top_menu_id: topMenuId,
          menu_id: menuId(code),
        })),
      );
      await insertRows(q, 'blade_tenant_package', [
        {
          id: packageId,
          package_name: '授权套餐',
          menu_id: ['system', 'role', 'region', 'param'].map(menuId).join(', '),
        },
      ]);
      await q.query('update blade_tenant set package_id = $1 where tenant_id = $2', [packageId, tenant.tenantId]);
      await insertRows(q, 'blade_navigate', [
        { id: navigateId, tenant_id: tenant.tenantId, name: '角色', path: '/system/role', source: 'team' },
      ]);
      await insertRows(q, 'blade_scope_data', [
        { id: dataScopeId, menu_id: menuId('role'), resource_code: 'role', scope_name: '全部', scope_type: 1 },
      ]);
      await insertRows(q, 'blade_scope_api', [
        {
          id: apiScopeId,
          menu_id: menuId('region'),
          resource_code: 'region',
          scope_name: '区划',
          scope_path: '/api/blade-system/region/**',
        },
      ]);
      await insertRows(q, 'blade_role_scope', [
        { id: nextId(), scope_category: 1, scope_id: dataScopeId, role_id: roleId },
        { id: nextId(), scope_category: 2, scope_id: apiScopeId, role_id: roleId },
        { id: nextId(), scope_category: 1, scope_id: dataScopeId, role_id: platformRole },
      ]);
    });

    // The menus as the previous release seeded them: the seven screens at their old paths, no new folders.
    const release = builtInMenus();
    const moved = new Set(Object.keys(BEFORE).map(menuId));
    const old = release
      .filter((r) => moved.has(r.id) || moved.has(String(r.parent_id)) || r.id === menuId('develop'))
      .map((r): typeof r => {
        if (r.id === menuId('develop')) return { ...r, path: '/develop', sort: 16 };
        const screen = BEFORE[r.code];
        if (screen) return { ...r, path: screen.path, parent_id: menuId(screen.parent), sort: screen.sort };
        const parent = release.find((p) => p.id === String(r.parent_id))!;
        return { ...r, path: `${BEFORE[parent.code].path}/${r.alias}` };
      });
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const folders = FOLDERS.map(menuId);
      await q.query('delete from blade_menu where id = any($1::bigint[])', [folders]);
      await q.query('delete from park_menu_seed where id = any($1::bigint[])', [folders]);
      await q.query('delete from blade_role_menu where menu_id = any($1::bigint[])', [folders]);
      await q.query('delete from blade_top_menu_setting where menu_id = any($1::bigint[])', [folders]);
      for (const r of old) {
        await q.query('update blade_menu set path = $2, parent_id = $3, sort = $4 where id = $1', [
          r.id,
          r.path,
          r.parent_id,
          r.sort,
        ]);
        await q.query('update park_menu_seed set seeded = $2 where id = $1', [r.id, menuSeedHash(r)]);
      }
      // An operator's own path for 接口权限 (and name): theirs to keep.
      await q.query(`update blade_menu set path = '/system/my-apiscope', name = '我的接口权限' where id = $1`, [
        menuId('api_scope'),
      ]);
    });
    const ids = async (table: string) =>
      (await sql<{ row: string }>(`select (t.*)::text as row from ${table} t order by id`)).map((r) => r.row);
    before = {
      roleMenus: await ids('blade_role_menu'),
      topSettings: await ids('blade_top_menu_setting'),
      scopes: [
        ...(await ids('blade_scope_data')),
        ...(await ids('blade_scope_api')),
        ...(await ids('blade_role_scope')),
      ],
    };

    // The migration on that database, then the seed as at every start.
    await sql('delete from park_migration where version = $1', [MIGRATION]);
    expect(await migrate(server.platform.db)).toEqual([MIGRATION]);
    await server.platform.db.tx(ALL_TENANTS, (q) => seedMenus(q));
    await invalidateMenus(server.platform);
  });

  it("moves the screens to BladeX's paths and folders, and the buttons with them", async () => {
    const rows = await sql<{ code: string; path: string; parent: string }>(
      `select m.code, m.path, coalesce(p.code, '') as parent from blade_menu m left join blade_menu p on p.id = m.parent_id
        where m.code = any($1) and m.is_deleted = 0`,
      [[...Object.keys(BLADEX), ...FOLDERS, 'develop']],
    );
    const by = Object.fromEntries(rows.map((r) => [r.code, [r.path, r.parent]]));
    expect(by).toEqual({
      role: ['/authority/role', 'authority'],
      data_scope: ['/authority/datascope', 'authority'],
      api_scope: ['/system/my-apiscope', 'authority'],
      region: ['/base/region', 'base'],
      code: ['/tool/code', 'develop'],
      datasource: ['/tool/datasource', 'develop'],
      report: ['/report/reportlist', 'reports'],
      authority: ['/authority', ''],
      base: ['/base', ''],
      reports: ['/report', ''],
      develop: ['/tool', ''],
    });
    const button = await sql<{ path: string }>('select path from blade_menu where id = $1', [
      seedId('report:report_generate'),
    ]);
    expect(button[0].path).toBe('/report/reportlist/generate');
  });

  it("leaves the rows as this release's seed makes them, and known to it as its own", async () => {
    const release = builtInMenus().filter(
      (r) =>
        r.code !== 'api_scope' &&
        [...Object.keys(BLADEX), ...FOLDERS, 'develop'].some((c) => r.id === menuId(c) || r.parent_id === menuId(c)),
    );
    const stored = await sql<Record<string, unknown> & { id: string; seeded: string }>(
      `select m.id::text as id, m.parent_id::text as parent_id, m.code, m.name, m.alias, m.path, m.source, m.sort,
              m.category, m.action, m.is_open, s.seeded
         from blade_menu m left join park_menu_seed s on s.id = m.id where m.id = any($1::bigint[])`,
      [release.map((r) => r.id)],
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const row of release) {
      const now = byId.get(row.id);
      expect(now && menuSeedHash(now), row.code).toBe(menuSeedHash(row));
      expect(now?.seeded, row.code).toBe(menuSeedHash(row));
    }
  });

  it('keeps every grant, scope and top-menu setting, and grants the new folders with the menus moved into them', async () => {
    const rows = async (table: string) =>
      (await sql<{ row: string }>(`select (t.*)::text as row from ${table} t order by id`)).map((r) => r.row);
    expect(await rows('blade_role_menu')).toEqual(expect.arrayContaining(before.roleMenus));
    expect(await rows('blade_top_menu_setting')).toEqual(expect.arrayContaining(before.topSettings));
    expect([
      ...(await rows('blade_scope_data')),
      ...(await rows('blade_scope_api')),
      ...(await rows('blade_role_scope')),
    ]).toEqual(before.scopes);

    const folders = async (table: string, column: string, id: string) =>
      (
        await sql<{ code: string }>(
          `select m.code from ${table} t join blade_menu m on m.id = t.menu_id
            where t.${column} = $1 and m.code = any($2) order by m.code`,
          [id, FOLDERS],
        )
      ).map((r) => r.code);
    expect(await folders('blade_role_menu', 'role_id', roleId)).toEqual(['authority', 'base']);
    expect(await folders('blade_top_menu_setting', 'top_menu_id', topMenuId)).toEqual(['authority', 'base']);
    const reporter = await sql<{ id: string }>(`select id::text from blade_role where role_alias = 'reporter'`);
    expect(await folders('blade_role_menu', 'role_id', reporter[0].id)).toEqual(['authority', 'reports']);

    const [pkg] = await sql<{ menu_id: string }>('select menu_id from blade_tenant_package where id = $1', [packageId]);
    expect(pkg.menu_id.split(',').map((s) => s.trim())).toEqual(
      ['system', 'role', 'region', 'param', 'authority', 'base'].map(menuId),
    );
    const [top] = await sql<{ path: string }>('select path from blade_top_menu where id = $1', [topMenuId]);
    expect(top.path).toBe('/base/region');
    const [tile] = await sql<{ path: string }>('select path from blade_navigate where id = $1', [navigateId]);
    expect(tile.path).toBe('/authority/role');
  });

  it("shows the second tenant's user the moved screens in their new folders, and lets them work there", async () => {
    const token = await login(server, 'grantee', 'pass', tenant.tenantId);
    const call = (url: string) => server.call({ method: 'GET', url, token });
    const routes = (await call('/api/blade-system/menu/routes')).body.data as {
      path: string;
      children?: { path: string }[];
    }[];
    const tree = Object.fromEntries(routes.map((r) => [r.path, (r.children ?? []).map((c) => c.path)]));
    expect(tree).toEqual({
      '/system': ['/system/param'],
      '/authority': ['/authority/role'],
      '/base': ['/base/region'],
    });
    expect((await call('/api/blade-system/role/list')).body.code).toBe(200);
    expect((await call('/api/blade-system/region/list')).body.code).toBe(200);
  });

  it('adds nothing when it runs again', async () => {
    const count = async () => (await sql<{ n: string }>('select count(*)::text as n from blade_role_menu'))[0].n;
    const n = await count();
    await sql('delete from park_migration where version = $1', [MIGRATION]);
    await migrate(server.platform.db);
    expect(await count()).toBe(n);
  });
});
