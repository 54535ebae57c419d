import type { FieldAuthMode, FormField, FormSchema } from '@park/catalog/forms';
import { ctx } from '../../../platform/context.ts';
import type { Queryable } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';
import { permissionsOf } from '../../../platform/permissions.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { Node } from '../engine/graph.ts';
import { withdrawableStep } from '../engine/operations.ts';
import {
  type Actor,
  deploymentForms,
  deploymentGraph,
  INSTANCE_COLUMNS,
  type InstanceRow,
  isCandidate,
  MSG,
  TASK_COLUMNS,
  type TaskRow,
} from '../engine/runtime.ts';
import { buttonsOf } from './act.ts';

/**
 * An instance as its detail screen shows it to one person: the process, the task they may act on (or were
 * shown), the form with only what that task lets them see and edit, the history, the diagram with passed and
 * current elements, and whether they may withdraw or urge. Visible to whoever took part (started it, holds or
 * held a task, is offered one, got a copy) and to 流程监控.
 */

export const OPS_SCREEN = '/workflow/ops';

const TIME = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;

export async function canSee(platform: Platform, q: Queryable, actor: Actor, instance: InstanceRow): Promise<boolean> {
  if (instance.startUser === actor.userId) return true;
  const [involved] = await q.query(
    `select 1 where exists (select 1 from wf_task where instance_id = $1 and (assignee = $2 or owner = $2))
        or exists (select 1 from wf_history where instance_id = $1 and user_id = $2)
        or exists (select 1 from wf_copy where instance_id = $1 and user_id = $2)`,
    [instance.id, actor.userId],
  );
  if (involved) return true;
  const open = await q.query<{ id: string }>(
    `select id::text as id from wf_task where instance_id = $1 and status = 'todo' and assignee is null`,
    [instance.id],
  );
  for (const t of open) if (await isCandidate(q, actor, t.id)) return true;
  return isOps(platform);
}

/** Whether the caller may open 流程监控 (an administrator may open everything). */
export async function isOps(platform: Platform): Promise<boolean> {
  return (await permissionsOf(platform, ctx())).mayOpen([OPS_SCREEN]);
}

/** The mode of each field at a node: the start's resubmission edits all; elsewhere a field not named is read-only. */
export function fieldModes(schema: FormSchema | null, node: Node | null): Record<string, FieldAuthMode> {
  const modes: Record<string, FieldAuthMode> = {};
  const visit = (fields: FormField[] | undefined) => {
    for (const f of fields ?? []) {
      if (f.type === 'group') visit(f.children);
      else if (f.name) {
        modes[f.name] = node?.type === 'start' ? 'editable' : (node?.fieldAuth[f.name] ?? 'readonly');
      }
    }
  };
  visit(schema?.fields);
  return modes;
}

