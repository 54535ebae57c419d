import { setTimeout as sleep } from 'node:timers/promises';
import { nextRuns, parkTime } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { ALL_TENANTS, openDatabase } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { Instance } from '../src/platform/instances.ts';
import { JobHandlers, Scheduler } from '../src/platform/jobs.ts';
import { LogWriter } from '../src/platform/logs.ts';
import { createPlatform, type Platform } from '../src/platform/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { freshPostgres, login, onPostgres, startServer, type TestServer } from './harness.ts';

/**
 * Issue 29, points 1 and 5: a job's claim holds only while its instance renews its lease, and each
 * instance holds its worker id in the database. A dead instance is a row in park_instance whose lease
 * lapses (or no row at all) with its claims written by hand: what a `kill -9` leaves behind.
 */

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.tx(ALL_TENANTS, (q) => q.query<T>(text, params));

/** An instance that stopped renewing its lease, which lapses in `seconds` (negative: already lapsed). */
const deadInstance = (id: string, workerId: number, seconds: number) =>
  sql(
    `insert into park_instance (id, process_key, worker_id, host, pid, expires)
       values ($1, 'earlier', $2, 'gone-host', 4242, now() + make_interval(secs => $3))`,
    [id, workerId, seconds],
  );

/** A job of tenant 000000, due since `dueAt` and claimed by instance `holder`. */
async function claimedJob(keyName: string, handler: string, cron: string, dueAt: Date, holder: string) {
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'blade_job', [
      {
        id: nextId(),
        tenant_id: '000000',
        key_name: keyName,
        job_name: keyName,
        handler,
        cron_expression: cron,
        job_state: 'ACQUIRED',
        next_run_time: parkTime(dueAt),
        run_token: `token-${keyName}`,
        run_instance: holder,
      },
    ]),
  );
}

const stored = async (keyName: string) =>
  (
    await sql<{ job_state: string; last_result: string | null; last_result_en: string | null; onward: boolean }>(
      `select job_state, last_result, last_result_en, next_run_time >= last_run_time as onward
         from blade_job where key_name = $1`,
      [keyName],
    )
  )[0];

