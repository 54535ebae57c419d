import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import {
  ALL_BUTTONS,
  bpmnXml,
  DEMO,
  extensions,
  flow,
  Kit,
  OPS,
  P,
  type Started,
  USER,
  userTask,
} from './workflow-runtime-kit.ts';

/**
 * Issue 31: every task operation of the workflow runtime and the rule it keeps, over HTTP on a model deployed
 * through the design API (初审 offered to 李会计 and 王出纳 with every button and field rights, 复审 by 张主任
 * without 终止, 归档 by 刘主管) and the demo processes: transfer, delegate and its return, copy, urge, rollback,
 * terminate, withdraw, 流程监控 (complete, dispatch, suspend, terminate, delete, and its menu), drafts, OA's
 * 我的工作, field rights, and the approval messages (type 3) each step sends. On PGlite and PostgreSQL.
 */
let server: TestServer;
let kit: Kit;
let deployment: string;

/** 物业服务, a demo category no OA category gathers. */
const PROPERTY_CATEGORY = '190000000000300013';
const OA = { office: '190000000000300047', finance: '190000000000300048' };

const FIELDS = [
  { id: 'f_title', type: 'input', name: 'title', label: '标题', required: true },
  { id: 'f_amount', type: 'number', name: 'amount', label: '金额' },
  { id: 'f_note', type: 'input', name: 'note', label: '备注' },
  { id: 'f_secret', type: 'input', name: 'secret', label: '机密' },
];
const FORM = { title: '采购申请', amount: 100, note: '原备注', secret: '机密内容' };

beforeAll(async () => {
  server = await startServer({ demoData: true });
  kit = await Kit.open(server);
  const formKey = await kit.form(FIELDS);
  deployment = await kit.deploy(
    '运行测试流程',
    (id) =>
      bpmnXml({
        id,
        name: '运行测试流程',
        nodes: [
          { id: 'start', type: 'startEvent', name: '发起', x: 100, y: 200, attrs: { 'park:formKey': formKey } },
          userTask(
            't1',
            '初审',
            250,
            200,
            extensions({
              assignees: [['user', `${USER.li_kj},${USER.wang_cn}`]],
              buttons: ALL_BUTTONS,
              fields: [
                ['amount', 'editable'],
                ['note', 'readonly'],
                ['secret', 'hidden'],
              ],
            }),
          ),
          userTask(
            't2',
            '复审',
            400,
            200,
            extensions({
              assignees: [['user', USER.zhang_zr]],
              buttons: ['wf_pass', 'wf_reject', 'wf_rollback', 'wf_transfer', 'wf_delegate', 'wf_copy'],
              fields: [['note', 'editable']],
            }),
          ),
          userTask(
            't3',
            '归档',
            550,
            200,
            extensions({ assignees: [['user', USER.liu_wy]], buttons: ['wf_pass', 'wf_rollback'] }),
          ),
          { id: 'end', type: 'endEvent', name: '结束', x: 700, y: 200 },
        ],
        flows: [flow('f1', 'start', 't1'), flow('f2', 't1', 't2'), flow('f3', 't2', 't3'), flow('f4', 't3', 'end')],
      }),
    { categoryId: PROPERTY_CATEGORY },
  );
});
afterAll(() => server.close());

const begin = (more: object = {}): Promise<Started> => kit.start('admin', deployment, FORM, more);

/** 李会计 (or 王出纳) claims 初审: its task id. */
async function claimT1(id: string, who: 'li_kj' | 'wang_cn' = 'li_kj'): Promise<string> {
  const offered = await kit.offered(who, id);
  expect(offered).toMatchObject({ taskDefinitionKey: 't1', assignee: null });
  await kit.data(who, 'POST', `${P}/claimTask`, { taskId: offered!.taskId });
  return offered!.taskId;
}

/** Started, 初审 claimed and passed by 李会计: 复审's task id (张主任's). */
async function atT2(id: string): Promise<string> {
  const t1 = await claimT1(id);
  await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: t1, pass: true });
  const t2 = await kit.todo('zhang_zr', id);
  expect(t2).toMatchObject({ taskDefinitionKey: 't2' });
  return t2!.taskId;
}

