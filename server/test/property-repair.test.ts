import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Repairs and work orders (blade-property/repair, blade-property/work-order, blade-crm/work-order/submit) and
 * renovation records (blade-property/rebuild). What holds whatever the client sends: a company account reports
 * for its own enterprise only and sees, rates and cancels only its own enterprise's repairs; a repair moves
 * 待受理 -> 已派单 -> 处理中 -> 已完成 -> 已评价 (or 已取消 before the work), each move refused from any other state
 * and taken once however many ask at the same moment (one conditional update per move); every move is a step on
 * the detail and a message to the reporter. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let companyA: string;
let companyB: string;
let clerk: string;
let viewer: string;
let enterpriseA: string;
let enterpriseB: string;
let workerId: string;
let companyAUser: string;

const P = '/api/blade-property';
const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

async function data(res: Promise<{ body: { code: number; data: unknown } }>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

/** A refusal: the status, and the message containing `msg`. */
async function refused(
  res: Promise<{ status: number; body: { code: number; msg: string } }>,
  status: number,
  msg = '',
) {
  const { status: s, body } = await res;
  expect(s, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(status);
  expect(body.msg).toContain(msg);
}

const report = (body: object = {}, token = companyA) =>
  post(
    '/api/blade-crm/work-order/submit',
    { faultType: 1, location: 'A-101 办公室', description: '空调不制冷', contactPhone: '13800001111', ...body },
    token,
  );

const detail = (id: string, token = admin) => data(get(`${P}/work-order/detail?id=${id}`, token));

/** The titles of the user's messages, newest first. */
const inbox = async (token: string) =>
  (await data(get('/api/blade-message/message/my/list?current=1&size=100', token))).records.map(
    (m: { title: string }) => m.title,
  );

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  enterpriseA = (await createEnterprise(server, admin, '甲报修企业', 'repair_company_a')).id;
  enterpriseB = (await createEnterprise(server, admin, '乙报修企业', 'repair_company_b')).id;
  companyA = await login(server, 'repair_company_a', 'secret1', '000000', 'web');
  companyB = await login(server, 'repair_company_b', 'secret1', '000000', 'web');
  [{ id: companyAUser }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ id: string }>(`select id::text as id from blade_user where account = 'repair_company_a'`),
  );
  await createUserWithButtons(server, '000000', 'rp_clerk', [
    'work_order',
    'work_order_add',
    'work_order_edit',
    'work_order_view',
    'repair',
    'repair_view',
    'repair_add',
  ]);
  clerk = await login(server, 'rp_clerk', 'pass');
  await createUserWithButtons(server, '000000', 'rp_viewer', ['work_order', 'work_order_view']);
  viewer = await login(server, 'rp_viewer', 'pass');
  ({ userId: workerId } = await createUserWithButtons(server, '000000', 'rp_worker', ['work_order']));
});
afterAll(() => server.close());

