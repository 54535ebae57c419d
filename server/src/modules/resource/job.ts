import { JOB_KEY, JOB_MESSAGES, scheduledJob } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { CLAIM_FREE, jobParams, nextRunTime, scheduleProblem } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, mountSaveUpdate } from '../../resources/engine.ts';

/**
 * blade-resource/job: the tenant's scheduled jobs. The engine's list, page, detail, submit, remove
 * and export, BladeX's `save` and `update`, and `pause`, `resume` and `execute` by `keyName`. A save
 * checks the key, the handler and its parameters (the schedule is the catalog's `cron` format, its fires at
 * least MIN_INTERVAL_SECONDS apart), and sets the next run; the
 * state and the run columns are the scheduler's (platform/jobs.ts).
 */
const MSG = {
  handler: (name: string) => ({ zh: `执行器 ${name} 不存在`, en: `There is no handler ${name}` }),
  keyName: { zh: '请输入任务标识', en: 'Please enter the job key' },
  noSuchJob: (key: string) => ({ zh: `定时任务 ${key} 不存在`, en: `There is no scheduled job ${key}` }),
  paused: { zh: '任务已暂停', en: 'The job is paused' },
  resumed: { zh: '任务已恢复', en: 'The job is resumed' },
} as const;

export function registerJob(app: FastifyInstance, platform: Platform) {
  const resource = createResource(platform, scheduledJob, {
    async beforeSave({ values }) {
      const key = values.keyName;
      if (typeof key === 'string' && !JOB_KEY.test(key)) throw badRequest(JOB_MESSAGES.keyFormat);
      // Checked as the catalog's `cron` format; kept with single spaces.
      const cron = values.cronExpression;
      if (typeof cron === 'string') {
        values.cronExpression = cron.replace(/\s+/g, ' ');
        // The scheduler keeps to a schedule's every second, down to MIN_INTERVAL_SECONDS apart; closer ones are refused.
        const tooOften = scheduleProblem(values.cronExpression as string);
        if (tooOften) throw badRequest(tooOften);
      }
      const name = values.handler;
      const handler = typeof name === 'string' ? platform.jobs.get(name) : undefined;
      if (typeof name === 'string' && !handler) throw badRequest(MSG.handler(name));
      if (values.params !== undefined) {
        const params = jobParams(values.params as string | null);
        if (!params) throw badRequest(JOB_MESSAGES.paramsObject);
      }
    },
    async afterSave({ q, row }) {
      // The handler and parameters as they now stand together (an edit may change either alone).
      const params = jobParams(row.params as string | null) ?? {};
      const problem = platform.jobs.get(String(row.handler))?.check?.(params);
      if (problem) throw badRequest(problem);
      // A new or edited schedule takes effect at once; a paused job stays without a next run.
      await q.query(
        `update blade_job set next_run_time = case when job_state = 'PAUSED' then null else $2::timestamp end
          where id = $1`,
        [row.id, nextRunTime(String(row.cronExpression)) ?? null],
      );
    },
  });
  mountResource(app, {
    ...resource,
    // The status column is not a job's: its state is the scheduler's.
    save: ({ status: _ignored, ...body }) => resource.save(body),
  });
  mountSaveUpdate(app, resource);

  type Q = { Querystring: { keyName?: string } };
  const base = `/api/${scheduledJob.api}`;

  /** The caller's live job of that key, read through the engine (tenant, data scope); a 400 when there is none. */
  async function jobOf(raw: unknown): Promise<{ id: string; keyName: string }> {
    const keyName = String(raw ?? '').trim();
    if (!keyName) throw badRequest(MSG.keyName);
    const [row] = await resource.list({ keyName_equal: keyName }, 1);
    if (!row) throw badRequest(MSG.noSuchJob(keyName));
    return { id: String(row.id), keyName };
  }

  app.post<Q>(`${base}/pause`, { config: { title: '定时任务暂停', button: 'scheduled_job_pause' } }, async (req) => {
    const job = await jobOf(req.query.keyName);
    await platform.db.tx(ctx().tenantId, (q) =>
      q.query(
        `update blade_job set job_state = 'PAUSED', next_run_time = null, update_user = $2,
                  update_time = localtimestamp(0)
            where id = $1 and job_state <> 'PAUSED'`,
        [job.id, ctx().userId],
      ),
    );
    platform.logs.event('info', 'job.pause', `暂停定时任务 ${job.keyName}`);
    return ok(true, MSG.paused);
  });

  app.post<Q>(`${base}/resume`, { config: { title: '定时任务恢复', button: 'scheduled_job_resume' } }, async (req) => {
    const job = await jobOf(req.query.keyName);
    await platform.db.tx(ctx().tenantId, async (q) => {
      const [row] = await q.query<{ cron_expression: string }>(
        `select cron_expression from blade_job where id = $1 and job_state = 'PAUSED' for update`,
        [job.id],
      );
      if (!row) return;
      const next = nextRunTime(row.cron_expression);
      await q.query(
        `update blade_job set next_run_time = $2,
                  job_state = case when $2::timestamp is null then 'BLOCKED'
                                   when not ${CLAIM_FREE} then 'ACQUIRED'
                                   else 'WAITING' end,
                  update_user = $3, update_time = localtimestamp(0)
            where id = $1`,
        [job.id, next ?? null, ctx().userId],
      );
    });
    platform.logs.event('info', 'job.resume', `恢复定时任务 ${job.keyName}`);
    return ok(true, MSG.resumed);
  });

  app.post<Q>(
    `${base}/execute`,
    { config: { title: '定时任务执行', button: 'scheduled_job_execute' } },
    async (req) => {
      const job = await jobOf(req.query.keyName);
      const outcome = await platform.scheduler.runNow(ctx().tenantId, job.id);
      // Removed between the two reads.
      if (!outcome) throw notFound();
      if (outcome.state === 'ERROR' || outcome.state === 'BLOCKED') throw badRequest(outcome.result);
      return ok({ jobState: outcome.state, result: outcome.result.zh, resultEn: outcome.result.en }, outcome.result);
    },
  );
}
