import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, startServer, type TestServer } from './harness.ts';

/**
 * Repairs through the tenant's repair process (issue 31), on the demo data (its 报修处理 deployed): a company
 * account's report starts an instance for the repair (business_table property_repair) with the form filled from
 * it; the property department claims 派单 and dispatches to 赵师傅, who handles it, and the company confirms: the
 * work order follows each step (已派单 with the assignee, 已完成 with the result, 已评价 with the rating), the
 * direct moves are refused while the process runs, a send-back from 报修人确认 puts it back to 处理中, and a cancel
 * ends the process. A tenant without a repair process keeps the direct moves. On both databases.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const P = '/api/blade-property';
const WF = '/api/blade-workflow/process';
const REPAIR_DEPLOYMENT = '190000000000300233';

type Res = { status: number; body: { code: number; msg: string; data: unknown } };
const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<Res> =>
  server.call({ method, url, token: tokens[who], ...(payload ? { payload } : {}) });

// biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
async function data(res: Promise<Res>): Promise<any> {
  const { body } = await res;
  expect(body.code, JSON.stringify(body).slice(0, 500)).toBe(200);
  return body.data;
}

async function refused(res: Promise<Res>, msg: RegExp) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body).slice(0, 500)).toBe(400);
  expect(body.msg).toMatch(msg);
}

const report = (who: string, location: string) =>
  data(
    call(who, 'POST', '/api/blade-crm/work-order/submit', {
      faultType: 5,
      location,
      description: '电梯运行时有异响',
      contactPhone: '13900002222',
    }),
  );

const repairOf = (id: string, who = 'admin') => data(call(who, 'GET', `${P}/work-order/detail?id=${id}`));

/** The user's open task of the instance, from their to-do list (or, offered to them, their claim list). */
async function taskOf(who: string, instanceId: string, list: 'todoList' | 'claimList' = 'todoList') {
  const { records } = await data(call(who, 'GET', `${WF}/${list}?size=100`));
  return records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
}

const complete = (who: string, taskId: string, body: object = {}) =>
  call(who, 'POST', `${WF}/completeTask`, { taskId, pass: true, ...body });

/** 派单 by the property department: 刘主管 claims it and dispatches it to 赵师傅. */
async function dispatch(instanceId: string) {
  const offered = await taskOf('liu_wy', instanceId, 'claimList');
  expect(offered).toMatchObject({ taskName: '派单' });
  await data(call('liu_wy', 'POST', `${WF}/claimTask`, { taskId: offered.taskId }));
  await data(complete('liu_wy', offered.taskId, { comment: '请尽快上门', formData: { handler: ids.zhao_wx } }));
}

beforeAll(async () => {
  server = await startServer({ demoData: true });
  for (const who of ['admin', 'zhao_wx', 'liu_wy', 'zhang_zr']) {
    tokens[who] = await login(server, who, who === 'admin' ? 'admin' : '123456');
  }
  tokens.xinghe = await login(server, 'xinghe', '123456', '000000', 'web');
  const rows = await server.platform.db.scoped('000000', (q) =>
    q.query<{ account: string; id: string }>(
      `select account, id::text as id from blade_user where tenant_id = '000000' and account = any($1)`,
      [['admin', 'zhao_wx', 'liu_wy', 'xinghe']],
    ),
  );
  for (const r of rows) ids[r.account] = r.id;
});
afterAll(() => server.close());