describe('task operations', () => {
  it('transfer: the task becomes the other’s and the first loses it', async () => {
    const { processInstanceId: id, serialNumber } = await begin();
    const task = await claimT1(id);
    expect(await kit.refused('li_kj', 'POST', `${P}/transferTask`, { taskId: task, assignee: USER.li_kj })).toMatch(
      /不能转给自己/,
    );
    await kit.data('li_kj', 'POST', `${P}/transferTask`, { taskId: task, assignee: USER.zhao_wx, comment: '请代办' });

    expect(await kit.todo('li_kj', id)).toBeUndefined();
    expect(await kit.todo('zhao_wx', id)).toMatchObject({ taskId: task, taskDefinitionKey: 't1' });
    expect(await kit.refused('li_kj', 'POST', `${P}/completeTask`, { taskId: task, pass: true })).toMatch(
      /不是该任务的办理人/,
    );
    expect(await kit.refused('li_kj', 'POST', `${P}/transferTask`, { taskId: task, assignee: USER.wang_cn })).toMatch(
      /不是该任务的办理人/,
    );
    expect(await kit.messages('zhao_wx', serialNumber)).toContain('【转办】运行测试流程 · 初审');

    await kit.data('zhao_wx', 'POST', `${P}/completeTask`, { taskId: task, pass: true });
    expect(await kit.todo('zhang_zr', id)).toMatchObject({ taskDefinitionKey: 't2' });
    const { history } = await kit.detail('admin', id);
    expect(history.find((h: { action: string }) => h.action === 'transfer')).toMatchObject({
      userName: '李会计',
      targetName: '赵师傅',
      comment: '请代办',
    });
    expect(history.find((h: { action: string }) => h.action === 'pass')).toMatchObject({ userName: '赵师傅' });
  });

  it('delegate: the delegate acts, then it is back with the owner (resolve), who decides', async () => {
    const { processInstanceId: id } = await begin();
    const task = await claimT1(id);
    const resolved = async () =>
      (await kit.inbox('li_kj')).filter((m) => m.title === '【委托已办理】运行测试流程 · 初审' && m.type === 3).length;
    const before = await resolved();
    await kit.data('li_kj', 'POST', `${P}/delegateTask`, { taskId: task, assignee: USER.zhao_wx });
    expect(await kit.todo('li_kj', id)).toBeUndefined();
    expect(await kit.todo('zhao_wx', id)).toMatchObject({ taskId: task });
    expect(await kit.refused('li_kj', 'POST', `${P}/completeTask`, { taskId: task, pass: true })).toMatch(
      /不是该任务的办理人/,
    );

    // The delegate's 同意 is their answer: the task goes back to its owner, and the process stays where it is.
    await kit.data('zhao_wx', 'POST', `${P}/completeTask`, { taskId: task, pass: true, comment: '已核对' });
    expect(await kit.todo('zhao_wx', id)).toBeUndefined();
    expect(await kit.todo('li_kj', id)).toMatchObject({ taskId: task, taskDefinitionKey: 't1' });
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    expect((await kit.actions(id)).slice(-2)).toEqual(['delegate', 'resolve']);
    const { history } = await kit.detail('li_kj', id);
    expect(history.at(-1)).toMatchObject({ action: 'resolve', userName: '赵师傅', targetName: '李会计' });
    expect(await resolved()).toBe(before + 1);

    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: task, pass: true });
    expect(await kit.todo('zhang_zr', id)).toMatchObject({ taskDefinitionKey: 't2' });
    expect((await kit.actions(id)).slice(-1)).toEqual(['pass']);
  });

  it('copy: the instance is in each recipient’s copyList, with a message; only the assignee copies', async () => {
    const { processInstanceId: id, serialNumber } = await begin();
    const task = await claimT1(id);
    expect(await kit.refused('wang_cn', 'POST', `${P}/copyTask`, { taskId: task, copyUser: USER.zhao_wx })).toMatch(
      /不是该任务的办理人/,
    );
    await kit.data('li_kj', 'POST', `${P}/copyTask`, {
      taskId: task,
      copyUser: `${USER.zhao_wx},${USER.liu_wy}`,
      comment: '请知悉',
    });
    for (const who of ['zhao_wx', 'liu_wy'] as const) {
      expect(await kit.rows(who, 'copyList', id)).toEqual([
        expect.objectContaining({ processInstanceId: id, copyUser: '李会计', taskName: '初审' }),
      ]);
      expect(await kit.messages(who, serialNumber)).toEqual(['【抄送】运行测试流程']);
    }
    expect(await kit.rows('li_kj', 'copyList', id)).toEqual([]);
    expect(await kit.rows('wang_cn', 'copyList', id)).toEqual([]);
    // A copy lets its recipient open the instance (read-only: no task).
    expect((await kit.detail('zhao_wx', id)).task).toBeNull();
    const { history } = await kit.detail('admin', id);
    expect(history.at(-1)).toMatchObject({ action: 'copy', comment: '请知悉', targetName: '赵师傅、刘主管' });
  });

  it('urge: only the starter urges, and the assignee gets an approval message', async () => {
    const { processInstanceId: id, serialNumber } = await begin();
    await atT2(id);
    expect(await kit.refused('li_kj', 'POST', `${P}/urgeTask`, { processInstanceId: id })).toMatch(
      /只有发起人可以催办/,
    );
    expect(await kit.refused('zhang_zr', 'POST', `${P}/urgeTask`, { processInstanceId: id })).toMatch(
      /只有发起人可以催办/,
    );
    expect(await kit.messages('zhang_zr', serialNumber)).not.toContain('【催办】运行测试流程');
    expect((await kit.detail('admin', id)).canUrge).toBe(true);
    await kit.data('admin', 'POST', `${P}/urgeTask`, { processInstanceId: id, comment: '急' });
    expect((await kit.messages('zhang_zr', serialNumber)).filter((t) => t === '【催办】运行测试流程')).toHaveLength(1);
    expect(await kit.messages('li_kj', serialNumber)).not.toContain('【催办】运行测试流程');
    expect((await kit.actions(id)).at(-1)).toBe('urge');
  });

  it('rollback: only to nodes passed, and the target’s previous actor has the task again', async () => {
    const { processInstanceId: id, serialNumber } = await begin();
    const t2 = await atT2(id);
    const back = await kit.data('zhang_zr', 'GET', `${P}/getBackNodes?taskId=${t2}`);
    expect(back).toEqual([
      { nodeId: 'start', nodeName: '发起' },
      { nodeId: 't1', nodeName: '初审' },
    ]);
    // Another's task is not theirs to look at.
    expect((await kit.call('li_kj', 'GET', `${P}/getBackNodes?taskId=${t2}`)).status).toBe(403);
    for (const nodeId of ['t3', 't2', 'end', 'nosuch']) {
      expect(
        await kit.refused('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: t2, nodeId, comment: '退回' }),
      ).toMatch(/只能退回到已经过的节点/);
    }
    expect(await kit.refused('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: t2, nodeId: 't1' })).toMatch(
      /请填写意见/,
    );
    expect(await kit.todo('zhang_zr', id)).toMatchObject({ taskId: t2 });

    await kit.data('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: t2, nodeId: 't1', comment: '金额不对' });
    // 初审 was offered to two; 李会计 did it, so it is 李会计's now, not offered again.
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    expect(await kit.todo('li_kj', id)).toMatchObject({ taskDefinitionKey: 't1', assignee: USER.li_kj });
    expect(await kit.offered('wang_cn', id)).toBeUndefined();
    expect(await kit.todo('wang_cn', id)).toBeUndefined();
    expect(await kit.tasks(id, 'todo')).toHaveLength(1);
    const { history } = await kit.detail('admin', id);
    expect(history.at(-1)).toMatchObject({ action: 'rollback', targetName: '初审', comment: '金额不对' });
    expect(await kit.messages('admin', serialNumber)).toContain('【已退回】运行测试流程');

    // On again from there.
    const again = await kit.todo('li_kj', id);
    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: again!.taskId, pass: true });
    expect(await kit.todo('zhang_zr', id)).toMatchObject({ taskDefinitionKey: 't2' });
  });

  it('terminate: only where the node offers 终止; it ends the instance and every open task', async () => {
    const { processInstanceId: id, serialNumber } = await begin();
    const t2 = await atT2(id);
    expect(
      (await kit.detail('zhang_zr', id, t2)).task.buttons.map((b: { buttonKey: string }) => b.buttonKey),
    ).not.toContain('wf_terminate');
    expect(await kit.refused('zhang_zr', 'POST', `${P}/terminateProcess`, { taskId: t2, comment: '不办了' })).toMatch(
      /不提供此操作/,
    );
    // The demo's 部门负责人审批 does not offer it either.
    const leave = await kit.start('admin', DEMO.leave, {
      leaveType: '1',
      days: 1,
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      reason: '事假',
    });
    const leader = await kit.todo('zhang_zr', leave.processInstanceId);
    expect(
      await kit.refused('zhang_zr', 'POST', `${P}/terminateProcess`, { taskId: leader!.taskId, comment: '不批' }),
    ).toMatch(/不提供此操作/);
    expect((await kit.detail('admin', leave.processInstanceId)).process.status).toBe('running');
    expect((await kit.detail('admin', id)).process.status).toBe('running');

    // 初审 offers it: sent back there, 李会计 ends the instance.
    await kit.data('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: t2, nodeId: 't1', comment: '再看看' });
    const t1 = await kit.todo('li_kj', id);
    await kit.data('li_kj', 'POST', `${P}/terminateProcess`, { taskId: t1!.taskId, comment: '预算取消' });
    const detail = await kit.detail('admin', id);
    expect(detail.process.status).toBe('terminated');
    expect(detail.process.endTime).toBeTruthy();
    expect(detail.history.at(-1)).toMatchObject({ action: 'terminate', comment: '预算取消' });
    expect(await kit.tasks(id, 'todo')).toEqual([]);
    expect(await kit.sql('select 1 from wf_token where instance_id = $1', [id])).toEqual([]);
    expect(await kit.todo('li_kj', id)).toBeUndefined();
    expect(await kit.rows('admin', 'doneList', id)).toHaveLength(1);
    expect(await kit.messages('admin', serialNumber)).toContain('【已终止】运行测试流程');
    expect(await kit.refused('admin', 'POST', `${P}/urgeTask`, { processInstanceId: id })).toMatch(/流程已结束/);
  });

  it('withdraw: the starter or the last actor, refused once the next actor claimed or acted', async () => {
    const first = await begin();
    expect((await kit.detail('admin', first.processInstanceId)).canWithdraw).toBe(true);
    await claimT1(first.processInstanceId);
    expect((await kit.detail('admin', first.processInstanceId)).canWithdraw).toBe(false);
    expect(
      await kit.refused('admin', 'POST', `${P}/withdrawTask`, { processInstanceId: first.processInstanceId }),
    ).toMatch(/不能撤回/);

    const { processInstanceId: id } = await begin();
    await atT2(id);
    // Nobody else may take 李会计's step back.
    expect(await kit.refused('wang_cn', 'POST', `${P}/withdrawTask`, { processInstanceId: id })).toMatch(/不能撤回/);
    expect(await kit.refused('admin', 'POST', `${P}/withdrawTask`, { processInstanceId: id })).toMatch(/不能撤回/);
    expect((await kit.detail('li_kj', id)).canWithdraw).toBe(true);
    await kit.data('li_kj', 'POST', `${P}/withdrawTask`, { processInstanceId: id, comment: '还要改' });
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    const t1 = await kit.todo('li_kj', id);
    expect(t1).toMatchObject({ taskDefinitionKey: 't1' });
    expect(await kit.tasks(id, 'todo')).toHaveLength(1);

    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: t1!.taskId, pass: true });
    const t2 = await kit.todo('zhang_zr', id);
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: t2!.taskId, pass: true });
    // 张主任 acted since: 李会计's withdraw is refused, and 刘主管 keeps 归档.
    expect((await kit.detail('li_kj', id)).canWithdraw).toBe(false);
    expect(await kit.refused('li_kj', 'POST', `${P}/withdrawTask`, { processInstanceId: id })).toMatch(/不能撤回/);
    expect(await kit.todo('liu_wy', id)).toMatchObject({ taskDefinitionKey: 't3' });
    expect((await kit.actions(id)).filter((a) => a === 'withdraw')).toHaveLength(1);
  });
});