describe('reporting a fault', () => {
  it('a company account reports for its own enterprise, whatever the body says; numbered, pending, one step', async () => {
    const saved = await data(report({ enterpriseId: enterpriseB }));
    expect(saved).toMatchObject({ enterpriseId: enterpriseA, repairStatus: 0, createUser: companyAUser });
    expect(saved.repairNo).toMatch(/^BX\d{8}\d{4}$/);
    const second = await data(report());
    expect(Number(second.repairNo.slice(-4))).toBe(Number(saved.repairNo.slice(-4)) + 1);
    const d = await detail(saved.id);
    expect(d.reportUserName).toBe('联系人');
    expect(d.steps).toHaveLength(1);
    expect(d.steps[0]).toMatchObject({ action: 'report', fromStatus: null, toStatus: 0, createUser: companyAUser });
    // Park staff report through the repair screen, for an enterprise or for a public place.
    const park = await data(
      post(`${P}/repair/submit`, {
        faultType: 5,
        location: '2号电梯',
        description: '异响',
        contactPhone: '0755-86001234',
      }),
    );
    expect(park).toMatchObject({ enterpriseId: null, repairStatus: 0 });
    const viaOrders = await data(
      post(`${P}/work-order/save`, {
        faultType: 1,
        location: '大堂',
        description: '灯不亮',
        contactPhone: '13800002222',
      }),
    );
    expect(viaOrders.repairStatus).toBe(0);
    await refused(post(`${P}/work-order/save`, { id: viaOrders.id, location: 'x' }), 400, '新增时不能指定编号');
  });

  it('refuses bad input with a 400 and a clear message, never a 500', async () => {
    const cases: [object, string][] = [
      [{ location: '' }, '请输入报修地点'],
      [{ faultType: 7 }, '故障类型的取值无效'],
      [{ faultType: 'abc' }, '故障类型必须是整数'],
      [{ contactPhone: '12ab' }, '电话号不正确'],
      [{ description: 'x'.repeat(1001) }, '故障描述长度不能超过1000个字符'],
      [{ officeId: '123456' }, '所选办公室不存在'],
      [{ roomId: 'abc' }, '房间不是有效的编号'],
    ];
    for (const [body, msg] of cases) await refused(report(body), 400, msg);
    await refused(
      post(`${P}/repair/submit`, { faultType: 1, location: 'x', contactPhone: '13800001111' }),
      400,
      '请输入故障描述',
    );
    await refused(
      post(`${P}/repair/submit`, {
        faultType: 1,
        location: 'x',
        description: 'y',
        contactPhone: '13800001111',
        enterpriseId: '99999',
      }),
      400,
      '所属企业不存在',
    );
    await refused(
      server.call({ method: 'POST', url: `${P}/repair/submit`, token: admin, payload: [] as unknown as object }),
      400,
      '请求体必须是JSON对象',
    );
    await refused(get(`${P}/repair/detail?id=abc`), 400, '编号无效');
    await refused(get(`${P}/repair/detail`), 400, '缺少参数id');
    await refused(get(`${P}/repair/detail?id=123456`), 404);
    await refused(post(`${P}/work-order/assign`, { id: 'x', assignee: workerId }, clerk), 400, '编号无效');
    const en = await server.call({
      method: 'POST',
      url: '/api/blade-crm/work-order/submit',
      token: companyA,
      headers: { 'accept-language': 'en-US' },
      payload: { faultType: 1, description: 'x', contactPhone: '13800001111' },
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'Please enter the location' });
  });
});

