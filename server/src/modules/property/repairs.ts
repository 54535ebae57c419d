import {
  type EntityDef,
  REPAIR_KEPT,
  REPAIR_STATUS,
  type RepairAction,
  type RepairStatus,
  repair,
  workOrder,
} from '@park/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { dictionaryEntries } from '../../platform/dictionaries.ts';
import { type Bilingual, badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  type EntityHooks,
  idsParam,
  objectBody,
  type Resource,
  removedMessage,
  requireButton,
} from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { announce, type SentMessage, send } from '../message/inbox.ts';
import { linkTo, notifyStaff } from '../message/notify-rules.ts';
import { ORDINARY } from '../message/outbox.ts';
import { oneId } from '../system/id-list.ts';
import { ownEnterprise } from '../user/company.ts';
import { terminate } from '../workflow/engine/operations.ts';
import { deploymentGraph, lockInstance, Run } from '../workflow/engine/runtime.ts';
import { actorOf } from '../workflow/runtime/act.ts';
import { repairStepMessage } from './repair-messages.ts';
import {
  addStep,
  amendRepairProcess,
  inProcess,
  repairDeployments,
  runningProcess,
  startRepairProcess,
} from './repair-process.ts';
import { companyScope } from './scope.ts';

/**
 * Repairs and work orders: one row of property_repair, reported (报修管理's submit, the work order screen's save,
 * or a company account's blade-crm/work-order/submit for its own enterprise), then worked by the park:
 *   0 待受理 --assign--> 1 已派单 --start--> 2 处理中 --finish--> 3 已完成 --rate--> 4 已评价
 *   0 or 1 --cancel--> 5 已取消
 * Each move is one conditional update (`where repair_status = any(expected)`) in the transaction that appends its
 * step to property_repair_step and stores the reporter's message: of two moves racing for one row, the second
 * matches nothing and is refused with the state the first left, so a step acts once. The reporter (the row's
 * creator) hears of every step through the message centre, the assignee of the order given to them.
 * A company account reads, rates and cancels only its own enterprise's repairs (the company scope), and reports
 * only for its own enterprise; the park's moves (assign, start, finish) are the work order screen's, under
 * work_order_edit. A repair is changed by its report's form only while nobody has taken it up.
 * Where the tenant has deployed a repair process, a report also starts it and the process's tasks move the repair
 * (repair-process.ts): the direct moves are refused while it runs, but 取消, which ends the process with it.
 * A finished or rated repair (any with a rating) is the record of the work (issue 34.2): never removed, here and
 * by migration 0172's trigger; a batch holding one removes nothing.
 */

const MSG = {
  notFound: { zh: '报修单不存在', en: 'The repair does not exist' },
  enterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
  office: { zh: '所选办公室不存在', en: 'The selected office does not exist' },
  room: { zh: '所选房间不存在', en: 'The selected room does not exist' },
  taken: {
    zh: '报修单已受理，不能再修改',
    en: 'The repair has been taken up and can no longer be changed',
  },
  assignee: { zh: '请选择处理人', en: 'Please select the assignee' },
  badAssignee: {
    zh: '处理人必须是园区的有效用户',
    en: 'The assignee must be an active user of the park',
  },
  result: { zh: '请输入处理结果', en: 'Please enter the result' },
  rating: { zh: '评分必须是1到5的整数', en: 'The rating must be a whole number from 1 to 5' },
  tooLong: { zh: '内容长度不能超过2000个字符', en: 'The text must be at most 2000 characters' },
  notReporter: {
    zh: '只有报修人或其企业可以评价',
    en: 'Only the reporter or their enterprise may rate the repair',
  },
  companyPark: {
    zh: '企业账号不能派单或处理工单',
    en: 'A company account cannot assign or work on work orders',
  },
  companyRemove: { zh: '企业账号不能删除报修单', en: 'A company account cannot delete repairs' },
} as const;