describe('the demo instances (seed/workflow-instances.ts)', () => {
  /** The user's list rows as [process name, task name]. */
  const rows = async (who: string, list: string) =>
    (await data(call(who, 'GET', `${WF}/${list}?size=100`))).records.map(
      (r: { processDefinitionName: string; taskName: string }) => [r.processDefinitionName, r.taskName],
    );

  it('holds every state: to-dos, claims, a 会签, a rejection, a copy, finished and terminated ones', async () => {
    for (const who of ['li_kj', 'wang_cn', 'qinghe']) {
      tokens[who] ??= await login(server, who, '123456', '000000', who === 'qinghe' ? 'web' : undefined);
    }
    expect(await rows('zhang_zr', 'todoList')).toEqual(expect.arrayContaining([['请假流程', '部门负责人审批']]));
    expect(await rows('zhang_zr', 'claimList')).toEqual(expect.arrayContaining([['请假流程', '园区主任审批']]));
    expect(await rows('liu_wy', 'todoList')).toEqual(expect.arrayContaining([['请假流程', '部门负责人审批']]));
    expect(await rows('zhao_wx', 'claimList')).toEqual(expect.arrayContaining([['报修处理', '派单']]));
    for (const clerk of ['li_kj', 'wang_cn']) {
      expect(await rows(clerk, 'todoList')).toEqual(expect.arrayContaining([['报销流程', '财务会签']]));
    }
    // The administrator: a leave handed to them, and their rejected expense claim to send again.
    expect(await rows('admin', 'todoList')).toEqual(
      expect.arrayContaining([
        ['请假流程', '部门负责人审批'],
        ['报销流程', '发起'],
      ]),
    );
    expect(await rows('admin', 'copyList')).toEqual(expect.arrayContaining([['请假流程', expect.anything()]]));
    // A company account's repair waits for it at 报修人确认; another one's is finished and its work order rated.
    expect(await rows('xinghe', 'todoList')).toEqual([['报修处理', '报修人确认']]);
    const statuses = (await data(call('admin', 'GET', '/api/blade-workflow/ops/doneList?size=100'))).records.map(
      (r: { processDefinitionName: string; status: string }) => `${r.processDefinitionName}:${r.status}`,
    );
    expect(statuses).toEqual(expect.arrayContaining(['请假流程:finished', '请假流程:terminated', '报修处理:finished']));
    const [rated] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ status: number; rating: number }>(
        `select repair_status as status, rating from property_repair where id = '190000000000310003'`,
      ),
    );
    expect(rated).toEqual({ status: 4, rating: 5 });
  });
});

