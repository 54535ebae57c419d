import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { SEED } from '../src/seed/platform.ts';
import { startApp } from '../src/start.ts';
import { freshPostgres, onPostgres, seededImage, serverOf, startServer, type TestServer } from './harness.ts';
import {
  bpmnXml,
  DEMO,
  extensions,
  flow,
  Kit,
  OPS,
  P,
  parallelXml,
  type Started,
  USER,
  userTask,
} from './workflow-runtime-kit.ts';

/**
 * Issue 31: a process lives in rows, not in a server. (a) A restart on the same data (the real start sequence,
 * `startApp`, on a PGlite data folder or a PostgreSQL database) continues every instance, a parallel one waiting at
 * its join included. (b) Two servers on one PostgreSQL database: started on one, completed on the other, seen on
 * the first; a task completed on both at once is completed once. (c) The timer job (`workflowTimers`) run three
 * times at once reminds once and acts on a due time once: an interrupting timer boundary event moves the token
 * out of its task, a non-interrupting one (the demo repair's) leaves the task open and sends its notice on a
 * branch of its own, and a task without a timer is reported overdue.
 */

const LEAVE = (days: number) => ({
  leaveType: '1',
  days,
  startDate: '2026-12-01',
  endDate: '2026-12-05',
  reason: '事假',
});

describe('a restart on the same data', () => {
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-wf-restart-'));
    const seeded = inject('seededDatabases').demo;
    if (onPostgres) {
      ({ url: databaseUrl, drop } = await freshPostgres(seeded));
    } else {
      // The demo image written into a data folder, as a server that ran before left it.
      const db = await openDatabase({
        dir: path.join(dataDir, 'pgdata'),
        image: seededImage('demo'),
      });
      await db.close();
    }
  });
  afterAll(async () => {
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real start sequence on the test's data; `fn` runs against it, then it stops. */
  async function withServer<T>(fn: (kit: Kit) => Promise<T>): Promise<T> {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CAPTCHA: 'off',
      WEB_DIR: '/nonexistent',
      JOBS: 'off',
    });
    const { app, platform } = await startApp(config);
    const server = serverOf(app, platform);
    try {
      return await fn(await Kit.open(server));
    } finally {
      await server.close();
    }
  }

  it('continues a running instance, and a parallel one waiting at its join', { timeout: 120_000 }, async () => {
    const before = await withServer(async (kit) => {
      const leave = await kit.start('admin', DEMO.leave, LEAVE(5));
      const parallel = await kit.deploy('重启并行', parallelXml);
      const { processInstanceId: id } = await kit.start('admin', parallel);
      const p0 = await kit.todo('liu_wy', id);
      await kit.data('liu_wy', 'POST', `${P}/completeTask`, { taskId: p0!.taskId, pass: true });
      const a = await kit.todo('li_kj', id);
      await kit.data('li_kj', 'POST', `${P}/completeTask`, { taskId: a!.taskId, pass: true });
      expect((await kit.detail('admin', id)).nodes.current.sort()).toEqual(['b', 'join']);
      return { leave: leave.processInstanceId, parallel: id };
    });

    await withServer(async (kit) => {
      // The leave goes on from 部门负责人审批 to 园区主任审批, then ends.
      const leader = await kit.todo('zhang_zr', before.leave);
      expect(leader).toMatchObject({ taskDefinitionKey: 'leaderApprove' });
      await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: leader!.taskId, pass: true });
      const director = await kit.offered('zhang_zr', before.leave);
      expect(director).toMatchObject({ taskDefinitionKey: 'directorApprove' });
      await kit.data('zhang_zr', 'POST', `${P}/claimTask`, { taskId: director!.taskId });
      await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: director!.taskId, pass: true });
      const leave = await kit.detail('admin', before.leave);
      expect(leave.process.status).toBe('finished');
      expect(leave.history.map((h: { action: string }) => h.action)).toEqual(['start', 'pass', 'claim', 'pass', 'end']);

      // The parallel one: its other branch in, the join fires, once.
      const b = await kit.todo('wang_cn', before.parallel);
      await kit.data('wang_cn', 'POST', `${P}/completeTask`, { taskId: b!.taskId, pass: true });
      expect(await kit.tasks(before.parallel, 'todo')).toEqual([
        expect.objectContaining({ node: 'c', assignee: USER.zhang_zr }),
      ]);
    });
  });
});

