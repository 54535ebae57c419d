import { JOB_HANDLERS, nextRuns, parkTime } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { JobHandlers, Scheduler } from '../src/platform/jobs.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** Scheduled jobs: the screen's calls, the scheduler's claims and runs, and the built-in handlers. */
let server: TestServer;
let admin: string;
let other: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '600003');
  other = await login(server, 'admin', 'admin', '600003');
  // Every tenant's workflow timer job fires each minute; these tests count the scheduler's runs of their own jobs.
  await sql(`update blade_job set job_state = 'PAUSED', next_run_time = null where handler = 'workflowTimers'`);
});
afterAll(() => server.close());

const API = 'blade-resource/job';
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  server.call({ method: 'POST', url: `/api/${API}/${url}`, token, payload });
const get = (url: string, token: string) => server.call({ method: 'GET', url: `/api/${API}/${url}`, token });

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.tx(ALL_TENANTS, (q) => q.query<T>(text, params));

const stored = async (keyName: string, tenantId = '000000') =>
  (
    await sql<{ job_state: string; next_run_time: string | null; last_run_time: string | null; last_result: string }>(
      `select job_state, next_run_time, last_run_time, last_result from blade_job
        where tenant_id = $1 and key_name = $2 and is_deleted = 0`,
      [tenantId, keyName],
    )
  )[0];

/** Makes a job due now, as if its time had come. */
const makeDue = (keyName: string) =>
  sql(`update blade_job set next_run_time = localtimestamp(0) - interval '1 minute' where key_name = $1`, [keyName]);

const job = (keyName: string, extra: Record<string, unknown> = {}) => ({
  keyName,
  jobName: `任务 ${keyName}`,
  handler: 'sessionCleanup',
  cronExpression: '0 0 3 * * ?',
  ...extra,
});

async function logRows(table: string, tenantId: string, ageDays: number, count: number) {
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(
      q,
      table,
      Array.from({ length: count }, () => ({
        id: nextId(),
        tenant_id: tenantId,
        create_time: parkTime(new Date(Date.now() - ageDays * 86_400_000)),
      })),
    ),
  );
}

const countOld = async (table: string, tenantId: string) =>
  Number(
    (
      await sql<{ n: string }>(
        `select count(*) as n from ${table} where tenant_id = $1 and create_time < localtimestamp - interval '30 days'`,
        [tenantId],
      )
    )[0].n,
  );