describe('流程监控 (ops)', () => {
  it('is closed to a user without its menu', async () => {
    const { processInstanceId: id } = await begin();
    for (const [method, url] of [
      ['GET', `${OPS}/list`],
      ['GET', `${OPS}/doneList`],
      ['GET', `${OPS}/processList`],
      ['GET', `${OPS}/processNodes?processInstanceId=${id}`],
      ['POST', `${OPS}/changeStatus`],
      ['POST', `${OPS}/terminateProcess`],
      ['POST', `${OPS}/deleteProcess`],
      ['POST', `${OPS}/completeTask`],
      ['POST', `${OPS}/dispatchTask`],
    ] as const) {
      const body = { processInstanceId: id, status: 'suspended', ids: id };
      const res = await kit.call('li_kj', method, url, method === 'POST' ? body : undefined);
      expect(res.status, url).toBe(403);
    }
    const detail = await kit.detail('admin', id);
    expect(detail.process.status).toBe('running');
  });

  it('dispatches and completes any task; while suspended every task operation is refused', async () => {
    const { processInstanceId: id } = await begin();
    const offered = await kit.offered('li_kj', id);
    await kit.data('admin', 'POST', `${OPS}/dispatchTask`, { taskId: offered!.taskId, assignee: USER.zhao_wx });
    expect(await kit.offered('li_kj', id)).toBeUndefined();
    expect(await kit.todo('zhao_wx', id)).toMatchObject({ taskId: offered!.taskId });
    await kit.data('admin', 'POST', `${OPS}/completeTask`, { taskId: offered!.taskId, pass: true, comment: '代办' });
    const t2 = await kit.todo('zhang_zr', id);
    expect(t2).toMatchObject({ taskDefinitionKey: 't2' });
    expect((await kit.actions(id)).slice(-2)).toEqual(['dispatch', 'pass']);
    const nodes = await kit.data('admin', 'GET', `${OPS}/processNodes?processInstanceId=${id}`);
    expect(nodes.map((n: { nodeId: string; state: string }) => `${n.nodeId}:${n.state}`)).toEqual([
      'start:finished',
      't1:finished',
      't2:current',
      't3:untouched',
    ]);

    // A second instance, its 初审 still offered (a claim to refuse).
    const other = await begin();
    const open = await kit.offered('wang_cn', other.processInstanceId);
    for (const pid of [id, other.processInstanceId]) {
      await kit.data('admin', 'POST', `${OPS}/changeStatus`, { processInstanceId: pid, status: 'suspended' });
    }
    const listed = (await kit.data('admin', 'GET', `${OPS}/list?size=200`)).records.find(
      (r: { processInstanceId: string }) => r.processInstanceId === id,
    );
    expect(listed).toMatchObject({ status: 'suspended', currentTaskName: '复审' });
    const task = t2!.taskId;
    const attempts: [who: 'zhang_zr' | 'admin' | 'wang_cn', method: 'GET' | 'POST', url: string, body?: object][] = [
      ['zhang_zr', 'POST', `${P}/completeTask`, { taskId: task, pass: true }],
      ['zhang_zr', 'POST', `${P}/completeTask`, { taskId: task, pass: false, comment: '驳回' }],
      ['zhang_zr', 'POST', `${P}/transferTask`, { taskId: task, assignee: USER.zhao_wx }],
      ['zhang_zr', 'POST', `${P}/delegateTask`, { taskId: task, assignee: USER.zhao_wx }],
      ['zhang_zr', 'POST', `${P}/copyTask`, { taskId: task, copyUser: USER.zhao_wx }],
      ['zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: task, nodeId: 't1', comment: '退回' }],
      ['zhang_zr', 'POST', `${P}/terminateProcess`, { taskId: task, comment: '终止' }],
      ['zhang_zr', 'POST', `${P}/addMultiInstance`, { taskId: task, assignee: USER.zhao_wx }],
      ['zhang_zr', 'POST', `${P}/deleteMultiInstance`, { taskId: task }],
      ['zhang_zr', 'GET', `${P}/getBackNodes?taskId=${task}`],
      ['admin', 'POST', `${P}/urgeTask`, { processInstanceId: id }],
      ['admin', 'POST', `${P}/withdrawTask`, { processInstanceId: id }],
      ['admin', 'POST', `${OPS}/completeTask`, { taskId: task, pass: true }],
      ['admin', 'POST', `${OPS}/dispatchTask`, { taskId: task, assignee: USER.zhao_wx }],
      ['wang_cn', 'POST', `${P}/claimTask`, { taskId: open!.taskId }],
    ];
    for (const [who, method, url, body] of attempts) {
      expect(await kit.refused(who, method, url, body as Record<string, unknown>), url).toMatch(/流程已挂起/);
    }
    expect((await kit.detail('zhang_zr', id)).canUrge).toBe(false);
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ id: task, assignee: USER.zhang_zr })]);
    expect((await kit.actions(id)).at(-1)).toBe('suspend');

    // Resumed, it goes on.
    await kit.data('admin', 'POST', `${OPS}/changeStatus`, { processInstanceId: id, status: 'running' });
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task, pass: true });
    expect(await kit.todo('liu_wy', id)).toMatchObject({ taskDefinitionKey: 't3' });
    expect(await kit.refused('admin', 'POST', `${OPS}/changeStatus`, { processInstanceId: id, status: 'x' })).toMatch(
      /running 或 suspended/,
    );
  });

  it('terminates and deletes instances', async () => {
    const { processInstanceId: id } = await begin();
    await atT2(id);
    await kit.data('admin', 'POST', `${OPS}/terminateProcess`, { processInstanceId: id, comment: '作废' });
    expect((await kit.detail('admin', id)).process.status).toBe('terminated');
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    expect(await kit.refused('admin', 'POST', `${OPS}/terminateProcess`, { processInstanceId: id })).toMatch(
      /流程已结束/,
    );
    const ended = (await kit.data('admin', 'GET', `${OPS}/doneList?size=200`)).records;
    expect(ended.find((r: { processInstanceId: string }) => r.processInstanceId === id)).toMatchObject({
      status: 'terminated',
    });

    const doomed = await begin();
    await atT2(doomed.processInstanceId);
    const removed = await kit.call('admin', 'POST', `${OPS}/deleteProcess`, {
      ids: `${doomed.processInstanceId},${id}`,
    });
    expect(removed.body).toMatchObject({ code: 200, msg: '已删除 2 个流程实例' });
    for (const pid of [id, doomed.processInstanceId]) {
      expect(await kit.refused('admin', 'GET', `${P}/detail?processInstanceId=${pid}`)).toMatch(/流程实例不存在/);
      expect(await kit.rows('admin', 'sendList', pid)).toEqual([]);
      expect(await kit.rows('admin', 'doneList', pid)).toEqual([]);
    }
    expect(await kit.todo('zhang_zr', doomed.processInstanceId)).toBeUndefined();
    expect(await kit.tasks(doomed.processInstanceId, 'todo')).toEqual([]);
    const running = (await kit.data('admin', 'GET', `${OPS}/list?size=200`)).records;
    expect(running.some((r: { processInstanceId: string }) => r.processInstanceId === doomed.processInstanceId)).toBe(
      false,
    );
    expect((await kit.actions(doomed.processInstanceId)).at(-1)).toBe('delete');
  });
});

