import { evaluateExpression, expressionNames, type FormSchema } from '@park/catalog/forms';
import type { Queryable } from '../../../platform/db.ts';
import { type Bilingual, badRequest } from '../../../platform/errors.ts';
import { nextId } from '../../../platform/ids.ts';
import { type SentMessage, send } from '../../message/inbox.ts';
import { type Graph, graphOf, type Node, parallelDepths } from './graph.ts';
import { everyone, resolvePeople, type Starter, userNames } from './people.ts';

/**
 * The runtime of our engine: an instance's tokens move through its deployment's graph, stopping at user tasks
 * (one task, a task offered to candidates, or one per signer of a 会签) and at parallel joins until every branch
 * is in. Each operation runs in the caller's transaction after `lockInstance` has taken the instance's row, and
 * changes a task only where it is still `todo`: two operations on one task queue on the lock, and the second
 * finds it done. What people are told is stored (message centre, type 3) in the same transaction and returned
 * for the caller to announce once it has committed.
 */

export const APPROVAL = 3;

export const MSG = {
  notFound: { zh: '流程实例不存在', en: 'The process instance does not exist' },
  taskGone: { zh: '该任务已被处理或不存在', en: 'The task has been dealt with already or does not exist' },
  notYours: { zh: '您不是该任务的办理人', en: 'You are not the assignee of this task' },
  notCandidate: { zh: '您不能签收该任务', en: 'You may not claim this task' },
  claimed: { zh: '该任务已被签收', en: 'The task has been claimed already' },
  suspended: { zh: '流程已挂起，暂不能办理', en: 'The process is suspended' },
  ended: { zh: '流程已结束', en: 'The process has ended' },
  rejectComment: { zh: '驳回时请填写审批意见', en: 'Please give a comment when rejecting' },
  noAssignee: (node: string): Bilingual => ({
    zh: `节点「${node}」找不到办理人，请检查流程设计或人员设置`,
    en: `No one can be found to act at "${node}": check the process design or the people's settings`,
  }),
  noFlow: (node: string): Bilingual => ({
    zh: `网关「${node}」没有满足条件的出线`,
    en: `No outgoing flow of the gateway "${node}" holds`,
  }),
  badCondition: (node: string, message: string): Bilingual => ({
    zh: `「${node}」的条件无法计算：${message}`,
    en: `The condition at "${node}" cannot be evaluated: ${message}`,
  }),
  badBackNode: { zh: '只能退回到已经过的节点', en: 'A task can be sent back only to a node already passed' },
  notMulti: { zh: '该任务不是会签任务', en: 'The task is not a multi-signer task' },
  lastSigner: { zh: '不能移除最后一位未处理的会签人', en: 'The last open signer cannot be removed' },
  signerExists: { zh: '所选人员已在会签中', en: 'Everyone selected is signing already' },
  noUser: { zh: '请选择人员', en: 'Please select someone' },
  badUser: { zh: '所选人员不存在或已停用', en: 'The selected user does not exist or is disabled' },
  self: { zh: '不能转给自己', en: 'You cannot hand a task to yourself' },
  cannotWithdraw: {
    zh: '下一步已有人处理或流程已流转，不能撤回',
    en: 'Someone has acted on the next step already, or the process has moved on: it cannot be withdrawn',
  },
  notStarter: { zh: '只有发起人可以催办', en: 'Only the starter may urge' },
  nothingToUrge: { zh: '当前没有待办的任务', en: 'There is no open task to urge' },
} as const;

export interface Actor {
  tenantId: string;
  userId: string;
  userName: string;
  deptId: string;
  roleIds: string[];
  postId: string;
  /** The timer job acting in its owner's name: that user is told of what it does like anyone else. */
  system?: boolean;
}

export type InstanceRow = {
  id: string;
  tenantId: string;
  deploymentId: string;
  processKey: string;
  processName: string;
  processVersion: number;
  categoryId: string | null;
  serialNumber: string;
  formKey: string | null;
  formVersion: number | null;
  formData: Record<string, unknown>;
  startUser: string;
  startUserName: string | null;
  startDept: string | null;
  status: 'running' | 'suspended' | 'finished' | 'terminated';
  /** The business row the instance runs for (a repair's `property_repair` and its id), if any. */
  businessTable: string | null;
  businessId: string | null;
};