/** The messages a report's process stored, by request, announced once the report has committed. */
const started = new WeakMap<object, SentMessage[]>();

const DONE: Record<RepairAction, Bilingual> = {
  report: { zh: '报修成功', en: 'Reported' },
  assign: { zh: '派单成功', en: 'Assigned' },
  start: { zh: '已开始处理', en: 'Work started' },
  finish: { zh: '已完成', en: 'Finished' },
  rate: { zh: '评价成功', en: 'Rated' },
  cancel: { zh: '已取消', en: 'Cancelled' },
  return: { zh: '已退回', en: 'Sent back' },
};

/** Each action's verb, in the refusal "当前状态为已派单，不能派单". */
const VERB: Record<RepairAction, Bilingual> = {
  report: { zh: '报修', en: 'report it' },
  assign: { zh: '派单', en: 'assign it' },
  start: { zh: '开始处理', en: 'start the work' },
  finish: { zh: '完成', en: 'finish it' },
  rate: { zh: '评价', en: 'rate it' },
  cancel: { zh: '取消', en: 'cancel it' },
  return: { zh: '退回', en: 'send it back' },
};

const SAVED = { added: { zh: '新增成功', en: 'Added' }, updated: { zh: '更新成功', en: 'Updated' } } as const;

/** The most a note, result or comment holds (the columns' length). */
const NOTE_MAX = 2000;

/** Who may take a move: the park (holding the screen's edit button), the reporter's side, or either. */
type Actor = 'park' | 'reporter' | 'either';

interface Move {
  action: RepairAction;
  from: RepairStatus[];
  to: RepairStatus;
  actor: Actor;
  /** The park's button for the move (the screen's edit button). */
  button?: string;
  /** Extra columns the move sets: `column = $n`, numbered from $5 after the statement's own four parameters. */
  sets?: string[];
  params?: unknown[];
  note?: string | null;
  assignee?: string;
}

export interface Repairs {
  repairs: Resource;
  orders: Resource;
}

/** Whether the caller reports for an enterprise (a company account), and which. */
const companyOf = (platform: Platform) => ownEnterprise(platform);

function repairHooks(platform: Platform): EntityHooks {
  const scope = companyScope(platform)!;
  return {
    scope,
    async beforeSave({ q, isNew, body, values }) {
      const { tenantId } = ctx();
      const own = await companyOf(platform);
      // A company account reports for its own enterprise, whatever the body says.
      if (own !== null) values.enterpriseId = own;
      if (!isNew) {
        // The engine holds the row locked: nobody takes it up meanwhile.
        const [stored] = await q.query<{ repair_status: number }>(
          'select repair_status from property_repair where id = $1',
          [body.id],
        );
        if (stored && stored.repair_status !== REPAIR_STATUS.pending) throw badRequest(MSG.taken);
      }
      const exists = async (table: string, id: unknown, message: Bilingual) => {
        if (id === null || id === undefined) return;
        const [found] = await q.query(`select 1 from ${table} where id = $1 and tenant_id = $2 and is_deleted = 0`, [
          id,
          tenantId,
        ]);
        if (!found) throw badRequest(message);
      };
      if (own === null) await exists('crm_enterprise', values.enterpriseId, MSG.enterprise);
      await exists('property_office', values.officeId, MSG.office);
      await exists('property_room', values.roomId, MSG.room);
    },
    async afterSave({ q, isNew, row }) {
      if (!isNew) {
        // An amended report: its running process's form takes the new values.
        await amendRepairProcess(q, String(row.id));
        return;
      }
      const caller = ctx();
      await numberRepair(q, String(row.id), caller.tenantId);
      await addStep(q, caller, String(row.id), 'report', null, REPAIR_STATUS.pending, null);
      // The park's staff the tenant's rule names hear of the new repair once it has committed (issue 34.1).
      await notifyStaff(platform, q, 'repair', String(row.id));
      // The tenant's repair process, when it has one, starts in the same transaction.
      const sent = await startRepairProcess(q, await actorOf(q), String(row.id), await companyOf(platform));
      if (sent.length) started.set(caller, sent);
    },
    async afterRemove({ q, ids }) {
      // Removing is the park's: a company account's rows stay (whatever its role holds).
      if ((await companyOf(platform)) !== null) throw forbidden(MSG.companyRemove);
      // The first wall (the table's trigger is the second), read after the update that holds the rows.
      const [kept] = await q.query(
        `select 1 from property_repair where id = any($1::bigint[])
            and (repair_status = any($2::int[]) or rating is not null) limit 1`,
        [ids, [REPAIR_STATUS.finished, REPAIR_STATUS.rated]],
      );
      if (kept) throw badRequest(REPAIR_KEPT);
    },
  };
}