describe('the work order flow', () => {
  let id: string;
  it('each move from its state only; every step recorded with who and from→to; the reporter told of each', async () => {
    id = (await data(report({ location: '流程测试' }))).id;
    // Wrong states: nothing but assigning (or cancelling) a pending repair.
    await refused(post(`${P}/work-order/start`, { id }, clerk), 400, '报修单当前为「待受理」，不能开始处理');
    await refused(post(`${P}/work-order/finish`, { id, result: '好了' }, clerk), 400, '不能完成');
    await refused(post(`${P}/repair/rate`, { id, rating: 5 }, companyA), 400, '不能评价');
    // The assignee is a park user, given.
    await refused(post(`${P}/work-order/assign`, { id }, clerk), 400, '请选择处理人');
    await refused(
      post(`${P}/work-order/assign`, { id, assignee: companyAUser }, clerk),
      400,
      '处理人必须是园区的有效用户',
    );
    await refused(post(`${P}/work-order/assign`, { id, assignee: '123' }, clerk), 400, '处理人必须是园区的有效用户');
    // Moves are the work order screen's edit button's.
    await refused(post(`${P}/work-order/assign`, { id, assignee: workerId }, viewer), 403);

    const assigned = await data(post(`${P}/work-order/assign`, { id, assignee: workerId, note: '尽快' }, clerk));
    expect(assigned).toMatchObject({ repairStatus: 1, assignee: workerId, assigneeName: 'rp_worker' });
    expect(assigned.assignTime).toBeTruthy();
    // Taken up: the report can no longer be changed.
    await refused(report({ id, location: '改' }), 400, '报修单已受理，不能再修改');
    await refused(
      post(`${P}/work-order/assign`, { id, assignee: workerId }, clerk),
      400,
      '报修单当前为「已派单」，不能派单',
    );
    await refused(post(`${P}/work-order/finish`, { id, result: '好了' }, clerk), 400, '「已派单」，不能完成');

    expect((await data(post(`${P}/work-order/start`, { id }, clerk))).repairStatus).toBe(2);
    await refused(post(`${P}/work-order/cancel`, { id }, clerk), 400, '报修单当前为「处理中」，不能取消');
    await refused(post(`${P}/work-order/finish`, { id, result: '  ' }, clerk), 400, '请输入处理结果');
    await refused(post(`${P}/work-order/finish`, { id, result: 'x'.repeat(2001) }, clerk), 400, '2000');
    const finished = await data(post(`${P}/work-order/finish`, { id, result: '更换压缩机电容' }, clerk));
    expect(finished).toMatchObject({ repairStatus: 3, result: '更换压缩机电容' });

    // Rated by the reporter's side only, 1..5.
    await refused(post(`${P}/repair/rate`, { id, rating: 5 }), 403, '只有报修人或其企业可以评价');
    for (const rating of [0, 6, 2.5, 'x', null]) {
      await refused(post(`${P}/repair/rate`, { id, rating }, companyA), 400, '评分必须是1到5的整数');
    }
    const rated = await data(post(`${P}/repair/rate`, { id, rating: 4, ratingComment: '及时' }, companyA));
    expect(rated).toMatchObject({ repairStatus: 4, rating: 4, ratingComment: '及时' });
    await refused(post(`${P}/repair/rate`, { id, rating: 5 }, companyA), 400, '报修单当前为「已评价」，不能评价');

    const d = await detail(id);
    expect(d.steps.map((s: Record<string, unknown>) => [s.action, s.fromStatus, s.toStatus])).toEqual([
      ['report', null, 0],
      ['assign', 0, 1],
      ['start', 1, 2],
      ['finish', 2, 3],
      ['rate', 3, 4],
    ]);
    expect(d.steps[1]).toMatchObject({ createUserName: 'rp_clerk', assigneeName: 'rp_worker', note: '尽快' });
    expect(d.steps[3].note).toBe('更换压缩机电容');
    expect(d.steps[4]).toMatchObject({ createUser: companyAUser, note: '★★★★ 及时' });
    expect(d.steps.every((s: { createTime: string }) => Boolean(s.createTime))).toBe(true);

    // The reporter heard of each of the park's steps (not of its own rating); the worker of the order.
    const no = d.repairNo;
    const told = (await inbox(companyA)).filter((t: string) => t.includes(no));
    expect(told.sort()).toEqual(
      [
        `已受理并派单：报修单${no}（流程测试）`,
        `已开始处理：报修单${no}（流程测试）`,
        `已处理完成，请评价：报修单${no}（流程测试）`,
      ].sort(),
    );
    const worker = await login(server, 'rp_worker', 'pass');
    expect(await inbox(worker)).toContain(`您有新的工单：报修单${no}`);
  });

  it('cancels before the work starts: by the reporter on 报修管理, or by the park; not after', async () => {
    const mine = (await data(report({ location: '取消测试' }))).id;
    const byMe = await data(post(`${P}/repair/cancel`, { id: mine, note: '已自行解决' }, companyA));
    expect(byMe.repairStatus).toBe(5);
    await refused(post(`${P}/work-order/assign`, { id: mine, assignee: workerId }, clerk), 400, '「已取消」，不能派单');
    const byPark = (await data(report({ location: '取消测试2' }))).id;
    await data(post(`${P}/work-order/assign`, { id: byPark, assignee: workerId }, clerk));
    await data(post(`${P}/work-order/cancel`, { id: byPark, note: '重复报修' }, clerk));
    const d = await detail(byPark);
    expect(d.steps.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 1, toStatus: 5, note: '重复报修' });
    expect(await inbox(companyA)).toContain(`已取消：报修单${d.repairNo}（取消测试2）`);
    // Another park user without the edit button cancels nothing not theirs.
    const other = (await data(report({ location: '取消测试3' }))).id;
    await refused(post(`${P}/work-order/cancel`, { id: other }, viewer), 403);
  });

  it('concurrent moves on one repair: exactly one assign and one finish win, the rest get a clear 400', async () => {
    const id = (await data(report({ location: '并发测试' }))).id;
    const assigns = await Promise.all(
      Array.from({ length: 10 }, () => post(`${P}/work-order/assign`, { id, assignee: workerId }, clerk)),
    );
    expect(assigns.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of assigns.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('报修单当前为「已派单」，不能派单');
    }
    await data(post(`${P}/work-order/start`, { id }, clerk));
    const finishes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(`${P}/work-order/finish`, { id, result: `结果${i}` }, clerk)),
    );
    const won = finishes.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(1);
    for (const a of finishes.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('报修单当前为「已完成」，不能完成');
    }
    // A cancel racing the rating: one of them, never both.
    const [rate, cancel] = await Promise.all([
      post(`${P}/repair/rate`, { id, rating: 3 }, companyA),
      post(`${P}/repair/cancel`, { id }, companyA),
    ]);
    expect(rate.body.code).toBe(200);
    expect(cancel.body.code).toBe(400);
    const d = await detail(id);
    expect(d.steps.map((s: { action: string }) => s.action)).toEqual(['report', 'assign', 'start', 'finish', 'rate']);
    expect(d.result).toBe((won[0].body.data as { result: string }).result);
    // The steps and the messages of the refused moves were never written.
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(`select count(*)::int as n from blade_message where title = $1`, [
        `您有新的工单：报修单${d.repairNo}`,
      ]),
    );
    expect(n).toBe(1);
  });
});

