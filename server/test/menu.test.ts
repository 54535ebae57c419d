import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { entities } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateMenus } from '../src/modules/system/menu-access.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { seed } from '../src/seed/index.ts';
import { MENUS, menuId, seedId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { BASIC, startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/**
 * The seeded menu tree and what each caller sees of it: routes, buttons and top menus,
 * narrowed by role grants, the tenant's package and the top menu.
 */
let server: TestServer;
let admin: string;
/** A top menu of the second tenant, covering the system menu. */
const foreignTop = nextId();

interface Node {
  id: string;
  parentId: string;
  code: string;
  name: string;
  path: string;
  source: string;
  category: number;
  sort: number;
  isOpen: number;
  hasChildren: boolean;
  children?: Node[];
}

const API = '/api/blade-system/menu';
const OTHER_TENANT = '200001';

async function get<T = Node[]>(url: string, token: string): Promise<T> {
  const res = await server.call({ method: 'GET', url, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

const codes = (nodes: Node[] | undefined) => (nodes ?? []).map((n) => n.code);

function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

function find(nodes: Node[], code: string): Node | undefined {
  return flatten(nodes).find((n) => n.code === code);
}

/** A role of `tenantId` granted exactly the menus and buttons with these codes, and a token for a user holding it. */
async function roleWith(tenantId: string, menuCodes: string[]): Promise<{ roleId: string; token: string }> {
  const roleId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_role', [
      { id: roleId, tenant_id: tenantId, role_name: '测试角色', role_alias: 'tester' },
    ]);
    const menus = await q.query<{ id: string }>('select id from blade_menu where code = any($1)', [menuCodes]);
    await insertRows(
      q,
      'blade_role_menu',
      menus.map((m) => ({ id: nextId(), menu_id: m.id, role_id: roleId })),
    );
  });
  const token = tokenFor(server, {
    tenantId,
    userId: nextId(),
    roleIds: [roleId],
    roleAliases: ['tester'],
    account: `tester${roleId}`,
  });
  return { roleId, token };
}

beforeAll(async () => {
  server = await startServer();
  admin = tokenFor(server);
  // A second tenant that bought a package of the parameter screen and the desk only.
  const packageId = nextId();
  const packaged = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ id: string }>(
      `select id from blade_menu where code in ('system', 'param', 'param_add', 'param_view', 'desk', 'notice')`,
    ),
  );
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_tenant_package', [
      { id: packageId, package_name: '测试套餐', menu_id: packaged.map((m) => m.id).join(',') },
    ]);
    await insertRows(q, 'blade_tenant', [
      { id: nextId(), tenant_id: OTHER_TENANT, tenant_name: '第二租户', package_id: packageId },
    ]);
    await insertRows(q, 'blade_top_menu', [{ id: foreignTop, tenant_id: OTHER_TENANT, code: 'x', name: '外部' }]);
    await insertRows(q, 'blade_top_menu_setting', [
      { id: nextId(), top_menu_id: foreignTop, menu_id: menuId('system') },
    ]);
  });
});

afterAll(() => server.close());

