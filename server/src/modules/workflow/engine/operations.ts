import { type FormSchema, formValueProblems, isPlainObject, visibleValues } from '@park/catalog/forms';
import type { Queryable } from '../../../platform/db.ts';
import { type Bilingual, badRequest } from '../../../platform/errors.ts';
import { nextId } from '../../../platform/ids.ts';
import type { Node } from './graph.ts';
import { liveUsers, userNames } from './people.ts';
import {
  type Actor,
  type Attachment,
  deploymentForms,
  deploymentGraph,
  type InstanceRow,
  isCandidate,
  lockInstance,
  MSG,
  openTask,
  Run,
  splitIds,
  type TaskRow,
} from './runtime.ts';

/**
 * Every operation on an instance, each on a Run over the locked instance (engine/runtime.ts): start, decide
 * (pass, reject, resubmit), claim, transfer, delegate and its return, copy, urge, send back, withdraw,
 * terminate, add and remove a signer, dispatch, and a due time passing. An `admin` acts on any task (流程监控).
 */

const START_MSG = {
  noDeployment: { zh: '流程不存在或已删除', en: 'The process does not exist or was deleted' },
  suspended: { zh: '流程已挂起，不能发起', en: 'The process is suspended and cannot be started' },
  notInScope: { zh: '您没有发起该流程的权限', en: 'You may not start this process' },
  noForm: { zh: '流程表单不存在', en: 'The process form does not exist' },
} as const;

export type Deployment = {
  id: string;
  modelId: string;
  processKey: string;
  name: string;
  categoryId: string | null;
  version: number;
  status: number;
};