// Several servers on one database: a PostgreSQL server's (the embedded database serves one process).
describe.skipIf(!onPostgres)('two servers on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await freshPostgres(inject('seededDatabases').demo));
    const config = {
      ...loadConfig({}),
      captcha: false,
      demoData: true,
      webDir: '/nonexistent',
      dataDir: inject('demoDataDir'),
    };
    const server = async () => {
      const platform = await createPlatform(config, await openDatabase({ url, poolSize: 4 }));
      return serverOf(await buildApp(platform), platform);
    };
    a = await server();
    b = await server();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await drop?.();
  });

  it('start on A, complete on B: A shows it moved; one task completed on both at once is completed once', async () => {
    const onA = await Kit.open(a);
    const onB = await Kit.open(b);
    expect(a.platform.instance.workerId).not.toBe(b.platform.instance.workerId);
    const { processInstanceId: id }: Started = await onA.start('admin', DEMO.leave, LEAVE(5));
    const leader = await onB.todo('zhang_zr', id);
    expect(leader).toMatchObject({ taskDefinitionKey: 'leaderApprove' });
    await onB.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: leader!.taskId, pass: true, comment: '同意' });

    const seen = await onA.detail('admin', id);
    expect(seen.nodes.current).toEqual(['directorApprove']);
    expect(seen.history.at(-1)).toMatchObject({ action: 'pass', userName: '张主任', comment: '同意' });
    expect(await onA.todo('zhang_zr', id)).toBeUndefined();
    const director = await onA.offered('zhang_zr', id);
    expect(director).toMatchObject({ taskDefinitionKey: 'directorApprove' });
    await onA.data('zhang_zr', 'POST', `${P}/claimTask`, { taskId: director!.taskId });

    // Completed on A by its assignee and on B by an administrator in 流程监控, at once.
    for (let run = 0; run < 5; run++) {
      const other = await onA.start('admin', DEMO.leave, LEAVE(1));
      const task = await onA.todo('zhang_zr', other.processInstanceId);
      const answers = await Promise.all([
        onA.call('zhang_zr', 'POST', `${P}/completeTask`, { taskId: task!.taskId, pass: true }),
        onB.call('admin', 'POST', `${OPS}/completeTask`, { taskId: task!.taskId, pass: true }),
      ]);
      expect(answers.map((x) => x.status).sort(), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 400]);
      expect(await onB.actions(other.processInstanceId)).toEqual(['start', 'pass', 'end']);
    }
  });
});