describe('the menus after sign-in', () => {
  it('are sent compressed to a client that accepts it, and small answers as they are', async () => {
    const get = (url: string, encoding?: string) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: BASIC,
          'blade-auth': `bearer ${admin}`,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    for (const url of [`${API}/buttons`, `${API}/routes`]) {
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body).code).toBe(200);
      for (const [encoding, inflate] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const packed = await get(url, `${encoding}, deflate`);
        expect(packed.headers['content-encoding'], url).toBe(encoding);
        expect(JSON.parse(inflate(packed.rawPayload).toString())).toEqual(JSON.parse(plain.body));
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      }
    }
    // The top bar's few menus, and every route that does not ask for it: sent as they are.
    expect((await get(`${API}/top-menu`, 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/blade-system/dict/dictionary?code=sex', 'br')).headers['content-encoding']).toBeUndefined();
  });
});

describe('the seeded menus', () => {
  it('have unique codes, an icon each and ids derived from their codes', async () => {
    const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string; code: string; source: string | null; category: number }>(
        'select id, code, source, category from blade_menu',
      ),
    );
    const menus = rows.filter((r) => r.category === 1);
    expect(new Set(menus.map((m) => m.code)).size).toBe(menus.length);
    expect(rows.every((r) => /^[a-z]+(-[a-z]+)*$/.test(r.source ?? ''))).toBe(true);
    for (const m of menus) expect(m.id).toBe(menuId(m.code));
  });

  it('give every catalog entity a screen at its route whose buttons carry its key', () => {
    const screens = new Map(flatten(MENUS).map((m) => [m.path, m]));
    for (const entity of entities) {
      expect(screens.get(entity.route)?.buttons, `${entity.key} at ${entity.route}`).toBe(entity.key);
    }
  });

  it('cover every area of spec part 1, each list with its four buttons', async () => {
    // Spec part 1's areas, by top-level menu: a screen's name anywhere below it.
    const areas: Record<string, string[]> = {
      crm: ['企业信息', '工商信息', '股东信息', '经济数据', '企业人员', '知识产权', '企业资质', '证书奖项', '科研项目'],
      'crm ': ['项目历史记录', '企业规划', '企业历程', '财务信息', '协议管理', '研发平台', '研发平台资产', '车间管理'],
      'crm  ': ['生产情况', '生产明细', '标准制定', '项目案例'],
      basic: ['招聘岗位', '轮播图', '政策管理', '政策资讯', '政策推送', '团队项目', '项目事项', '事项评论', '项目文档'],
      'basic ': ['意见反馈', '人才补贴', '考核评价', '新闻资讯', '园区指南', '行业分类', '常见问答'],
      dhm: ['菜品管理', '订餐配置', '餐别分类', '套餐管理', '订餐记录'],
      property: ['楼宇楼层', '办公室', '房间管理', '房间合同', '办公室合同', '租赁费用', '公共空间', '报修管理'],
      'property ': ['工单管理', '改造记录'],
      prod: ['生产报告', '实验设施', '危险化学品'],
      finance: ['设施回报', '设施租赁', '资产管理'],
      questionnaire: ['问卷表单', '问卷分类', '调研管理', '问卷调查', '问卷数据', '问卷范围', '问卷模板'],
      workflow: ['表单设计', '模型设计', '流程表达式', '流程按钮', '表单默认值', '流程分类', '草稿箱', '部署管理'],
      'workflow ': ['模型范围', '发起事务', '待办事务', '流程监控'],
      oa: ['OA分类', '我的工作'],
      decision: ['排行榜', '趋势分析', '企业概览', '驾驶舱', '决策分析'],
      message: ['我的消息', '消息管理'],
      system: ['用户管理', '租户产品包', '租户管理', '应用管理', '机构管理', '岗位管理', '菜单管理'],
      'system ': ['顶部菜单', '导航管理', '系统字典', '业务字典', '参数管理'],
      // BladeX's folders (issue 35.6).
      authority: ['角色管理', '数据权限', '接口权限'],
      base: ['行政区划'],
      reports: ['报表管理'],
      desk: ['通知公告'],
      resource: ['短信配置', '对象存储', '定时任务'],
      develop: ['数据源管理', '代码生成'],
      log: ['通用日志', '接口日志', '错误日志'],
    };
    const routes = await get(`${API}/routes`, admin);
    for (const [top, names] of Object.entries(areas)) {
      const below = flatten(find(routes, top.trim())?.children ?? []).map((n) => n.name);
      for (const name of names) expect(below, `${name} under ${top.trim()}`).toContain(name);
    }

    const buttons = flatten(await get(`${API}/buttons`, admin));
    const buttonsOf = (code: string) => codes(buttons.find((n) => n.code === code)?.children);
    for (const key of [
      'survey_scope',
      'wf_form_default',
      'wf_model_scope',
      'staff_assessment_evaluation',
      'team_project_matters_comment',
    ]) {
      expect(buttonsOf(key)).toEqual([`${key}_add`, `${key}_edit`, `${key}_delete`, `${key}_view`]);
    }
    // The dictionary screens of spec part 2 each have a view button.
    expect(buttonsOf('dict_horizontal')).toEqual(['dict_horizontal_view']);
    expect(buttonsOf('dict_vertical')).toEqual(['dict_vertical_view']);
  });

  it('seed a basic package with the desk, CRM and system menus, given to no tenant', async () => {
    const [pkg] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ package_name: string; menu_id: string; users: string }>(
        `select package_name, menu_id, (select count(*) from blade_tenant where package_id = p.id) as users
           from blade_tenant_package p where id = $1`,
        [SEED.package],
      ),
    );
    expect(pkg.package_name).toBe('基础套餐');
    expect(Number(pkg.users)).toBe(0);
    const ids = pkg.menu_id.split(',');
    for (const code of ['desk', 'crm', 'system', 'param', 'enterprise']) expect(ids).toContain(menuId(code));
    expect(ids).not.toContain(menuId('dhm'));
  });
});