describe('drafts', () => {
  it('are their author’s alone; starting from one removes it', async () => {
    const D = `${P}/draft`;
    const mine = await kit.data('li_kj', 'POST', `${D}/submit`, {
      processDefinitionId: deployment,
      formData: { title: '草稿一' },
    });
    const admins = await kit.data('admin', 'POST', `${D}/submit`, {
      processDefinitionId: deployment,
      formData: JSON.stringify({ title: '草稿二' }),
    });
    const ids = async (who: 'li_kj' | 'admin') =>
      (await kit.data(who, 'GET', `${D}/page?size=200`)).records.map((r: { id: string }) => r.id);
    expect(await ids('li_kj')).toContain(mine.id);
    expect(await ids('li_kj')).not.toContain(admins.id);
    // Not even the administrator sees, changes or removes another's.
    expect(await ids('admin')).toEqual(expect.arrayContaining([admins.id]));
    expect(await ids('admin')).not.toContain(mine.id);
    const listed = await kit.data('admin', 'GET', `${D}/list`);
    expect(Array.isArray(listed) ? listed : listed.records).not.toContainEqual(
      expect.objectContaining({ id: mine.id }),
    );
    const peek = await kit.call('admin', 'GET', `${D}/detail?id=${mine.id}`);
    expect(peek.body.data?.id).toBeUndefined();
    expect(
      (
        await kit.call('admin', 'POST', `${D}/submit`, {
          id: mine.id,
          processDefinitionId: deployment,
          formData: { title: '改别人的' },
        })
      ).status,
    ).toBe(404);
    await kit.call('admin', 'POST', `${D}/remove?ids=${mine.id}`);
    const form = await kit.data(
      'admin',
      'GET',
      `${P}/getFormByProcessId?processDefinitionId=${deployment}&draftId=${mine.id}`,
    );
    expect(form.draft).toBeNull();
    // A start naming another's draft leaves it be.
    await kit.start('admin', deployment, FORM, { draftId: mine.id });
    expect(await ids('li_kj')).toContain(mine.id);

    const own = await kit.data(
      'li_kj',
      'GET',
      `${P}/getFormByProcessId?processDefinitionId=${deployment}&draftId=${mine.id}`,
    );
    expect(own.draft).toEqual({ id: mine.id, formData: { title: '草稿一' } });
    await kit.start('li_kj', deployment, FORM, { draftId: mine.id });
    expect(await ids('li_kj')).not.toContain(mine.id);
    expect(await ids('admin')).toContain(admins.id);
  });
});