/** The repair's number: BX, the day, and the day's serial in the tenant (taken under a lock, so none repeats). */
export async function numberRepair(q: Queryable, id: string, tenantId: string) {
  await q.query('select pg_advisory_xact_lock(hashtext($1))', [`property_repair_no:${tenantId}`]);
  await q.query(
    `with day as (select 'BX' || to_char(create_time, 'YYYYMMDD') as prefix from property_repair where id = $1)
     update property_repair set repair_no = day.prefix || lpad((
              select coalesce(max(right(repair_no, 4)::int), 0) + 1 from property_repair
               where tenant_id = $2 and repair_no like day.prefix || '____')::text, 4, '0')
       from day where id = $1`,
    [id, tenantId],
  );
}

/** A repair's steps, oldest first, with who took each and the user assigned. */
async function stepsOf(platform: Platform, tenantId: string, repairId: string) {
  return platform.db.scoped(tenantId, (q) =>
    q.query(
      `select s.id::text as id, s.action, s.from_status as "fromStatus", s.to_status as "toStatus", s.note,
              s.assignee::text as assignee, a.real_name as "assigneeName",
              s.create_user::text as "createUser", u.real_name as "createUserName", s.create_time as "createTime"
         from property_repair_step s
         left join blade_user u on u.id = s.create_user
         left join blade_user a on a.id = s.assignee
        where s.tenant_id = $1 and s.repair_id = $2 order by s.id`,
      [tenantId, repairId],
    ),
  );
}

/** An optional text of at most NOTE_MAX characters, trimmed; empty is null. */
function noteOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(MSG.tooLong);
  const s = String(value).trim();
  if (s.length > NOTE_MAX) throw badRequest(MSG.tooLong);
  return s || null;
}

/** The state's name in both languages, from its dictionary. */
async function stateName(platform: Platform, tenantId: string, status: number): Promise<Bilingual> {
  const entries = await dictionaryEntries(platform, 'system', 'property_repair_status', tenantId);
  const entry = entries.find((e) => String(e.dictKey) === String(status));
  return { zh: entry?.dictValue ?? String(status), en: entry?.dictValueEn ?? entry?.dictValue ?? String(status) };
}

function refusal(state: Bilingual, action: RepairAction): Bilingual {
  return {
    zh: `报修单当前为「${state.zh}」，不能${VERB[action].zh}`,
    en: `The repair is ${state.en.toLowerCase()} and you cannot ${VERB[action].en} now`,
  };
}

/**
 * Takes one step of a repair: the conditional update, its step row and the messages in one transaction; the
 * messages reach open tabs once it has committed. Answers the row as it now is.
 */
