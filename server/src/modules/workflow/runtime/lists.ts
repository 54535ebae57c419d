import type { Queryable, Row } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';
import { isId } from '../../../platform/ids.ts';
import { paging } from '../../../resources/conditions.ts';
import { likeEscape, Where } from '../../../resources/sql.ts';
import type { Actor } from '../engine/runtime.ts';
import { splitIds } from '../engine/runtime.ts';

/**
 * The runtime's lists, each one indexed query and its count: 待办 (my open tasks), 待签 (open tasks offered to
 * me), 已发 (instances I started), 办结 (ended instances I took part in), 已办 (tasks I completed), 抄送 (copies
 * to me), and the administrator's running and ended instances. Rows carry BladeX's task fields (CONTRACT.md).
 */

const TIME = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The instance's half of a row, from `i` (wf_instance) and `c` (wf_category). */
const INSTANCE_FIELDS = `i.id::text as "processInstanceId", i.deployment_id::text as "processDefinitionId",
  i.process_key as "processDefinitionKey", i.process_name as "processDefinitionName",
  i.process_version as "processDefinitionVersion", i.category_id::text as category, c.name as "categoryName",
  i.business_table as "businessTable", i.business_id::text as "businessId", i.serial_number as "serialNumber",
  i.start_user::text as "startUser", i.start_user_name as "startUsername", i.status as "processStatus",
  ${TIME('i.start_time')} as "startTime", ${TIME('i.end_time')} as "processEndTime"`;

/** A task's half, from `t` (wf_task). */
const TASK_FIELDS = `t.id::text as "taskId", t.node_name as "taskName", t.node_id as "taskDefinitionKey",
  t.assignee::text as assignee, coalesce(nullif(u.real_name, ''), u.name) as "assigneeName",
  ${TIME('t.create_time')} as "createTime", ${TIME('t.end_time')} as "endTime", ${TIME('t.claim_time')} as "claimTime",
  t.token_id::text as "executionId", t.status, t.comment, ${TIME('t.due_time')} as "dueTime",
  (t.status = 'todo' and t.due_time is not null and t.due_time < localtimestamp) as overdue`;

const TASK_FROM = `from wf_task t join wf_instance i on i.id = t.instance_id and i.is_deleted = 0
  left join wf_category c on c.id = i.category_id left join blade_user u on u.id = t.assignee`;

/**
 * The open tasks' lists (待办, 待签): a user's open tasks are few and read by index (wf_task_todo), each one's
 * instance then by its key. `offset 0` keeps that lookup per task: joined freely, the planner may read the
 * tenant's every instance into a hash instead, pricing the row-level-security filter on each far below its cost
 * (10,000 running instances, 200 open tasks: 10 ms where the lookups take 0.4 ms; issue 31, npm run bench).
 */
const OPEN_TASK_FROM = `from wf_task t cross join lateral (
    select * from wf_instance i where i.id = t.instance_id and i.is_deleted = 0 offset 0) i
  left join wf_category c on c.id = i.category_id left join blade_user u on u.id = t.assignee`;

/** The filters every list takes: category, process key or name, starter's name, and a date range. */
export function filtersOf(query: Record<string, unknown>, where: Where, timeColumn: string) {
  const text = (name: string) => {
    const v = query[name];
    return typeof v === 'string' ? v.trim().slice(0, 100) : '';
  };
  const category = text('category');
  if (category) {
    if (!isId(category)) throw badRequest({ zh: '流程分类无效', en: 'The category is not valid' });
    where.and(`i.category_id = ${where.param(category)}`);
  }
  const key = text('processDefinitionKey');
  if (key) where.and(`i.process_key = ${where.param(key)}`);
  const name = text('processDefinitionName');
  if (name) where.and(`i.process_name like ${where.param(`%${likeEscape(name)}%`)}`);
  const starter = text('startUsername');
  if (starter) where.and(`i.start_user_name like ${where.param(`%${likeEscape(starter)}%`)}`);
  const serial = text('serialNumber');
  if (serial) where.and(`i.serial_number like ${where.param(`${likeEscape(serial)}%`)}`);
  for (const [name, op, add] of [
    ['beginTime', '>=', ''],
    ['endTime', '<', " + interval '1 day'"],
  ] as const) {
    const v = text(name);
    if (!v) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
      throw badRequest({ zh: '日期格式应为 yyyy-MM-dd', en: 'Dates are written yyyy-MM-dd' });
    }
    where.and(`${timeColumn} ${op} ${where.param(v)}::date${add}`);
  }
}

