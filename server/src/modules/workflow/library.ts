import { wfButton, wfCondition } from '@park/catalog';
import type { WorkflowButton } from '@park/catalog/workflow';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db.ts';
import { nextId } from '../../platform/ids.ts';
import { nextRunTime } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource } from '../../resources/engine.ts';
import { expressionHooks } from './forms.ts';
import { TIMER_JOB } from './runtime/timers.ts';

/**
 * What the model designer picks from: 流程表达式 (design/condition), named conditions whose expression must
 * parse, and 流程按钮 (design/button), the buttons a task may show, one row per key of a tenant.
 */
export function registerLibrary(app: FastifyInstance, platform: Platform) {
  mountResource(
    app,
    createResource(platform, wfCondition, expressionHooks('expression', { zh: '表达式', en: 'expression' })),
  );
  mountResource(app, createResource(platform, wfButton));
}

/** The buttons every tenant starts with: [key, name, shown on a new task by default]. */
export const DEFAULT_BUTTONS: [WorkflowButton, string, 0 | 1][] = [
  ['wf_pass', '同意', 1],
  ['wf_reject', '驳回', 1],
  ['wf_print', '打印', 1],
  ['wf_transfer', '转办', 1],
  ['wf_delegate', '委托', 1],
  ['wf_terminate', '终止', 0],
  ['wf_add_instance', '加签', 0],
  ['wf_del_instance', '减签', 0],
  ['wf_rollback', '退回', 1],
  ['wf_withdraw', '撤回', 0],
  ['wf_copy', '抄送', 0],
  ['wf_urge', '催办', 0],
];

/**
 * The default buttons for every tenant that never had any (a new one; every one on a new database): run at
 * each start, and by a tenant's creation. A tenant's own changes, removals included, are kept: only a tenant
 * without a single row, live or removed, gets them.
 */
export async function provisionButtons(q: Queryable, tenantId?: string): Promise<void> {
  const tenants = await q.query<{ tenant_id: string }>(
    `select t.tenant_id from blade_tenant t
      where t.is_deleted = 0 and ($1::text is null or t.tenant_id = $1)
        and not exists (select 1 from ${wfButton.table} b where b.tenant_id = t.tenant_id)`,
    [tenantId ?? null],
  );
  for (const { tenant_id } of tenants) {
    for (const [i, [key, name, display]] of DEFAULT_BUTTONS.entries()) {
      await q.query(
        `insert into ${wfButton.table} (id, tenant_id, button_key, name, display, sort) values ($1, $2, $3, $4, $5, $6)`,
        [nextId(), tenant_id, key, name, display, i + 1],
      );
    }
  }
}

/** Every minute: reminders and due times of the workflow's tasks (runtime/timers.ts). */
const TIMER_CRON = '0 * * * * ?';

/**
 * What the workflow needs in every tenant: its buttons, and its timer job for each tenant that has none, run in
 * the name of the tenant's first user (its administrator). Run at each start and by a tenant's creation.
 */
export async function provisionWorkflow(q: Queryable, tenantId?: string): Promise<void> {
  await provisionButtons(q, tenantId);
  const tenants = await q.query<{ tenant_id: string; owner: string | null }>(
    `select t.tenant_id, (select u.id::text from blade_user u where u.tenant_id = t.tenant_id and u.is_deleted = 0
                          order by u.id limit 1) as owner
       from blade_tenant t
      where t.is_deleted = 0 and ($1::text is null or t.tenant_id = $1)
        and not exists (select 1 from blade_job j where j.tenant_id = t.tenant_id and j.handler = $2)`,
    [tenantId ?? null, TIMER_JOB],
  );
  for (const { tenant_id, owner } of tenants) {
    await q.query(
      `insert into blade_job (id, tenant_id, key_name, job_name, handler, cron_expression, next_run_time, remark,
              create_user, update_user)
       values ($1, $2, 'workflow-timers', '流程任务提醒与超时', $3, $4, $5, '流程任务的到期提醒和超时处理', $6, $6)`,
      [nextId(), tenant_id, TIMER_JOB, TIMER_CRON, nextRunTime(TIMER_CRON), owner],
    );
  }
}