async function move(platform: Platform, resource: Resource, id: string, m: Move): Promise<Row> {
  const caller = ctx();
  const own = await companyOf(platform);
  if (m.actor === 'park' && own !== null) throw forbidden(MSG.companyPark);
  const sent: SentMessage[] = [];
  await platform.db.tx(caller.tenantId, async (q) => {
    if (!(await resource.visibleIds([id], q)).length) throw notFound(MSG.notFound);
    // A repair run by its process moves in the process; cancelling it ends the process. Its instance is locked
    // before the repair, in the order the process's own operations take them.
    const process = await runningProcess(q, id);
    if (process && m.action !== 'cancel') throw badRequest(inProcess(process.name));
    const instance = process ? await lockInstance(q, caller.tenantId, process.id) : undefined;
    // Locked first, so the step records the exact state it found.
    const [row] = await q.query<{ status: number; createUser: string; enterpriseId: string | null }>(
      `select repair_status as status, create_user::text as "createUser", enterprise_id::text as "enterpriseId"
         from property_repair where id = $1 for update`,
      [id],
    );
    const reporterSide = row.createUser === caller.userId || (own !== null && row.enterpriseId === own);
    if (m.actor === 'park') await requireButton(platform, caller, m.button!);
    else if (!reporterSide) {
      // Not the reporter's side: refused, unless park staff take the move for the park.
      if (m.actor === 'reporter' || own !== null) throw forbidden(MSG.notReporter);
      await requireButton(platform, caller, m.button!);
    }
    // The move itself: one statement, conditional on the state it leaves.
    const params: unknown[] = [id, m.from, m.to, caller.userId, ...(m.params ?? [])];
    const [moved] = await q.query<{ createUser: string; repairNo: string; location: string }>(
      `update property_repair
          set repair_status = $3, ${(m.sets ?? []).map((c) => `${c}, `).join('')}update_user = $4,
              update_time = localtimestamp(0)
        where id = $1 and is_deleted = 0 and repair_status = any($2::int[])
        returning create_user::text as "createUser", repair_no as "repairNo", location`,
      params,
    );
    if (!moved) throw badRequest(refusal(await stateName(platform, caller.tenantId, row.status), m.action));
    await addStep(q, caller, id, m.action, row.status, m.to, m.note ?? null, m.assignee ?? null);
    // The reporter hears of every step but their own; the assignee of the order given to them.
    if (moved.createUser !== caller.userId) {
      const message = repairStepMessage(m.action, moved, m.note ?? null);
      // Linked to the reporter's list: their open 报修管理 refreshes on it (issue 34.1).
      const link = linkTo(repair.route, { repairNo: moved.repairNo });
      sent.push(await send(q, caller, { ...message, type: ORDINARY, userIds: [moved.createUser], link }));
    }
    if (m.assignee && m.assignee !== caller.userId) {
      sent.push(
        await send(q, caller, {
          title: `您有新的工单：报修单${moved.repairNo}`.slice(0, 255),
          content: `报修单${moved.repairNo}（${moved.location}）已派给您处理${m.note ? `\n${m.note}` : ''}\n请在「工单管理」中查看。`,
          type: ORDINARY,
          userIds: [m.assignee],
          link: linkTo(workOrder.route, { repairNo: moved.repairNo }),
        }),
      );
    }
    if (instance?.status === 'running' || instance?.status === 'suspended') {
      // Cancelled: its process ends here (the repair, cancelled already, stays so when the process's hook runs).
      const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), await actorOf(q));
      await terminate(run, null, m.note ?? null, true);
      sent.push(...(await run.flush()));
    }
  });
  // Committed: the recipients' open tabs hear of it now.
  for (const message of sent) await announce(platform.push, caller.tenantId, message);
  return (await resource.detail(id)) as Row;
}

/** A park staff user of the tenant, active (not a company account): the one a work order is assigned to. */
async function checkAssignee(platform: Platform, value: unknown): Promise<string> {
  const id = String(value ?? '').trim();
  if (!id) throw badRequest(MSG.assignee);
  if (!isId(id)) throw badRequest(MSG.badAssignee);
  const { tenantId } = ctx();
  const [user] = await platform.db.scoped(tenantId, (q) =>
    q.query(
      `select 1 from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0 and status = 1
          and user_type <> 2`,
      [id, tenantId],
    ),
  );
  if (!user) throw badRequest(MSG.badAssignee);
  return id;
}

