import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import {
  type Answer,
  bpmnXml,
  extensions,
  flow,
  Kit,
  OPS,
  P,
  parallelXml,
  USER,
  userTask,
} from './workflow-runtime-kit.ts';

/**
 * Issue 31: what two people doing something to one instance at the same moment leaves behind, over real HTTP
 * calls sent together (`Promise.all`), each race run five times: exactly one wins, the other is a 400 that says
 * why (never a 500), and the history holds one row of the act. And a parallel block deployed through the design
 * API (准备 → fork → 会计审核 ‖ 出纳审核 → join → 主任审批): the join fires once, after both branches, even when
 * both are completed at once, and a rollback to before the fork ends what runs inside it. On PGlite (one
 * connection: the calls queue) and PostgreSQL (a pool: they truly meet, at the instance's row lock).
 */
let server: TestServer;
let kit: Kit;
let line: string;
let parallel: string;
const RUNS = 5;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  kit = await Kit.open(server);
  const buttons = ['wf_pass', 'wf_reject', 'wf_rollback', 'wf_transfer'];
  line = await kit.deploy('竞争测试', (id) =>
    bpmnXml({
      id,
      name: '竞争测试',
      nodes: [
        { id: 'start', type: 'startEvent', name: '发起', x: 100, y: 200 },
        userTask(
          't1',
          '初审',
          250,
          200,
          extensions({ assignees: [['user', `${USER.li_kj},${USER.wang_cn}`]], buttons }),
        ),
        userTask('t2', '复审', 400, 200, extensions({ assignees: [['user', USER.zhang_zr]], buttons })),
        userTask('t3', '归档', 550, 200, extensions({ assignees: [['user', USER.liu_wy]], buttons })),
        { id: 'end', type: 'endEvent', name: '结束', x: 700, y: 200 },
      ],
      flows: [flow('f1', 'start', 't1'), flow('f2', 't1', 't2'), flow('f3', 't2', 't3'), flow('f4', 't3', 'end')],
    }),
  );
  parallel = await kit.deploy('并行测试', parallelXml);
});
afterAll(() => server.close());

