import type { Database } from '../../../platform/db.ts';
import type { JobHandler } from '../../../platform/jobs.ts';
import type { Platform } from '../../../platform/platform.ts';
import { announce, type SentMessage, send } from '../../message/inbox.ts';
import { timeout } from '../engine/operations.ts';
import { APPROVAL, deploymentGraph, lockInstance, openTask, Run } from '../engine/runtime.ts';

/**
 * The `workflowTimers` job (each tenant has one, every minute): reminds the assignees of tasks whose reminder
 * time has come, and deals with tasks past their due time (engine/operations.ts `timeout`). Each act is one
 * conditional update (`reminded = 0`, `timed_out = 0`), the second in the transaction that holds the instance's
 * lock: however many instances run the job at once, a task is reminded once and times out once.
 */
export const TIMER_JOB = 'workflowTimers';

/** At most so many tasks per run; the next run takes the rest. */
const BATCH = 200;

export function workflowTimersJob(platform: Platform): JobHandler {
  return {
    name: TIMER_JOB,
    async run({ tenantId, owner }, db) {
      const sent: SentMessage[] = [];
      const reminded = await remind(db, tenantId, owner, sent);
      const due = await db.scoped(tenantId, (q) =>
        q.query<{ id: string; instanceId: string }>(
          `select id::text as id, instance_id::text as "instanceId" from wf_task
            where tenant_id = $1 and status = 'todo' and timed_out = 0 and due_time <= localtimestamp
            order by due_time limit ${BATCH}`,
          [tenantId],
        ),
      );
      let timedOut = 0;
      for (const task of due) {
        const messages = await db.tx(tenantId, async (q) => {
          const instance = await lockInstance(q, tenantId, task.instanceId);
          if (instance.status !== 'running') return [];
          const [claimed] = await q.query(
            `update wf_task set timed_out = 1 where id = $1 and status = 'todo' and timed_out = 0
                and due_time <= localtimestamp returning id`,
            [task.id],
          );
          if (!claimed) return [];
          const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), {
            tenantId,
            userId: owner.userId,
            userName: '系统',
            deptId: owner.deptId,
            roleIds: [],
            postId: '',
            system: true,
          });
          await timeout(run, await openTask(q, instance, task.id));
          timedOut++;
          return run.flush();
        });
        sent.push(...messages);
      }
      for (const message of sent) await announce(platform.push, tenantId, message);
      return {
        zh: `提醒 ${reminded} 个任务，处理超时任务 ${timedOut} 个`,
        en: `Reminded ${reminded} tasks; ${timedOut} tasks passed their due time`,
      };
    },
  };
}

async function remind(db: Database, tenantId: string, owner: { userId: string; deptId: string }, sent: SentMessage[]) {
  return db.tx(tenantId, async (q) => {
    const rows = await q.query<{
      assignee: string;
      nodeName: string;
      processName: string;
      serialNumber: string;
      dueTime: string;
    }>(
      `update wf_task t set reminded = 1 from wf_instance i
        where t.id in (select id from wf_task where tenant_id = $1 and status = 'todo' and reminded = 0
                         and remind_time <= localtimestamp and assignee is not null limit ${BATCH})
          and i.id = t.instance_id and i.status = 'running' and t.reminded = 0
        returning t.assignee::text as assignee, t.node_name as "nodeName", i.process_name as "processName",
                  i.serial_number as "serialNumber", to_char(t.due_time, 'YYYY-MM-DD HH24:MI') as "dueTime"`,
      [tenantId],
    );
    for (const r of rows) {
      sent.push(
        await send(
          q,
          { tenantId, ...owner },
          {
            title: `【即将超时】${r.processName} · ${r.nodeName}`.slice(0, 255),
            content: `「${r.processName}」（${r.serialNumber}）的「${r.nodeName}」将于 ${r.dueTime} 到期，请尽快办理。`,
            type: APPROVAL,
            userIds: [r.assignee],
          },
        ),
      );
    }
    return rows.length;
  });
}