describe('GET /menu/routes', () => {
  it('gives the administrator the whole tree, sorted, with menu fields and no buttons', async () => {
    const routes = await get(`${API}/routes`, admin);
    expect(codes(routes)).toEqual(MENUS.map((m) => m.code));
    expect(routes.map((r) => r.sort)).toEqual(MENUS.map((_, i) => i + 1));
    const param = find(routes, 'param')!;
    expect(param).toMatchObject({
      id: menuId('param'),
      parentId: menuId('system'),
      name: '参数管理',
      path: '/system/param',
      source: 'profile',
      category: 1,
      isOpen: 1,
      hasChildren: false,
    });
    expect(param.children).toBeUndefined();
    expect(find(routes, 'system')).toMatchObject({ parentId: '0', hasChildren: true });
    expect(find(routes, 'survey_data')?.isOpen).toBe(2);
    expect(flatten(routes).every((n) => n.category === 1)).toBe(true);
  });

  it('gives another role its granted menus and their ancestors only', async () => {
    const { token } = await roleWith('000000', ['param', 'param_view', 'enterprise', 'staff']);
    const routes = await get(`${API}/routes`, token);
    expect(codes(routes)).toEqual(['crm', 'basic', 'system']);
    expect(codes(find(routes, 'system')!.children)).toEqual(['param']);
    expect(codes(find(routes, 'basic')!.children)).toEqual(['personel']);
    expect(codes(find(routes, 'personel')!.children)).toEqual(['staff']);
  });

  it("narrows a role's grants to its tenant's package", async () => {
    const { token } = await roleWith(OTHER_TENANT, ['param', 'param_add', 'enterprise', 'notice']);
    const routes = await get(`${API}/routes`, token);
    expect(codes(routes)).toEqual(['desk', 'system']);
    expect(codes(find(routes, 'desk')!.children)).toEqual(['notice']);
    expect(codes(find(routes, 'system')!.children)).toEqual(['param']);
  });

  it("holds the tenant's own administrator to its package as well", async () => {
    const tenantAdmin = tokenFor(server, { tenantId: OTHER_TENANT, userId: nextId(), roleIds: [nextId()] });
    const routes = await get(`${API}/routes`, tenantAdmin);
    expect(codes(routes)).toEqual(['desk', 'system']);
    expect(codes(find(routes, 'system')!.children)).toEqual(['param']);
    const buttons = await get(`${API}/buttons`, tenantAdmin);
    expect(codes(buttons)).toEqual(['param']);
    expect(codes(buttons[0].children)).toEqual(['param_add', 'param_view']);
  });

  it('keeps to one top menu when asked', async () => {
    const top = await get<{ id: string; code: string }[]>(`${API}/top-menu`, admin);
    const systemTop = top.find((t) => t.code === 'system')!.id;
    const deskTop = top.find((t) => t.code === 'desk')!.id;

    expect(codes(await get(`${API}/routes?topMenuId=${systemTop}`, admin))).toEqual([
      'system',
      'authority',
      'base',
      'resource',
      'log',
      'develop',
      'reports',
    ]);
    expect(codes(await get(`${API}/routes?topMenuId=${deskTop}`, admin))).toEqual(['desk', 'message']);

    const { token } = await roleWith('000000', ['param', 'enterprise']);
    expect(codes(await get(`${API}/routes?topMenuId=${deskTop}`, token))).toEqual([]);
    expect(codes(await get(`${API}/routes?topMenuId=${systemTop}`, token))).toEqual(['system']);
    expect(codes(await get(`${API}/routes?topMenuId=`, token))).toEqual(['crm', 'system']);
  });

  it("ignores another tenant's top menu and refuses an id that is not one", async () => {
    expect(await get(`${API}/routes?topMenuId=${foreignTop}`, admin)).toEqual([]);

    const bad = await server.call({ method: 'GET', url: `${API}/routes?topMenuId=abc`, token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '顶部菜单编号无效' });
  });

  it('shows a new grant once the menu caches are invalidated', async () => {
    const { roleId, token } = await roleWith('000000', ['param']);
    expect(codes(await get(`${API}/routes`, token))).toEqual(['system']);
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_role_menu', [{ id: nextId(), menu_id: menuId('notice'), role_id: roleId }]),
    );
    await invalidateMenus(server.platform);
    expect(codes(await get(`${API}/routes`, token))).toEqual(['desk', 'system']);
  });
});

