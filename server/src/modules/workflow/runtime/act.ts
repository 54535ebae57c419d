import type { WorkflowButton } from '@park/catalog/workflow';
import { ctx } from '../../../platform/context.ts';
import type { Queryable } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { announce } from '../../message/inbox.ts';
import type { Node } from '../engine/graph.ts';
import { type Actor, type InstanceRow, instanceOfTask, lockInstance, type Run } from '../engine/runtime.ts';

/** The request's caller as the engine names them (their real name in the history). */
export async function actorOf(q: Queryable): Promise<Actor> {
  const caller = ctx();
  const [row] = await q.query<{ name: string }>(
    `select coalesce(nullif(real_name, ''), name, account) as name from blade_user where id = $1`,
    [caller.userId],
  );
  return {
    tenantId: caller.tenantId,
    userId: caller.userId,
    userName: row?.name ?? caller.userName,
    deptId: caller.deptId,
    roleIds: caller.roleIds,
    postId: caller.postId,
  };
}

/**
 * One operation in one transaction over the locked instance; the messages it stored are announced once it has
 * committed. `instanceId` or `taskId` names the instance.
 */
export async function act(
  platform: Platform,
  target: { instanceId?: string; taskId?: string },
  fn: (q: Queryable, actor: Actor, instance: InstanceRow) => Promise<Run>,
): Promise<void> {
  const tenantId = ctx().tenantId;
  const sent = await platform.db.tx(tenantId, async (q) => {
    const actor = await actorOf(q);
    const id = target.instanceId ?? (await instanceOfTask(q, tenantId, target.taskId!));
    const instance = await lockInstance(q, tenantId, id);
    const run = await fn(q, actor, instance);
    return run.flush();
  });
  for (const message of sent) await announce(platform.push, tenantId, message);
}

/** The buttons a task shows: its node's (or the tenant's defaults), in the tenant's order and names. */
export async function buttonsOf(
  q: Queryable,
  tenantId: string,
  node: Node,
): Promise<{ buttonKey: string; name: string }[]> {
  const rows = await q.query<{ buttonKey: string; name: string; display: number }>(
    `select button_key as "buttonKey", name, display from wf_button
      where tenant_id = $1 and is_deleted = 0 and status = 1 order by sort, id`,
    [tenantId],
  );
  // The starter's resubmission: send it again, or give it up.
  const keys: string[] =
    node.type === 'start'
      ? ['wf_pass', 'wf_terminate']
      : node.buttons.length
        ? node.buttons
        : rows.filter((r) => r.display === 1).map((r) => r.buttonKey);
  return rows.filter((r) => keys.includes(r.buttonKey)).map(({ buttonKey, name }) => ({ buttonKey, name }));
}

/** An operation a task's buttons must offer (an administrator in 流程监控 is not bound by them). */
export async function requireButton(run: Run, nodeId: string, button: WorkflowButton) {
  const buttons = await buttonsOf(run.q, run.instance.tenantId, run.node(nodeId));
  if (!buttons.some((b) => b.buttonKey === button)) {
    throw badRequest({ zh: '该任务不提供此操作', en: 'This task does not offer that operation' });
  }
}
