import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { invalidateMenus } from '../src/modules/system/menu-access.ts';
import { seed } from '../src/seed/index.ts';
import { menuId, seedId } from '../src/seed/menus.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * Built-in menus and buttons follow the release on an upgrade: a database seeded by an older
 * release (here the one of commit 226f13f, where 工作台's 项目待办 was still 团队项目 and 附件管理 had
 * its add and edit buttons) gets the renamed menus renamed and the withdrawn buttons withdrawn by
 * the start sequence (migrate, then seed), while what the operator changed or added stays.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

const MENU_API = '/api/blade-system/menu';

type Stored = { code: string; name: string; sort: number; is_deleted: number };
async function row(id: string): Promise<Stored | undefined> {
  const [found] = await server.platform.db.admin.query<Stored>(
    'select code, name, sort, is_deleted from blade_menu where id = $1',
    [id],
  );
  return found;
}

/** The start sequence's upgrade path, as startApp runs it. */
async function upgrade() {
  await migrate(server.platform.db);
  await seed(server.platform.db, { demo: false });
  await invalidateMenus(server.platform);
}

const attachButton = (code: string, name: string, alias: string, source: string, sort: number, action: number) => ({
  id: seedId(`attach:${code}`),
  parent_id: menuId('attach'),
  code,
  name,
  alias,
  path: `/resource/attach/${alias}`,
  source,
  sort,
  category: 2,
  action,
  is_open: 1,
});

describe('upgrading a database from an older release', () => {
  it('renames renamed menus, withdraws withdrawn buttons, and keeps the operator’s changes and additions', async () => {
    const db = server.platform.db.admin;
    // The operator's work in the older release, through the console: a built-in menu renamed, a menu added.
    const renamed = await server.call({
      method: 'POST',
      url: `${MENU_API}/submit`,
      token: admin,
      payload: { id: menuId('notice'), name: '园区公告' },
    });
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(200);
    const added = await server.call({
      method: 'POST',
      url: `${MENU_API}/submit`,
      token: admin,
      payload: {
        parentId: menuId('desk'),
        code: 'park_board',
        name: '园区看板',
        path: '/desk/park-board',
        source: 'dashboard',
        category: 1,
        sort: 9,
      },
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    const addedId = String(added.body.data.id);

    // The older release's schema and rows: no seed record, 项目待办 under its old name without its
    // 完成 button, 附件管理 with the four buttons (add and edit since withdrawn), and one more
    // withdrawn button the operator had renamed through the console (theirs now).
    await db.exec(`drop table if exists park_menu_seed;
      delete from park_migration where version = '0132_menu_seed.sql';`);
    await db.query("update blade_menu set name = '团队项目' where id = $1", [menuId('desk_team_project')]);
    await db.query('delete from blade_menu where id = $1', [seedId('desk_team_project:desk_team_project_complete')]);
    const old = [
      attachButton('attach_add', '新增', 'add', 'plus', 1, 1),
      attachButton('attach_edit', '修改', 'edit', 'edit', 2, 2),
      {
        ...attachButton('attach_download', '批量下载', 'download', 'download', 5, 1),
        update_user: '1123598821738675201',
      },
    ];
    for (const button of old) {
      const cols = Object.keys(button);
      await db.query(
        `insert into blade_menu (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(button),
      );
    }
    await db.query(`update blade_menu set update_time = update_time + interval '1 day' where id = $1`, [
      seedId('attach:attach_download'),
    ]);
    await db.query('update blade_menu set sort = 3 where id = $1', [seedId('attach:attach_delete')]);
    await db.query('update blade_menu set sort = 4 where id = $1', [seedId('attach:attach_view')]);

    await upgrade();

    // Renamed, and its new button is there.
    expect(await row(menuId('desk_team_project'))).toMatchObject({ name: '项目待办', is_deleted: 0 });
    expect(await row(seedId('desk_team_project:desk_team_project_complete'))).toMatchObject({ is_deleted: 0 });
    // Withdrawn; the buttons that stay take this release's order.
    expect(await row(seedId('attach:attach_add'))).toMatchObject({ is_deleted: 1 });
    expect(await row(seedId('attach:attach_edit'))).toMatchObject({ is_deleted: 1 });
    expect(await row(seedId('attach:attach_delete'))).toMatchObject({ sort: 1, is_deleted: 0 });
    expect(await row(seedId('attach:attach_view'))).toMatchObject({ sort: 2, is_deleted: 0 });
    // The operator's: a renamed built-in menu, a changed withdrawn button, and an added menu.
    expect(await row(menuId('notice'))).toMatchObject({ name: '园区公告', is_deleted: 0 });
    expect(await row(seedId('attach:attach_download'))).toMatchObject({ name: '批量下载', is_deleted: 0 });
    expect(await row(addedId)).toMatchObject({ code: 'park_board', name: '园区看板', sort: 9, is_deleted: 0 });

    // What the administrator sees: the sidebar's name and the screen's buttons.
    const routes = await server.call({ method: 'GET', url: `${MENU_API}/routes`, token: admin });
    const flat = (nodes: { code: string; name: string; children?: unknown[] }[]): { code: string; name: string }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const names = new Map(flat(routes.body.data).map((n) => [n.code, n.name]));
    expect(names.get('desk_team_project')).toBe('项目待办');
    expect(names.get('notice')).toBe('园区公告');
    const buttons = await server.call({ method: 'GET', url: `${MENU_API}/buttons`, token: admin });
    const codes = flat(buttons.body.data).map((b) => b.code);
    expect(codes).not.toContain('attach_add');
    expect(codes).not.toContain('attach_edit');
    expect(codes).toContain('attach_delete');
  });

  it('changes nothing at the next start, and from then on keeps any edit, even one made in SQL', async () => {
    const db = server.platform.db.admin;
    const before = await db.query('select id, name, sort, is_deleted, update_time from blade_menu order by id');
    await upgrade();
    expect(await db.query('select id, name, sort, is_deleted, update_time from blade_menu order by id')).toEqual(
      before,
    );
    await db.query("update blade_menu set name = '我的项目' where id = $1", [menuId('desk_team_project')]);
    await db.query('update blade_menu set is_deleted = 1 where id = $1', [seedId('attach:attach_view')]);
    await upgrade();
    expect(await row(menuId('desk_team_project'))).toMatchObject({ name: '我的项目' });
    expect(await row(seedId('attach:attach_view'))).toMatchObject({ is_deleted: 1 });
  });
});
