import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The workflow runtime (issue 31) on the demo processes: start with the form checked on the server, the lists,
 * every task operation and its rules (only the assignee acts, a task acts once, rollbacks go back only, a
 * withdraw is refused once the next actor acted, a 会签 decides by its mode with signers added and removed),
 * the detail's field rights, and the messages each step sends. On both databases.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const P = '/api/blade-workflow/process';
const DEPLOYMENT = { leave: '190000000000300231', expense: '190000000000300232', repair: '190000000000300233' };

async function call(who: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  return server.call({ method, url, token: tokens[who], ...(body === undefined ? {} : { body }) });
}

/** The data of a call that must succeed. */
async function data(who: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const res = await call(who, method, url, body);
  expect(res.body.code, `${url}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(200);
  return res.body.data;
}

/** The message of a call that must be refused with a 400. */
async function refused(who: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const res = await call(who, method, url, body);
  expect(res.body.code, `${url}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(400);
  return res.body.msg as string;
}

const leaveForm = (days: number) => ({
  leaveType: '3',
  days,
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  reason: '回家探亲',
});

async function todo(who: string, instanceId: string) {
  const { records } = await data(who, 'GET', `${P}/todoList?size=100`);
  return records.find((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
}

beforeAll(async () => {
  server = await startServer({ demoData: true });
  for (const who of ['admin', 'zhang_zr', 'li_kj', 'wang_cn', 'zhao_wx', 'liu_wy']) {
    tokens[who] = await login(server, who, who === 'admin' ? 'admin' : '123456');
  }
});
afterAll(() => server.close());

describe('a leave request', () => {
  it('starts with its form checked, goes to the leader, and a long one to the director by claim', async () => {
    const ids = (await data('admin', 'GET', `${P}/processList`)).records.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(DEPLOYMENT)));
    const form = await data('admin', 'GET', `${P}/getFormByProcessId?processDefinitionId=${DEPLOYMENT.leave}`);
    expect(form.form.fields.length).toBeGreaterThan(3);

    expect(
      await refused('admin', 'POST', `${P}/startProcess`, { processDefinitionId: DEPLOYMENT.leave, formData: {} }),
    ).toMatch(/请填写/);
    const started = await data('admin', 'POST', `${P}/startProcess`, {
      processDefinitionId: DEPLOYMENT.leave,
      formData: leaveForm(5),
    });
    expect(started.serialNumber).toMatch(/^\d{12}$/);
    const id = started.processInstanceId;

    // The starter's leader (张主任 leads the centre) has it; nobody else may act on it.
    const task = await todo('zhang_zr', id);
    expect(task).toMatchObject({ taskName: '部门负责人审批', processStatus: 'running' });
    expect(await refused('li_kj', 'POST', `${P}/completeTask`, { taskId: task.taskId, pass: true })).toMatch(
      /不是该任务的办理人/,
    );
    expect(await refused('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task.taskId, pass: false })).toMatch(
      /驳回时请填写/,
    );

    await data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task.taskId, pass: true, comment: '同意' });
    // Done once: the same task again is refused.
    expect(await refused('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task.taskId, pass: true })).toMatch(
      /已被处理/,
    );

    // More than 3 days: 园区主任审批, offered to the director role.
    const claim = (await data('zhang_zr', 'GET', `${P}/claimList?size=100`)).records.find(
      (r: { processInstanceId: string }) => r.processInstanceId === id,
    );
    expect(claim).toMatchObject({ taskName: '园区主任审批', assignee: null });
    expect(await refused('li_kj', 'POST', `${P}/claimTask`, { taskId: claim.taskId })).toMatch(/不能签收/);
    await data('zhang_zr', 'POST', `${P}/claimTask`, { taskId: claim.taskId });
    await data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: claim.taskId, pass: true, comment: '准假' });

    const detail = await data('admin', 'GET', `${P}/detail?processInstanceId=${id}`);
    expect(detail.process.status).toBe('finished');
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['start', 'pass', 'claim', 'pass', 'end']);
    expect(detail.nodes.finished).toEqual(expect.arrayContaining(['start', 'leaderApprove', 'directorApprove']));
    const { records: done } = await data('admin', 'GET', `${P}/doneList?size=100`);
    expect(done.map((r: { processInstanceId: string }) => r.processInstanceId)).toContain(id);
  });

  it('rejected goes back to the starter, who resubmits or withdraws', async () => {
    const { processInstanceId: id } = await data('admin', 'POST', `${P}/startProcess`, {
      processDefinitionId: DEPLOYMENT.leave,
      formData: leaveForm(2),
    });
    // The starter takes it back before anyone acted: the start is theirs again.
    await data('admin', 'POST', `${P}/withdrawTask`, { processInstanceId: id });
    const again = await todo('admin', id);
    expect(again).toMatchObject({ taskDefinitionKey: 'start' });
    await data('admin', 'POST', `${P}/completeTask`, { taskId: again.taskId, pass: true, formData: leaveForm(1) });

    const task = await todo('zhang_zr', id);
    await data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task.taskId, pass: false, comment: '时间冲突' });
    const back = await todo('admin', id);
    expect(back).toMatchObject({ taskDefinitionKey: 'start', taskName: '发起' });
    // Once the leader acted, the starter's withdraw of the first step is refused.
    expect(await refused('admin', 'POST', `${P}/withdrawTask`, { processInstanceId: id })).toMatch(/不能撤回/);
    await data('admin', 'POST', `${P}/completeTask`, { taskId: back.taskId, pass: true, formData: leaveForm(1) });
    const second = await todo('zhang_zr', id);
    await data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: second.taskId, pass: true, comment: '可以' });
    const detail = await data('admin', 'GET', `${P}/detail?processInstanceId=${id}`);
    expect(detail.process.status).toBe('finished');
  });
});

describe('an expense claim', () => {
  it('is signed by every finance clerk (会签), with a signer added and one removed', async () => {
    const { processInstanceId: id } = await data('zhao_wx', 'POST', `${P}/startProcess`, {
      processDefinitionId: DEPLOYMENT.expense,
      formData: { title: '办公用品', items: [{ spentOn: '2026-11-20', amount: 120, item: '打印纸' }], total: 120 },
    });
    const lead = await todo('liu_wy', id);
    expect(lead).toMatchObject({ taskName: '部门负责人审批' });
    await data('liu_wy', 'POST', `${P}/completeTask`, { taskId: lead.taskId, pass: true });
    const li = await todo('li_kj', id);
    const wang = await todo('wang_cn', id);
    expect([li?.taskName, wang?.taskName]).toEqual(['财务会签', '财务会签']);
    await data('li_kj', 'POST', `${P}/addMultiInstance`, { taskId: li.taskId, assignee: '190000000000300051' });
    const zhang = await todo('zhang_zr', id);
    expect(zhang).toMatchObject({ taskName: '财务会签' });
    await data('li_kj', 'POST', `${P}/completeTask`, { taskId: li.taskId, pass: true });
    // 王出纳 is taken off the 会签; it then waits for 张主任 alone.
    await data('li_kj', 'GET', `${P}/detail?processInstanceId=${id}`);
    await data('zhang_zr', 'POST', `${P}/deleteMultiInstance`, { taskId: wang.taskId });
    expect(await todo('wang_cn', id)).toBeUndefined();
    await data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: zhang.taskId, pass: true });
    const detail = await data('zhao_wx', 'GET', `${P}/detail?processInstanceId=${id}`);
    expect(detail.process.status).toBe('finished');
  });
});