export interface Page {
  records: Row[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

async function paged(
  q: Queryable,
  query: Record<string, unknown>,
  select: string,
  from: string,
  where: Where,
  order: string,
): Promise<Page> {
  const { current, size } = paging(query, { maxSize: 200 });
  // One round trip, as the resource engine's pages (resources/statements.ts): each row carries the total from
  // an uncorrelated subquery that runs once. Only past the last page, where no row carries it, is it counted alone.
  const rows = await q.query<Row & { __total: string }>(
    `select (select count(*) ${from} ${where}) as "__total", ${select} ${from} ${where}
      order by ${order} limit ${size} offset ${(current - 1) * size}`,
    where.params,
  );
  let count = rows.length ? Number(rows[0].__total) : 0;
  if (!rows.length && current > 1) {
    const [{ total }] = await q.query<{ total: string }>(`select count(*) as total ${from} ${where}`, where.params);
    count = Number(total);
  }
  const records = rows.map(({ __total, ...row }) => row);
  return { records, total: count, size, current, pages: Math.ceil(count / size) };
}

export type TaskList = 'todo' | 'claim' | 'send' | 'done' | 'myDone' | 'copy';

/** Narrows to processes of these workflow categories (OA's 我的工作). */
export type Narrow = (where: Where) => void;

export function taskList(q: Queryable, actor: Actor, list: TaskList, query: Record<string, unknown>, narrow?: Narrow) {
  const where = new Where();
  const me = () => where.param(actor.userId);
  where.and(`i.tenant_id = ${where.param(actor.tenantId)}`);
  narrow?.(where);
  const openTasks = () =>
    paged(q, query, `${TASK_FIELDS}, ${INSTANCE_FIELDS}`, OPEN_TASK_FROM, where, 't.create_time desc, t.id desc');
  switch (list) {
    case 'todo':
      filtersOf(query, where, 't.create_time');
      where.and(`t.tenant_id = i.tenant_id and t.status = 'todo' and t.assignee = ${me()}`);
      return openTasks();
    case 'claim': {
      filtersOf(query, where, 't.create_time');
      const roles = where.param(actor.roleIds);
      const depts = where.param(splitIds(actor.deptId));
      const posts = where.param(splitIds(actor.postId));
      where.and(`t.tenant_id = i.tenant_id and t.status = 'todo' and t.assignee is null and exists (
        select 1 from wf_task_candidate k where k.task_id = t.id and (
          (k.kind = 'user' and k.ref = ${me()}) or (k.kind = 'role' and k.ref::text = any(${roles}::text[]))
          or (k.kind = 'dept' and k.ref::text = any(${depts}::text[]))
          or (k.kind = 'post' and k.ref::text = any(${posts}::text[]))))`);
      return openTasks();
    }
    case 'myDone':
      filtersOf(query, where, 't.end_time');
      where.and(`t.tenant_id = i.tenant_id and t.status = 'done' and t.assignee = ${me()}`);
      return paged(q, query, `${TASK_FIELDS}, ${INSTANCE_FIELDS}`, TASK_FROM, where, 't.end_time desc, t.id desc');
    case 'send':
      filtersOf(query, where, 'i.start_time');
      where.and(`i.start_user = ${me()} and i.is_deleted = 0`);
      return instancePage(q, query, where, 'i.start_time desc, i.id desc');
    case 'done':
      filtersOf(query, where, 'i.end_time');
      where.and(`i.status in ('finished', 'terminated') and i.is_deleted = 0 and (i.start_user = ${me()}
        or exists (select 1 from wf_history h where h.tenant_id = i.tenant_id and h.user_id = ${me()}
                   and h.instance_id = i.id))`);
      return instancePage(q, query, where, 'i.end_time desc, i.id desc');
    case 'copy':
      filtersOf(query, where, 'k.create_time');
      where.and(`k.tenant_id = i.tenant_id and k.user_id = ${me()} and i.is_deleted = 0`);
      return paged(
        q,
        query,
        `k.id::text as id, k.node_name as "taskName", k.from_user_name as "copyUser", ${TIME('k.create_time')} as "createTime",
         k.is_read as "isRead", ${INSTANCE_FIELDS}, ${OPEN_TASKS}`,
        `from wf_copy k join wf_instance i on i.id = k.instance_id left join wf_category c on c.id = i.category_id`,
        where,
        'k.create_time desc, k.id desc',
      );
  }
}

/** An instance's open tasks, their names and assignees joined (a row of 已发 or of 流程监控). */
const OPEN_TASKS = `(select string_agg(distinct t.node_name, '、') from wf_task t where t.instance_id = i.id and t.status = 'todo')
    as "currentTaskName",
  (select string_agg(coalesce(nullif(u.real_name, ''), u.name, '待签收'), '、') from wf_task t
     left join blade_user u on u.id = t.assignee where t.instance_id = i.id and t.status = 'todo') as "currentAssigneeName"`;

const INSTANCE_ROW = `${INSTANCE_FIELDS}, i.status, ${TIME('i.start_time')} as "createTime", ${TIME('i.end_time')} as "endTime",
  ${OPEN_TASKS}`;

export function instancePage(q: Queryable, query: Record<string, unknown>, where: Where, order: string) {
  return paged(
    q,
    query,
    INSTANCE_ROW,
    'from wf_instance i left join wf_category c on c.id = i.category_id',
    where,
    order,
  );
}

/** 流程监控: the tenant's running (and suspended) instances, or its ended ones. */
export function opsList(q: Queryable, actor: Actor, ended: boolean, query: Record<string, unknown>) {
  const where = new Where();
  where.and(`i.tenant_id = ${where.param(actor.tenantId)} and i.is_deleted = 0`);
  where.and(ended ? `i.status in ('finished', 'terminated')` : `i.status in ('running', 'suspended')`);
  filtersOf(query, where, ended ? 'i.end_time' : 'i.start_time');
  return instancePage(q, query, where, ended ? 'i.end_time desc, i.id desc' : 'i.start_time desc, i.id desc');
}