export type TaskRow = {
  id: string;
  instanceId: string;
  tokenId: string;
  round: string;
  nodeId: string;
  nodeName: string;
  assignee: string | null;
  owner: string | null;
  status: 'todo' | 'done' | 'cancelled';
  claimTime: string | null;
  createdBy: string | null;
};

export interface Attachment {
  name: string;
  link: string;
}

export const INSTANCE_COLUMNS = `id::text as id, tenant_id as "tenantId", deployment_id::text as "deploymentId",
  process_key as "processKey", process_name as "processName", process_version as "processVersion",
  category_id::text as "categoryId", serial_number as "serialNumber", form_key as "formKey",
  form_version as "formVersion", form_data as "formData", start_user::text as "startUser",
  start_user_name as "startUserName", start_dept::text as "startDept", status,
  business_table as "businessTable", business_id::text as "businessId"`;

export const TASK_COLUMNS = `id::text as id, instance_id::text as "instanceId", token_id::text as "tokenId", round::text as round,
  node_id as "nodeId", node_name as "nodeName", assignee::text as assignee, owner::text as owner, status,
  claim_time as "claimTime", created_by::text as "createdBy"`;

/** A deployment's graph, built once from its stored XML. */
export function deploymentGraph(q: Queryable, deploymentId: string): Promise<Graph> {
  return graphOf(deploymentId, async () => {
    const [row] = await q.query<{ xml: string }>('select xml from wf_deployment where id = $1', [deploymentId]);
    if (!row) throw new Error(`No deployment ${deploymentId}`);
    return row.xml;
  });
}

/** The form versions a deployment took with it. */
export async function deploymentForms(q: Queryable, deploymentId: string): Promise<Map<string, FormSchema>> {
  const [row] = await q.query<{ forms: string }>('select forms from wf_deployment where id = $1', [deploymentId]);
  const list = JSON.parse(row?.forms ?? '[]') as { formKey: string; content: string }[];
  return new Map(list.map((f) => [f.formKey, JSON.parse(f.content) as FormSchema]));
}

/** Takes the instance's row for the rest of the transaction: every operation on an instance queues here. */
export async function lockInstance(q: Queryable, tenantId: string, id: string): Promise<InstanceRow> {
  const [row] = await q.query<InstanceRow>(
    `select ${INSTANCE_COLUMNS} from wf_instance where id = $1 and tenant_id = $2 and is_deleted = 0 for update`,
    [id, tenantId],
  );
  if (!row) throw badRequest(MSG.notFound);
  return row;
}

/** The instance a task belongs to, read without a lock (the lock is taken on the instance next). */
export async function instanceOfTask(q: Queryable, tenantId: string, taskId: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'select instance_id::text as id from wf_task where id = $1 and tenant_id = $2',
    [taskId, tenantId],
  );
  if (!row) throw badRequest(MSG.taskGone);
  return row.id;
}

/** An open task of the (locked) instance. */
export async function openTask(q: Queryable, instance: InstanceRow, taskId: string): Promise<TaskRow> {
  const [task] = await q.query<TaskRow>(
    `select ${TASK_COLUMNS} from wf_task where id = $1 and instance_id = $2 and status = 'todo'`,
    [taskId, instance.id],
  );
  if (!task) throw badRequest(MSG.taskGone);
  if (instance.status === 'suspended') throw badRequest(MSG.suspended);
  if (instance.status !== 'running') throw badRequest(MSG.ended);
  return task;
}

/** Whether the actor is offered this unclaimed task: as a user, or by a role, their department or their post. */
export async function isCandidate(q: Queryable, actor: Actor, taskId: string): Promise<boolean> {
  const [row] = await q.query(
    `select 1 from wf_task_candidate where task_id = $1 and (
       (kind = 'user' and ref = $2) or (kind = 'role' and ref::text = any($3::text[]))
       or (kind = 'dept' and ref::text = any($4::text[])) or (kind = 'post' and ref::text = any($5::text[])))
     limit 1`,
    [taskId, actor.userId, actor.roleIds, splitIds(actor.deptId), splitIds(actor.postId)],
  );
  return Boolean(row);
}