describe('saving a job', () => {
  it('adds a waiting job whose next run is the schedule’s next time, and moves it when the schedule changes', async () => {
    const added = await post('save', admin, job('nightly', { jobState: 'ERROR', nextRunTime: '2000-01-01 00:00:00' }));
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功' });
    const expected = parkTime(nextRuns('0 0 3 * * ?', 1)[0]);
    expect(added.body.data).toMatchObject({ keyName: 'nightly', jobState: 'WAITING', nextRunTime: expected });

    const id = added.body.data.id;
    const updated = await post('update', admin, { id, cronExpression: '0  30 4 * * ?' });
    expect(updated.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(updated.body.data).toMatchObject({
      cronExpression: '0 30 4 * * ?',
      nextRunTime: parkTime(nextRuns('0 30 4 * * ?', 1)[0]),
    });
    // Five parts are standard cron, minute first.
    const five = await post('update', admin, { id, cronExpression: '*/15 * * * *' });
    expect(five.body.data.nextRunTime).toBe(parkTime(nextRuns('*/15 * * * *', 1)[0]));

    const page = await get('page?keyName=nigh', admin);
    expect(page.body.data.records.map((r: { keyName: string }) => r.keyName)).toEqual(['nightly']);
    expect((await get(`detail?id=${id}`, admin)).body.data).toMatchObject({ handler: 'sessionCleanup' });
    expect((await post('save', admin, { ...job('x'), id })).body).toMatchObject({ code: 400 });
  });

  it('names what is wrong, the spec’s way, and writes nothing then', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...job('bad-1'), keyName: '' }, '请输入任务标识'],
      [job('1abc'), '任务标识只能包含字母、数字、下划线和中划线，并以字母开头'],
      [job('bad-2', { cronExpression: '' }), '请输入Cron表达式'],
      [job('bad-3', { cronExpression: 'every day' }), 'Cron表达式格式不正确'],
      [job('bad-4', { cronExpression: '0 0 0 30 2 ?' }), 'Cron表达式没有下一次执行时间'],
      [job('bad-5', { handler: 'rm -rf' }), ''],
      [job('bad-6', { params: '[1,2]' }), '任务参数须为 JSON 对象'],
      [job('bad-7', { params: '{"days":' }), '任务参数须为 JSON 对象'],
      [job('bad-8', { handler: 'logCleanup', params: '{"days":0}' }), '参数 days（保留天数）须为1到3650的整数'],
      [job('bad-9', { handler: 'sendMessage', params: '{}' }), '参数 title（消息标题）不能为空'],
    ];
    for (const [body, msg] of cases) {
      const answer = await post('submit', admin, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(400);
      if (msg) expect(answer.body.msg).toBe(msg);
    }
    expect((await sql('select 1 from blade_job where key_name like $1', ['bad-%'])).length).toBe(0);

    await post('save', admin, job('twice'));
    expect((await post('save', admin, job('twice'))).body).toMatchObject({ code: 400, msg: '任务标识已存在' });
    // An edit that leaves the parameters wrong for a new handler is refused whole.
    const id = (await get('list?keyName=twice', admin)).body.data.records[0].id;
    expect((await post('update', admin, { id, handler: 'sendMessage' })).body).toMatchObject({ code: 400 });
    expect((await get(`detail?id=${id}`, admin)).body.data.handler).toBe('sessionCleanup');
  });

  it('refuses a schedule whose fires come closer than two seconds, in the caller’s language', async () => {
    for (const cron of ['* * * * * ?', '0,1 * * * * ?', '0/1 0 3 * * ?']) {
      const answer = await post('submit', admin, job('too-often', { cronExpression: cron }));
      expect(answer.body, cron).toMatchObject({
        code: 400,
        msg: 'Cron表达式的执行间隔不能小于2秒（该表达式最短间隔1秒）',
      });
    }
    const english = await server.call({
      method: 'POST',
      url: `/api/${API}/submit`,
      token: admin,
      headers: { 'accept-language': 'en-US' },
      payload: job('too-often', { cronExpression: '* * * * * ?' }),
    });
    expect(english.body).toMatchObject({
      code: 400,
      msg: 'Runs must be at least 2 seconds apart (this schedule fires 1 second apart)',
    });
    expect((await sql('select 1 from blade_job where key_name = $1', ['too-often'])).length).toBe(0);
    // An edit that quickens a schedule too much is refused the same way; two seconds is fine.
    const added = await post('save', admin, job('brisk', { cronExpression: '*/2 * * * * ?' }));
    expect(added.body.code).toBe(200);
    const quicker = await post('update', admin, { id: added.body.data.id, cronExpression: '* * * * * ?' });
    expect(quicker.body).toMatchObject({ code: 400 });
    await post('pause?keyName=brisk', admin);
  });

  it('knows every built-in handler, and only those, in the catalog, the server and the dictionary', async () => {
    const dict = await server.call({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=job_handler',
      token: admin,
    });
    expect(dict.body.data.map((d: { dictKey: string }) => d.dictKey).sort()).toEqual([...JOB_HANDLERS].sort());
    expect(server.platform.jobs.names().sort()).toEqual([...JOB_HANDLERS].sort());
  });
});