/** The rating: a whole number 1..5. */
function ratingOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 5) throw badRequest(MSG.rating);
  return n;
}

/** The list, page, detail (with the steps), submit, remove and export of one of the two screens' entities. */
function mountScreen(app: FastifyInstance, platform: Platform, resource: Resource, entity: EntityDef) {
  const base = `/api/${entity.api}`;
  const title = (action: string) => `${entity.label.zh}${action}`;
  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`${base}/page`, { config: { title: title('分页') } }, async (req) => ok(await resource.page(req.query)));
  app.get<Q>(`${base}/list`, { config: { title: title('列表') } }, async (req) => ok(await resource.page(req.query)));
  app.get<Q>(`${base}/detail`, { config: { title: title('详情') } }, async (req) => {
    const id = oneId(req.query.id, 'id');
    const row = await resource.detail(id);
    if (!row) throw notFound(MSG.notFound);
    // processInstanceId is the row's own (the instance it runs through, or null).
    return ok({ ...row, steps: await stepsOf(platform, ctx().tenantId, id) });
  });
  app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: title('提交') } }, async (req) => {
    const body = objectBody(req.body);
    return ok(await report(platform, resource, body), body.id ? SAVED.updated : DONE.report);
  });
  app.post<Q>(`${base}/remove`, { config: { title: title('删除') } }, async (req) => {
    const ids = idsParam(req.query);
    return ok(true, removedMessage(await resource.remove(ids), new Set(ids).size));
  });
  app.get<Q>(`${base}/export`, { config: { title: title('导出') } }, async (req, reply: FastifyReply) => {
    const ids = req.query.ids === undefined ? undefined : idsParam({ ids: req.query.ids });
    const rows = await resource.list(
      req.query,
      EXPORT_LIMIT,
      ids && ((where) => where.and(`"id" = any(${where.param(ids)}::bigint[])`)),
    );
    return sendWorkbook(reply, platform, entity, rows);
  });
}