describe('a dead instance’s job claims', () => {
  it('are free once its lease lapses: another instance runs the job then, once, and says the fires it missed', async () => {
    let runs = 0;
    let ran: (at: number) => void = () => undefined;
    const firstRun = new Promise<number>((resolve) => {
      ran = resolve;
    });
    const handlers = new JobHandlers();
    handlers.register({
      name: 'leaseProbe',
      async run() {
        runs++;
        ran(Date.now());
        return { zh: '完成', en: 'Done' };
      },
    });
    const cron = '0/2 * * * * ?';
    // Due 8 seconds ago, claimed by an instance killed right after; its lease has 1.5 s left.
    const [due] = nextRuns(cron, 1, new Date(Date.now() - 8000));
    await deadInstance('killed', 1000, 1.5);
    await claimedJob('leaseprobe', 'leaseProbe', cron, due, 'killed');
    const since = Date.now();
    const scheduler = new Scheduler(server.platform.db, handlers, server.platform.logs, server.platform.instance, {
      pollMs: 100,
    });
    scheduler.start();
    let waited: number;
    try {
      waited = (await Promise.race([firstRun, sleep(5000).then(() => Number.NaN)])) - since;
    } finally {
      await scheduler.stop();
      // Its handler is this test's alone: out of the later looks' way.
      await sql(`update blade_job set is_deleted = 1 where key_name = 'leaseprobe'`);
    }
    // Not while the lease held; soon after it lapsed (the issue: ten minutes).
    expect(waited).toBeGreaterThan(1200);
    expect(waited).toBeLessThan(3000);
    const job = await stored('leaseprobe');
    // Run once for the fire it was due for; the three or more since (a fire every 2 s for the 7.5 to 9.5 s from
    // the due one to the run) are said, not run one by one.
    expect(runs).toBe(1);
    const missed = /^错过 (\d+) 次执行（自 \S+ \S+ 起），补执行一次：完成$/.exec(job.last_result ?? '');
    expect(Number(missed?.[1]), job.last_result ?? '').toBeGreaterThanOrEqual(3);
    expect(job.last_result_en).toMatch(/^\d+ fires missed \(from .+\), run once instead: Done$/);
    // On from the run, not from the fire it was due for.
    expect(job).toMatchObject({ job_state: 'WAITING', onward: true });
  });

  it('do not stop 立即执行 and 恢复: a claim whose holder is gone or dead is free, a live holder’s is not', async () => {
    const save = (keyName: string) =>
      server.call({
        method: 'POST',
        url: '/api/blade-resource/job/submit',
        token: admin,
        payload: { keyName, jobName: keyName, handler: 'sessionCleanup', cronExpression: '0 0 3 * * ?' },
      });
    const call = (what: string, keyName: string) =>
      server.call({ method: 'POST', url: `/api/blade-resource/job/${what}?keyName=${keyName}`, token: admin });
    const holdBy = (keyName: string, holder: string) =>
      sql(`update blade_job set job_state = 'ACQUIRED', run_token = 'held', run_instance = $2 where key_name = $1`, [
        keyName,
        holder,
      ]);
    await deadInstance('lapsed', 1001, -1);
    await deadInstance('alive', 1002, 300);

    // 立即执行: its holder's row is gone (taken over), then its holder's lease has lapsed: it runs now.
    expect((await save('deadexec')).status).toBe(200);
    for (const holder of ['vanished', 'lapsed']) {
      await holdBy('deadexec', holder);
      const res = await call('execute', 'deadexec');
      expect(res.body).toMatchObject({ code: 200, data: { jobState: 'WAITING' } });
    }
    await holdBy('deadexec', 'alive');
    expect((await call('execute', 'deadexec')).body).toMatchObject({ code: 400, msg: '任务正在执行，请稍后再试' });

    // 恢复 a paused job a dead instance held: back on its schedule, and the next look runs it.
    expect((await save('deadresume')).status).toBe(200);
    expect((await call('pause', 'deadresume')).status).toBe(200);
    await sql(`update blade_job set run_token = 'held', run_instance = 'lapsed' where key_name = 'deadresume'`);
    expect((await call('resume', 'deadresume')).body.code).toBe(200);
    expect((await stored('deadresume')).job_state).toBe('WAITING');
    await sql(
      `update blade_job set next_run_time = localtimestamp(0) - interval '1 second' where key_name = 'deadresume'`,
    );
    // At least this one: the seeded workflow timers (every minute) may be due at the same look.
    expect(await server.platform.scheduler.tick()).toBeGreaterThanOrEqual(1);
    expect((await stored('deadresume')).last_result).toMatch(/^清理过期登录会话\d+个$/);

    // A live holder's claim holds: resumed, the job waits for that run to end.
    await call('pause', 'deadresume');
    await sql(`update blade_job set run_token = 'held', run_instance = 'alive' where key_name = 'deadresume'`);
    await call('resume', 'deadresume');
    expect((await stored('deadresume')).job_state).toBe('ACQUIRED');
  });

  // On the embedded database one process is the only one: rows of another are an earlier run's, killed.
  it.skipIf(onPostgres)('are released when the embedded server starts again', async () => {
    await deadInstance('before-restart', 1003, 300);
    await claimedJob('beforerestart', 'sessionCleanup', '0 0 3 * * ?', new Date(Date.now() - 1000), 'before-restart');
    const restarted = await Instance.register(server.platform.db, undefined);
    try {
      expect(await sql('select 1 from park_instance where id = $1', ['before-restart'])).toEqual([]);
      expect(await server.platform.scheduler.tick()).toBeGreaterThanOrEqual(1);
      expect((await stored('beforerestart')).job_state).toBe('WAITING');
    } finally {
      await restarted.close();
    }
  });
});