/**
 * What a business module does when an instance running for one of its rows moved (a task done, sent back or handed
 * on, the instance ended): called by `Run.flush` in the operation's transaction, so a refusal (a 400 thrown here)
 * undoes the operation; answers the messages it stored, announced with the operation's. One hook per business table.
 */
export type OnMoved = (run: Run) => Promise<SentMessage[] | undefined>;
const movedHooks = new Map<string, OnMoved>();

export function onMoved(businessTable: string, hook: OnMoved) {
  movedHooks.set(businessTable, hook);
}

/** History actions that move nothing: the business row stays as it is. */
const STILL = new Set(['copy', 'urge', 'claim']);

export const splitIds = (value: string | null | undefined) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * One operation on one instance: what it changes (tokens, tasks, history, the trail of passed elements) and
 * whom it tells. `flush` writes the trail and answers the messages to announce after the commit.
 */
export class Run {
  private readonly trail: string[] = [];
  readonly sent: SentMessage[] = [];
  /** Whether this operation moved the instance (its business row's hook is called on flush). */
  private moved = false;
  private starterInfo?: Starter;

  constructor(
    readonly q: Queryable,
    readonly instance: InstanceRow,
    readonly graph: Graph,
    readonly actor: Actor,
  ) {}

  get tenantId() {
    return this.instance.tenantId;
  }

  node(id: string): Node {
    const node = this.graph.nodes.get(id);
    if (!node) throw new Error(`No node ${id} in ${this.graph.processKey}`);
    return node;
  }

  private starter(): Starter {
    this.starterInfo ??= { userId: this.instance.startUser, deptId: this.instance.startDept };
    return this.starterInfo;
  }