describe('OA 我的工作', () => {
  it('lists the to-do, started and done items of the OA categories’ processes only', async () => {
    const W = '/api/blade-oa/work/myWork';
    const leave = await kit.start('admin', DEMO.leave, {
      leaveType: '1',
      days: 1,
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      reason: '事假',
    });
    const other = await begin();
    await atT2(other.processInstanceId);
    const has = async (who: 'admin' | 'zhang_zr', url: string) =>
      (await kit.data(who, 'GET', url)).records.map((r: { processInstanceId: string }) => r.processInstanceId);

    // Both are 张主任's to do; 我的工作 shows the leave (行政办公, an OA category's) alone.
    expect(await has('zhang_zr', `${P}/todoList?size=200`)).toEqual(
      expect.arrayContaining([leave.processInstanceId, other.processInstanceId]),
    );
    const todo = await has('zhang_zr', `${W}?type=todo&size=200`);
    expect(todo).toContain(leave.processInstanceId);
    expect(todo).not.toContain(other.processInstanceId);
    expect(await has('zhang_zr', `${W}?size=200`)).toEqual(todo);
    expect(await has('zhang_zr', `${W}?type=todo&size=200&categoryId=${OA.office}`)).toContain(leave.processInstanceId);
    expect(await has('zhang_zr', `${W}?type=todo&size=200&categoryId=${OA.finance}`)).not.toContain(
      leave.processInstanceId,
    );

    const sent = await has('admin', `${W}?type=send&size=200`);
    expect(sent).toContain(leave.processInstanceId);
    expect(sent).not.toContain(other.processInstanceId);
    expect(await has('admin', `${P}/sendList?size=200`)).toEqual(
      expect.arrayContaining([leave.processInstanceId, other.processInstanceId]),
    );

    for (const pid of [leave.processInstanceId, other.processInstanceId]) {
      const task = await kit.todo('zhang_zr', pid);
      await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task!.taskId, pass: true });
    }
    const done = await has('zhang_zr', `${W}?type=done&size=200`);
    expect(done).toContain(leave.processInstanceId);
    expect(done).not.toContain(other.processInstanceId);
    expect(await has('zhang_zr', `${P}/myDoneList?size=200`)).toEqual(
      expect.arrayContaining([leave.processInstanceId, other.processInstanceId]),
    );
    expect(
      (await kit.data('zhang_zr', 'GET', `/api/blade-oa/work/myWorkDetail?workId=${leave.processInstanceId}`)).process,
    ).toMatchObject({ processInstanceId: leave.processInstanceId, processDefinitionKey: 'leave' });
    expect(await kit.refused('zhang_zr', 'GET', `${W}?type=all`)).toMatch(/type 只能是/);
  });
});

