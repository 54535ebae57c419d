import { randomBytes } from 'node:crypto';
import { JOB_MESSAGES, type JobState, nextRuns, parkTime } from '@park/catalog';
import { ALL_TENANTS, type Database, type Queryable } from './db.ts';
import { ApiError, type Bilingual } from './errors.ts';
import { type Instance, liveInstance } from './instances.ts';
import type { LogWriter } from './logs.ts';

/**
 * Scheduled jobs' engine: the handlers modules register (the log module's clean-up, the message
 * module's sending, ...) and the scheduler that runs the tenants' jobs (table blade_job) on their
 * cron schedules. Every instance runs a scheduler; a job is claimed by one update with
 * `for update skip locked`, so each run happens once however many instances share the database.
 * A claim names its instance and holds while that instance's lease does (instances.ts): one that
 * died mid-run frees its jobs within a lease. A scheduler sleeps until the earliest next fire (at
 * most its poll interval), so a job fires on its second; fires missed meanwhile (no live instance,
 * a dead one's claim) are run once at the next look, and the run's result says how many were missed.
 */

/** What a handler is given: the job's tenant and owner, and its parameters (checked when the job was saved). */
export interface JobRun {
  tenantId: string;
  keyName: string;
  params: Record<string, unknown>;
  /** The user who created the job, in whose name it sends what it sends. */
  owner: { userId: string; deptId: string };
}

export interface JobHandler {
  name: string;
  /** What is wrong with these parameters, as a save's 400 says it; undefined when they are fine. */
  check?(params: Record<string, unknown>): Bilingual | undefined;
  /** Does the work and says what it did (the job's last result). Throw to fail the run. */
  run(run: JobRun, db: Database): Promise<Bilingual>;
}

export class JobHandlers {
  private readonly byName = new Map<string, JobHandler>();

  register(handler: JobHandler) {
    if (this.byName.has(handler.name)) throw new Error(`Job handler ${handler.name} is registered twice`);
    this.byName.set(handler.name, handler);
  }

  get(name: string): JobHandler | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}

/** How a run ended, as the job's state and last result keep it. */
export interface RunOutcome {
  state: JobState;
  result: Bilingual;
}

type Claimed = {
  id: string;
  tenant_id: string;
  key_name: string;
  handler: string;
  params: string | null;
  create_user: string | null;
  create_dept: string | null;
  /** The state before the claim: a paused job run by hand goes back to PAUSED. */
  prior_state: JobState;
  /** When the claim was made, by the database's clock: the run's start. */
  started: string;
  cron_expression: string;
  /** The fire being run and the claim's instant (epoch ms), for the fires missed between them; null for a paused job run by hand. */
  due_ms: number | string | null;
  started_ms: number | string;
};

export const RUN_MESSAGES = {
  running: { zh: '任务正在执行，请稍后再试', en: 'The job is running; please try again later' },
  handlerGone: (name: string) => ({
    zh: `执行器 ${name} 不存在，任务已阻塞`,
    en: `There is no handler ${name}; the job is blocked`,
  }),
  tenantClosed: {
    zh: '租户已过期或已停用，任务已阻塞',
    en: 'The tenant has expired or is disabled; the job is blocked',
  },
  failed: (why: Bilingual) => ({ zh: `执行失败：${why.zh}`, en: `Failed: ${why.en}` }),
  neverAgain: {
    zh: 'Cron表达式没有下一次执行时间，任务已阻塞',
    en: 'The cron expression never fires again; the job is blocked',
  },
  missed: (count: string, first: string, result: Bilingual) => ({
    zh: `错过 ${count} 次执行（自 ${first} 起），补执行一次：${result.zh}`,
    en: `${count} fire${count === '1' ? '' : 's'} missed (from ${first}), run once instead: ${result.en}`,
  }),
} as const;