/** The answers of a race: one 200 and one 400 with a message, never a 500. Answers the winner's index. */
function oneWins(answers: Answer[], label: string): number {
  const said = answers.map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`).join(' | ');
  expect(answers.map((a) => a.status).sort(), `${label}: ${said}`).toEqual([200, 400]);
  const loser = answers.find((a) => a.status === 400)!;
  expect(loser.body.code, said).toBe(400);
  expect(loser.body.msg, said).toBeTruthy();
  return answers.findIndex((a) => a.status === 200);
}

/** How many history rows of each action the instance has. */
async function counted(instanceId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const action of await kit.actions(instanceId)) out[action] = (out[action] ?? 0) + 1;
  return out;
}

const tokens = async (instanceId: string) =>
  (await kit.sql<{ n: string }>('select count(*)::int as n from wf_token where instance_id = $1', [instanceId]))[0].n;

/** Started, 初审 claimed by 李会计: its task id. */
async function claimedLine() {
  const { processInstanceId: id } = await kit.start('admin', line);
  const offered = await kit.offered('li_kj', id);
  await kit.data('li_kj', 'POST', `${P}/claimTask`, { taskId: offered!.taskId });
  return { id, task: offered!.taskId };
}

/** A parallel instance with 准备 passed: its branches' open tasks. */
async function forked() {
  const { processInstanceId: id } = await kit.start('admin', parallel);
  const p0 = await kit.todo('liu_wy', id);
  await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: p0!.taskId, pass: true });
  const a = await kit.todo('li_kj', id);
  const b = await kit.todo('wang_cn', id);
  expect([a?.taskDefinitionKey, b?.taskDefinitionKey]).toEqual(['a', 'b']);
  return { id, a: a!.taskId, b: b!.taskId };
}

const complete = (who: 'li_kj' | 'wang_cn' | 'zhang_zr' | 'liu_wy', taskId: string) =>
  kit.call(who, 'POST', `${P}/completeTask`, { taskId, pass: true });

describe('races', () => {
  it('two people completing one task: one passes it, once', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { id, task } = await claimedLine();
      // The assignee and an administrator in 流程监控; then the assignee twice (a double click).
      oneWins(
        await Promise.all([
          complete('li_kj', task),
          kit.call('admin', 'POST', `${OPS}/completeTask`, { taskId: task, pass: true }),
        ]),
        `run ${run}`,
      );
      expect((await counted(id)).pass).toBe(1);
      const t2 = await kit.todo('zhang_zr', id);
      expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ id: t2!.taskId, node: 't2' })]);
      oneWins(await Promise.all([complete('zhang_zr', t2!.taskId), complete('zhang_zr', t2!.taskId)]), `twice ${run}`);
      expect((await counted(id)).pass).toBe(2);
      expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 't3', assignee: USER.liu_wy })]);
      expect(await tokens(id)).toBe(1);
    }
  });

  it('two candidates claiming one task: one has it', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { processInstanceId: id } = await kit.start('admin', line);
      const offered = await kit.offered('li_kj', id);
      const answers = await Promise.all(
        (['li_kj', 'wang_cn'] as const).map((who) =>
          kit.call(who, 'POST', `${P}/claimTask`, { taskId: offered!.taskId }),
        ),
      );
      const winner = oneWins(answers, `run ${run}`);
      expect(answers[1 - winner].body.msg).toMatch(/已被签收/);
      expect((await counted(id)).claim).toBe(1);
      expect(await kit.tasks(id, 'todo')).toEqual([
        expect.objectContaining({ assignee: [USER.li_kj, USER.wang_cn][winner] }),
      ]);
    }
  });

  it('a withdraw against the next actor’s complete: one of them happens', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { id, task } = await claimedLine();
      await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: task, pass: true });
      const t2 = await kit.todo('zhang_zr', id);
      const answers = await Promise.all([
        kit.call('li_kj', 'POST', `${P}/withdrawTask`, { processInstanceId: id }),
        complete('zhang_zr', t2!.taskId),
      ]);
      const winner = oneWins(answers, `run ${run}`);
      const n = await counted(id);
      const open = await kit.tasks(id, 'todo');
      if (winner === 0) {
        expect(answers[1].body.msg).toMatch(/已被处理/);
        expect(n).toMatchObject({ withdraw: 1, pass: 1 });
        expect(open).toEqual([expect.objectContaining({ node: 't1', assignee: USER.li_kj })]);
      } else {
        expect(answers[0].body.msg).toMatch(/不能撤回/);
        expect(n.withdraw).toBeUndefined();
        expect(n.pass).toBe(2);
        expect(open).toEqual([expect.objectContaining({ node: 't3', assignee: USER.liu_wy })]);
      }
      expect(await tokens(id)).toBe(1);
    }
  });

  it('two rollbacks at once, out of the two branches: one sends it back, once', async () => {
    for (let run = 0; run < RUNS; run++) {
      const { id, a, b } = await forked();
      const answers = await Promise.all([
        kit.call('li_kj', 'POST', `${P}/rollbackTask`, { taskId: a, nodeId: 'p0', comment: '会计退回' }),
        kit.call('wang_cn', 'POST', `${P}/rollbackTask`, { taskId: b, nodeId: 'p0', comment: '出纳退回' }),
      ]);
      const winner = oneWins(answers, `run ${run}`);
      expect(answers[1 - winner].body.msg).toMatch(/已被处理/);
      expect((await counted(id)).rollback).toBe(1);
      expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'p0', assignee: USER.liu_wy })]);
      expect(await tokens(id)).toBe(1);
    }
  });
});

describe('a parallel block', () => {
  it('joins once, after both branches, also when both are completed at the same moment', async () => {
    const { id, a, b } = await forked();
    expect((await kit.detail('admin', id)).nodes.current.sort()).toEqual(['a', 'b']);
    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: a, pass: true });
    // One branch in: the join waits, nothing after it yet.
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    expect((await kit.detail('admin', id)).nodes.current.sort()).toEqual(['b', 'join']);
    await kit.data('wang_cn', 'POST', `${P}/completeTask`, { taskId: b, pass: true });
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'c', assignee: USER.zhang_zr })]);
    expect(await tokens(id)).toBe(1);
    const detail = await kit.detail('admin', id);
    expect(detail.nodes.current).toEqual(['c']);
    expect(detail.nodes.finished).toEqual(expect.arrayContaining(['fork', 'a', 'b', 'join', 'toC']));

    for (let run = 0; run < RUNS; run++) {
      const both = await forked();
      const answers = await Promise.all([complete('li_kj', both.a), complete('wang_cn', both.b)]);
      expect(
        answers.map((x) => x.status),
        JSON.stringify(answers.map((x) => x.body)),
      ).toEqual([200, 200]);
      expect(await kit.tasks(both.id, 'todo'), `run ${run}`).toEqual([
        expect.objectContaining({ node: 'c', assignee: USER.zhang_zr }),
      ]);
      expect(await tokens(both.id)).toBe(1);
      const c = await kit.todo('zhang_zr', both.id);
      await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: c!.taskId, pass: true });
      expect((await kit.detail('admin', both.id)).process.status).toBe('finished');
      expect((await counted(both.id)).end).toBe(1);
    }
  });

  it('sent back from after the join to before the fork, runs the block afresh', async () => {
    const { id, a, b } = await forked();
    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: a, pass: true });
    await kit.data('wang_cn', 'POST', `${P}/completeTask`, { taskId: b, pass: true });
    const c = await kit.todo('zhang_zr', id);
    // Only what lies outside the block, and passed.
    expect(await kit.data('zhang_zr', 'GET', `${P}/getBackNodes?taskId=${c!.taskId}`)).toEqual([
      { nodeId: 'start', nodeName: '发起' },
      { nodeId: 'p0', nodeName: '准备' },
    ]);
    expect(
      await kit.refused('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: c!.taskId, nodeId: 'a', comment: '退' }),
    ).toMatch(/只能退回到已经过的节点/);
    await kit.data('zhang_zr', 'POST', `${P}/rollbackTask`, { taskId: c!.taskId, nodeId: 'p0', comment: '重新准备' });
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'p0', assignee: USER.liu_wy })]);
    expect(await tokens(id)).toBe(1);

    // Again through the block: one branch in is not enough.
    const p0 = await kit.todo('liu_wy', id);
    await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: p0!.taskId, pass: true });
    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: (await kit.todo('li_kj', id))!.taskId, pass: true });
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    await kit.data('wang_cn', 'POST', `${P}/completeTask`, {
      taskId: (await kit.todo('wang_cn', id))!.taskId,
      pass: true,
    });
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'c' })]);
  });

  it('sent back out of one branch, ends the other branch’s open task (and a branch waiting at the join)', async () => {
    const { id, a, b } = await forked();
    expect(await kit.data('li_kj', 'GET', `${P}/getBackNodes?taskId=${a}`)).toEqual([
      { nodeId: 'start', nodeName: '发起' },
      { nodeId: 'p0', nodeName: '准备' },
    ]);
    await kit.data('li_kj', 'POST', `${P}/rollbackTask`, { taskId: a, nodeId: 'p0', comment: '会计退回' });
    expect(await kit.todo('wang_cn', id)).toBeUndefined();
    expect(await kit.tasks(id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: b, node: 'b', status: 'cancelled' })]),
    );
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'p0', assignee: USER.liu_wy })]);
    expect(await kit.refused('wang_cn', 'POST', `${P}/completeTask`, { taskId: b, pass: true })).toMatch(/已被处理/);

    // 出纳 done and waiting at the join when 会计 sends it back: the waiting branch is gone too.
    const p0 = await kit.todo('liu_wy', id);
    await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: p0!.taskId, pass: true });
    await kit.data('wang_cn', 'POST', `${P}/completeTask`, {
      taskId: (await kit.todo('wang_cn', id))!.taskId,
      pass: true,
    });
    await kit.data('li_kj', 'POST', `${P}/rollbackTask`, {
      taskId: (await kit.todo('li_kj', id))!.taskId,
      nodeId: 'p0',
      comment: '再退',
    });
    expect(await tokens(id)).toBe(1);
    const again = await kit.todo('liu_wy', id);
    await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: again!.taskId, pass: true });
    await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: (await kit.todo('li_kj', id))!.taskId, pass: true });
    // Had the earlier 出纳 arrival stayed at the join, 主任审批 would open now.
    expect(await kit.todo('zhang_zr', id)).toBeUndefined();
    expect(await kit.tasks(id, 'todo')).toEqual([expect.objectContaining({ node: 'b', assignee: USER.wang_cn })]);
  });
});
