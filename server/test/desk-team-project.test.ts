import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise, ok } from './crm-fixtures.ts';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Team projects and matters (blade-basic), the desk's own matters (blade-desk/team-project-matters:
 * todoStatistics, todoList, detail, complete) and the desk's latest enterprise updates.
 */
let server: TestServer;
let admin: string;
let other: string;
let staff: string;
let staffId: string;

const P = '/api/blade-basic/team-project';
const M = '/api/blade-basic/team-project-matters';
const D = '/api/blade-desk/team-project-matters';
const U = '/api/blade-desk/demo/enterpriseupdate/list';

const post = (url: string, payload: object, token = admin, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url, token, payload, headers });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

/** The park's date in `days` days, as the database sees it (the server's time zone). */
let today: string;
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function project(name: string, extra: object = {}, token = admin): Promise<string> {
  const res = await post(`${P}/submit`, { projectName: name, leader: ADMIN.userId, projectStatus: 1, ...extra }, token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function matter(projectId: string, title: string, assignee: string, due: number, status = 0): Promise<string> {
  const body = { teamProjectId: projectId, matterTitle: title, assignee, priority: 2, dueDate: day(due) };
  const res = await post(`${M}/submit`, { ...body, matterStatus: status });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  await createTenant(server, '620001');
  other = await login(server, 'admin', 'admin', '620001');
  ({ userId: staffId } = await createUserWithButtons(server, '000000', 'desk_staff', [
    'desk_team_project',
    'desk_team_project_complete',
  ]));
  staff = await login(server, 'desk_staff', 'pass');
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
});
afterAll(() => server.close());

describe('team projects', () => {
  it('refuses bad input with the field message and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ leader: ADMIN.userId, projectStatus: 1 }, '请输入项目名称'],
      [{ projectName: '甲', projectStatus: 1 }, '请选择项目负责人'],
      // Left out, the status takes its initial value (未开始); sent empty, it is refused.
      [{ projectName: '甲', leader: ADMIN.userId, projectStatus: '' }, '请选择项目状态'],
      [{ projectName: '甲', leader: '1234567', projectStatus: 1 }, '所选项目负责人不是本园区的账号'],
      [{ projectName: '甲', leader: ADMIN.userId, projectStatus: 9 }, '项目状态的取值无效'],
      [{ projectName: '甲', leader: ADMIN.userId, projectStatus: 1, enterpriseId: '1234567' }, '所属企业不存在'],
      [
        { projectName: '甲', leader: ADMIN.userId, projectStatus: 1, startDate: '2024-05-02', endDate: '2024-05-01' },
        '结束日期不能早于开始日期',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await post(`${P}/submit`, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    const en = await post(`${P}/submit`, { projectName: '甲', leader: '1234567', projectStatus: 1 }, admin, {
      'accept-language': 'en',
    });
    expect(en.body.msg).toBe('The chosen leader is not an account of the park');
    expect((await get(`${P}/page?projectName=甲`)).body.data.total).toBe(0);
  });

  it('adds, reads with the names, edits and removes a project, its matters with it', async () => {
    const enterprise = (await createEnterprise(server, admin, '项目关联企业', 'tp_company')).id;
    const id = await project('智慧园区一期', { enterpriseId: enterprise, startDate: '2024-05-01' });
    const page = await get(`${P}/page?projectName=智慧园区`);
    expect(page.body.data.records).toEqual([
      expect.objectContaining({ id, leader: ADMIN.userId, leaderName: '管理员', enterpriseId: enterprise }),
    ]);
    const edited = await post(`${P}/submit`, { id, projectStatus: 3, endDate: '2024-06-30' });
    expect(edited.body.data).toMatchObject({ projectName: '智慧园区一期', projectStatus: 3, endDate: '2024-06-30' });
    expect((await post(`${P}/submit`, { id, endDate: '2024-04-01' })).body.msg).toBe('结束日期不能早于开始日期');

    const m = await matter(id, '随项目删除的事项', ADMIN.userId, 3);
    expect((await post(`${P}/remove?ids=${id}`, {})).body.code).toBe(200);
    expect((await get(`${P}/detail?id=${id}`)).status).toBe(404);
    expect((await get(`${M}/detail?id=${m}`)).status).toBe(404);
  });

  it('needs the team project buttons to write', async () => {
    await createUserWithButtons(server, '000000', 'tp_reader', ['team_project', 'team_project_view']);
    const reader = await login(server, 'tp_reader', 'pass');
    expect((await get(`${P}/page`, reader)).body.code).toBe(200);
    const res = await post(`${P}/submit`, { projectName: '乙', leader: ADMIN.userId, projectStatus: 1 }, reader);
    expect(res.status).toBe(403);
  });
});

describe('project matters', () => {
  let projectId: string;
  let companyUser: string;
  beforeAll(async () => {
    projectId = await project('事项校验项目');
    // A company account is the enterprise's, not one of the park's people to assign work to.
    companyUser = (await createEnterprise(server, admin, '事项企业', 'tm_company')).userId;
  });

  it('refuses bad input with the field message', async () => {
    const good = { teamProjectId: projectId, matterTitle: '甲', assignee: staffId, priority: 2, dueDate: day(1) };
    const cases: [object, string][] = [
      [{ ...good, teamProjectId: undefined }, '请选择所属项目'],
      [{ ...good, teamProjectId: '1234567' }, '所属项目不存在'],
      [{ ...good, matterTitle: '' }, '请输入事项标题'],
      [{ ...good, assignee: undefined }, '请选择处理人'],
      [{ ...good, assignee: '1234567' }, '所选处理人不是本园区的账号'],
      [{ ...good, assignee: companyUser }, '所选处理人不是本园区的账号'],
      [{ ...good, dueDate: '2024-02-30' }, '截止日期格式应为yyyy-MM-dd'],
      [{ ...good, priority: 7 }, '优先级的取值无效'],
      [{ ...good, matterStatus: 5 }, '事项状态的取值无效'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(`${M}/submit`, { matterStatus: 0, ...body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    expect((await get(`${M}/page?teamProjectId=${projectId}`)).body.data.total).toBe(0);
  });

  it('keeps the finish time from the status: set when done, cleared when opened again', async () => {
    const id = await matter(projectId, '状态变化', staffId, 2);
    const read = async () => (await get(`${M}/detail?id=${id}`)).body.data;
    expect(await read()).toMatchObject({ finishTime: null, projectName: '事项校验项目', assigneeName: 'desk_staff' });
    // The client cannot set it.
    await post(`${M}/submit`, { id, finishTime: '2020-01-01 00:00:00' });
    expect((await read()).finishTime).toBeNull();
    await post(`${M}/submit`, { id, matterStatus: 2 });
    const finished = (await read()).finishTime;
    expect(finished).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
    await post(`${M}/submit`, { id, matterTitle: '状态变化（改）' });
    expect((await read()).finishTime).toBe(finished);
    await post(`${M}/submit`, { id, matterStatus: 1 });
    expect((await read()).finishTime).toBeNull();
    await post(`${M}/remove?ids=${id}`, {});
  });
});

describe("the desk's own matters", () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const a = await project('桌面项目甲');
    const b = await project('桌面项目乙');
    ids.overdueTodo = await matter(a, '逾期待办', staffId, -1);
    ids.laterTodo = await matter(b, '以后待办', staffId, 5);
    ids.overdueDoing = await matter(a, '逾期进行', staffId, -2, 1);
    ids.soonDoing = await matter(b, '即将到期', staffId, 1, 1);
    ids.doneNow = await matter(a, '本月完成', staffId, -1, 2);
    ids.doneBefore = await matter(a, '上月完成', staffId, -40, 2);
    ids.admins = await matter(a, '管理员的事项', ADMIN.userId, -5);
    ids.removed = await matter(a, '已删除的事项', staffId, -5);
    await post(`${M}/remove?ids=${ids.removed}`, {});
    await server.platform.db.scoped('000000', (q) =>
      q.query(
        `update basic_team_project_matters set finish_time = date_trunc('month', localtimestamp) - interval '1 day'
          where id = $1`,
        [ids.doneBefore],
      ),
    );
  });

  it('counts the caller’s matters: to do, in progress, overdue, done this month and all', async () => {
    const stats = await ok(server, staff, 'GET', `${D}/todoStatistics`);
    expect(stats).toEqual({ todo: 2, doing: 2, overdue: 2, doneThisMonth: 1, total: 6 });
  });

  it('lists the caller’s open matters oldest due first, paged, with the project named', async () => {
    const all = await ok(server, staff, 'GET', `${D}/todoList`);
    expect(all.records.map((r: { matterTitle: string }) => r.matterTitle)).toEqual([
      '逾期进行',
      '逾期待办',
      '即将到期',
      '以后待办',
    ]);
    expect(all).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    expect(all.records[0]).toMatchObject({
      id: ids.overdueDoing,
      projectName: '桌面项目甲',
      dueDate: day(-2),
      matterStatus: 1,
      overdue: true,
    });
    expect(all.records[2]).toMatchObject({ projectName: '桌面项目乙', overdue: false });

    const second = await ok(server, staff, 'GET', `${D}/todoList?current=2&size=3`);
    expect(second).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(second.records.map((r: { id: string }) => r.id)).toEqual([ids.laterTodo]);
    const past = await ok(server, staff, 'GET', `${D}/todoList?current=3&size=3`);
    expect(past).toMatchObject({ records: [], total: 4 });
    expect((await get(`${D}/todoList?size=0`, staff)).body.code).toBe(400);
  });

  it('shows one of the caller’s matters, and no one else’s', async () => {
    const own = await ok(server, staff, 'GET', `${D}/detail?id=${ids.soonDoing}`);
    expect(own).toMatchObject({ matterTitle: '即将到期', projectName: '桌面项目乙', content: null });
    expect((await get(`${D}/detail?id=${ids.admins}`, staff)).status).toBe(404);
    expect((await get(`${D}/detail?id=abc`, staff)).body).toMatchObject({ code: 400, msg: '编号无效' });
  });

  it('completes the caller’s own open matter once, setting its finish time', async () => {
    expect((await post(`${D}/complete?id=${ids.overdueTodo}`, {}, staff)).body).toMatchObject({
      code: 200,
      msg: '事项已完成',
    });
    const done = await ok(server, admin, 'GET', `${M}/detail?id=${ids.overdueTodo}`);
    expect(done).toMatchObject({ matterStatus: 2, finishTime: expect.stringMatching(new RegExp(`^${today} `)) });
    expect(await ok(server, staff, 'GET', `${D}/todoStatistics`)).toEqual({
      todo: 1,
      doing: 2,
      overdue: 1,
      doneThisMonth: 2,
      total: 6,
    });
    const list = await ok(server, staff, 'GET', `${D}/todoList`);
    expect(list.records.map((r: { id: string }) => r.id)).not.toContain(ids.overdueTodo);
    expect((await post(`${D}/complete?id=${ids.overdueTodo}`, {}, staff)).body).toMatchObject({
      code: 400,
      msg: '该事项已完成',
    });
    // Someone else's matter is not the caller's to complete, not even the administrator's.
    expect((await post(`${D}/complete?id=${ids.admins}`, {}, staff)).status).toBe(404);
    expect((await post(`${D}/complete?id=${ids.soonDoing}`, {}, admin)).status).toBe(404);
  });

  it('needs a token, the desk screen, and the complete button to complete', async () => {
    expect((await server.call({ method: 'GET', url: `${D}/todoStatistics` })).status).toBe(401);
    await createUserWithButtons(server, '000000', 'dk_notice', ['notice']);
    const noticeOnly = await login(server, 'dk_notice', 'pass');
    expect((await get(`${D}/todoList`, noticeOnly)).status).toBe(403);
    const { userId } = await createUserWithButtons(server, '000000', 'dk_viewer', ['desk_team_project']);
    const viewer = await login(server, 'dk_viewer', 'pass');
    const own = await matter(await project('只读项目'), '只读者的事项', userId, 3);
    expect((await get(`${D}/todoStatistics`, viewer)).body.data.total).toBe(1);
    expect((await post(`${D}/complete?id=${own}`, {}, viewer)).status).toBe(403);
    // The desk screen alone opens no basic screen.
    expect((await get(`${M}/page`, viewer)).status).toBe(403);
  });

  it("keeps each tenant's projects and matters to itself", async () => {
    expect(await ok(server, other, 'GET', `${D}/todoStatistics`)).toEqual({
      todo: 0,
      doing: 0,
      overdue: 0,
      doneThisMonth: 0,
      total: 0,
    });
    expect((await get(`${M}/detail?id=${ids.laterTodo}`, other)).status).toBe(404);
    expect((await get(`${P}/page?projectName=桌面项目`, other)).body.data.total).toBe(0);
    const [{ id: otherAdmin }] = (await ok(server, other, 'GET', '/api/blade-user/list?account_equal=admin')).records;
    const [{ id: projectA }] = (await get(`${P}/page?projectName=桌面项目甲`)).body.data.records;
    const stolen = await post(
      `${M}/submit`,
      {
        teamProjectId: projectA,
        matterTitle: 'x',
        assignee: otherAdmin,
        priority: 1,
        dueDate: day(1),
        matterStatus: 0,
      },
      other,
    );
    expect(stolen.body).toMatchObject({ code: 400, msg: '所属项目不存在' });
    const ours = await post(
      `${P}/submit`,
      { projectName: '他租户项目', leader: ADMIN.userId, projectStatus: 1 },
      other,
    );
    expect(ours.body).toMatchObject({ code: 400, msg: '所选项目负责人不是本园区的账号' });
  });
});

describe('the latest enterprise updates', () => {
  let entered: string;
  let updated: string;
  let movedOut: string;
  beforeAll(async () => {
    updated = (await createEnterprise(server, admin, '动态企业-更新', 'eu_updated')).id;
    movedOut = (await createEnterprise(server, admin, '动态企业-迁出', 'eu_moved')).id;
    // Created an hour ago, so a change now is a change and not the creation itself.
    await server.platform.db.scoped('000000', (q) =>
      q.query(
        `update crm_enterprise set create_time = localtimestamp(0) - interval '1 hour',
                update_time = localtimestamp(0) - interval '1 hour' where id = any($1::bigint[])`,
        [[updated, movedOut]],
      ),
    );
    entered = (await createEnterprise(server, admin, '动态企业-新入园', 'eu_entered')).id;
    await server.platform.db.scoped('000000', (q) =>
      q.query(
        `update crm_enterprise set create_time = localtimestamp(0) - interval '2 minute',
                update_time = localtimestamp(0) - interval '2 minute' where id = $1`,
        [entered],
      ),
    );
    await ok(server, admin, 'POST', '/api/blade-crm/enterprise/update', { id: updated, officeNumber: 'E-0101' });
    await ok(server, admin, 'POST', '/api/blade-crm/enterprise/update', { id: movedOut, status: 0 });
  });

  it('tells what happened to the most recently changed enterprises, who did it and when', async () => {
    const rows = (await ok(server, admin, 'GET', `${U}?size=10`)).filter((r: { id: string }) =>
      [entered, updated, movedOut].includes(r.id),
    );
    expect(rows.map((r: { id: string; action: string }) => [r.id, r.action])).toEqual([
      [movedOut, 'movedOut'],
      [updated, 'updated'],
      [entered, 'entered'],
    ]);
    expect(rows[1]).toMatchObject({
      enterpriseName: '动态企业-更新',
      officeNumber: 'E-0101',
      operatorName: '管理员',
      time: expect.stringMatching(new RegExp(`^${today} `)),
    });
    const second = await ok(server, admin, 'GET', `${U}?current=2&size=1`);
    expect(second.map((r: { id: string }) => r.id)).toEqual([updated]);
  });

  it('shows a company account its own enterprise only, and another tenant none of ours', async () => {
    const company = await login(server, 'eu_updated', 'secret1', '000000', 'web');
    const own = await ok(server, company, 'GET', U);
    expect(own.map((r: { id: string }) => r.id)).toEqual([updated]);
    expect(await ok(server, other, 'GET', U)).toEqual([]);
  });

  it('is refused without a token, and to a user who may not read the enterprise list', async () => {
    expect((await server.call({ method: 'GET', url: U })).status).toBe(401);
    expect((await get(U, staff)).status).toBe(403);
  });
});