/** A job's parameters as stored (a JSON object or nothing); undefined when the text is not one. */
export function jobParams(text: string | null | undefined): Record<string, unknown> | undefined {
  if (text === null || text === undefined || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The next time a schedule fires after now, as the park's clock stores it; undefined when it never does. */
export function nextRunTime(cron: string, from = new Date()): string | undefined {
  try {
    const [next] = nextRuns(cron, 1, from);
    return next && parkTime(next);
  } catch {
    return undefined;
  }
}

/**
 * The shortest time between two fires a schedule may have (s). The scheduler wakes for each fire
 * (below), so a 2-second schedule runs every 2 seconds; a 1-second one would be claimed, run and
 * recorded (in whole seconds) back to back without rest, so it is refused when the job is saved.
 */
export const MIN_INTERVAL_SECONDS = 2;

/** How many of a schedule's next fires are looked at for its shortest interval: more than a day's worth for any sub-daily pattern that matters. */
const INTERVAL_SAMPLE = 60;

export const SCHEDULE_MESSAGES = {
  tooOften: (seconds: number) => ({
    zh: `Cron表达式的执行间隔不能小于${MIN_INTERVAL_SECONDS}秒（该表达式最短间隔${seconds}秒）`,
    en: `Runs must be at least ${MIN_INTERVAL_SECONDS} seconds apart (this schedule fires ${seconds} second${seconds === 1 ? '' : 's'} apart)`,
  }),
} as const;

/**
 * What is wrong with a schedule's pace: a message when two of its next fires are closer than
 * MIN_INTERVAL_SECONDS; undefined when they never are (or the expression is not one: the catalog's
 * `cron` format says so first).
 */
export function scheduleProblem(cron: string, from = new Date()): Bilingual | undefined {
  let runs: Date[];
  try {
    runs = nextRuns(cron, INTERVAL_SAMPLE, from);
  } catch {
    return undefined;
  }
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) shortest = Math.min(shortest, runs[i].getTime() - runs[i - 1].getTime());
  return shortest < MIN_INTERVAL_SECONDS * 1000 ? SCHEDULE_MESSAGES.tooOften(Math.round(shortest / 1000)) : undefined;
}

/** What a claim answers: the job, its state before the claim, and the claim's time (the run's start). */
const CLAIM_COLUMNS = `j.id, j.tenant_id, j.key_name, j.handler, j.params, j.create_user, j.create_dept,
  due.prior_state, to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as started, j.cron_expression,
  extract(epoch from j.next_run_time::timestamptz) * 1000 as due_ms, extract(epoch from now()) * 1000 as started_ms`;

/**
 * A claim is free when nobody holds it, or its instance's lease has lapsed or its row is gone (that
 * instance died mid-run): the scheduler, 恢复 and 立即执行 all read a claim through this.
 */
export const CLAIM_FREE = `(run_token is null or not ${liveInstance('run_instance')})`;

/** At most this many missed fires are counted (a 2-second schedule stuck for a day misses 43,200). */
const MISSED_COUNTED = 1000;

export interface SchedulerOptions {
  /**
   * The longest the scheduler sleeps between two looks (ms). It wakes earlier for the earliest
   * next fire it knows of and when this instance writes a job, so this bounds only how late it
   * catches what another instance changed (a job saved there, a lease run out).
   */
  pollMs?: number;
  /** At most this many jobs claimed by one look. */
  batch?: number;
}

/** Once nothing was claimed, the least pause before the next look (ms): due rows another instance is claiming right now are not worth a spin. */
const IDLE_FLOOR_MS = 50;
/** Woken this much after a fire's second, so the database's clock has reached it too (ms). */
const FIRE_MARGIN_MS = 20;

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<unknown>>();
  private stopped = true;
  /** A look is under way; `again` asks for another as soon as it ends (something changed meanwhile). */
  private looking = false;
  private again = false;
  /** Scheduled runs this instance's looks started that have not ended yet. */
  private active = 0;
  private readonly pollMs: number;
  private readonly batch: number;
  /** Claims (job id to token) whose run ended but could not be recorded: let go at the next look, else their live instance would hold them for good. */
  private readonly unrecorded = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly handlers: JobHandlers,
    private readonly logs: LogWriter,
    /** The instance whose lease the claims hold under. */
    private readonly instance: Pick<Instance, 'id'>,
    opts: SchedulerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 5000;
    this.batch = opts.batch ?? 10;
    // A job saved, paused, resumed or run on this instance may move the earliest fire: look again.
    db.onWritten((tables) => {
      if (tables.includes('blade_job')) this.wake();
    });
  }

  /**
   * Looks for due jobs until stopped: claims and starts them, then sleeps until the earliest next
   * fire of a free job (by the database's clock), at most `pollMs`. Runs go on beside the looks, so a
   * long run does not hold back another job's fire; each run's end is a write that wakes it again.
   */
  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.look();
  }

  /** Looks now, or as soon as the look under way ends. Does nothing while stopped. */
  wake() {
    if (this.stopped) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.look();
  }

  /** Stops looking and waits for the runs under way to finish. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private look() {
    clearTimeout(this.timer);
    this.looking = true;
    this.again = false;
    const work = (async () => {
      let delay = this.pollMs;
      try {
        if (this.unrecorded.size) await this.releaseUnrecorded();
        // At most `batch` scheduled runs at once on this instance: the end of one wakes it for more.
        const room = this.batch - this.active;
        // Claimed only when something is due, so a look that finds nothing writes nothing (a write wakes it).
        const wait = room > 0 ? await this.untilNextFire() : this.pollMs;
        if (room > 0 && wait <= 0) {
          const claimed = await this.claim(room);
          for (const { job, token } of claimed) {
            this.active++;
            void this.track(this.run(job, token, false))
              .catch(logRunError)
              .finally(() => {
                this.active--;
                this.wake();
              });
          }
          // Look again at once for what else is due; when another instance holds the due rows, a moment later.
          delay = claimed.length ? 0 : IDLE_FLOOR_MS;
        } else {
          delay = Math.min(this.pollMs, wait + FIRE_MARGIN_MS);
        }
      } catch (e) {
        console.error('The scheduler could not look for due jobs: %s', errorText(e).en);
      } finally {
        this.looking = false;
        if (!this.stopped) {
          if (this.again) delay = 0;
          this.timer = setTimeout(() => this.look(), delay);
        }
      }
    })();
    void this.track(work);
  }

  /** How long until the earliest next fire of a live, unclaimed job (ms): 0 when one is due, `pollMs` when none is near. */
  private async untilNextFire(): Promise<number> {
    const [row] = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ ms: number | string | null }>(
        `select extract(epoch from (min(next_run_time) - localtimestamp)) * 1000 as ms from blade_job
          where is_deleted = 0 and job_state <> 'PAUSED' and next_run_time is not null and ${CLAIM_FREE}`,
      ),
    );
    const ms = row?.ms === null || row?.ms === undefined ? Number.POSITIVE_INFINITY : Number(row.ms);
    return Math.min(this.pollMs, Math.max(0, Math.ceil(ms)));
  }

  /** Claims the jobs that are due, each for one instance only, with the token its run records under. */
  private async claim(limit: number): Promise<{ job: Claimed; token: string }[]> {
    const token = randomBytes(12).toString('hex');
    const claimed = await this.db.tx(ALL_TENANTS, (q) =>
      q.query<Claimed>(
        `with due as (
           select id, job_state as prior_state from blade_job
            where is_deleted = 0 and job_state <> 'PAUSED' and next_run_time <= localtimestamp and ${CLAIM_FREE}
            order by next_run_time limit $1
            for update skip locked)
         update blade_job j set job_state = 'ACQUIRED', run_token = $2, run_instance = $3
           from due where j.id = due.id
         returning ${CLAIM_COLUMNS}`,
        [limit, token, this.instance.id],
      ),
    );
    return claimed.map((job) => ({ job, token }));
  }

  /** Claims the jobs that are due and runs them to their end; answers how many ran. */
  async tick(): Promise<number> {
    const claimed = await this.claim(this.batch);
    await Promise.all(claimed.map(({ job, token }) => this.track(this.run(job, token, false))));
    return claimed.length;
  }

  /**
   * Runs one job now, by hand (`execute`), whatever its schedule: a paused job stays paused and a
   * waiting one keeps its next run. Answers undefined when the tenant has no such live job.
   */
  async runNow(tenantId: string, jobId: string): Promise<RunOutcome | undefined> {
    const token = randomBytes(12).toString('hex');
    const [job] = await this.db.tx(tenantId, async (q) => {
      const [found] = await q.query<{ id: string; free: boolean }>(
        `select id, ${CLAIM_FREE} as free from blade_job
          where tenant_id = $1 and id = $2 and is_deleted = 0 for update`,
        [tenantId, jobId],
      );
      if (!found) return [];
      if (!found.free) throw new ApiError(400, RUN_MESSAGES.running);
      return q.query<Claimed>(
        `with due as (select id, job_state as prior_state from blade_job where id = $1)
         update blade_job j set job_state = 'ACQUIRED', run_token = $2, run_instance = $3
           from due where j.id = due.id
         returning ${CLAIM_COLUMNS}`,
        [found.id, token, this.instance.id],
      );
    });
    return job && this.track(this.run(job, token, true));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }

  /** Lets go of the claims whose run could not be recorded, so the job runs again at its next look. */
  private async releaseUnrecorded() {
    const claims = [...this.unrecorded];
    await this.db.scoped(ALL_TENANTS, (q) =>
      q.query(
        `update blade_job set run_token = null, run_instance = null,
                job_state = case when job_state = 'ACQUIRED' then 'WAITING' else job_state end
          where (id, run_token) in (select * from unnest($1::bigint[], $2::text[]))`,
        [claims.map(([id]) => id), claims.map(([, token]) => token)],
      ),
    );
    for (const [id, token] of claims) if (this.unrecorded.get(id) === token) this.unrecorded.delete(id);
  }

  /** Runs a claimed job and records how it ended; only the claim's holder may record it. */
  private async run(job: Claimed, token: string, byHand: boolean): Promise<RunOutcome> {
    const outcome = await this.outcomeOf(job);
    // A scheduled run stands for every fire since the one it was due for: those are said, not run again.
    const missed = byHand ? [] : missedFires(job);
    outcome.result = withMissed(missed, outcome.result);
    await this.db
      .tx(job.tenant_id, async (q) => {
        const [now] = await q.query<{ job_state: JobState; cron_expression: string; next_run_time: string | null }>(
          `select job_state, cron_expression, next_run_time from blade_job where id = $1 and run_token = $2 for update`,
          [job.id, token],
        );
        // Removed, or taken over after the lease ran out: the newer holder records its own run.
        if (!now) return;
        const pausedMeanwhile = now.job_state === 'PAUSED';
        let state: JobState = pausedMeanwhile || (byHand && job.prior_state === 'PAUSED') ? 'PAUSED' : outcome.state;
        let next: string | null = null;
        if (state !== 'PAUSED') {
          // A run by hand leaves the schedule as it was. A scheduled one moves it on to the first fire after its
          // claim: one that came while it ran is due at once, and that run says what else it missed.
          next =
            byHand && now.next_run_time ? now.next_run_time : (nextRunTime(now.cron_expression, runStart(job)) ?? null);
          if (!next) {
            state = 'BLOCKED';
            outcome.result = RUN_MESSAGES.neverAgain;
          }
        }
        outcome.state = state;
        await recordRun(q, job, state, next, outcome.result);
      })
      .catch((e: unknown) => {
        this.unrecorded.set(job.id, token);
        throw e;
      });
    this.logs.event(
      outcome.state === 'ERROR' || outcome.state === 'BLOCKED' || missed.length ? 'warn' : 'info',
      'job.run',
      `定时任务 ${job.key_name}${byHand ? '（手动执行）' : ''}：${outcome.result.zh}`,
      { tenantId: job.tenant_id, account: `job:${job.key_name}`.slice(0, 64) },
    );
    return outcome;
  }

  /** Whether the job may run at all, and if so what its handler did. */
  private async outcomeOf(job: Claimed): Promise<RunOutcome> {
    const handler = this.handlers.get(job.handler);
    if (!handler) return { state: 'BLOCKED', result: RUN_MESSAGES.handlerGone(job.handler) };
    if (!(await this.tenantOpen(job.tenant_id))) return { state: 'BLOCKED', result: RUN_MESSAGES.tenantClosed };
    const params = jobParams(job.params);
    try {
      const problem = params ? handler.check?.(params) : JOB_MESSAGES.paramsObject;
      if (problem) throw new ApiError(400, problem);
      const result = await handler.run(
        {
          tenantId: job.tenant_id,
          keyName: job.key_name,
          params: params ?? {},
          owner: { userId: job.create_user ?? '0', deptId: job.create_dept ?? '' },
        },
        this.db,
      );
      return { state: 'WAITING', result };
    } catch (e) {
      return { state: 'ERROR', result: RUN_MESSAGES.failed(errorText(e)) };
    }
  }

  /** A tenant that is removed, disabled or past its expiry runs no jobs. */
  private async tenantOpen(tenantId: string): Promise<boolean> {
    const [tenant] = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ open: boolean }>(
        `select status = 1 and (expire_time is null or expire_time > localtimestamp) as open
           from blade_tenant where tenant_id = $1 and is_deleted = 0`,
        [tenantId],
      ),
    );
    return tenant?.open ?? false;
  }
}