describe('the company fence', () => {
  it('a company account sees and acts on its own enterprise’s repairs only', async () => {
    const mineA = (await data(report({ location: '甲的报修' }))).id;
    const mineB = (await data(report({ location: '乙的报修' }, companyB))).id;
    const pageA = await data(get(`${P}/repair/page?size=100`, companyA));
    expect(pageA.total).toBeGreaterThan(0);
    expect(pageA.records.every((r: { enterpriseId: string }) => r.enterpriseId === enterpriseA)).toBe(true);
    const listB = await data(get(`${P}/repair/list?size=100`, companyB));
    expect(listB.records.map((r: { id: string }) => r.id)).toEqual([mineB]);
    expect((await data(get(`${P}/repair/detail?id=${mineA}`, companyA))).steps).toHaveLength(1);
    await refused(get(`${P}/repair/detail?id=${mineA}`, companyB), 404);
    await refused(post(`${P}/repair/cancel`, { id: mineA }, companyB), 404);
    await refused(post(`${P}/repair/rate`, { id: mineA, rating: 1 }, companyB), 404);
    await refused(report({ id: mineA, location: '篡改' }, companyB), 404);
    // An update keeps the row its own enterprise's, whatever the body says.
    const amended = await data(report({ id: mineA, location: '甲的报修（补充）', enterpriseId: enterpriseB }));
    expect(amended).toMatchObject({ enterpriseId: enterpriseA, location: '甲的报修（补充）' });
    // The park's calls are not a company's: the work orders, their moves, the park's own submit, removal, export.
    for (const [method, url] of [
      ['GET', `${P}/work-order/page`],
      ['GET', `${P}/work-order/detail?id=${mineA}`],
      ['POST', `${P}/work-order/assign`],
      ['POST', `${P}/work-order/start`],
      ['POST', `${P}/work-order/finish`],
      ['POST', `${P}/work-order/cancel`],
      ['POST', `${P}/work-order/save`],
      ['POST', `${P}/repair/submit`],
      ['POST', `${P}/repair/remove?ids=${mineA}`],
      ['GET', `${P}/repair/export`],
      ['GET', `${P}/repair/deploymentList`],
      ['GET', `${P}/rebuild/page`],
    ] as const) {
      const res = await server.call({
        method,
        url,
        token: companyA,
        payload: method === 'POST' ? { id: mineA } : undefined,
      });
      expect(res.status, url).toBe(403);
    }
    expect((await detail(mineA)).location).toBe('甲的报修（补充）');
  });
});

describe('the park’s lists', () => {
  it('deploymentList: no workflow module yet, an empty list', async () => {
    expect(await data(get(`${P}/repair/deploymentList`))).toEqual([]);
  });

  it('work orders page, search by state, export and remove', async () => {
    const pending = await data(get(`${P}/work-order/page?repairStatus=0&size=100`));
    expect(pending.records.length).toBeGreaterThan(0);
    expect(pending.records.every((r: { repairStatus: number }) => r.repairStatus === 0)).toBe(true);
    const { headers, values } = await exportSheet(server, admin, 'blade-property/work-order', 'repairStatus=4');
    expect(headers).toEqual(expect.arrayContaining(['报修单号', '工单状态', '报修人', '处理人', '评分']));
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v.工单状态 === '已评价')).toBe(true);
    const gone = (await data(report({ location: '删除测试' }))).id;
    await data(post(`${P}/work-order/remove?ids=${gone}`));
    await refused(get(`${P}/repair/detail?id=${gone}`), 404);
    await refused(post(`${P}/work-order/assign`, { id: gone, assignee: workerId }, clerk), 404);
  });
});