describe('GET /menu/buttons', () => {
  it('gives the administrator every button under its menu', async () => {
    const tree = await get(`${API}/buttons`, admin);
    const param = tree.find((n) => n.code === 'param')!;
    expect(param).toMatchObject({ category: 1, hasChildren: true });
    expect(codes(param.children)).toEqual(['param_add', 'param_edit', 'param_delete', 'param_view']);
    expect(param.children!.every((b) => b.category === 2 && b.children === undefined)).toBe(true);
    expect(codes(tree.find((n) => n.code === 'log_api')!.children)).toEqual(['log_api_view']);
  });

  it('gives another role only its granted buttons', async () => {
    const { token } = await roleWith('000000', ['param', 'param_add', 'param_view', 'enterprise_delete']);
    const tree = await get(`${API}/buttons`, token);
    expect(codes(tree)).toEqual(['enterprise', 'param']);
    expect(codes(tree.find((n) => n.code === 'param')!.children)).toEqual(['param_add', 'param_view']);
    expect(codes(tree.find((n) => n.code === 'enterprise')!.children)).toEqual(['enterprise_delete']);
  });
});

describe('GET /menu/top-menu', () => {
  it("lists the caller's tenant's top menus, sorted", async () => {
    const top = await get<Record<string, unknown>[]>(`${API}/top-menu`, admin);
    expect(top).toEqual([
      { id: seedId('top:desk'), code: 'desk', name: '工作台', source: 'desktop', path: '/wel/index', sort: 1 },
      { id: seedId('top:system'), code: 'system', name: '系统管理', source: 'setting', path: '/system/user', sort: 2 },
    ]);
    // Another tenant's own (holding 系统管理); offered to a role only when it holds a menu the top menu holds.
    const { token } = await roleWith(OTHER_TENANT, ['system', 'param']);
    expect(codes(await get(`${API}/top-menu`, token))).toEqual(['x']);
    const { token: none } = await roleWith(OTHER_TENANT, []);
    expect(await get(`${API}/top-menu`, none)).toEqual([]);
  });
});

describe('without a token', () => {
  it.each(['routes', 'buttons', 'top-menu'])('GET /menu/%s is 401', async (name) => {
    const res = await server.call({ method: 'GET', url: `${API}/${name}` });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, success: false });
  });
});

describe('built-in menus and dictionaries on an existing database', () => {
  it('come back when missing at the next start, while an operator’s edits and deletions stay', async () => {
    const db = server.platform.db;
    const importButton = seedId('user:user_import');
    const smsDict = await db.admin.query<{ id: string }>(
      "select id::text as id from blade_dict where code = 'sms' and parent_id = 0",
    );
    // As a database seeded by an older version: the import button, the sms dictionary, the survey
    // scope screen and the dictionary screens' view buttons never existed.
    await db.admin.query('delete from blade_menu where id = $1', [importButton]);
    const added = ['survey_scope', 'dict_horizontal', 'dict_vertical'].map(menuId);
    await db.admin.query('delete from blade_menu where parent_id = any($1::bigint[])', [added]);
    await db.admin.query('delete from blade_menu where id = $1', [menuId('survey_scope')]);
    await db.admin.query("delete from blade_dict where code = 'sms'");
    // The operator renamed one built-in menu and removed another.
    await db.admin.query("update blade_menu set name = '园区参数' where id = $1", [menuId('param')]);
    await db.admin.query('update blade_menu set is_deleted = 1 where id = $1', [menuId('navigate')]);

    await seed(db, { demo: false });

    const [button] = await db.admin.query<{ code: string }>('select code from blade_menu where id = $1', [
      importButton,
    ]);
    expect(button.code).toBe('user_import');
    const back = await db.admin.query<{ code: string }>(
      'select code from blade_menu where id = $1 or parent_id = any($2::bigint[]) order by parent_id, sort',
      [menuId('survey_scope'), added],
    );
    expect(back.map((r) => r.code).sort()).toEqual(
      [
        'survey_scope',
        'survey_scope_add',
        'survey_scope_edit',
        'survey_scope_delete',
        'survey_scope_view',
        'dict_horizontal_view',
        'dict_vertical_view',
      ].sort(),
    );
    const dict = await db.admin.query<{ id: string; dict_key: string }>(
      "select id::text as id, dict_key from blade_dict where code = 'sms' order by parent_id <> 0, sort",
    );
    expect(dict.map((d) => d.dict_key)).toEqual(['-1', '1', '2', '3', '4']);
    expect(dict[0].id).toBe(smsDict[0].id);
    const [param] = await db.admin.query<{ name: string }>('select name from blade_menu where id = $1', [
      menuId('param'),
    ]);
    expect(param.name).toBe('园区参数');
    const [navigate] = await db.admin.query<{ is_deleted: number }>('select is_deleted from blade_menu where id = $1', [
      menuId('navigate'),
    ]);
    expect(navigate.is_deleted).toBe(1);
  });
});