describe('the log writer', () => {
  it('writes the rest of a batch when one entry’s id is taken, and that one under a new id', async () => {
    // Its ids repeat one on demand: what two instances with the same worker id did (not vi.mock: the server
    // tests share their modules, isolate: false, so a module mock would reach other files or miss this one).
    const repeat: string[] = [];
    const logs = new LogWriter(server.platform.db, 'test', () => repeat.shift() ?? nextId());
    const [{ id: taken }] = await sql<{ id: string }>(
      `insert into blade_log_usual (id, tenant_id, log_id, log_data) values ($1, '000000', 'taken', 'taken') returning id`,
      [nextId()],
    );
    const entry = (logId: string) => ({
      tenantId: '000000',
      logLevel: 'info',
      logId,
      logData: 'batch',
      requestUri: '/',
      createBy: 'test',
    });
    logs.usual(entry('batch.a'));
    repeat.push(taken);
    logs.usual(entry('batch.b'));
    logs.usual(entry('batch.c'));
    await logs.flush();
    const written = await sql<{ log_id: string }>(
      `select log_id from blade_log_usual where log_id like 'batch.%' order by log_id`,
    );
    expect(written.map((r) => r.log_id)).toEqual(['batch.a', 'batch.b', 'batch.c']);
    await logs.close();
  });
});

// Several instances on one database: a PostgreSQL server's (the embedded one serves one process).
describe.skipIf(!onPostgres)('instances sharing a database', () => {
  let url: string;
  let drop: () => Promise<void>;
  const started: Platform[] = [];
  const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
  const lease = { leaseSeconds: 2, heartbeatMs: 200 };
  beforeAll(async () => {
    const { inject } = await import('vitest');
    ({ url, drop } = await freshPostgres(inject('seededDatabases').plain));
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.close()));
    await drop();
  });

  const instance = async (workerId?: number) => {
    const db = await openDatabase({ url, poolSize: 2 });
    try {
      const platform = await createPlatform({ ...config, workerId }, db, undefined, { instance: lease });
      started.push(platform);
      return platform;
    } catch (e) {
      await db.close();
      throw e;
    }
  };
  const stop = async (platform: Platform) => {
    started.splice(started.indexOf(platform), 1);
    await platform.close();
  };

  it('take distinct free worker ids when started at once without WORKER_ID', async () => {
    const platforms = await Promise.all([1, 2, 3, 4, 5].map(() => instance()));
    const ids = platforms.map((p) => p.instance.workerId);
    expect(new Set(ids).size).toBe(5);
    expect([...ids].sort()).toEqual([0, 1, 2, 3, 4]);
    await Promise.all(platforms.map(stop));
  });

  it('refuse a second instance with the same WORKER_ID, naming the variable and the holder', async () => {
    const first = await instance(7);
    await expect(instance(7)).rejects.toThrow(
      /^WORKER_ID 7 is in use by another running instance \(host .+, pid \d+\)/,
    );
    // Let go at its stop: the id is free again.
    await stop(first);
    const again = await instance(7);
    expect(again.instance.workerId).toBe(7);
    await stop(again);
  });

  it('take over a WORKER_ID whose holder was killed, once its heartbeat is seen standing still', async () => {
    const db = await openDatabase({ url, poolSize: 1 });
    try {
      await db.tx(ALL_TENANTS, (q) =>
        q.query(
          `insert into park_instance (id, process_key, worker_id, host, pid, expires)
             values ('killed', 'earlier', 9, 'gone-host', 4242, now() + interval '1 second')`,
        ),
      );
    } finally {
      await db.close();
    }
    const since = Date.now();
    const restarted = await instance(9);
    expect(restarted.instance.workerId).toBe(9);
    expect(Date.now() - since).toBeLessThan(3000);
    await stop(restarted);
  });
});