describe('a repair through the repair process', () => {
  it('deploymentList answers the tenant’s repair process', async () => {
    const list = await data(call('admin', 'GET', `${P}/repair/deploymentList`));
    expect(list).toEqual([
      expect.objectContaining({ id: REPAIR_DEPLOYMENT, processDefinitionKey: 'repair', name: '报修处理' }),
    ]);
  });

  it('a company reports, the property department dispatches, the handler handles, the company confirms', async () => {
    const location = 'A栋 2号电梯（流程）';
    const saved = await report('xinghe', location);
    expect(saved).toMatchObject({ repairStatus: 0 });
    const instanceId = saved.processInstanceId;
    expect(instanceId).toMatch(/^\d+$/);

    // The instance runs for the repair, its form filled from the report (电梯 is not among the form's choices: 其他).
    const detail = await data(call('xinghe', 'GET', `${WF}/detail?processInstanceId=${instanceId}`));
    expect(detail.process).toMatchObject({
      businessTable: 'property_repair',
      businessId: saved.id,
      processDefinitionKey: 'repair',
      status: 'running',
      startUser: ids.xinghe,
    });
    expect(detail.formData).toMatchObject({ location, faultType: '5', description: '电梯运行时有异响' });
    // Amended while pending: the process's form follows.
    await data(
      call('xinghe', 'POST', '/api/blade-crm/work-order/submit', {
        id: saved.id,
        faultType: 5,
        location,
        description: '电梯运行时有异响，偶尔停层不准',
        contactPhone: '13900002222',
      }),
    );
    expect((await data(call('xinghe', 'GET', `${WF}/detail?processInstanceId=${instanceId}`))).formData).toMatchObject({
      description: '电梯运行时有异响，偶尔停层不准',
    });

    // Its moves are the process's now.
    await refused(call('admin', 'POST', `${P}/work-order/assign`, { id: saved.id, assignee: ids.zhao_wx }), /流程/);
    await refused(call('admin', 'POST', `${P}/work-order/start`, { id: saved.id }), /流程「报修处理」/);

    // 派单 is offered to the property department; dispatched without a handler, 维修处理 finds nobody: refused.
    const offered = await taskOf('zhao_wx', instanceId, 'claimList');
    expect(offered).toMatchObject({ taskName: '派单' });
    await data(call('liu_wy', 'POST', `${WF}/claimTask`, { taskId: offered.taskId }));
    await refused(complete('liu_wy', offered.taskId), /找不到办理人/);
    expect((await repairOf(saved.id)).repairStatus).toBe(0);
    await data(complete('liu_wy', offered.taskId, { comment: '请尽快上门', formData: { handler: ids.zhao_wx } }));
    let repair = await repairOf(saved.id);
    expect(repair).toMatchObject({ repairStatus: 1, assignee: ids.zhao_wx, processInstanceId: instanceId });
    expect(repair.assignTime).toBeTruthy();

    // 维修处理: the result is required (the form's 处理结果, or the handler's comment).
    const handle = await taskOf('zhao_wx', instanceId);
    expect(handle).toMatchObject({ taskName: '维修处理' });
    await refused(complete('zhao_wx', handle.taskId), /请填写处理结果/);
    expect((await repairOf(saved.id)).repairStatus).toBe(1);
    await data(complete('zhao_wx', handle.taskId, { formData: { result: '更换曳引机轴承' } }));
    repair = await repairOf(saved.id);
    expect(repair).toMatchObject({ repairStatus: 3, result: '更换曳引机轴承' });
    expect(repair.finishTime).toBeTruthy();
    await refused(call('xinghe', 'POST', `${P}/repair/rate`, { id: saved.id, rating: 5 }), /流程/);

    // 报修人确认 is the company's to-do; its 满意度 is the rating.
    const confirm = await taskOf('xinghe', instanceId);
    expect(confirm).toMatchObject({ taskName: '报修人确认' });
    await refused(complete('xinghe', confirm.taskId, { comment: '好了' }), /请选择满意度/);
    await data(complete('xinghe', confirm.taskId, { comment: '维修及时', formData: { satisfaction: '2' } }));
    repair = await repairOf(saved.id);
    expect(repair).toMatchObject({ repairStatus: 4, rating: 3, ratingComment: '维修及时' });
    const done = await data(call('xinghe', 'GET', `${WF}/detail?processInstanceId=${instanceId}`));
    expect(done.process.status).toBe('finished');

    // The steps tell the same story; the company heard of the dispatch.
    expect(
      repair.steps.map((s: { action: string; fromStatus: number | null; toStatus: number }) => [
        s.action,
        s.fromStatus,
        s.toStatus,
      ]),
    ).toEqual([
      ['report', null, 0],
      ['assign', 0, 1],
      ['finish', 1, 3],
      ['rate', 3, 4],
    ]);
    expect(repair.steps[1]).toMatchObject({ assignee: ids.zhao_wx, createUser: ids.liu_wy });
    const inbox = await data(call('xinghe', 'GET', '/api/blade-message/message/my/list?current=1&size=100'));
    expect(inbox.records.map((m: { title: string }) => m.title)).toContain(
      `已受理并派单：报修单${repair.repairNo}（${location}）`,
    );
  });

  it('a send-back from 报修人确认 puts the work order back to 处理中; a cancel ends the process', async () => {
    const saved = await report('xinghe', 'B栋 货梯');
    const instanceId = saved.processInstanceId;
    await dispatch(instanceId);
    const handle = await taskOf('zhao_wx', instanceId);
    await data(complete('zhao_wx', handle.taskId, { comment: '已调整门机' }));
    // The handler's comment is the result when the form has none.
    expect(await repairOf(saved.id)).toMatchObject({ repairStatus: 3, result: '已调整门机' });
    const confirm = await taskOf('xinghe', instanceId);
    await data(
      call('xinghe', 'POST', `${WF}/rollbackTask`, { taskId: confirm.taskId, nodeId: 'handle', comment: '仍有异响' }),
    );
    let repair = await repairOf(saved.id);
    expect(repair).toMatchObject({ repairStatus: 2, assignee: ids.zhao_wx });
    expect(repair.steps.at(-1)).toMatchObject({ action: 'return', fromStatus: 3, toStatus: 2, note: '仍有异响' });
    // Handed to a colleague while at work: the work order's assignee follows.
    const again = await taskOf('zhao_wx', instanceId);
    await data(call('zhao_wx', 'POST', `${WF}/transferTask`, { taskId: again.taskId, assignee: ids.liu_wy }));
    repair = await repairOf(saved.id);
    expect(repair).toMatchObject({ repairStatus: 2, assignee: ids.liu_wy });

    // A pending one cancelled by the company: the repair is cancelled and its process terminated.
    const other = await report('xinghe', 'C栋 客梯');
    await data(call('xinghe', 'POST', `${P}/repair/cancel`, { id: other.id, note: '已恢复正常' }));
    expect((await repairOf(other.id)).repairStatus).toBe(5);
    const ended = await data(call('admin', 'GET', `${WF}/detail?processInstanceId=${other.processInstanceId}`));
    expect(ended.process.status).toBe('terminated');
    expect(await taskOf('liu_wy', other.processInstanceId, 'claimList')).toBeUndefined();
  });

  it('racing the process: a cancel or an amendment beside 派单 never deadlocks, and the two stay in step', async () => {
    for (let round = 0; round < 3; round++) {
      const saved = await report('xinghe', `D栋 电梯 ${round}`);
      const offered = await taskOf('liu_wy', saved.processInstanceId, 'claimList');
      await data(call('liu_wy', 'POST', `${WF}/claimTask`, { taskId: offered.taskId }));
      const [dispatched, cancelled, amended] = await Promise.all([
        complete('liu_wy', offered.taskId, { formData: { handler: ids.zhao_wx } }),
        call('xinghe', 'POST', `${P}/repair/cancel`, { id: saved.id, note: '不用修了' }),
        call('xinghe', 'POST', '/api/blade-crm/work-order/submit', {
          id: saved.id,
          faultType: 5,
          location: `D栋 电梯 ${round}`,
          description: '改一下描述',
          contactPhone: '13900002222',
        }),
      ]);
      // Each answers 200 or a 400 saying why: never a 500 (a deadlock or a broken check).
      for (const res of [dispatched, cancelled, amended])
        expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      expect(cancelled.status).toBe(200); // from 待受理 or 已派单, a cancel always goes through
      const repair = await repairOf(saved.id);
      const detail = await data(call('admin', 'GET', `${WF}/detail?processInstanceId=${saved.processInstanceId}`));
      expect(repair.repairStatus).toBe(5);
      expect(detail.process.status).toBe('terminated');
    }
  });

  it('a repair reported before the process (no instance) keeps the direct moves', async () => {
    const [{ id }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ id: string }>(
        `select id::text as id from property_repair where repair_status = 0 and process_instance_id is null limit 1`,
      ),
    );
    const assigned = await data(call('admin', 'POST', `${P}/work-order/assign`, { id, assignee: ids.zhao_wx }));
    expect(assigned).toMatchObject({ repairStatus: 1, processInstanceId: null });
  });
});

describe('a tenant without a repair process', () => {
  it('answers no deployment, and its repairs move the direct way', async () => {
    const tenant = await createTenant(server, '300001');
    const admin = await login(server, 'admin', 'admin', tenant.tenantId);
    tokens.other = admin;
    expect(await data(call('other', 'GET', `${P}/repair/deploymentList`))).toEqual([]);
    const saved = await data(
      call('other', 'POST', `${P}/repair/submit`, {
        faultType: 1,
        location: '大堂',
        description: '灯不亮',
        contactPhone: '13800002222',
      }),
    );
    expect(saved).toMatchObject({ repairStatus: 0, processInstanceId: null });
    await data(call('other', 'POST', `${P}/work-order/assign`, { id: saved.id, assignee: tenant.adminId }));
    await data(call('other', 'POST', `${P}/work-order/start`, { id: saved.id }));
    const finished = await data(call('other', 'POST', `${P}/work-order/finish`, { id: saved.id, result: '换灯管' }));
    expect(finished).toMatchObject({ repairStatus: 3, result: '换灯管' });
  });
});