describe('field rights', () => {
  it('store only a task’s editable fields, and leave its hidden ones out of the detail', async () => {
    const { processInstanceId: id } = await begin();
    const stored = async () =>
      (
        await kit.sql<{ form: Record<string, unknown> }>('select form_data as form from wf_instance where id = $1', [
          id,
        ])
      )[0].form;

    // Offered (not yet claimed), 王出纳 sees 初审's view: the hidden field is not there either.
    const offered = await kit.detail('wang_cn', id);
    expect(offered.task).toMatchObject({ claimable: true, mine: false });
    expect(offered.formData).not.toHaveProperty('secret');
    expect(offered.fieldModes.secret).toBe('hidden');

    const t1 = await claimT1(id);
    const detail = await kit.detail('li_kj', id, t1);
    expect(detail.fieldModes).toEqual({ title: 'readonly', amount: 'editable', note: 'readonly', secret: 'hidden' });
    expect(detail.formData).toEqual({ title: '采购申请', amount: 100, note: '原备注' });

    await kit.data('li_kj', 'POST', `${P}/completeTask`, {
      taskId: t1,
      pass: true,
      formData: { title: '改了标题', amount: 250, note: '改了备注', secret: '泄露' },
    });
    expect(await stored()).toEqual({ title: '采购申请', amount: 250, note: '原备注', secret: '机密内容' });

    // 复审 edits the note only (and sees the secret: it is hidden at 初审 alone).
    const t2 = await kit.todo('zhang_zr', id);
    const second = await kit.detail('zhang_zr', id, t2!.taskId);
    expect(second.fieldModes).toMatchObject({ amount: 'readonly', note: 'editable', secret: 'readonly' });
    expect(second.formData.secret).toBe('机密内容');
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, {
      taskId: t2!.taskId,
      pass: true,
      formData: JSON.stringify({ amount: 1, note: '复审意见', secret: '' }),
    });
    expect(await stored()).toEqual({ title: '采购申请', amount: 250, note: '复审意见', secret: '机密内容' });
  });
});

