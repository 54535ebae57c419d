import { REPAIR_STATUS, type RepairAction, type RepairStatus } from '@park/catalog';
import { type FormSchema, formValueProblems } from '@park/catalog/forms';
import type { RequestContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { type SentMessage, send } from '../message/inbox.ts';
import { ORDINARY } from '../message/outbox.ts';
import { IN_SCOPE, scopeParams, start } from '../workflow/engine/operations.ts';
import { type Actor, deploymentForms, deploymentGraph, onMoved, type Run } from '../workflow/engine/runtime.ts';
import { repairStepMessage } from './repair-messages.ts';

/**
 * Repairs that run through the tenant's repair process (issue 31). A tenant has one when it has deployed a model
 * of process key `repair` (its newest version, active): a report then also starts an instance of it as the
 * reporter, in the report's transaction, with business_table `property_repair`, the repair's id, and the process
 * form filled from the repair. From then on the process's tasks move the work order, through the engine's
 * `onMoved` hook (called in the transaction of each task operation), by where the instance stands:
 *   open at 派单 (or back at the reporter)       -> 0 待受理
 *   open at 维修处理                             -> 1 已派单, its assignee the task's (2 处理中 when it comes back
 *                                                   from 报修人确认: the work goes on)
 *   open at 报修人确认                           -> 3 已完成, the result the form's 处理结果 (else the handler's comment)
 *   finished after 报修人确认                    -> 4 已评价, the rating from the form's 满意度
 *   finished after 维修处理 (no confirmation)    -> 3 已完成
 *   terminated                                   -> 5 已取消 (unless the work was done)
 * Stages are told by node id (dispatch, handle, confirm, as the demo model names them) or name (派单, 维修处理,
 * 报修人确认); at a node that is none of them the repair stays as it is. Each change is a step of the repair
 * (property_repair_step), so its detail tells the same story as the process's history.
 */

export const REPAIR_TABLE = 'property_repair';
export const REPAIR_PROCESS_KEY = 'repair';

const MSG = {
  result: { zh: '请填写处理结果', en: 'Please enter the result' },
  satisfaction: { zh: '请选择满意度', en: 'Please choose how satisfied you are' },
} as const;

export async function addStep(
  q: Queryable,
  who: Pick<RequestContext, 'tenantId' | 'userId'>,
  repairId: string,
  action: RepairAction,
  from: number | null,
  to: number,
  note: string | null,
  assignee: string | null = null,
) {
  await q.query(
    `insert into property_repair_step (id, tenant_id, repair_id, action, from_status, to_status, assignee, note, create_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [nextId(), who.tenantId, repairId, action, from, to, assignee, note, who.userId],
  );
}

/** The tenant's repair processes: the newest active deployment of process key `repair`, as processList rows. */
export function repairDeployments(q: Queryable, tenantId: string) {
  return q.query<{ id: string; name: string }>(
    `select d.id::text as id, d.id::text as "processDefinitionId", d.process_key as "processDefinitionKey", d.name,
            d.category_id::text as category, c.name as "categoryName", d.version, d.icon, m.description
       from wf_deployment d left join wf_category c on c.id = d.category_id left join wf_model m on m.id = d.model_id
      where d.tenant_id = $1 and d.is_deleted = 0 and d.status = 1 and d.process_key = $2
        and d.version = (select max(e.version) from wf_deployment e where e.tenant_id = d.tenant_id
                          and e.process_key = d.process_key and e.is_deleted = 0)`,
    [tenantId, REPAIR_PROCESS_KEY],
  );
}

/** The instance a repair runs through while it runs (or is suspended): its moves are the process's then. */
export async function runningProcess(
  q: Queryable,
  repairId: string,
): Promise<{ id: string; name: string; status: string } | undefined> {
  const [row] = await q.query<{ id: string; name: string; status: string }>(
    `select i.id::text as id, i.process_name as name, i.status from property_repair r
       join wf_instance i on i.id = r.process_instance_id and i.is_deleted = 0 and i.status in ('running', 'suspended')
      where r.id = $1`,
    [repairId],
  );
  return row;
}

type RepairRow = {
  id: string;
  location: string;
  faultType: number;
  description: string;
  contactPhone: string;
  repairImage: string | null;
};

/** The start form's values from the repair: the fields the form has, each as its kind allows. */
async function formValues(q: Queryable, schema: FormSchema | undefined, repair: RepairRow) {
  if (!schema) return {};
  const [fault] = await q.query<{ label: string }>(
    `select dict_value as label from blade_dict where code = 'property_fault_type' and dict_key = $1 and is_deleted = 0
      and parent_id <> 0`,
    [String(repair.faultType)],
  );
  const photo = repair.repairImage
    ? [{ name: repair.repairImage.split('/').pop() || repair.repairImage, link: repair.repairImage }]
    : undefined;
  const candidates: Record<string, unknown> = {
    location: repair.location,
    faultType: repair.faultType,
    description: repair.description,
    contactPhone: repair.contactPhone,
    photos: photo,
  };
  const values: Record<string, unknown> = {};
  for (const field of schema.fields.flatMap((f) => (f.type === 'group' ? (f.children ?? []) : [f]))) {
    const value = field.name ? candidates[field.name] : undefined;
    if (value === undefined) continue;
    if (field.type === 'select' || field.type === 'radio') {
      // A choice by the dictionary's label (水电, 空调暖通, ...), else 其他, else the same key.
      const options = field.options ?? [];
      const picked =
        options.find((o) => o.label === fault?.label) ??
        options.find((o) => o.label === '其他') ??
        options.find((o) => o.value === String(value));
      if (picked) values[field.name!] = picked.value;
    } else if (field.type === 'input' || field.type === 'textarea') {
      const text = String(value);
      values[field.name!] = typeof field.max === 'number' ? [...text].slice(0, field.max).join('') : text;
    } else if (field.type === 'number') {
      if (typeof value === 'number') values[field.name!] = value;
    } else if (field.type === 'upload') {
      values[field.name!] = value;
    }
  }
  // What the form would refuse of an optional field is left out; a required one is the form's to refuse.
  for (const problem of formValueProblems(schema, values)) {
    const field = schema.fields.find((f) => f.name === problem.field);
    if (field && !field.required) delete values[problem.field];
  }
  return values;
}

/**
 * A new repair's process: started as the reporter when the tenant has a repair process and the reporter may start
 * it (its 范围; anyone else's repair moves the direct way). Answers the messages to announce after the commit.
 */
export async function startRepairProcess(
  q: Queryable,
  actor: Actor,
  repairId: string,
  enterpriseId: string | null,
): Promise<SentMessage[]> {
  const [deployment] = await repairDeployments(q, actor.tenantId);
  if (!deployment) return [];
  const [allowed] = await q.query(
    `select 1 from wf_deployment d where d.id = $1 and ${IN_SCOPE('d.model_id', { user: '$2', roles: '$3', depts: '$4', posts: '$5', company: '$6' })}`,
    [deployment.id, ...scopeParams(actor, enterpriseId)],
  );
  if (!allowed) return [];
  const [repair] = await q.query<RepairRow>(
    `select id::text as id, location, fault_type as "faultType", description, contact_phone as "contactPhone",
            repair_image as "repairImage"
       from property_repair where id = $1`,
    [repairId],
  );
  const { formKey } = await deploymentGraph(q, deployment.id);
  const forms = await deploymentForms(q, deployment.id);
  const run = await start(q, actor, {
    deploymentId: deployment.id,
    formData: await formValues(q, formKey ? forms.get(formKey) : undefined, repair),
    businessTable: REPAIR_TABLE,
    businessId: repairId,
    enterpriseId,
  });
  await q.query('update property_repair set process_instance_id = $2 where id = $1', [repairId, run.instance.id]);
  return run.flush();
}

/**
 * A pending repair's report changed: its running process's form takes the new values. The instance is taken only if
 * nobody holds it (a task operation holds it, then waits for this repair's row: waiting here would deadlock).
 */
export async function amendRepairProcess(q: Queryable, repairId: string) {
  const [link] = await q.query<{ id: string; deploymentId: string }>(
    `select i.id::text as id, i.deployment_id::text as "deploymentId" from property_repair r
       join wf_instance i on i.id = r.process_instance_id and i.is_deleted = 0 and i.status in ('running', 'suspended')
      where r.id = $1`,
    [repairId],
  );
  if (!link) return;
  const [held] = await q.query<{ formKey: string | null }>(
    `select form_key as "formKey" from wf_instance where id = $1 for update skip locked`,
    [link.id],
  );
  if (!held) {
    throw badRequest({
      zh: '报修单正在流程中办理，请稍后再修改',
      en: 'The repair is being worked on in its process: change it a moment later',
    });
  }
  const [repair] = await q.query<RepairRow>(
    `select id::text as id, location, fault_type as "faultType", description, contact_phone as "contactPhone",
            repair_image as "repairImage"
       from property_repair where id = $1`,
    [repairId],
  );
  const schema = held.formKey ? (await deploymentForms(q, link.deploymentId)).get(held.formKey) : undefined;
  const values = await formValues(q, schema, repair);
  await q.query(
    `update wf_instance set form_data = form_data || $2::jsonb, update_time = localtimestamp(0) where id = $1`,
    [link.id, JSON.stringify(values)],
  );
}

type Stage = 'report' | 'dispatch' | 'handle' | 'confirm';
const STAGES: Record<string, Stage> = {
  dispatch: 'dispatch',
  派单: 'dispatch',
  handle: 'handle',
  维修处理: 'handle',
  confirm: 'confirm',
  报修人确认: 'confirm',
};

function stageOf(run: Run, task: { nodeId: string; nodeName: string | null }): Stage | undefined {
  if (task.nodeId === run.graph.startId) return 'report';
  return STAGES[task.nodeId] ?? STAGES[task.nodeName ?? ''];
}

/** 满意度 as a rating: the demo form's 满意 / 基本满意 / 不满意 (1, 2, 3), or a number 1..5 a form may hold. */
function ratingOf(value: unknown): number | undefined {
  const picked = { '1': 5, '2': 3, '3': 1 }[String(value)];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5) return value;
  return picked;
}

type Target = {
  status: RepairStatus;
  action: RepairAction;
  assignee?: string | null;
  note?: string | null;
  sets?: string[];
  params?: unknown[];
};

type Stored = { status: RepairStatus; assignee: string | null; createUser: string; repairNo: string; location: string };

/** The last task done at a stage, with its comment. */
async function lastDone(run: Run, stage: Stage, passed = true) {
  const rows = await run.q.query<{ nodeId: string; nodeName: string | null; comment: string | null }>(
    `select node_id as "nodeId", node_name as "nodeName", comment from wf_task
      where instance_id = $1 and status = 'done' ${passed ? 'and pass = 1' : ''} order by end_time desc, id desc`,
    [run.instance.id],
  );
  return rows.find((r) => stageOf(run, r) === stage);
}

async function finished(run: Run): Promise<Target> {
  const form = run.instance.formData;
  const written = typeof form.result === 'string' ? form.result.trim() : '';
  const result = written || (await lastDone(run, 'handle'))?.comment?.trim();
  if (!result) throw badRequest(MSG.result);
  return {
    status: REPAIR_STATUS.finished,
    action: 'finish',
    note: result,
    sets: ['result = $5', 'start_time = coalesce(start_time, localtimestamp(0))', 'finish_time = localtimestamp(0)'],
    params: [result.slice(0, 2000)],
  };
}

/** Where the repair stands now that its instance moved; undefined where it stays. */
async function targetOf(run: Run, stored: Stored): Promise<Target | undefined> {
  const { q, instance } = run;
  if (instance.status === 'terminated') {
    if (stored.status > REPAIR_STATUS.working) return undefined;
    const [last] = await q.query<{ comment: string | null }>(
      `select comment from wf_history where instance_id = $1 and action = 'terminate' order by id desc limit 1`,
      [instance.id],
    );
    return { status: REPAIR_STATUS.cancelled, action: 'cancel', note: last?.comment ?? null };
  }
  if (instance.status === 'finished') {
    const confirmed = await lastDone(run, 'confirm');
    if (confirmed) {
      const rating = ratingOf(instance.formData.satisfaction);
      if (rating === undefined) throw badRequest(MSG.satisfaction);
      const comment = confirmed.comment ?? null;
      return {
        status: REPAIR_STATUS.rated,
        action: 'rate',
        note: `${'★'.repeat(rating)}${comment ? ` ${comment}` : ''}`,
        sets: ['rating = $5', 'rating_comment = $6', 'rate_time = localtimestamp(0)'],
        params: [rating, comment],
      };
    }
    // A process without a confirmation ends with the work done; one ended otherwise leaves the repair as it is.
    const [last] = await q.query<{ nodeId: string; nodeName: string | null }>(
      `select node_id as "nodeId", node_name as "nodeName" from wf_task
        where instance_id = $1 and status = 'done' order by end_time desc, id desc limit 1`,
      [instance.id],
    );
    return last && stageOf(run, last) === 'handle' ? finished(run) : undefined;
  }
  const open = await q.query<{ nodeId: string; nodeName: string | null; assignee: string | null }>(
    `select node_id as "nodeId", node_name as "nodeName", assignee::text as assignee from wf_task
      where instance_id = $1 and status = 'todo' order by id`,
    [instance.id],
  );
  const at = (stage: Stage) => open.find((t) => stageOf(run, t) === stage);
  const handling = at('handle');
  if (handling) {
    const handler = instance.formData.handler;
    const assignee = handling.assignee ?? (typeof handler === 'string' ? handler : null) ?? stored.assignee;
    if (!assignee) return undefined;
    // Back from 报修人确认 (or handed on while at work): the work goes on.
    const working = stored.status === REPAIR_STATUS.working || stored.status === REPAIR_STATUS.finished;
    const status = working ? REPAIR_STATUS.working : REPAIR_STATUS.assigned;
    const reassigned = assignee !== stored.assignee;
    return {
      status,
      action: stored.status === REPAIR_STATUS.finished ? 'return' : 'assign',
      assignee,
      sets: ['assignee = $5', ...(reassigned || !working ? ['assign_time = localtimestamp(0)'] : [])],
      params: [assignee],
      note:
        stored.status === REPAIR_STATUS.finished ? ((await lastDone(run, 'confirm', false))?.comment ?? null) : null,
    };
  }
  if (at('confirm')) return finished(run);
  if (at('dispatch') || at('report')) {
    return {
      status: REPAIR_STATUS.pending,
      action: 'return',
      note: (
        await q.query<{ comment: string | null }>(
          `select comment from wf_history where instance_id = $1 and action in ('reject', 'rollback', 'withdraw')
          order by id desc limit 1`,
          [instance.id],
        )
      )[0]?.comment,
    };
  }
  return undefined;
}

/** The steps taken in the process by someone else that the reporter hears of. */
const TOLD = new Set<RepairAction>(['assign', 'return']);

/** The engine's hook: the repair follows its instance (one conditional update, its step, the reporter's message). */
async function followProcess(run: Run): Promise<SentMessage[] | undefined> {
  const { q, actor, instance } = run;
  if (!instance.businessId) return undefined;
  const [deleted] = await q.query('select 1 from wf_instance where id = $1 and is_deleted = 1', [instance.id]);
  if (deleted) return undefined;
  const [stored] = await q.query<Stored>(
    `select repair_status as status, assignee::text as assignee, create_user::text as "createUser",
            repair_no as "repairNo", location
       from property_repair where id = $1 and tenant_id = $2 and is_deleted = 0 for update`,
    [instance.businessId, instance.tenantId],
  );
  if (!stored) return undefined;
  const target = await targetOf(run, stored);
  if (!target) return undefined;
  const assignee = target.assignee === undefined ? stored.assignee : target.assignee;
  if (target.status === stored.status && assignee === stored.assignee) return undefined;
  const params: unknown[] = [instance.businessId, stored.status, target.status, actor.userId, ...(target.params ?? [])];
  const [moved] = await q.query(
    `update property_repair
        set repair_status = $3, ${(target.sets ?? []).map((c) => `${c}, `).join('')}update_user = $4,
            update_time = localtimestamp(0)
      where id = $1 and repair_status = $2 returning id`,
    params,
  );
  if (!moved) return undefined;
  await addStep(
    q,
    actor,
    instance.businessId,
    target.action,
    stored.status,
    target.status,
    target.note?.slice(0, 2000) || null,
    target.action === 'assign' ? assignee : null,
  );
  if (!TOLD.has(target.action) || stored.createUser === actor.userId) return [];
  return [
    await send(q, actor, {
      ...repairStepMessage(target.action, stored, target.note ?? null),
      type: ORDINARY,
      userIds: [stored.createUser],
    }),
  ];
}

onMoved(REPAIR_TABLE, followProcess);

/** A refusal of a direct move: the repair's moves are its process's. */
export const inProcess = (name: string): Bilingual => ({
  zh: `该报修单在流程「${name}」中办理，请在流程中操作`,
  en: `This repair runs through the process "${name}": act on it in the process`,
});