describe('pause, resume and execute', () => {
  it('pauses a job (no next run, the scheduler leaves it) and resumes it on its schedule', async () => {
    await post('save', admin, job('pausing'));
    expect((await post('pause?keyName=pausing', admin)).body).toMatchObject({ code: 200, msg: '任务已暂停' });
    expect(await stored('pausing')).toMatchObject({ job_state: 'PAUSED', next_run_time: null });
    await sql(
      `update blade_job set next_run_time = localtimestamp(0) - interval '1 minute' where key_name = 'pausing'`,
    );
    await sql(`update blade_job set job_state = 'PAUSED' where key_name = 'pausing'`);
    await server.platform.scheduler.tick();
    expect((await stored('pausing')).last_run_time).toBeNull();

    expect((await post('resume?keyName=pausing', admin)).body).toMatchObject({ code: 200, msg: '任务已恢复' });
    expect(await stored('pausing')).toMatchObject({
      job_state: 'WAITING',
      next_run_time: parkTime(nextRuns('0 0 3 * * ?', 1)[0]),
    });
    expect((await post('pause?keyName=', admin)).body).toMatchObject({ code: 400, msg: '请输入任务标识' });
    expect((await post('pause?keyName=nope', admin)).body).toMatchObject({ code: 400, msg: '定时任务 nope 不存在' });
  });

  it('executes a job now and keeps its schedule; a paused job run by hand stays paused', async () => {
    await logRows('blade_log_api', '000000', 40, 3);
    await logRows('blade_log_error', '000000', 40, 2);
    await logRows('blade_log_api', '000000', 5, 1);
    await logRows('blade_log_api', '600003', 40, 4);
    await post('save', admin, job('purge', { handler: 'logCleanup', params: '{"days":30}' }));
    const before = await stored('purge');

    const run = await post('execute?keyName=purge', admin);
    expect(run.body.code).toBe(200);
    expect(run.body.msg).toMatch(/^清理30天前的日志\d+条（接口\d+、错误\d+、通用\d+）$/);
    expect(run.body.data).toMatchObject({ jobState: 'WAITING' });
    expect(await countOld('blade_log_api', '000000')).toBe(0);
    expect(await countOld('blade_log_error', '000000')).toBe(0);
    // Another tenant's logs are its own jobs' business; newer entries stay.
    expect(await countOld('blade_log_api', '600003')).toBe(4);
    const recent = await sql(
      `select 1 from blade_log_api where tenant_id = '000000' and create_time > localtimestamp - interval '6 days'`,
    );
    expect(recent.length).toBeGreaterThan(0);

    const after = await stored('purge');
    expect(after).toMatchObject({ job_state: 'WAITING', next_run_time: before.next_run_time });
    expect(after.last_run_time).not.toBeNull();
    expect(after.last_result).toBe(run.body.msg);

    await post('pause?keyName=purge', admin);
    expect((await post('execute?keyName=purge', admin)).body.code).toBe(200);
    expect(await stored('purge')).toMatchObject({ job_state: 'PAUSED', next_run_time: null });
    // The answer and the stored result speak the caller's language.
    const english = await server.call({
      method: 'POST',
      url: `/api/${API}/execute?keyName=purge`,
      token: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.body.msg).toMatch(/^Removed \d+ log entries older than 30 days/);
    const row = (await get('list?keyName=purge', admin)).body.data.records[0];
    expect(row.lastResultEn).toMatch(/^Removed/);
  });

  it('refuses to run a job twice at once, and takes over one whose instance died', async () => {
    await post('save', admin, job('busy'));
    // Held by another instance that renews its lease.
    await sql(
      `insert into park_instance (id, process_key, worker_id, host, pid, expires)
         values ('elsewhere', 'elsewhere', 1023, 'elsewhere', 1, now() + interval '5 minutes')`,
    );
    await sql(
      `update blade_job set job_state = 'ACQUIRED', run_token = 'elsewhere', run_instance = 'elsewhere'
        where key_name = 'busy'`,
    );
    expect((await post('execute?keyName=busy', admin)).body).toMatchObject({
      code: 400,
      msg: '任务正在执行，请稍后再试',
    });
    await makeDue('busy');
    await server.platform.scheduler.tick();
    expect((await stored('busy')).job_state).toBe('ACQUIRED');

    // Its lease has run out: the holder is gone, and the next look takes the job over.
    await sql(`update park_instance set expires = now() - interval '1 second' where id = 'elsewhere'`);
    await server.platform.scheduler.tick();
    const taken = await stored('busy');
    expect(taken.job_state).toBe('WAITING');
    expect(taken.last_result).toMatch(/^清理过期登录会话\d+个$/);
  });

  it('records a failed run as ERROR with the reason, and answers it as a 400', async () => {
    await post('save', admin, job('notify', { handler: 'sendMessage', params: '{"title":"t","roleAlias":"nobody"}' }));
    const run = await post('execute?keyName=notify', admin);
    expect(run.body).toMatchObject({ code: 400, msg: '执行失败：角色别名 nobody 不存在' });
    expect(await stored('notify')).toMatchObject({
      job_state: 'ERROR',
      last_result: '执行失败：角色别名 nobody 不存在',
    });
    // A later good run clears the error.
    const id = (await get('list?keyName=notify', admin)).body.data.records[0].id;
    await post('update', admin, { id, params: '{"title":"t","roleAlias":"administrator"}' });
    expect((await post('execute?keyName=notify', admin)).body.code).toBe(200);
    expect((await stored('notify')).job_state).toBe('WAITING');
  });

  it('blocks the jobs of an expired tenant until it is renewed', async () => {
    expect((await post('save', other, job('theirs'))).body.code).toBe(200);
    await sql(`update blade_tenant set expire_time = localtimestamp(0) - interval '1 day' where tenant_id = '600003'`);
    await makeDue('theirs');
    await server.platform.scheduler.tick();
    expect(await stored('theirs', '600003')).toMatchObject({
      job_state: 'BLOCKED',
      last_result: '租户已过期或已停用，任务已阻塞',
    });
    await sql(`update blade_tenant set expire_time = null where tenant_id = '600003'`);
    await makeDue('theirs');
    await server.platform.scheduler.tick();
    expect((await stored('theirs', '600003')).job_state).toBe('WAITING');
  });

  it('keeps tenants apart and each call behind its button', async () => {
    await post('save', admin, job('mine'));
    expect((await get('list?keyName=mine', other)).body.data.records).toEqual([]);
    for (const call of ['pause', 'resume', 'execute']) {
      expect((await post(`${call}?keyName=mine`, other)).body).toMatchObject({
        code: 400,
        msg: '定时任务 mine 不存在',
      });
    }
    await createUserWithButtons(server, '000000', 'jobviewer', ['scheduled_job_view']);
    await createUserWithButtons(server, '000000', 'jobrunner', ['scheduled_job_view', 'scheduled_job_execute']);
    const viewer = await login(server, 'jobviewer', 'pass');
    const runner = await login(server, 'jobrunner', 'pass');
    expect((await get('list?keyName=mine', viewer)).body.data.records).toHaveLength(1);
    for (const call of ['pause', 'resume', 'execute']) {
      expect((await post(`${call}?keyName=mine`, viewer)).status).toBe(403);
    }
    expect((await post('save', viewer, job('viewers'))).status).toBe(403);
    expect((await post('execute?keyName=mine', runner)).body.code).toBe(200);
    expect((await post('pause?keyName=mine', runner)).status).toBe(403);
  });
});

describe('the scheduler', () => {
  it('runs due jobs on their schedule and moves each to its next time', async () => {
    await post('save', admin, job('due-1'));
    await makeDue('due-1');
    expect(await server.platform.scheduler.tick()).toBeGreaterThanOrEqual(1);
    const ran = await stored('due-1');
    expect(ran).toMatchObject({ job_state: 'WAITING', next_run_time: parkTime(nextRuns('0 0 3 * * ?', 1)[0]) });
    expect(ran.last_run_time).not.toBeNull();
    // Nothing is due now: another look runs nothing.
    expect(await server.platform.scheduler.tick()).toBe(0);
  });

  it('runs each due job once however many schedulers look at the same time', async () => {
    const runs: string[] = [];
    const handlers = new JobHandlers();
    handlers.register({
      name: 'sessionCleanup',
      async run({ keyName }) {
        runs.push(keyName);
        await new Promise((r) => setTimeout(r, 20));
        return { zh: '好', en: 'ok' };
      },
    });
    const schedulers = [0, 1, 2].map(
      () => new Scheduler(server.platform.db, handlers, server.platform.logs, server.platform.instance, { batch: 2 }),
    );
    const keys = ['once-1', 'once-2', 'once-3', 'once-4', 'once-5'];
    for (const key of keys) {
      await post('save', admin, job(key));
      await makeDue(key);
    }
    let ran = 0;
    for (let round = 0; round < 4; round++) {
      ran += (await Promise.all(schedulers.map((s) => s.tick()))).reduce((a, b) => a + b, 0);
    }
    expect(runs.sort()).toEqual(keys);
    expect(ran).toBe(keys.length);
  });

  it('looks by itself once started, and finishes its runs before it stops', async () => {
    const scheduler = new Scheduler(
      server.platform.db,
      server.platform.jobs,
      server.platform.logs,
      server.platform.instance,
      { pollMs: 50 },
    );
    await post('save', admin, job('looked'));
    await makeDue('looked');
    scheduler.start();
    try {
      await expect.poll(async () => (await stored('looked')).last_run_time, { timeout: 10_000 }).not.toBeNull();
    } finally {
      await scheduler.stop();
    }
    expect((await stored('looked')).job_state).toBe('WAITING');
  });
});

describe('the scheduler’s timing', () => {
  it('fires a 2-second schedule every 2 seconds, not at its next poll 5 seconds on', async () => {
    const fired: number[] = [];
    const handlers = new JobHandlers();
    handlers.register({
      name: 'sessionCleanup',
      async run({ keyName }) {
        if (keyName === 'every-2s') fired.push(Date.now());
        return { zh: '好', en: 'ok' };
      },
    });
    const scheduler = new Scheduler(server.platform.db, handlers, server.platform.logs, server.platform.instance, {
      pollMs: 5000,
    });
    scheduler.start();
    try {
      expect((await post('save', admin, job('every-2s', { cronExpression: '*/2 * * * * ?' }))).body.code).toBe(200);
      await expect.poll(() => fired.length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(4);
    } finally {
      await post('pause?keyName=every-2s', admin);
      await scheduler.stop();
    }
    // Each fire is one of the schedule's even seconds, once: two fires are about 2 s apart (never the
    // poll interval's 5 s, never twice for one second), with room for a loaded machine's delays.
    const gaps = fired.slice(1, 4).map((t, i) => t - fired[i]);
    for (const gap of gaps) {
      expect(gap, JSON.stringify(gaps)).toBeGreaterThan(1000);
      expect(gap, JSON.stringify(gaps)).toBeLessThan(3900);
    }
    // And each fire follows the even second it was due at by well under the poll interval.
    for (const t of fired) expect(t % 2000, JSON.stringify(fired)).toBeLessThan(1900);
  });
});

describe('the scheduler’s load', () => {
  it('writes nothing and looks only now and then while nothing is due', async () => {
    await sql(`update blade_job set job_state = 'PAUSED', next_run_time = null`);
    let writes = 0;
    server.platform.db.onWritten((tables) => {
      if (tables.includes('blade_job')) writes++;
    });
    const scheduler = new Scheduler(
      server.platform.db,
      server.platform.jobs,
      server.platform.logs,
      server.platform.instance,
      { pollMs: 300 },
    );
    scheduler.start();
    await new Promise((r) => setTimeout(r, 1500));
    await scheduler.stop();
    // A look that claims nothing must not write: each write wakes the scheduler, which would then never rest.
    expect(writes).toBe(0);
  });

  it('runs at most its batch of jobs at once, and takes the next ones as runs end', async () => {
    let now = 0;
    let most = 0;
    const ran: string[] = [];
    const handlers = new JobHandlers();
    handlers.register({
      name: 'sessionCleanup',
      async run({ keyName }) {
        if (!keyName.startsWith('load-')) return { zh: '好', en: 'ok' };
        most = Math.max(most, ++now);
        await new Promise((r) => setTimeout(r, 300));
        now--;
        ran.push(keyName);
        return { zh: '好', en: 'ok' };
      },
    });
    const keys = ['load-1', 'load-2', 'load-3', 'load-4', 'load-5'];
    for (const key of keys) await post('save', admin, job(key));
    const scheduler = new Scheduler(server.platform.db, handlers, server.platform.logs, server.platform.instance, {
      pollMs: 5000,
      batch: 2,
    });
    scheduler.start();
    try {
      for (const key of keys) await makeDue(key);
      const started = Date.now();
      await expect.poll(() => ran.length, { timeout: 15_000, interval: 100 }).toBe(keys.length);
      // Each run's end lets the next one in at once, not at the next poll 5 s on.
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      await scheduler.stop();
    }
    expect(ran.sort()).toEqual(keys);
    expect(most).toBeLessThanOrEqual(2);
  });
});

describe('the handlers', () => {
  it('sessionCleanup removes the tenant’s expired logins and keeps the live ones', async () => {
    const session = (expires: string) => ({
      id: nextId(),
      tenant_id: '000000',
      user_id: '1',
      client_id: 'saber',
      account_type: 'admin',
      refresh_jti: nextId(),
      expires_at: expires,
    });
    const expired = session(parkTime(new Date(Date.now() - 86_400_000)));
    const live = session(parkTime(new Date(Date.now() + 86_400_000)));
    await server.platform.db.tx(ALL_TENANTS, (q) => insertRows(q, 'park_auth_session', [expired, live]));
    await post('save', admin, job('sessions'));
    expect((await post('execute?keyName=sessions', admin)).body.code).toBe(200);
    const left = await sql<{ id: string }>('select id from park_auth_session where id = any($1::bigint[])', [
      [expired.id, live.id],
    ]);
    expect(left.map((r) => r.id)).toEqual([live.id]);
  });

  it('sendMessage sends to the users of the named roles in the name of the job’s creator', async () => {
    await post('save', admin, {
      ...job('meeting'),
      handler: 'sendMessage',
      params: JSON.stringify({ title: '周例会提醒', content: '十点开会', roleAlias: 'administrator' }),
    });
    expect((await post('execute?keyName=meeting', admin)).body.msg).toMatch(/^已向\d+位用户发送消息$/);
    const inbox = await server.call({ method: 'GET', url: '/api/blade-message/message/my/topList', token: admin });
    expect(inbox.body.data.map((m: { title: string }) => m.title)).toContain('周例会提醒');
  });
});