describe('messages', () => {
  it('tell each new assignee, copy recipient, and the starter of a rejection and of the end (type 3)', async () => {
    const { processInstanceId: id, serialNumber } = await begin({ copyUser: USER.liu_wy });
    const msgs = (who: Parameters<Kit['messages']>[0]) => kit.messages(who, serialNumber);
    expect(await msgs('liu_wy')).toEqual(['【抄送】运行测试流程']);
    expect(await msgs('li_kj')).toEqual(['【待签收】运行测试流程 · 初审']);
    expect(await msgs('wang_cn')).toEqual(['【待签收】运行测试流程 · 初审']);
    expect(await msgs('zhang_zr')).toEqual([]);

    await atT2(id);
    expect(await msgs('zhang_zr')).toEqual(['【待办】运行测试流程 · 复审']);
    const t2 = await kit.todo('zhang_zr', id);
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, {
      taskId: t2!.taskId,
      pass: false,
      comment: '材料不全',
      copyUser: USER.zhao_wx,
    });
    expect(await msgs('zhao_wx')).toEqual(['【抄送】运行测试流程']);
    const starter = await msgs('admin');
    expect(starter).toContain('【已驳回】运行测试流程');
    expect(starter).toContain('【待重新提交】运行测试流程 · 发起');
    const [rejection] = (await kit.inbox('admin')).filter(
      (m) => m.title === '【已驳回】运行测试流程' && m.content.includes(serialNumber),
    );
    expect(rejection.content).toContain('材料不全');

    const resubmit = await kit.todo('admin', id);
    expect(resubmit).toMatchObject({ taskDefinitionKey: 'start' });
    await kit.data('admin', 'POST', `${P}/completeTask`, { taskId: resubmit!.taskId, pass: true, formData: FORM });
    expect(await msgs('li_kj')).toEqual(['【待签收】运行测试流程 · 初审', '【待签收】运行测试流程 · 初审']);
    await atT2(id);
    const again = await kit.todo('zhang_zr', id);
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: again!.taskId, pass: true });
    expect(await msgs('liu_wy')).toEqual(['【待办】运行测试流程 · 归档', '【抄送】运行测试流程']);
    expect(await msgs('admin')).not.toContain('【已办结】运行测试流程');
    const t3 = await kit.todo('liu_wy', id);
    await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: t3!.taskId, pass: true });
    expect((await msgs('admin')).filter((t) => t === '【已办结】运行测试流程')).toHaveLength(1);
    expect((await kit.detail('admin', id)).process.status).toBe('finished');
  });
});