describe('renovation records', () => {
  let office: string;
  let room: string;
  beforeAll(async () => {
    const building = (await data(post(`${P}/storey/submit`, { storeyName: '改造楼', sort: 1 }))).id;
    const floor = (await data(post(`${P}/storey/submit`, { storeyName: '改造楼1层', parentId: building, sort: 1 }))).id;
    office = (await data(post(`${P}/office/submit`, { officeName: 'R-101', storeyId: floor, buildArea: 50 }))).id;
    room = (await data(post(`${P}/room/submit`, { roomName: 'R-1R', storeyId: floor, buildArea: 20 }))).id;
  });

  const rebuild = (body: object) =>
    post(`${P}/rebuild/submit`, {
      rebuildName: '隔断改造',
      content: '增加隔断',
      contractor: '某装饰公司',
      startDate: '2030-01-01',
      endDate: '2030-02-01',
      cost: '12000.50',
      rebuildStatus: 0,
      ...body,
    });

  it('saves one for an office or a room; refuses a missing unit, an end before the start, a negative cost', async () => {
    const saved = await data(rebuild({ officeId: office, enterpriseId: enterpriseA }));
    expect(saved).toMatchObject({ officeId: office, cost: 12000.5, rebuildStatus: 0 });
    await data(rebuild({ roomId: room }));
    await refused(rebuild({}), 400, '请选择办公室或房间');
    await refused(rebuild({ officeId: office, endDate: '2029-12-31' }), 400, '结束日期不能早于开始日期');
    await refused(rebuild({ officeId: office, cost: -1 }), 400, '费用(元)不能小于0');
    await refused(rebuild({ officeId: '123456' }), 400, '所选办公室不存在');
    await refused(rebuild({ roomId: room, rebuildStatus: 9 }), 400, '状态的取值无效');
    // An update that clears the only unit is refused too; one that moves the end before the stored start as well.
    await refused(post(`${P}/rebuild/submit`, { id: saved.id, officeId: '' }), 400, '请选择办公室或房间');
    await refused(
      post(`${P}/rebuild/submit`, { id: saved.id, endDate: '2029-01-01' }),
      400,
      '结束日期不能早于开始日期',
    );
    const page = await data(get(`${P}/rebuild/page?rebuildName=隔断`));
    expect(page.total).toBe(2);
  });
});

describe('the demo', () => {
  it('has repairs in every state for the demo enterprises, each with the steps that brought it there', async () => {
    const demo = await startServer({ demoData: true });
    try {
      const token = await login(demo, ADMIN.account, ADMIN.password);
      const call = async (url: string, as = token) => {
        const res = await demo.call({ method: 'GET', url, token: as });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
        return res.body.data as any;
      };
      const { records } = await call(`${P}/work-order/page?size=100`);
      expect(new Set(records.map((r: { repairStatus: number }) => r.repairStatus))).toEqual(
        new Set([0, 1, 2, 3, 4, 5]),
      );
      for (const r of records) {
        const { steps } = await call(`${P}/work-order/detail?id=${r.id}`);
        expect(steps[0]).toMatchObject({ action: 'report', toStatus: 0 });
        expect(steps.at(-1).toStatus, r.repairNo).toBe(r.repairStatus);
        expect(r.repairNo).toMatch(/^BX\d{12}$/);
      }
      // The demo company account sees its own enterprise's only.
      const xinghe = await login(demo, 'xinghe', '123456', '000000', 'web');
      const own = await call(`${P}/repair/page?size=100`, xinghe);
      expect(own.total).toBeGreaterThan(0);
      expect(new Set(own.records.map((r: { enterpriseId: string }) => r.enterpriseId)).size).toBe(1);
      expect((await call(`${P}/rebuild/page`)).total).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});