async function recordRun(q: Queryable, job: Claimed, state: JobState, next: string | null, result: Bilingual) {
  await q.query(
    `update blade_job set job_state = $2, next_run_time = $3, last_run_time = $4::timestamp,
            last_result = $5, last_result_en = $6, run_token = null, run_instance = null
      where id = $1`,
    [job.id, state, next, job.started, result.zh.slice(0, 1000), result.en.slice(0, 1000)],
  );
}

/**
 * The fires a scheduled run missed: those after the one it was due for, up to its claim (the claim
 * of an instance that died, no instance up, a batch full). At most MISSED_COUNTED of them.
 */
function missedFires(job: Claimed): Date[] {
  if (job.due_ms === null) return [];
  try {
    const fires = nextRuns(job.cron_expression, MISSED_COUNTED, new Date(Number(job.due_ms)));
    const start = runStart(job).getTime();
    return fires.filter((fire) => fire.getTime() <= start);
  } catch {
    return [];
  }
}

/** When a run was claimed, by the database's clock. */
function runStart(job: Claimed): Date {
  return new Date(Number(job.started_ms));
}

/** A run's result, led by the fires it missed, if any: how many, and the first. */
function withMissed(missed: Date[], result: Bilingual): Bilingual {
  if (!missed.length) return result;
  const count = missed.length >= MISSED_COUNTED ? `${MISSED_COUNTED}+` : String(missed.length);
  return RUN_MESSAGES.missed(count, parkTime(missed[0]), result);
}

/** A run whose outcome could not be recorded (the database went away): its claim is let go at the next look, and the job runs again. */
function logRunError(e: unknown) {
  console.error('The scheduler could not record a run: %s', errorText(e).en);
}

function errorText(e: unknown): Bilingual {
  if (e instanceof ApiError) return typeof e.text === 'string' ? { zh: e.text, en: e.text } : e.text;
  const message = e instanceof Error ? e.message : String(e);
  return { zh: message, en: message };
}