  /** Appends a row to the history; answers its id (tasks made by this act name it, for withdraw). */
  async record(
    action: string,
    at: { taskId?: string | null; nodeId?: string | null; nodeName?: string | null },
    more: { comment?: string | null; attachments?: Attachment[]; targetName?: string | null } = {},
  ): Promise<string> {
    const id = nextId();
    if (!STILL.has(action)) this.moved = true;
    await this.q.query(
      `insert into wf_history (id, tenant_id, instance_id, task_id, node_id, node_name, action, user_id, user_name,
              comment, attachments, target_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
      [
        id,
        this.tenantId,
        this.instance.id,
        at.taskId ?? null,
        at.nodeId ?? null,
        at.nodeName ?? null,
        action,
        this.actor.userId,
        this.actor.userName,
        more.comment?.slice(0, 2000) || null,
        JSON.stringify(more.attachments ?? []),
        more.targetName?.slice(0, 500) ?? null,
      ],
    );
    return id;
  }

  /** Tells users of something, as an approval message (type 3) stored now and announced after the commit. */
  async tell(userIds: string[], title: string, content: string) {
    const to = [...new Set(userIds)].filter((u) => this.actor.system || u !== this.actor.userId);
    if (!to.length) return;
    this.sent.push(
      await send(
        this.q,
        { tenantId: this.tenantId, userId: this.actor.userId, deptId: this.actor.deptId },
        { title: title.slice(0, 255), content, type: APPROVAL, userIds: to },
      ),
    );
  }

  private label() {
    return `「${this.instance.processName}」（${this.instance.serialNumber}）`;
  }

  /** The scope conditions read: the form's values by name and as `form`, the starter, and the step's own values. */
  scope(extra: Record<string, unknown> = {}): Record<string, unknown> {
    const form = this.instance.formData;
    return {
      ...form,
      form,
      starter: { id: this.instance.startUser, deptId: this.instance.startDept, realName: this.instance.startUserName },
      ...extra,
    };
  }

  /** Marks an element passed on the diagram (a boundary event that fired). */
  passed(id: string) {
    this.trail.push(id);
  }

  /** Moves a token into a node and on, until every path stops at a task, a join or an end. */
  async enter(tokenId: string, nodeId: string, createdBy: string, vars: Record<string, unknown> = {}): Promise<void> {
    const node = this.node(nodeId);
    this.trail.push(node.id);
    switch (node.type) {
      case 'start':
      case 'serviceTask':
        if (node.type === 'serviceTask') await this.copy(node);
        return this.leave(tokenId, node, createdBy, vars);
      case 'userTask':
        await this.makeTasks(tokenId, node, createdBy);
        return this.copy(node);
      case 'exclusive':
        return this.follow(tokenId, this.choose(node, vars), createdBy, vars);
      case 'parallel': {
        if (node.incoming > 1) {
          await this.q.query(`update wf_token set node_id = $2, state = 'join' where id = $1`, [tokenId, node.id]);
          const arrived = await this.q.query<{ id: string }>(
            `select id::text as id from wf_token where instance_id = $1 and node_id = $2 and state = 'join'`,
            [this.instance.id, node.id],
          );
          if (arrived.length < node.incoming) return;
          // Every branch is in: one token goes on.
          await this.q.query('delete from wf_token where id = any($1::bigint[]) and id <> $2', [
            arrived.map((a) => a.id),
            tokenId,
          ]);
        }
        return this.leave(tokenId, node, createdBy, vars);
      }
      case 'end':
        await this.q.query('delete from wf_token where id = $1', [tokenId]);
        return this.maybeFinish(node);
    }
  }

  /** Leaves a node by all its outgoing flows. */
  leave(tokenId: string, node: Node, createdBy: string, vars: Record<string, unknown> = {}) {
    return this.leaveBy(tokenId, node.id, node.outgoing, createdBy, vars);
  }

  /** Takes these flows (a node's, or a timer's): one keeps the token, each other starts a branch of its own. */
  async leaveBy(tokenId: string, from: string, flows: Node['outgoing'], createdBy: string, vars = {}) {
    const [first, ...others] = flows;
    if (!first) throw new Error(`${from} has no outgoing flow`);
    for (const flow of others) {
      const branch = await this.newToken(from);
      this.trail.push(flow.id);
      await this.enter(branch, flow.target, createdBy, vars);
    }
    this.trail.push(first.id);
    await this.enter(tokenId, first.target, createdBy, vars);
  }

  private async follow(tokenId: string, flow: Node['outgoing'][number], createdBy: string, vars = {}) {
    this.trail.push(flow.id);
    await this.enter(tokenId, flow.target, createdBy, vars);
  }

  /** An exclusive gateway's way: the first flow whose condition holds, else its default. */
  private choose(node: Node, vars: Record<string, unknown>) {
    const scope = this.scope(vars);
    for (const flow of node.outgoing) {
      if (!flow.condition || flow.id === node.defaultFlow) continue;
      let holds: unknown;
      try {
        holds = evaluateExpression(flow.condition, scope);
      } catch (err) {
        throw badRequest(MSG.badCondition(node.name, (err as Error).message));
      }
      if (holds === true) return flow;
    }
    const fallback = node.outgoing.find((f) => f.id === node.defaultFlow) ?? node.outgoing.find((f) => !f.condition);
    if (!fallback) throw badRequest(MSG.noFlow(node.name));
    return fallback;
  }

  async newToken(nodeId: string, state: 'wait' | 'join' = 'wait'): Promise<string> {
    const id = nextId();
    await this.q.query(
      `insert into wf_token (id, tenant_id, instance_id, node_id, state) values ($1, $2, $3, $4, $5)`,
      [id, this.tenantId, this.instance.id, nodeId, state],
    );
    return id;
  }

  private async maybeFinish(end: Node) {
    const [left] = await this.q.query('select 1 from wf_token where instance_id = $1 limit 1', [this.instance.id]);
    if (left) return;
    await this.cancelOpenTasks();
    await this.q.query(
      `update wf_instance set status = 'finished', end_time = localtimestamp(0), update_time = localtimestamp(0)
        where id = $1`,
      [this.instance.id],
    );
    this.instance.status = 'finished';
    await this.record('end', { nodeId: end.id, nodeName: end.name });
    await this.tell(
      [this.instance.startUser],
      `【已办结】${this.instance.processName}`,
      `您发起的${this.label()}已办结。`,
    );
  }

  /** The tasks of a user task node: one (or offered to candidates), or one per signer of a 会签. */
  async makeTasks(tokenId: string, node: Node, createdBy: string, only?: string[]) {
    const form = this.instance.formData;
    const round = nextId();
    await this.q.query(`update wf_token set node_id = $2, state = 'wait', queue = '[]', round = $3 where id = $1`, [
      tokenId,
      node.id,
      round,
    ]);
    const at = { tokenId, round };
    if (node.multi) {
      const signers = only ?? (await everyone(this.q, this.tenantId, node.assignees, this.starter(), form));
      if (!signers.length) throw badRequest(MSG.noAssignee(node.name));
      if (node.multi.sequential) {
        const [first, ...rest] = signers;
        await this.q.query('update wf_token set queue = $2::jsonb where id = $1', [tokenId, JSON.stringify(rest)]);
        await this.task(at, node, first, [], createdBy);
      } else {
        for (const signer of signers) await this.task(at, node, signer, [], createdBy);
      }
      return;
    }
    if (only) {
      await this.task(at, node, only[0], [], createdBy);
      return;
    }
    const { users, groups } = await resolvePeople(this.q, this.tenantId, node.assignees, this.starter(), form);
    if (users.length === 1 && !groups.length) {
      await this.task(at, node, users[0], [], createdBy);
      return;
    }
    const candidates = [...users.map((ref) => ({ kind: 'user' as const, ref })), ...groups];
    if (!candidates.length) throw badRequest(MSG.noAssignee(node.name));
    // Offered to a group: it must hold someone who can claim it.
    if (!users.length && !(await everyone(this.q, this.tenantId, node.assignees, this.starter(), form)).length) {
      throw badRequest(MSG.noAssignee(node.name));
    }
    await this.task(at, node, null, candidates, createdBy);
  }

  /** One task row (with its candidates), its due time and reminder, and the message to whoever may act. */
  async task(
    at: { tokenId: string; round: string },
    node: Node,
    assignee: string | null,
    candidates: { kind: 'user' | 'role' | 'dept' | 'post'; ref: string }[],
    createdBy: string,
  ): Promise<string> {
    const id = nextId();
    const due = node.dueSeconds ?? (node.timers.length ? Math.min(...node.timers.map((t) => t.seconds)) : undefined);
    const remind = due !== undefined && node.remindSeconds !== undefined ? due - node.remindSeconds : undefined;
    await this.q.query(
      `insert into wf_task (id, tenant_id, instance_id, token_id, round, node_id, node_name, assignee, created_by,
              due_time, remind_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
               case when $10::int is null then null else localtimestamp(0) + make_interval(secs => $10::int) end,
               case when $11::int is null then null else localtimestamp(0) + make_interval(secs => $11::int) end)`,
      [
        id,
        this.tenantId,
        this.instance.id,
        at.tokenId,
        at.round,
        node.id,
        node.name,
        assignee,
        createdBy,
        due ?? null,
        remind ?? null,
      ],
    );
    if (candidates.length) {
      await this.q.query(
        `insert into wf_task_candidate (task_id, tenant_id, kind, ref)
         select $1, $2, c.kind, c.ref from unnest($3::text[], $4::bigint[]) as c(kind, ref) on conflict do nothing`,
        [id, this.tenantId, candidates.map((c) => c.kind), candidates.map((c) => c.ref)],
      );
    }
    const to = assignee
      ? [assignee]
      : await everyone(
          this.q,
          this.tenantId,
          candidates.map((c) => ({ type: c.kind, value: c.ref, text: '' })),
          this.starter(),
          {},
        );
    const what = node.type === 'start' ? '【待重新提交】' : assignee ? '【待办】' : '【待签收】';
    await this.tell(
      to.slice(0, 500),
      `${what}${this.instance.processName} · ${node.name}`,
      `${this.instance.startUserName ?? ''}发起的${this.label()}到达「${node.name}」，等待您${assignee ? '办理' : '签收'}。`,
    );
    return id;
  }

  /** 抄送: a node's copy rules (or the users given) get a copy of the instance and a message. */
  async copy(node: Node | null, users?: string[], comment?: string | null) {
    const to =
      users ?? (node ? await everyone(this.q, this.tenantId, node.copyTo, this.starter(), this.instance.formData) : []);
    if (!to.length) return;
    const nodeName = node?.name ?? null;
    await this.q.query(
      `insert into wf_copy (id, tenant_id, instance_id, node_name, user_id, from_user, from_user_name)
       select c.id, $1, $2, $3, c.user_id, $4, $5 from unnest($6::bigint[], $7::bigint[]) as c(id, user_id)`,
      [this.tenantId, this.instance.id, nodeName, this.actor.userId, this.actor.userName, to.map(() => nextId()), to],
    );
    const names = await userNames(this.q, this.tenantId, to);
    await this.record(
      'copy',
      { nodeId: node?.id, nodeName },
      {
        comment,
        targetName: to.map((u) => names.get(u) ?? u).join('、'),
      },
    );
    await this.tell(
      to,
      `【抄送】${this.instance.processName}`,
      `${this.actor.userName}抄送给您${this.label()}，请知悉。`,
    );
  }

  /** Ends every open task of the instance (a rollback, a termination, the end). */
  async cancelOpenTasks(where = 'true', params: unknown[] = []) {
    await this.q.query(
      `update wf_task set status = 'cancelled', end_time = localtimestamp(0)
        where instance_id = $1 and status = 'todo' and ${where}`,
      [this.instance.id, ...params],
    );
  }

  /** A decision on a task: done, and if its node is decided, the process moves on (or back, on a rejection). */
  async decide(task: TaskRow, pass: boolean, comment: string | null, attachments: Attachment[]): Promise<void> {
    const node = this.node(task.nodeId);
    const [done] = await this.q.query(
      `update wf_task set status = 'done', pass = $2, comment = $3, end_time = localtimestamp(0),
              assignee = coalesce(assignee, $4)
        where id = $1 and status = 'todo' returning id`,
      [task.id, pass ? 1 : 0, comment, this.actor.userId],
    );
    if (!done) throw badRequest(MSG.taskGone);
    const action = node.type === 'start' ? 'resubmit' : pass ? 'pass' : 'reject';
    const history = await this.record(
      action,
      { taskId: task.id, nodeId: node.id, nodeName: node.name },
      {
        comment,
        attachments,
      },
    );
    if (node.type === 'start') {
      // The starter sent it again: the process runs from its start.
      this.trail.push(node.id);
      return this.leave(task.tokenId, node, history, { pass: true });
    }
    const outcome = node.multi ? await this.signOutcome(task, node, history) : pass;
    if (outcome !== undefined) await this.conclude(task, node, outcome, history, comment);
  }

  /** A node decided: its open tasks end, and it is left (passed), or the rejection goes its way. */
  async conclude(task: TaskRow, node: Node, passed: boolean, history: string, comment: string | null) {
    await this.cancelOpenTasks('round = $2', [task.round]);
    if (passed) return this.leave(task.tokenId, node, history, { pass: true });
    // Rejected: a model that routes on `pass` decides; otherwise it goes back to the starter.
    if (this.routesOnPass(node)) return this.leave(task.tokenId, node, history, { pass: false });
    await this.toStarter(task.tokenId, history);
    await this.tell(
      [this.instance.startUser],
      `【已驳回】${this.instance.processName}`,
      `您发起的${this.label()}在「${node.name}」被驳回${comment ? `：${comment}` : ''}。`,
    );
  }

  /** Whether a rejection is the model's to route: a gateway right after the node has a condition reading `pass`. */
  private routesOnPass(node: Node): boolean {
    return node.outgoing.some((f) => {
      const next = this.graph.nodes.get(f.target);
      return (
        next?.type === 'exclusive' && next.outgoing.some((g) => g.condition && safeNames(g.condition).includes('pass'))
      );
    });
  }

  /** All tokens and open tasks give way to one token at the start, where the starter resubmits or ends it. */
  async toStarter(tokenId: string, createdBy: string) {
    await this.restartAt(tokenId, this.graph.startId, createdBy, [this.instance.startUser]);
  }

  /** Clears the instance's open tasks and other tokens, and makes the task(s) of `nodeId` on one token. */
  async restartAt(tokenId: string, nodeId: string, createdBy: string, only?: string[]) {
    await this.cancelOpenTasks();
    await this.q.query('delete from wf_token where instance_id = $1 and id <> $2', [this.instance.id, tokenId]);
    const node = this.node(nodeId);
    this.trail.push(node.id);
    // The start has no rules of its own: its task is the starter's.
    await this.makeTasks(tokenId, node.type === 'start' ? { ...node, multi: undefined } : node, createdBy, only);
  }

  /**
   * A 会签's state after one signer's decision: true (passed), false (rejected) or undefined (waiting), by its
   * sign mode: all must pass (one rejection rejects), any (the first decides), or a ratio of the signers; a
   * completion condition, when given, passes it as soon as it holds.
   */
  async signOutcome(task: TaskRow, node: Node, history: string): Promise<boolean | undefined> {
    const multi = node.multi!;
    const rows = await this.q.query<{ status: string; pass: number | null }>(
      `select status, pass from wf_task where round = $1 and status <> 'cancelled'`,
      [task.round],
    );
    const [token] = await this.q.query<{ queue: string[] }>('select queue from wf_token where id = $1', [task.tokenId]);
    const queued = token?.queue?.length ?? 0;
    const total = rows.length + queued;
    const approved = rows.filter((r) => r.status === 'done' && r.pass === 1).length;
    const rejected = rows.filter((r) => r.status === 'done' && r.pass === 0).length;
    const open = rows.filter((r) => r.status === 'todo').length + queued;
    const counts = {
      nrOfInstances: total,
      nrOfCompletedInstances: approved + rejected,
      nrOfActiveInstances: open,
      nrOfApproved: approved,
      nrOfRejected: rejected,
    };
    if (multi.completionCondition) {
      let holds: unknown;
      try {
        holds = evaluateExpression(multi.completionCondition, this.scope(counts));
      } catch (err) {
        throw badRequest(MSG.badCondition(node.name, (err as Error).message));
      }
      if (holds === true) return rejected === 0 || multi.signMode === 'any' ? approved > 0 : approved >= rejected;
    }
    let outcome: boolean | undefined;
    if (multi.signMode === 'any') outcome = approved > 0 ? true : rejected > 0 ? false : undefined;
    else if (multi.signMode === 'ratio') {
      const ratio = multi.ratio ?? 1;
      if (approved / total >= ratio - 1e-9) outcome = true;
      else if ((approved + open) / total < ratio - 1e-9) outcome = false;
    } else if (rejected > 0) outcome = false;
    else if (open === 0) outcome = true;
    if (outcome !== undefined || open === 0) return outcome ?? approved > 0;
    // Waiting: a sequential 会签 asks its next signer now.
    if (multi.sequential && !rows.some((r) => r.status === 'todo') && queued) {
      const [next, ...rest] = token.queue;
      await this.q.query('update wf_token set queue = $2::jsonb where id = $1', [task.tokenId, JSON.stringify(rest)]);
      await this.task(task, node, next, [], history);
    }
    return undefined;
  }

  /** Nodes a task may be sent back to: the start and user tasks this instance has finished, outside parallel blocks. */
  async backNodes(task: TaskRow): Promise<{ nodeId: string; nodeName: string }[]> {
    const rows = await this.q.query<{ nodeId: string }>(
      `select node_id as "nodeId" from wf_task where instance_id = $1 and status = 'done'
        group by node_id order by min(end_time), min(id)`,
      [this.instance.id],
    );
    const depth = parallelDepths(this.graph);
    const ids = [this.graph.startId, ...rows.map((r) => r.nodeId)];
    const seen = new Set<string>();
    const out: { nodeId: string; nodeName: string }[] = [];
    for (const id of ids) {
      const node = this.graph.nodes.get(id);
      if (!node || seen.has(id) || id === task.nodeId || (depth.get(id) ?? 0) > 0) continue;
      seen.add(id);
      out.push({ nodeId: id, nodeName: node.name });
    }
    return out;
  }

  /** Writes what the operation passed onto the instance's trail, and lets its business row follow (onMoved). */
  async flush(): Promise<SentMessage[]> {
    const hook = this.moved && this.instance.businessTable ? movedHooks.get(this.instance.businessTable) : undefined;
    this.moved = false;
    if (hook) this.sent.push(...((await hook(this)) ?? []));
    if (this.trail.length) {
      await this.q.query(
        `update wf_instance set trail = trail || $2::jsonb, update_time = localtimestamp(0) where id = $1`,
        [this.instance.id, JSON.stringify(this.trail)],
      );
      this.trail.length = 0;
    }
    return this.sent;
  }
}

const safeNames = (condition: string) => {
  try {
    return expressionNames(condition);
  } catch {
    return [];
  }
};