export async function detailOf(
  platform: Platform,
  q: Queryable,
  actor: Actor,
  instanceId: string,
  taskId: string | undefined,
) {
  const [instance] = await q.query<InstanceRow & { startTime: string; endTime: string | null; trail: string[] }>(
    `select ${INSTANCE_COLUMNS}, ${TIME('start_time')} as "startTime", ${TIME('end_time')} as "endTime", trail,
            business_table as "businessTable", business_id::text as "businessId"
       from wf_instance where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [instanceId, actor.tenantId],
  );
  if (!instance || !(await canSee(platform, q, actor, instance))) throw badRequest(MSG.notFound);
  const graph = await deploymentGraph(q, instance.deploymentId);
  const [deployment] = await q.query<{ xml: string; categoryName: string | null }>(
    `select d.xml, c.name as "categoryName" from wf_deployment d left join wf_category c on c.id = d.category_id
      where d.id = $1`,
    [instance.deploymentId],
  );

  // The task shown: the one asked for if it is theirs (or offered to them), else their open task here.
  const tasks = await q.query<TaskRow & { dueTime: string | null }>(
    `select ${TASK_COLUMNS}, ${TIME('due_time')} as "dueTime" from wf_task
      where instance_id = $1 and status = 'todo' order by id`,
    [instance.id],
  );
  const running = instance.status === 'running';
  let task: (TaskRow & { dueTime: string | null }) | undefined;
  let claimable = false;
  if (running) {
    task = tasks.find((t) => t.assignee === actor.userId && (!taskId || t.id === taskId));
    if (!task) {
      for (const t of tasks.filter((t) => !t.assignee && (!taskId || t.id === taskId))) {
        if (await isCandidate(q, actor, t.id)) {
          task = t;
          claimable = true;
          break;
        }
      }
    }
  }
  const node = task ? (graph.nodes.get(task.nodeId) ?? null) : null;
  const forms = await deploymentForms(q, instance.deploymentId);
  const form = (instance.formKey && forms.get(instance.formKey)) || null;
  // Offered, not yet claimed: the task's view read-only, its hidden fields hidden still (they were shown before).
  const modes = Object.fromEntries(
    Object.entries(fieldModes(form, node)).map(([f, m]) => [f, claimable && m === 'editable' ? 'readonly' : m]),
  ) as Record<string, FieldAuthMode>;
  const formData = Object.fromEntries(Object.entries(instance.formData).filter(([k]) => modes[k] !== 'hidden'));

  const names = await q.query<{ id: string; name: string }>(
    `select id::text as id, coalesce(nullif(real_name, ''), name) as name from blade_user
      where id = any($1::bigint[])`,
    [tasks.map((t) => t.assignee).filter(Boolean)],
  );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  let multiInstance = null;
  if (task && node?.multi) {
    const signers = await q.query<{
      taskId: string;
      assignee: string;
      assigneeName: string;
      status: string;
      pass: number | null;
    }>(
      `select t.id::text as "taskId", t.assignee::text as assignee, coalesce(nullif(u.real_name, ''), u.name) as "assigneeName",
              t.status, t.pass
         from wf_task t left join blade_user u on u.id = t.assignee
        where t.round = $1 and t.status <> 'cancelled' order by t.id`,
      [task.round],
    );
    multiInstance = { signMode: node.multi.signMode, ratio: node.multi.ratio ?? null, signers };
  }

  const history = await q.query(
    `select id::text as id, node_id as "nodeId", node_name as "nodeName", action, user_id::text as "userId",
            user_name as "userName", comment, attachments, target_name as "targetName",
            ${TIME('create_time')} as "createTime"
       from wf_history where instance_id = $1 order by id`,
    [instance.id],
  );
  const [joins] = await q.query<{ nodes: string[] | null }>(
    `select array_agg(distinct node_id) as nodes from wf_token where instance_id = $1 and state = 'join'`,
    [instance.id],
  );
  const current = [...new Set([...tasks.map((t) => t.nodeId), ...(joins?.nodes ?? [])])];
  const finished = [...new Set(instance.trail)].filter((id) => !current.includes(id));

  return {
    process: {
      processInstanceId: instance.id,
      processDefinitionId: instance.deploymentId,
      processDefinitionKey: instance.processKey,
      processDefinitionName: instance.processName,
      processDefinitionVersion: instance.processVersion,
      category: instance.categoryId,
      categoryName: deployment?.categoryName ?? null,
      serialNumber: instance.serialNumber,
      status: instance.status,
      startUser: instance.startUser,
      startUsername: instance.startUserName,
      startTime: instance.startTime,
      endTime: instance.endTime,
      businessTable: (instance as unknown as { businessTable: string | null }).businessTable,
      businessId: (instance as unknown as { businessId: string | null }).businessId,
    },
    task: task
      ? {
          taskId: task.id,
          taskName: task.nodeName,
          taskDefinitionKey: task.nodeId,
          status: task.status,
          assignee: task.assignee,
          assigneeName: task.assignee ? (nameOf.get(task.assignee) ?? null) : null,
          claimTime: task.claimTime,
          dueTime: task.dueTime,
          mine: !claimable,
          claimable,
          delegated: Boolean(task.owner),
          multiInstance,
          buttons: claimable || !node ? [] : await buttonsOf(q, actor.tenantId, node),
        }
      : null,
    form,
    formData,
    fieldModes: modes,
    history,
    xml: deployment?.xml ?? '',
    nodes: { finished, current },
    canWithdraw: running && Boolean(await withdrawableStep(q, actor, instance.id)),
    canUrge: running && instance.startUser === actor.userId && tasks.length > 0,
  };
}