export function registerRepairs(app: FastifyInstance, platform: Platform): Repairs {
  const hooks = repairHooks(platform);
  const repairs = createResource(platform, repair, hooks);
  const orders = createResource(platform, workOrder, hooks);
  mountScreen(app, platform, repairs, repair);
  mountScreen(app, platform, orders, workOrder);

  type B = { Body: unknown };
  const R = `/api/${repair.api}`;
  const W = `/api/${workOrder.api}`;
  const idOf = (body: Record<string, unknown>) => oneId(body.id, 'id');
  const done = async (action: RepairAction, row: Promise<Row>) => ok(await row, DONE[action]);

  // The tenant's repair process a report starts (repair-process.ts): its newest active deployment of key `repair`.
  app.get(`${R}/deploymentList`, { config: { title: '报修流程列表' } }, async () => {
    const { tenantId } = ctx();
    return ok(await platform.db.scoped(tenantId, (q) => repairDeployments(q, tenantId)));
  });

  // The work order screen's save (spec part 7): a new report by park staff, as repair's submit.
  app.post<B>(`${W}/save`, { config: { title: '工单新增', button: 'work_order_add' } }, async (req) => {
    const body = objectBody(req.body);
    if (body.id) throw badRequest({ zh: '新增时不能指定编号', en: 'A new record cannot carry an id' });
    return ok(await report(platform, orders, body), DONE.report);
  });

  app.post<B>(`${W}/assign`, { config: { title: '工单派单' } }, async (req) => {
    const body = objectBody(req.body);
    const id = idOf(body);
    const assignee = await checkAssignee(platform, body.assignee);
    const note = noteOf(body.note);
    return done(
      'assign',
      move(platform, orders, id, {
        action: 'assign',
        from: [REPAIR_STATUS.pending],
        to: REPAIR_STATUS.assigned,
        actor: 'park',
        button: 'work_order_edit',
        sets: ['assignee = $5', 'assign_time = localtimestamp(0)'],
        params: [assignee],
        note,
        assignee,
      }),
    );
  });
  app.post<B>(`${W}/start`, { config: { title: '工单开始处理' } }, async (req) => {
    const body = objectBody(req.body);
    return done(
      'start',
      move(platform, orders, idOf(body), {
        action: 'start',
        from: [REPAIR_STATUS.assigned],
        to: REPAIR_STATUS.working,
        actor: 'park',
        button: 'work_order_edit',
        sets: ['start_time = localtimestamp(0)'],
        note: noteOf(body.note),
      }),
    );
  });
  app.post<B>(`${W}/finish`, { config: { title: '工单完成' } }, async (req) => {
    const body = objectBody(req.body);
    const id = idOf(body);
    const result = noteOf(body.result);
    if (!result) throw badRequest(MSG.result);
    return done(
      'finish',
      move(platform, orders, id, {
        action: 'finish',
        from: [REPAIR_STATUS.working],
        to: REPAIR_STATUS.finished,
        actor: 'park',
        button: 'work_order_edit',
        sets: ['result = $5', 'finish_time = localtimestamp(0)'],
        params: [result],
        note: result,
      }),
    );
  });
  app.post<B>(`${R}/rate`, { config: { title: '报修评价' } }, async (req) => {
    const body = objectBody(req.body);
    const id = idOf(body);
    const rating = ratingOf(body.rating);
    const comment = noteOf(body.ratingComment);
    return done(
      'rate',
      move(platform, repairs, id, {
        action: 'rate',
        from: [REPAIR_STATUS.finished],
        to: REPAIR_STATUS.rated,
        actor: 'reporter',
        sets: ['rating = $5', 'rating_comment = $6', 'rate_time = localtimestamp(0)'],
        params: [rating, comment],
        note: `${'★'.repeat(rating)}${comment ? ` ${comment}` : ''}`,
      }),
    );
  });
  // Cancelled before the work starts: by the reporter's side on 报修管理, or by the park on either screen.
  for (const [base, resource, button] of [
    [R, repairs, 'repair_edit'],
    [W, orders, 'work_order_edit'],
  ] as const) {
    app.post<B>(`${base}/cancel`, { config: { title: '报修取消' } }, async (req) => {
      const body = objectBody(req.body);
      return done(
        'cancel',
        move(platform, resource, idOf(body), {
          action: 'cancel',
          from: [REPAIR_STATUS.pending, REPAIR_STATUS.assigned],
          to: REPAIR_STATUS.cancelled,
          actor: 'either',
          button,
          note: noteOf(body.note),
        }),
      );
    });
  }
  return { repairs, orders };
}

/**
 * blade-crm/work-order/submit: a company account reports a fault for its own enterprise (or amends its report
 * while nobody has taken it up), through the repair's own save, so its checks, number and first step apply.
 * Mounted by the CRM module, where the blade-crm routes live.
 */
export function mountCrmWorkOrderSubmit(app: FastifyInstance, platform: Platform) {
  const repairs = createResource(platform, repair, repairHooks(platform));
  app.post<{ Body: unknown }>(
    '/api/blade-crm/work-order/submit',
    { config: { title: '企业报修提交' } },
    async (req) => {
      const body = objectBody(req.body);
      return ok(await report(platform, repairs, body), body.id ? SAVED.updated : DONE.report);
    },
  );
}

/** A report (or its amendment) saved; what its process stored for people is announced once it has committed. */
async function report(platform: Platform, resource: Resource, body: Record<string, unknown>): Promise<Row> {
  const caller = ctx();
  const row = await resource.save(body);
  const sent = started.get(caller) ?? [];
  started.delete(caller);
  for (const message of sent) await announce(platform.push, caller.tenantId, message);
  return row;
}