export async function liveDeployment(q: Queryable, tenantId: string, id: string): Promise<Deployment> {
  const [row] = await q.query<Deployment>(
    `select id::text as id, model_id::text as "modelId", process_key as "processKey", name,
            category_id::text as "categoryId", version, status
       from wf_deployment where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [id, tenantId],
  );
  if (!row) throw badRequest(START_MSG.noDeployment);
  return row;
}

/**
 * Whether the actor may start the model: no scope row is everyone; otherwise a row names them (as a user, by a
 * role, their department or post, or their enterprise for a company account; a company row without ids is every
 * company account). One condition, used by processList's query and by start.
 */
export const IN_SCOPE = (
  model: string,
  p: { user: string; roles: string; depts: string; posts: string; company: string },
) =>
  `(not exists (select 1 from wf_model_scope s where s.model_id = ${model} and s.is_deleted = 0)
    or exists (select 1 from wf_model_scope s where s.model_id = ${model} and s.is_deleted = 0 and (
      (s.scope_type = 'user' and ${p.user}::text = any(string_to_array(s.val, ',')))
      or (s.scope_type = 'role' and string_to_array(s.val, ',') && ${p.roles}::text[])
      or (s.scope_type = 'dept' and string_to_array(s.val, ',') && ${p.depts}::text[])
      or (s.scope_type = 'post' and string_to_array(s.val, ',') && ${p.posts}::text[])
      or (s.scope_type = 'company' and ${p.company}::text is not null
          and (coalesce(s.val, '') = '' or ${p.company}::text = any(string_to_array(s.val, ','))))
    )))`;

export const scopeParams = (actor: Actor, enterpriseId: string | null) => [
  actor.userId,
  actor.roleIds,
  splitIds(actor.deptId),
  splitIds(actor.postId),
  enterpriseId,
];

/** The first problem of a form's values, as a 400. */
function checkValues(schema: FormSchema, values: unknown, editable?: Set<string>, scope?: Record<string, unknown>) {
  const [problem] = formValueProblems(schema, values, { editable, scope });
  if (problem) throw badRequest(problem.text as Bilingual);
}

const attachmentsOf = (value: unknown): Attachment[] => {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value) || value.length > 20) {
    throw badRequest({ zh: '附件格式不正确（最多20个）', en: 'The attachments are not valid (20 at the most)' });
  }
  return value.map((a) => {
    const { name, link } = (isPlainObject(a) ? a : {}) as Record<string, unknown>;
    if (typeof link !== 'string' || !/^(https?:\/\/|\/)/.test(link) || link.length > 1000) {
      throw badRequest({ zh: '附件链接无效', en: 'An attachment link is not valid' });
    }
    return { name: String(name ?? link).slice(0, 200), link };
  });
};

export const commentOf = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  if (text.length > 2000)
    throw badRequest({ zh: '意见不能超过2000个字符', en: 'The comment is at most 2000 characters' });
  return text || null;
};

export async function serialNumber(q: Queryable, tenantId: string): Promise<string> {
  const [{ day }] = await q.query<{ day: string }>(`select to_char(localtimestamp, 'YYYYMMDD') as day`);
  const [{ last }] = await q.query<{ last: number }>(
    `insert into wf_serial (tenant_id, day, last) values ($1, $2, 1)
     on conflict (tenant_id, day) do update set last = wf_serial.last + 1 returning last`,
    [tenantId, day],
  );
  return `${day}${String(last).padStart(4, '0')}`;
}

export interface StartInput {
  deploymentId: string;
  formData: unknown;
  copyUser?: string[];
  businessTable?: string;
  businessId?: string;
  enterpriseId: string | null;
}

/** Starts an instance of a deployment the actor may start, with its start form checked on the server. */
export async function start(q: Queryable, actor: Actor, input: StartInput): Promise<Run> {
  const deployment = await liveDeployment(q, actor.tenantId, input.deploymentId);
  if (deployment.status !== 1) throw badRequest(START_MSG.suspended);
  const [allowed] = await q.query(
    `select 1 where ${IN_SCOPE('$1', { user: '$2', roles: '$3', depts: '$4', posts: '$5', company: '$6' })}`,
    [deployment.modelId, ...scopeParams(actor, input.enterpriseId)],
  );
  if (!allowed) throw badRequest(START_MSG.notInScope);
  const graph = await deploymentGraph(q, deployment.id);
  const forms = await deploymentForms(q, deployment.id);
  const schema = graph.formKey ? forms.get(graph.formKey) : undefined;
  if (graph.formKey && !schema) throw badRequest(START_MSG.noForm);
  let formData: Record<string, unknown> = {};
  if (schema) {
    const starter = { id: actor.userId, realName: actor.userName, deptId: actor.deptId };
    checkValues(schema, input.formData ?? {}, undefined, { starter });
    formData = visibleValues(schema, input.formData as Record<string, unknown>, { scope: { starter } });
  }
  const id = nextId();
  const serial = await serialNumber(q, actor.tenantId);
  const formVersion = schema ? await formVersionOf(q, deployment.id, graph.formKey!) : null;
  await q.query(
    `insert into wf_instance (id, tenant_id, deployment_id, process_key, process_name, process_version, category_id,
            serial_number, form_key, form_version, form_data, start_user, start_user_name, start_dept,
            business_table, business_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16)`,
    [
      id,
      actor.tenantId,
      deployment.id,
      deployment.processKey,
      deployment.name,
      deployment.version,
      deployment.categoryId,
      serial,
      graph.formKey ?? null,
      formVersion,
      JSON.stringify(formData),
      actor.userId,
      actor.userName,
      splitIds(actor.deptId)[0] ?? null,
      input.businessTable ?? null,
      input.businessId ?? null,
    ],
  );
  const instance = await lockInstance(q, actor.tenantId, id);
  const run = new Run(q, instance, graph, actor);
  const startNode = run.node(graph.startId);
  const history = await run.record('start', { nodeId: startNode.id, nodeName: startNode.name });
  const token = await run.newToken(startNode.id);
  await run.enter(token, startNode.id, history);
  if (input.copyUser?.length) await run.copy(startNode, await checkUsers(q, actor.tenantId, input.copyUser));
  return run;
}

async function formVersionOf(q: Queryable, deploymentId: string, formKey: string): Promise<number | null> {
  const [row] = await q.query<{ forms: string }>('select forms from wf_deployment where id = $1', [deploymentId]);
  const found = (JSON.parse(row?.forms ?? '[]') as { formKey: string; version: number }[]).find(
    (f) => f.formKey === formKey,
  );
  return found?.version ?? null;
}

/** Users named by a request: each a live user of the tenant, or a 400. */
export async function checkUsers(q: Queryable, tenantId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) throw badRequest(MSG.noUser);
  const live = await liveUsers(q, tenantId, ids);
  if (live.length !== new Set(ids).size) throw badRequest(MSG.badUser);
  return live;
}

/** Opens a Run over the task's locked instance, with the task still open. */
export async function onTask(q: Queryable, actor: Actor, instance: InstanceRow, taskId: string) {
  const task = await openTask(q, instance, taskId);
  const graph = await deploymentGraph(q, instance.deploymentId);
  return { run: new Run(q, instance, graph, actor), task };
}

/** The task is the actor's to act on (an administrator in ops acts on any). */
function mustBeMine(task: TaskRow, actor: Actor, admin: boolean) {
  if (admin) return;
  if (task.assignee !== actor.userId) throw badRequest(task.assignee ? MSG.notYours : MSG.notCandidate);
}

/** The fields a task may edit: its editable field rights (the start's resubmission edits them all). */
export function editableFields(node: Node): Set<string> | 'all' {
  if (node.type === 'start') return 'all';
  return new Set(
    Object.entries(node.fieldAuth)
      .filter(([, m]) => m === 'editable')
      .map(([f]) => f),
  );
}

export interface DecideInput {
  pass: boolean;
  comment: string | null;
  attachments: unknown;
  formData?: unknown;
  copyUser?: string[];
}

/** 同意 / 驳回 (and the starter's resubmission), with the task's editable fields saved and checked first. */
export async function complete(run: Run, task: TaskRow, input: DecideInput, admin = false) {
  const { q, actor, instance } = run;
  mustBeMine(task, actor, admin);
  const attachments = attachmentsOf(input.attachments);
  // A delegated task comes back to its owner: the delegate's act is their answer, not the decision.
  if (task.owner && task.assignee === actor.userId && !admin) {
    const [back] = await q.query(
      `update wf_task set assignee = owner, owner = null where id = $1 and status = 'todo' returning id`,
      [task.id],
    );
    if (!back) throw badRequest(MSG.taskGone);
    const names = await userNames(q, instance.tenantId, [task.owner]);
    await run.record('resolve', task, { comment: input.comment, attachments, targetName: names.get(task.owner) });
    await run.tell(
      [task.owner],
      `【委托已办理】${instance.processName} · ${task.nodeName}`,
      `${actor.userName}已办理您委托的任务，请继续审批。`,
    );
    return;
  }
  const node = run.node(task.nodeId);
  if (!input.pass && node.type !== 'start' && !input.comment) throw badRequest(MSG.rejectComment);
  if (input.formData !== undefined && input.formData !== null) await saveForm(run, node, input.formData);
  await run.decide(task, node.type === 'start' ? true : input.pass, input.comment, attachments);
  if (input.copyUser?.length)
    await run.copy(node, await checkUsers(q, instance.tenantId, input.copyUser), input.comment);
}

async function saveForm(run: Run, node: Node, values: unknown) {
  if (!isPlainObject(values)) throw badRequest({ zh: '表单数据格式不正确', en: 'The form data is not valid' });
  const schema = run.instance.formKey
    ? (await deploymentForms(run.q, run.instance.deploymentId)).get(run.instance.formKey)
    : undefined;
  if (!schema) return;
  const editable = editableFields(node);
  const merged = { ...run.instance.formData };
  for (const [key, value] of Object.entries(values)) {
    if (editable === 'all' || editable.has(key)) merged[key] = value;
  }
  const starter = { id: run.instance.startUser, realName: run.instance.startUserName, deptId: run.instance.startDept };
  checkValues(schema, merged, editable === 'all' ? undefined : editable, { starter });
  const kept = visibleValues(schema, merged, { scope: { starter } });
  await run.q.query('update wf_instance set form_data = $2::jsonb where id = $1', [
    run.instance.id,
    JSON.stringify(kept),
  ]);
  run.instance.formData = kept;
}

/** 签收: an offered task becomes the actor's, once. */
export async function claim(run: Run, task: TaskRow) {
  if (task.assignee) throw badRequest(MSG.claimed);
  if (!(await isCandidate(run.q, run.actor, task.id))) throw badRequest(MSG.notCandidate);
  const [claimed] = await run.q.query(
    `update wf_task set assignee = $2, claim_time = localtimestamp(0)
      where id = $1 and status = 'todo' and assignee is null returning id`,
    [task.id, run.actor.userId],
  );
  if (!claimed) throw badRequest(MSG.claimed);
  await run.record('claim', task);
}

/** 转办 (the task becomes theirs) or 委托 (they act, then it comes back); 指派 is an administrator's transfer. */
export async function handOver(
  run: Run,
  task: TaskRow,
  kind: 'transfer' | 'delegate' | 'dispatch',
  to: string,
  comment: string | null,
) {
  const admin = kind === 'dispatch';
  mustBeMine(task, run.actor, admin);
  const [target] = await checkUsers(run.q, run.instance.tenantId, [to]);
  if (target === task.assignee || (!admin && target === run.actor.userId)) throw badRequest(MSG.self);
  const [moved] = await run.q.query(
    kind === 'delegate'
      ? `update wf_task set owner = coalesce(owner, assignee), assignee = $2 where id = $1 and status = 'todo' returning id`
      : `update wf_task set assignee = $2, owner = null, claim_time = coalesce(claim_time, localtimestamp(0))
          where id = $1 and status = 'todo' returning id`,
    [task.id, target],
  );
  if (!moved) throw badRequest(MSG.taskGone);
  const names = await userNames(run.q, run.instance.tenantId, [target]);
  await run.record(kind, task, { comment, targetName: names.get(target) });
  const word = { transfer: '转办', delegate: '委托', dispatch: '指派' }[kind];
  await run.tell(
    [target],
    `【${word}】${run.instance.processName} · ${task.nodeName}`,
    `${run.actor.userName}将「${run.instance.processName}」（${run.instance.serialNumber}）的「${task.nodeName}」${word}给您${comment ? `：${comment}` : ''}。`,
  );
}

/** 退回: to a node already passed, ending every open task (the other parallel branches' too). */
export async function rollback(run: Run, task: TaskRow, nodeId: string, comment: string | null) {
  mustBeMine(task, run.actor, false);
  if (!comment) throw badRequest({ zh: '退回时请填写意见', en: 'Please give a comment when sending back' });
  const back = await run.backNodes(task);
  const target = back.find((b) => b.nodeId === nodeId);
  if (!target) throw badRequest(MSG.badBackNode);
  const [done] = await run.q.query(
    `update wf_task set status = 'done', pass = 0, comment = $2, end_time = localtimestamp(0)
      where id = $1 and status = 'todo' returning id`,
    [task.id, comment],
  );
  if (!done) throw badRequest(MSG.taskGone);
  const history = await run.record('rollback', task, { comment, targetName: target.nodeName });
  const node = run.node(nodeId);
  // The one who last did that step does it again (a 会签 asks its rules again); the start is the starter's.
  const [last] = await run.q.query<{ assignee: string }>(
    `select assignee::text as assignee from wf_task where instance_id = $1 and node_id = $2 and status = 'done'
      and assignee is not null order by end_time desc, id desc limit 1`,
    [run.instance.id, nodeId],
  );
  const only = node.type === 'start' ? [run.instance.startUser] : !node.multi && last ? [last.assignee] : undefined;
  await run.restartAt(task.tokenId, nodeId, history, only);
  await run.tell(
    [run.instance.startUser],
    `【已退回】${run.instance.processName}`,
    `「${run.instance.processName}」（${run.instance.serialNumber}）被${run.actor.userName}退回到「${target.nodeName}」：${comment}`,
  );
}

/** 终止: the instance ends here, every open task with it. */
export async function terminate(run: Run, at: TaskRow | null, comment: string | null, admin: boolean) {
  if (at) mustBeMine(at, run.actor, admin);
  await run.cancelOpenTasks();
  await run.q.query('delete from wf_token where instance_id = $1', [run.instance.id]);
  await run.q.query(
    `update wf_instance set status = 'terminated', end_time = localtimestamp(0), update_time = localtimestamp(0)
      where id = $1`,
    [run.instance.id],
  );
  run.instance.status = 'terminated';
  await run.record('terminate', at ?? {}, { comment });
  await run.tell(
    [run.instance.startUser],
    `【已终止】${run.instance.processName}`,
    `「${run.instance.processName}」（${run.instance.serialNumber}）已被${run.actor.userName}终止${comment ? `：${comment}` : ''}。`,
  );
}

/** 加签: more signers on a running 会签 (a sequential one asks them after those queued). */
export async function addSigners(run: Run, task: TaskRow, users: string[], admin: boolean) {
  mustBeMine(task, run.actor, admin);
  const node = run.node(task.nodeId);
  if (!node.multi) throw badRequest(MSG.notMulti);
  const live = await checkUsers(run.q, run.instance.tenantId, users);
  const signing = await run.q.query<{ assignee: string }>(
    `select assignee::text as assignee from wf_task where round = $1 and status = 'todo'`,
    [task.round],
  );
  const [token] = await run.q.query<{ queue: string[] }>('select queue from wf_token where id = $1', [task.tokenId]);
  const busy = new Set([...signing.map((s) => s.assignee), ...(token?.queue ?? [])]);
  const fresh = live.filter((u) => !busy.has(u));
  if (!fresh.length) throw badRequest(MSG.signerExists);
  const history = await run.record('addSigner', task, {
    targetName: [...(await userNames(run.q, run.instance.tenantId, fresh)).values()].join('、'),
  });
  if (node.multi.sequential) {
    await run.q.query('update wf_token set queue = queue || $2::jsonb where id = $1', [
      task.tokenId,
      JSON.stringify(fresh),
    ]);
  } else {
    for (const user of fresh) await run.task(task, node, user, [], history);
  }
}

/** 减签: one open signer's task of a running 会签 ends, and the 会签 is decided again without them. */
export async function removeSigner(run: Run, signerTask: TaskRow, admin: boolean) {
  const node = run.node(signerTask.nodeId);
  if (!node.multi) throw badRequest(MSG.notMulti);
  if (!admin) {
    // A signer of the same 会签 (or the one removed, who then leaves it).
    const [mine] = await run.q.query(
      `select 1 from wf_task where round = $1 and assignee = $2 and status = 'todo' limit 1`,
      [signerTask.round, run.actor.userId],
    );
    if (!mine) throw badRequest(MSG.notYours);
  }
  const open = await run.q.query<{ id: string }>(
    `select id::text as id from wf_task where round = $1 and status = 'todo'`,
    [signerTask.round],
  );
  if (open.length <= 1) throw badRequest(MSG.lastSigner);
  await run.q.query(
    `update wf_task set status = 'cancelled', end_time = localtimestamp(0) where id = $1 and status = 'todo'`,
    [signerTask.id],
  );
  const names = signerTask.assignee ? await userNames(run.q, run.instance.tenantId, [signerTask.assignee]) : new Map();
  const history = await run.record('removeSigner', signerTask, { targetName: names.get(signerTask.assignee ?? '') });
  const outcome = await run.signOutcome(signerTask, node, history);
  if (outcome !== undefined) await run.conclude(signerTask, node, outcome, history, null);
}

/**
 * 撤回: the starter, or whoever acted last, takes their step back while nobody has touched what it made: every
 * open task was made by that act and is unclaimed and not delegated, and no branch waits at a join. Answers
 * that step, or undefined when it cannot be taken back (the detail asks too, to show the button).
 */
export async function withdrawableStep(q: Queryable, actor: Actor, instanceId: string) {
  const [last] = await q.query<{ id: string; action: string; nodeId: string; userId: string }>(
    `select id::text as id, action, node_id as "nodeId", user_id::text as "userId" from wf_history
      where instance_id = $1 and action not in ('copy', 'urge') order by id desc limit 1`,
    [instanceId],
  );
  if (!last || last.userId !== actor.userId || !['start', 'pass', 'resubmit'].includes(last.action)) return undefined;
  const [blocked] = await q.query(
    `select 1 where not exists (select 1 from wf_task where instance_id = $1 and status = 'todo')
        or exists (select 1 from wf_task where instance_id = $1 and status = 'todo'
                   and (created_by is distinct from $2 or claim_time is not null or owner is not null))
        or exists (select 1 from wf_token where instance_id = $1 and state = 'join')`,
    [instanceId, last.id],
  );
  return blocked ? undefined : last;
}

export async function withdraw(run: Run, comment: string | null) {
  const { q, instance, actor } = run;
  if (instance.status === 'suspended') throw badRequest(MSG.suspended);
  if (instance.status !== 'running') throw badRequest(MSG.ended);
  const step = await withdrawableStep(q, actor, instance.id);
  if (!step) throw badRequest(MSG.cannotWithdraw);
  const [open] = await q.query<{ tokenId: string }>(
    `select token_id::text as "tokenId" from wf_task where instance_id = $1 and status = 'todo' limit 1`,
    [instance.id],
  );
  const node = run.node(step.nodeId);
  const history = await run.record('withdraw', { nodeId: node.id, nodeName: node.name }, { comment });
  await run.restartAt(open.tokenId, node.id, history, node.type === 'start' ? [instance.startUser] : [actor.userId]);
}

/** 催办: the starter reminds whoever holds the open tasks now. */
export async function urge(run: Run, comment: string | null) {
  const { q, instance, actor } = run;
  if (instance.startUser !== actor.userId) throw badRequest(MSG.notStarter);
  if (instance.status !== 'running') throw badRequest(instance.status === 'suspended' ? MSG.suspended : MSG.ended);
  const open = await q.query<{ assignee: string | null; nodeName: string }>(
    `select assignee::text as assignee, node_name as "nodeName" from wf_task where instance_id = $1 and status = 'todo'`,
    [instance.id],
  );
  const users = open.map((t) => t.assignee).filter((a): a is string => Boolean(a));
  if (!open.length) throw badRequest(MSG.nothingToUrge);
  await run.record('urge', { nodeName: [...new Set(open.map((t) => t.nodeName))].join('、') }, { comment });
  await run.tell(
    users,
    `【催办】${instance.processName}`,
    `${actor.userName}催办「${instance.processName}」（${instance.serialNumber}）${comment ? `：${comment}` : '，请尽快办理'}。`,
  );
}

/**
 * A task's due time passed (the timer job, engine/timers.ts): a timer boundary event on its node takes the
 * process its way (an interrupting one ends the task; a non-interrupting one leaves it open and sends a new
 * token its way); without one, the assignee and the starter are told it is overdue.
 */
export async function timeout(run: Run, task: TaskRow) {
  const node = run.node(task.nodeId);
  const timer = node.timers[0];
  if (!timer) {
    const who = task.assignee ? [task.assignee] : [];
    await run.tell(
      [...who, run.instance.startUser],
      `【已超时】${run.instance.processName} · ${task.nodeName}`,
      `「${run.instance.processName}」（${run.instance.serialNumber}）的「${task.nodeName}」已超过办理时限。`,
    );
    return;
  }
  if (timer.interrupting) await run.cancelOpenTasks('round = $2', [task.round]);
  const history = await run.record('timeout', task, { targetName: timer.name });
  run.passed(timer.id);
  // Non-interrupting (the demo repair's notice): the task's token stays; the timer's way is a branch of its own.
  const token = timer.interrupting ? task.tokenId : await run.newToken(timer.id);
  await run.leaveBy(token, timer.id, timer.outgoing, history);
}