describe('the timer job', () => {
  let server: TestServer;
  let kit: Kit;
  let escalating: string;

  beforeAll(async () => {
    server = await startServer({ demoData: true });
    kit = await Kit.open(server);
    // 办理 (李会计, a day with a reminder an hour before) with an interrupting timer to 超时升级 (张主任).
    escalating = await kit.deploy('超时测试', (id) =>
      bpmnXml({
        id,
        name: '超时测试',
        nodes: [
          { id: 'start', type: 'startEvent', name: '发起', x: 100, y: 200 },
          userTask(
            'handle',
            '办理',
            250,
            200,
            extensions({ assignees: [['user', USER.li_kj]], buttons: ['wf_pass'] }),
            {
              'park:dueTime': 'P1D',
              'park:remindBefore': 'PT1H',
            },
          ),
          {
            id: 'late',
            type: 'boundaryEvent',
            name: '超时',
            x: 250,
            y: 240,
            attrs: { attachedToRef: 'handle' },
            inner: '<bpmn:timerEventDefinition />',
          },
          userTask(
            'escalate',
            '超时升级',
            250,
            350,
            extensions({ assignees: [['user', USER.zhang_zr]], buttons: ['wf_pass'] }),
          ),
          { id: 'end', type: 'endEvent', name: '结束', x: 400, y: 200 },
          { id: 'end2', type: 'endEvent', name: '升级结束', x: 400, y: 350 },
        ],
        flows: [
          flow('f1', 'start', 'handle'),
          flow('f2', 'handle', 'end'),
          flow('f3', 'late', 'escalate'),
          flow('f4', 'escalate', 'end2'),
        ],
      }),
    );
  });
  afterAll(() => server?.close());

  /** The task's reminder and due time passed. */
  const overdue = (taskId: string) =>
    kit.sql(
      `update wf_task set due_time = localtimestamp - interval '1 second',
              remind_time = localtimestamp - interval '1 second' where id = $1`,
      [taskId],
    );

  /** The job's handler run three times at once, as three instances' schedulers might. */
  async function threeRuns() {
    const handler = server.platform.jobs.get('workflowTimers')!;
    const run = {
      tenantId: '000000',
      keyName: 'workflow-timers',
      params: {},
      owner: { userId: USER.admin, deptId: SEED.rootDept },
    };
    return Promise.all([1, 2, 3].map(() => handler.run(run, server.platform.db)));
  }

  const count = (titles: string[], title: string) => titles.filter((t) => t === title).length;

  it('an interrupting timer moves the token out of its task, once; the reminder is sent once', async () => {
    const { processInstanceId: id, serialNumber } = await kit.start('admin', escalating);
    const task = await kit.todo('li_kj', id);
    const [row] = await kit.sql<{ due: boolean; remind: boolean }>(
      `select due_time between localtimestamp + interval '23 hours 59 minutes' and localtimestamp + interval '1 day 1 minute' as due,
              remind_time between localtimestamp + interval '22 hours 59 minutes'
                              and localtimestamp + interval '23 hours 1 minute' as remind
         from wf_task where id = $1`,
      [task!.taskId],
    );
    expect(row).toEqual({ due: true, remind: true });
    await overdue(task!.taskId);

    await threeRuns();
    expect((await kit.actions(id)).filter((a) => a === 'timeout')).toHaveLength(1);
    expect(await kit.tasks(id)).toEqual([
      expect.objectContaining({ node: 'handle', assignee: USER.li_kj, status: 'cancelled' }),
      expect.objectContaining({ node: 'escalate', assignee: USER.zhang_zr, status: 'todo' }),
    ]);
    expect((await kit.sql('select node_id from wf_token where instance_id = $1', [id])).length).toBe(1);
    expect(count(await kit.messages('li_kj', serialNumber), '【即将超时】超时测试 · 办理')).toBe(1);
    expect(count(await kit.messages('zhang_zr', serialNumber), '【待办】超时测试 · 超时升级')).toBe(1);
    const detail = await kit.detail('admin', id);
    expect(detail.history.at(-1)).toMatchObject({ action: 'timeout', nodeName: '办理', targetName: '超时' });
    expect(detail.nodes.finished).toEqual(expect.arrayContaining(['late', 'f3']));

    // Nothing is left to do for the next runs.
    await threeRuns();
    expect((await kit.actions(id)).filter((a) => a === 'timeout')).toHaveLength(1);
    expect(count(await kit.messages('li_kj', serialNumber), '【即将超时】超时测试 · 办理')).toBe(1);
    const escalate = await kit.todo('zhang_zr', id);
    await kit.data('zhang_zr', 'POST', `${P}/completeTask`, { taskId: escalate!.taskId, pass: true });
    expect((await kit.detail('admin', id)).process.status).toBe('finished');
  });

  it('a non-interrupting timer (the demo repair’s) leaves its task open and sends the notice once', async () => {
    const { processInstanceId: id, serialNumber } = await kit.start('admin', DEMO.repair, {
      location: 'A-101',
      faultType: '1',
      description: '漏水',
    });
    const dispatch = await kit.offered('liu_wy', id);
    await kit.data('liu_wy', 'POST', `${P}/claimTask`, { taskId: dispatch!.taskId });
    await kit.data('liu_wy', 'POST', `${P}/completeTask`, {
      taskId: dispatch!.taskId,
      pass: true,
      formData: { handler: USER.zhao_wx },
    });
    const handle = await kit.todo('zhao_wx', id);
    expect(handle).toMatchObject({ taskDefinitionKey: 'handle' });
    await overdue(handle!.taskId);

    await threeRuns();
    expect((await kit.actions(id)).filter((a) => a === 'timeout')).toHaveLength(1);
    // The handler keeps the task; the property department is copied the notice, each once.
    expect(await kit.tasks(id, 'todo')).toEqual([
      expect.objectContaining({ id: handle!.taskId, node: 'handle', assignee: USER.zhao_wx }),
    ]);
    const copies = await kit.sql<{ user: string; n: number }>(
      `select user_id::text as user, count(*)::int as n from wf_copy where instance_id = $1 and node_name = '超时通知'
        group by user_id`,
      [id],
    );
    expect(copies).toEqual(
      expect.arrayContaining([
        { user: USER.zhao_wx, n: 1 },
        { user: USER.liu_wy, n: 1 },
      ]),
    );
    expect(count(await kit.messages('liu_wy', serialNumber), '【抄送】报修处理')).toBe(1);
    expect(count(await kit.messages('zhao_wx', serialNumber), '【即将超时】报修处理 · 维修处理')).toBe(1);
    const detail = await kit.detail('admin', id);
    expect(detail.process.status).toBe('running');
    expect(detail.nodes.current).toEqual(['handle']);
    expect((await kit.sql('select 1 from wf_token where instance_id = $1', [id])).length).toBe(1);

    // And it goes on as before.
    await kit.data('zhao_wx', 'POST', `${P}/completeTask`, {
      taskId: handle!.taskId,
      pass: true,
      formData: { result: '已修好' },
    });
    const confirm = await kit.todo('admin', id);
    expect(confirm).toMatchObject({ taskDefinitionKey: 'confirm' });
    await kit.data('admin', 'POST', `${P}/completeTask`, { taskId: confirm!.taskId, pass: true });
    expect((await kit.detail('admin', id)).process.status).toBe('finished');
  });

  it('a task without a timer is reported overdue to its assignee and the starter, once', async () => {
    const { processInstanceId: id, serialNumber } = await kit.start('admin', DEMO.leave, LEAVE(1));
    const task = await kit.todo('zhang_zr', id);
    await overdue(task!.taskId);
    await threeRuns();
    await threeRuns();
    for (const who of ['zhang_zr', 'admin'] as const) {
      expect(count(await kit.messages(who, serialNumber), '【已超时】请假流程 · 部门负责人审批'), who).toBe(1);
    }
    expect(count(await kit.messages('zhang_zr', serialNumber), '【即将超时】请假流程 · 部门负责人审批')).toBe(1);
    expect(await kit.todo('zhang_zr', id)).toMatchObject({ taskId: task!.taskId });
    expect(await kit.actions(id)).toEqual(['start']);
    const row = (await kit.rows('zhang_zr', 'todoList', id))[0];
    expect(row).toMatchObject({ overdue: true });
  });
});
