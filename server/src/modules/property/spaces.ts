import {
  APPROVAL_STATUS,
  checkSpaceConfig,
  clockMinutes,
  type EntityDef,
  publicSpace,
  RESERVE_STATUS,
} from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx, isAdministrator } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { permissionsOf } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import {
  createResource,
  type EntityHooks,
  mountResource,
  mountSaveUpdate,
  objectBody,
  type Resource,
} from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { hasNul, isRealDateTime } from '../../resources/values.ts';
import { announce, send } from '../message/inbox.ts';
import { linkTo, notifyStaff } from '../message/notify-rules.ts';
import { ORDINARY } from '../message/outbox.ts';
import { oneId } from '../system/id-list.ts';
import { NO_ENTERPRISE, ownEnterprise } from '../user/company.ts';

/**
 * A reservation that holds its slot, as the no-overlap constraint counts it (migration 0196): live and neither
 * cancelled nor rejected (pending, approved, or needing no approval). For the queries that count bookings elsewhere.
 */
export const holdsSlot = (r: string) => `${r}.reserve_status = 1 and ${r}.approval_status <> 3`;

/**
 * 公共空间 (blade-property/public-space): the park's meeting rooms, halls and courts and their reservations.
 * Besides the generic calls and `save`: `PUT config` sets a space's opening hours, slot length and days ahead;
 * `POST reserve` books a span of whole slots of one day for the caller, or several (`slots`, any days, those that
 * meet joined) in one statement, all or none; `POST cancel-reserve` cancels one, in
 * one statement, by its owner (or the park's space staff, who hold public_space_edit); `GET reserveRecord`
 * pages a space's reservations over a date range. The rule that matters is the database's: the exclusion
 * constraint of property_space_reservation refuses a second live reservation of a space over an overlapping
 * time, whatever arrives at the same moment; the violation is answered as a 400 here.
 * A space that asks for approval (`needsApproval`, issue 34.5) makes its reservations 待审批: the staff the notify
 * rule names hear of them, and the park's space staff decide each once (`POST approve-reserve`: 已通过, or 已驳回
 * with a reason), in one statement that takes only a pending one; the booker is told. A pending or approved one
 * holds its slot; a rejected one frees it (the constraint leaves it out).
 * Company accounts read the enabled spaces, book and cancel their own, and see another enterprise's
 * reservations only as booked: no subject, no person, no enterprise.
 */
export const SPACE_MSG = {
  companyWrite: { zh: '企业账号不能修改公共空间', en: 'A company account cannot change public spaces' },
  space: { zh: '公共空间不存在', en: 'The public space does not exist' },
  disabled: { zh: '该公共空间未启用，不能预约', en: 'This public space is not open for booking' },
  date: { zh: '请选择正确的预约日期（yyyy-MM-dd）', en: 'Please give the date as yyyy-MM-dd' },
  startTime: { zh: '请选择正确的开始时间（HH:mm）', en: 'Please give the start time as HH:mm' },
  endTime: { zh: '请选择正确的结束时间（HH:mm）', en: 'Please give the end time as HH:mm' },
  order: { zh: '结束时间必须晚于开始时间', en: 'The end time must be after the start time' },
  subject: { zh: '请输入预约主题（最多100字）', en: 'Please enter the subject (100 characters at most)' },
  hours: {
    zh: '预约须在开放时间{open}-{close}内',
    en: 'A reservation must lie within the opening hours {open}-{close}',
  },
  slots: {
    zh: '预约须按{slot}分钟的时段（从{open}起）进行',
    en: 'A reservation must start and end on the {slot}-minute slots counted from {open}',
  },
  past: { zh: '不能预约已经过去的时间', en: 'A time in the past cannot be booked' },
  ahead: { zh: '最多只能提前{days}天预约', en: 'Bookings open at most {days} days ahead' },
  overlap: {
    zh: '该时段已被预约，请选择其他时段',
    en: 'This time is already booked: please pick another',
  },
  slotList: {
    zh: '请选择要预约的时段（一次最多{max}个）',
    en: 'Please pick the slots to book ({max} at most at once)',
  },
  slotRepeat: { zh: '所选时段有重复', en: 'The picked slots overlap each other' },
  noEnterprise: { zh: '该企业账号未关联企业，不能预约', en: 'This company account has no enterprise and cannot book' },
  reservation: { zh: '预约不存在', en: 'The reservation does not exist' },
  notOwner: { zh: '只能取消本人的预约', en: 'You can cancel only your own reservations' },
  alreadyCancelled: { zh: '该预约已取消', en: 'This reservation is already cancelled' },
  started: { zh: '预约已开始或已结束，不能取消', en: 'This reservation has started or ended and cannot be cancelled' },
  range: {
    zh: '请选择正确的日期范围（最长366天）',
    en: 'Please give a valid date range (366 days at most)',
  },
  status: { zh: '预约状态无效', en: 'The reservation status is not valid' },
  keyword: { zh: '关键字最多100字', en: 'The keyword holds 100 characters at most' },
  reserved: { zh: '预约成功', en: 'Booked' },
  requested: { zh: '预约已提交，待审批', en: 'Booked, waiting for approval' },
  decision: {
    zh: '请选择通过或驳回（approved 为 true 或 false）',
    en: 'Please say approved (true) or rejected (false)',
  },
  reason: { zh: '请输入驳回原因（最多255字）', en: 'Please give the reason for rejecting (255 characters at most)' },
  reasonLong: { zh: '审批意见最多255字', en: 'The note holds 255 characters at most' },
  notPending: { zh: '该预约不在待审批状态', en: 'This reservation is not waiting for approval' },
  decideStarted: {
    zh: '预约已开始或已结束，不能审批',
    en: 'This reservation has started or ended and cannot be decided',
  },
  approved: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  rejectedNoCancel: { zh: '该预约已被驳回', en: 'This reservation was rejected' },
  approval: { zh: '审批状态无效', en: 'The approval status is not valid' },
  cancelled: { zh: '取消成功', en: 'Cancelled' },
  configured: { zh: '配置成功', en: 'Config saved' },
  inUse: {
    zh: '该公共空间还有未开始的预约，请先取消后再删除',
    en: 'Reservations that have not started remain: cancel them before deleting the space',
  },
} as const;

const fill = (text: Bilingual, values: Record<string, string | number>): Bilingual => {
  const f = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
  return { zh: f(text.zh), en: f(text.en) };
};

/** The button of the park's space staff: edit spaces, set their config, cancel anyone's reservation. */
export const SPACE_MANAGER_BUTTON = 'public_space_edit';

/** A PostgreSQL exclusion violation (or a deadlock two overlapping inserts may meet): the time is taken. */
const isOverlap = (err: unknown) => ['23P01', '40P01'].includes(String((err as { code?: unknown })?.code ?? ''));

/** One text value of a query or body (a repeated query parameter is not one). */
function single(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return '\u0000';
  return String(value);
}

const isDate = (v: string | undefined): v is string =>
  v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDateTime(v);

/** Park staff who manage the spaces: the administrator or a holder of public_space_edit, never a company account. */
async function isSpaceManager(platform: Platform): Promise<boolean> {
  if ((await ownEnterprise(platform)) !== null) return false;
  const caller = ctx();
  if (isAdministrator(caller)) return true;
  return (await permissionsOf(platform, caller)).buttons.has(SPACE_MANAGER_BUTTON);
}

async function refuseCompany(platform: Platform) {
  if ((await ownEnterprise(platform)) !== null) throw forbidden(SPACE_MSG.companyWrite);
}

function spaceHooks(platform: Platform): EntityHooks {
  return {
    // A company account sees the spaces it may book: the enabled ones.
    async scope(where) {
      if ((await ownEnterprise(platform)) !== null) where.and('"enabled" = 1');
    },
    async beforeSave() {
      await refuseCompany(platform);
    },
    async afterRemove({ q, ids }) {
      const pending = await q.query(
        `select 1 from property_space_reservation where space_id = any($1::bigint[]) and reserve_status = $2
            and is_deleted = 0 and start_at > localtimestamp limit 1`,
        [ids, RESERVE_STATUS.booked],
      );
      if (pending.length) throw badRequest(SPACE_MSG.inUse);
    },
  };
}

/** A reservation as the calls answer it; another enterprise's shows only its time and state to a company account. */
const RESERVATION_COLUMNS = `r.id::text as id, r.space_id::text as "spaceId", s.space_name as "spaceName",
  r.reserve_date::text as "reserveDate", to_char(r.start_at, 'HH24:MI') as "startTime",
  case when r.end_at::date > r.reserve_date then '24:00' else to_char(r.end_at, 'HH24:MI') end as "endTime",
  r.reserve_status as "reserveStatus", r.approval_status as "approvalStatus", r.approval_reason as "approvalReason",
  r.subject, r.user_id::text as "userId",
  coalesce(nullif(u.real_name, ''), u.name, u.account) as "userName", r.enterprise_id::text as "enterpriseId",
  e.enterprise_name as "enterpriseName", to_char(r.create_time, 'YYYY-MM-DD HH24:MI:SS') as "createTime"`;
const RESERVATION_FROM = `from property_space_reservation r
  join property_public_space s on s.id = r.space_id
  left join blade_user u on u.id = r.user_id
  left join crm_enterprise e on e.id = r.enterprise_id`;

/** Who sees what of a reservation row: `mine`, whether it may be cancelled, and names only where allowed. */
function present(row: Row, me: string, own: string | null, manager: boolean): Row {
  const mine = row.userId === me;
  const startsLater = Boolean(row.startsLater);
  const { startsLater: _, ...rest } = row;
  const view = {
    ...rest,
    mine,
    cancellable:
      Number(row.reserveStatus) === RESERVE_STATUS.booked &&
      Number(row.approvalStatus) !== APPROVAL_STATUS.rejected &&
      startsLater &&
      (mine || manager),
    // 通过 / 驳回: a pending one not yet started, for the park's space staff.
    decidable:
      manager &&
      Number(row.reserveStatus) === RESERVE_STATUS.booked &&
      Number(row.approvalStatus) === APPROVAL_STATUS.pending &&
      startsLater,
  };
  // A tenant never sees another tenant's names: to a company account, another enterprise's slot is just booked.
  if (own !== null && row.enterpriseId !== own && !mine) {
    return {
      ...view,
      subject: null,
      userId: null,
      userName: null,
      enterpriseId: null,
      enterpriseName: null,
      approvalReason: null,
    };
  }
  return view;
}

/** The list of all reservations as its workbook names the columns (no entity of the catalog: rows of the server's). */
const RESERVATION_SHEET: EntityDef = {
  key: 'space_reservation',
  module: 'property',
  api: 'blade-property/public-space/reservations',
  route: '/property/public-space',
  table: 'property_space_reservation',
  label: { zh: '公共空间预约记录', en: 'Space reservations' },
  fields: [
    { name: 'spaceName', type: 'string', label: { zh: '公共空间', en: 'Space' } },
    { name: 'reserveDate', type: 'date', label: { zh: '预约日期', en: 'Date' } },
    { name: 'startTime', type: 'string', label: { zh: '开始时间', en: 'From' } },
    { name: 'endTime', type: 'string', label: { zh: '结束时间', en: 'To' } },
    { name: 'subject', type: 'string', label: { zh: '预约主题', en: 'Subject' } },
    { name: 'userName', type: 'string', label: { zh: '预约人', en: 'Booked by' } },
    { name: 'enterpriseName', type: 'string', label: { zh: '所属企业', en: 'Enterprise' } },
    {
      name: 'reserveStatus',
      type: 'int',
      label: { zh: '预约状态', en: 'Status' },
      dict: 'property_reserve_status',
    },
    {
      name: 'approvalStatus',
      type: 'int',
      label: { zh: '审批状态', en: 'Approval' },
      dict: 'property_approval_status',
    },
    { name: 'approvalReason', type: 'string', label: { zh: '审批意见', en: 'Approval note' } },
    { name: 'createTime', type: 'datetime', label: { zh: '预约时间', en: 'Booked at' } },
  ],
};

/** The most spans one booking holds. */
const MAX_SLOTS = 48;

/** A span of one day's clock, in minutes from its midnight. */
interface Span {
  date: string;
  start: number;
  end: number;
}

/** One span of the body (or of its `slots`), checked. */
function spanOf(value: unknown): Span {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(SPACE_MSG.date);
  const v = value as Record<string, unknown>;
  const date = single(v.reserveDate);
  if (!isDate(date)) throw badRequest(SPACE_MSG.date);
  const start = clockMinutes(single(v.startTime));
  if (start === undefined) throw badRequest(SPACE_MSG.startTime);
  const end = clockMinutes(single(v.endTime), true);
  if (end === undefined) throw badRequest(SPACE_MSG.endTime);
  if (end <= start) throw badRequest(SPACE_MSG.order);
  return { date, start, end };
}

/** The spans in order, those that meet joined into one (08:00-09:00 and 09:00-10:00: 08:00-10:00); a repeat refused. */
function joinSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => (a.date === b.date ? a.start - b.start : a.date < b.date ? -1 : 1));
  const joined: Span[] = [];
  for (const span of sorted) {
    const last = joined[joined.length - 1];
    if (last && last.date === span.date && span.start < last.end) throw badRequest(SPACE_MSG.slotRepeat);
    if (last && last.date === span.date && span.start === last.end) last.end = span.end;
    else joined.push({ ...span });
  }
  return joined;
}

export function registerSpaces(app: FastifyInstance, platform: Platform): Resource {
  const resource = createResource(platform, publicSpace, spaceHooks(platform));
  mountResource(app, resource);
  mountSaveUpdate(app, resource, ['save']);
  const base = `/api/${publicSpace.api}`;
  const title = (action: string) => `${publicSpace.label.zh}${action}`;
  type Q = { Querystring: Record<string, unknown> };

  /** The space `id` if the caller may read it (a company account: an enabled one), else 404. */
  async function visibleSpace(id: string) {
    const [found] = await resource.visibleIds([id]);
    if (!found) throw notFound(SPACE_MSG.space);
    return found;
  }

  // PUT config: the space's opening hours, slot length and days ahead, checked as a whole.
  app.put<{ Body: unknown; Querystring: Record<string, unknown> }>(
    `${base}/config`,
    { config: { title: title('配置'), button: SPACE_MANAGER_BUTTON } },
    async (req) => {
      await refuseCompany(platform);
      const body = objectBody(req.body);
      const id = oneId(single(body.id) ?? single(req.query.id), 'id');
      const checked = checkSpaceConfig(body);
      if ('problem' in checked) throw badRequest(checked.problem);
      await visibleSpace(id);
      const { config } = checked;
      const { tenantId, userId } = ctx();
      const [row] = await platform.db.tx(tenantId, (q) =>
        q.query(
          `update property_public_space
              set open_time = $2, close_time = $3, slot_minutes = $4, book_days = $5,
                  update_user = $6, update_time = localtimestamp(0)
            where id = $1 and tenant_id = $7 and is_deleted = 0
            returning id::text as id, open_time as "openTime", close_time as "closeTime",
                      slot_minutes as "slotMinutes", book_days as "bookDays"`,
          [id, config.openTime, config.closeTime, config.slotMinutes, config.bookDays, userId, tenantId],
        ),
      );
      if (!row) throw notFound(SPACE_MSG.space);
      return ok(row, SPACE_MSG.configured);
    },
  );

  // reserve: a span of whole slots of one day, for the caller (and a company account's enterprise).
  app.post<{ Body: unknown }>(`${base}/reserve`, { config: { title: title('预约') } }, async (req) => {
    const body = objectBody(req.body);
    const spaceId = oneId(single(body.spaceId), 'spaceId');
    // One span (the body's reserveDate, startTime, endTime) or several (`slots`), all booked or none.
    const several = body.slots !== undefined;
    if (several && (!Array.isArray(body.slots) || body.slots.length === 0 || body.slots.length > MAX_SLOTS)) {
      throw badRequest(fill(SPACE_MSG.slotList, { max: MAX_SLOTS }));
    }
    const spans = joinSpans((several ? (body.slots as unknown[]) : [body]).map(spanOf));
    const subject = typeof body.subject === 'string' ? body.subject.trim() : '';
    if (!subject || subject.length > 100 || hasNul(subject)) throw badRequest(SPACE_MSG.subject);

    const own = await ownEnterprise(platform);
    if (own === NO_ENTERPRISE) throw forbidden(SPACE_MSG.noEnterprise);
    await visibleSpace(spaceId);
    const { tenantId, userId, deptId } = ctx();
    const ids = spans.map(() => nextId());
    const id = ids[0];
    let needsApproval = false;
    try {
      await platform.db.tx(tenantId, async (q) => {
        const [space] = await q.query<{
          enabled: number;
          openTime: string;
          closeTime: string;
          slotMinutes: number;
          bookDays: number;
          needsApproval: number;
          past: boolean;
          tooFar: boolean;
        }>(
          `select enabled, needs_approval as "needsApproval", open_time as "openTime", close_time as "closeTime", slot_minutes as "slotMinutes",
                  book_days as "bookDays",
                  (select bool_or(t.d + make_interval(mins => t.s) <= localtimestamp)
                     from unnest($2::date[], $3::int[]) as t(d, s)) as past,
                  (select bool_or(t.d > current_date + book_days) from unnest($2::date[]) as t(d)) as "tooFar"
             from property_public_space where id = $1 and tenant_id = $4 and is_deleted = 0`,
          [spaceId, spans.map((x) => x.date), spans.map((x) => x.start), tenantId],
        );
        if (!space) throw notFound(SPACE_MSG.space);
        if (Number(space.enabled) !== 1) throw badRequest(SPACE_MSG.disabled);
        const open = clockMinutes(space.openTime)!;
        const close = clockMinutes(space.closeTime, true)!;
        const slot = Number(space.slotMinutes);
        for (const { start, end } of spans) {
          if (start < open || end > close) {
            throw badRequest(fill(SPACE_MSG.hours, { open: space.openTime, close: space.closeTime }));
          }
          if ((start - open) % slot !== 0 || (end - open) % slot !== 0) {
            throw badRequest(fill(SPACE_MSG.slots, { slot, open: space.openTime }));
          }
        }
        if (space.past) throw badRequest(SPACE_MSG.past);
        if (space.tooFar) throw badRequest(fill(SPACE_MSG.ahead, { days: space.bookDays }));
        needsApproval = Number(space.needsApproval) === 1;
        // One statement for every span: the constraint property_space_reservation_no_overlap is the rule, and
        // one span taken (by a booking committed or committing meanwhile) refuses the whole statement.
        await q.query(
          `insert into property_space_reservation
             (id, tenant_id, space_id, reserve_date, start_at, end_at, subject, user_id, enterprise_id,
              reserve_status, approval_status, create_user, create_dept, update_user)
           select t.id, $1, $2, t.d, t.d + make_interval(mins => t.s), t.d + make_interval(mins => t.e),
                  $3, $4, $5, $6, $12, $4, $7, $4
             from unnest($8::bigint[], $9::date[], $10::int[], $11::int[]) as t(id, d, s, e)`,
          [
            tenantId,
            spaceId,
            subject,
            userId,
            own,
            RESERVE_STATUS.booked,
            deptId || null,
            ids,
            spans.map((x) => x.date),
            spans.map((x) => x.start),
            spans.map((x) => x.end),
            needsApproval ? APPROVAL_STATUS.pending : APPROVAL_STATUS.none,
          ],
        );
        // A reservation waiting for approval: the staff the tenant's rule names hear of it once it has committed
        // (issue 34.1); one the space confirms at once asks nobody for anything.
        if (needsApproval) await notifyStaff(platform, q, 'space_reserve', id);
      });
    } catch (err) {
      if (isOverlap(err)) throw badRequest(SPACE_MSG.overlap);
      throw err;
    }
    const rows = await reservations(`r.id = any($1::bigint[])`, [ids], 'order by r.start_at', ids.length, 0);
    const booked = rows.map(({ __total, ...r }) => r);
    return ok(several ? booked : booked[0], needsApproval ? SPACE_MSG.requested : SPACE_MSG.reserved);
  });

  // cancel-reserve: one statement that cancels a booked reservation not yet started, if the caller may.
  app.post<{ Body: unknown; Querystring: Record<string, unknown> }>(
    `${base}/cancel-reserve`,
    { config: { title: title('取消预约') } },
    async (req) => {
      const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).id : undefined;
      const id = oneId(single(req.query.id) ?? single(fromBody), 'id');
      const { tenantId, userId } = ctx();
      const manager = await isSpaceManager(platform);
      const done = await platform.db.tx(tenantId, async (q) => {
        const cancelled = await q.query(
          `update property_space_reservation
              set reserve_status = $3, cancel_user = $4, cancel_time = localtimestamp(0),
                  update_user = $4, update_time = localtimestamp(0)
            where id = $1 and tenant_id = $2 and is_deleted = 0 and reserve_status = $5
              and approval_status <> $7 and start_at > localtimestamp and (user_id = $4 or $6::boolean)
            returning id`,
          [id, tenantId, RESERVE_STATUS.cancelled, userId, RESERVE_STATUS.booked, manager, APPROVAL_STATUS.rejected],
        );
        if (cancelled.length) return true;
        // Why not, said in the caller's terms: someone else's is not theirs to know more of.
        const [found] = await q.query<{
          userId: string;
          enterpriseId: string | null;
          status: number;
          approval: number;
          started: boolean;
        }>(
          `select user_id::text as "userId", enterprise_id::text as "enterpriseId", reserve_status as status,
                  approval_status as approval, start_at <= localtimestamp as started
             from property_space_reservation where id = $1 and tenant_id = $2 and is_deleted = 0`,
          [id, tenantId],
        );
        if (!found) throw notFound(SPACE_MSG.reservation);
        if (found.userId !== userId && !manager) throw forbidden(SPACE_MSG.notOwner);
        if (Number(found.status) === RESERVE_STATUS.cancelled) throw badRequest(SPACE_MSG.alreadyCancelled);
        if (Number(found.approval) === APPROVAL_STATUS.rejected) throw badRequest(SPACE_MSG.rejectedNoCancel);
        if (found.started) throw badRequest(SPACE_MSG.started);
        // Nothing else stops it (it changed meanwhile): the caller may try again.
        throw badRequest(SPACE_MSG.alreadyCancelled);
      });
      return ok(done, SPACE_MSG.cancelled);
    },
  );

  // approve-reserve: the park's space staff decide a pending reservation once, before it starts: approved, or
  // rejected with a reason (which frees its slot). One conditional statement: of decisions arriving at once, one
  // lands and the others find it decided. The booker is told.
  app.post<{ Body: unknown }>(
    `${base}/approve-reserve`,
    { config: { title: title('预约审批'), button: SPACE_MANAGER_BUTTON } },
    async (req) => {
      await refuseCompany(platform);
      const body = objectBody(req.body);
      const id = oneId(single(body.id), 'id');
      const approved =
        body.approved === true || body.approved === 1 || body.approved === 'true' || body.approved === '1';
      const rejected =
        body.approved === false || body.approved === 0 || body.approved === 'false' || body.approved === '0';
      if (!approved && !rejected) throw badRequest(SPACE_MSG.decision);
      if (body.reason !== undefined && body.reason !== null && typeof body.reason !== 'string') {
        throw badRequest(rejected ? SPACE_MSG.reason : SPACE_MSG.reasonLong);
      }
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (reason.length > 255 || hasNul(reason)) throw badRequest(rejected ? SPACE_MSG.reason : SPACE_MSG.reasonLong);
      if (rejected && !reason) throw badRequest(SPACE_MSG.reason);
      const caller = ctx();
      const { tenantId, userId } = caller;
      const sent = await platform.db.tx(tenantId, async (q) => {
        const [done] = await q.query<{
          userId: string;
          space: string;
          day: string;
          start: string;
          end: string;
          subject: string;
        }>(
          `update property_space_reservation r
              set approval_status = $3, approval_reason = $4, approve_user = $5, approve_time = localtimestamp(0),
                  update_user = $5, update_time = localtimestamp(0)
             from property_public_space s
            where r.id = $1 and r.tenant_id = $2 and r.is_deleted = 0 and r.reserve_status = $6
              and r.approval_status = $7 and r.start_at > localtimestamp and s.id = r.space_id
            returning r.user_id::text as "userId", s.space_name as space, to_char(r.reserve_date, 'YYYY-MM-DD') as day,
                      to_char(r.start_at, 'HH24:MI') as start,
                      case when r.end_at::date > r.reserve_date then '24:00' else to_char(r.end_at, 'HH24:MI') end as "end",
                      r.subject`,
          [
            id,
            tenantId,
            approved ? APPROVAL_STATUS.approved : APPROVAL_STATUS.rejected,
            reason || null,
            userId,
            RESERVE_STATUS.booked,
            APPROVAL_STATUS.pending,
          ],
        );
        if (!done) {
          // Why not: gone, no longer pending (decided, cancelled), or started.
          const [found] = await q.query<{ pending: boolean; started: boolean }>(
            `select reserve_status = $3 and approval_status = $4 as pending, start_at <= localtimestamp as started
               from property_space_reservation where id = $1 and tenant_id = $2 and is_deleted = 0`,
            [id, tenantId, RESERVE_STATUS.booked, APPROVAL_STATUS.pending],
          );
          if (!found) throw notFound(SPACE_MSG.reservation);
          if (found.pending && found.started) throw badRequest(SPACE_MSG.decideStarted);
          throw badRequest(SPACE_MSG.notPending);
        }
        if (done.userId === userId) return undefined;
        const when = `${done.space} ${done.day} ${done.start}-${done.end}`;
        return send(q, caller, {
          title: `预约${approved ? '已通过' : '已驳回'}：${when}`.slice(0, 255),
          content: `${when}：${done.subject}${approved ? '' : `\n驳回原因：${reason}`}`,
          type: ORDINARY,
          userIds: [done.userId],
          link: linkTo('/property/public-space', { spaceName: done.space }),
        });
      });
      if (sent) {
        await announce(platform.push, tenantId, sent).catch((err) =>
          console.error('A reservation decision could not be pushed: %s', err),
        );
      }
      return ok(true, approved ? SPACE_MSG.approved : SPACE_MSG.rejected);
    },
  );

  /** Reservations matching `condition` (over the alias r), as the caller may see them. */
  async function reservations(condition: string, params: unknown[], order: string, limit: number, offset: number) {
    const { tenantId, userId } = ctx();
    const own = await ownEnterprise(platform);
    const manager = await isSpaceManager(platform);
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select ${RESERVATION_COLUMNS}, r.start_at > localtimestamp as "startsLater", count(*) over () as "__total"
           ${RESERVATION_FROM}
          where r.tenant_id = $${params.length + 1} and r.is_deleted = 0 and ${condition}
          ${order} limit ${limit} offset ${offset}`,
        [...params, tenantId],
      ),
    );
    return rows.map(({ __total, ...r }) => Object.assign(present(r, userId, own, manager), { __total }));
  }

  // reserveRecord: a space's reservations over a date range (default: this day and the six after), paged.
  app.get<Q>(`${base}/reserveRecord`, { config: { title: title('预约记录') } }, async (req) => {
    const spaceId = oneId(single(req.query.spaceId), 'spaceId');
    const from = single(req.query.startDate);
    const to = single(req.query.endDate);
    if ((from !== undefined && !isDate(from)) || (to !== undefined && !isDate(to))) throw badRequest(SPACE_MSG.range);
    const statusText = single(req.query.reserveStatus);
    const status = statusText === undefined ? undefined : Number(statusText);
    if (status !== undefined && status !== RESERVE_STATUS.booked && status !== RESERVE_STATUS.cancelled) {
      throw badRequest({ zh: '预约状态无效', en: 'The reservation status is not valid' });
    }
    const { current, size } = paging(req.query);
    await visibleSpace(spaceId);
    const own = await ownEnterprise(platform);
    const [range] = await platform.db.scoped(ctx().tenantId, (q) =>
      q.query<{ from: string; to: string; ok: boolean }>(
        `select coalesce($1::date, current_date)::text as from,
                coalesce($2::date, coalesce($1::date, current_date) + 6)::text as to,
                coalesce($2::date, coalesce($1::date, current_date) + 6) - coalesce($1::date, current_date) between 0 and 366 as ok`,
        [from ?? null, to ?? null],
      ),
    );
    if (!range.ok) throw badRequest(SPACE_MSG.range);
    const params: unknown[] = [spaceId, range.from, range.to];
    let condition = 'r.space_id = $1 and r.reserve_date between $2::date and $3::date';
    if (status !== undefined) {
      params.push(status);
      condition += ` and r.reserve_status = $${params.length}`;
    }
    // Another enterprise's cancelled or rejected reservations are none of a company's business.
    if (own !== null) {
      params.push(ctx().userId, RESERVE_STATUS.booked, own, APPROVAL_STATUS.rejected);
      const n = params.length;
      condition += ` and (r.user_id = $${n - 3} or r.reserve_status = $${n - 2} and r.approval_status <> $${n}
                          or r.enterprise_id = $${n - 1})`;
    }
    const rows = await reservations(condition, params, 'order by r.start_at, r.id', size, (current - 1) * size);
    const total = rows.length ? Number(rows[0].__total) : 0;
    const records = rows.map(({ __total, ...r }) => r);
    if (!rows.length && current > 1) {
      // Past the last page: the total still counts.
      const [{ n }] = await platform.db.scoped(ctx().tenantId, (q) =>
        q.query<{ n: string }>(
          `select count(*)::text as n from property_space_reservation r
            where r.tenant_id = $${params.length + 1} and r.is_deleted = 0 and ${condition}`,
          [...params, ctx().tenantId],
        ),
      );
      return ok({ records, total: Number(n), size, current, pages: Math.ceil(Number(n) / size) });
    }
    return ok({ records, total, size, current, pages: Math.ceil(total / size) });
  });

  /**
   * The filters of the list of all reservations: a space, a state, a date range (either end open) and a keyword
   * over the subject, the space, the person and the enterprise.
   */
  function allReservationsWhere(query: Record<string, unknown>) {
    const params: unknown[] = [];
    const parts: string[] = ['true'];
    const add = (value: unknown, sql: (n: string) => string) => {
      params.push(value);
      parts.push(sql(`$${params.length}`));
    };
    const spaceText = single(query.spaceId);
    if (spaceText !== undefined) add(oneId(spaceText, 'spaceId'), (n) => `r.space_id = ${n}`);
    const statusText = single(query.reserveStatus);
    if (statusText !== undefined) {
      const status = Number(statusText);
      if (status !== RESERVE_STATUS.booked && status !== RESERVE_STATUS.cancelled) throw badRequest(SPACE_MSG.status);
      add(status, (n) => `r.reserve_status = ${n}`);
    }
    const approvalText = single(query.approvalStatus);
    if (approvalText !== undefined) {
      const approval = Number(approvalText);
      if (!Object.values(APPROVAL_STATUS).includes(approval as 0)) throw badRequest(SPACE_MSG.approval);
      add(approval, (n) => `r.approval_status = ${n}`);
    }
    const from = single(query.startDate);
    const to = single(query.endDate);
    if ((from !== undefined && !isDate(from)) || (to !== undefined && !isDate(to))) throw badRequest(SPACE_MSG.range);
    if (from !== undefined) add(from, (n) => `r.reserve_date >= ${n}::date`);
    if (to !== undefined) add(to, (n) => `r.reserve_date <= ${n}::date`);
    const keyword = single(query.keyword);
    if (keyword !== undefined) {
      if (keyword.length > 100 || hasNul(keyword)) throw badRequest(SPACE_MSG.keyword);
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      add(
        like,
        (n) => `(r.subject ilike ${n} or s.space_name ilike ${n} or e.enterprise_name ilike ${n}
                 or coalesce(nullif(u.real_name, ''), u.name, u.account) ilike ${n})`,
      );
    }
    return { condition: parts.join(' and '), params };
  }

  // reservations: every space's reservations, newest first, searched and paged (the park's staff; a company
  // account reads its own in the calendar and calls none of this, platform/company-fence.ts).
  app.get<Q>(`${base}/reservations`, { config: { title: title('预约列表') } }, async (req) => {
    const { condition, params } = allReservationsWhere(req.query);
    const { current, size } = paging(req.query);
    const rows = await reservations(
      condition,
      params,
      'order by r.start_at desc, r.id desc',
      size,
      (current - 1) * size,
    );
    let total = rows.length ? Number(rows[0].__total) : 0;
    if (!rows.length && current > 1) {
      const [{ n }] = await platform.db.scoped(ctx().tenantId, (q) =>
        q.query<{ n: string }>(
          `select count(*)::text as n ${RESERVATION_FROM}
            where r.tenant_id = $${params.length + 1} and r.is_deleted = 0 and ${condition}`,
          [...params, ctx().tenantId],
        ),
      );
      total = Number(n);
    }
    const records = rows.map(({ __total, ...r }) => r);
    return ok({ records, total, size, current, pages: Math.ceil(total / size) });
  });

  // The same list as a workbook, the filters applied, up to the export limit.
  app.get<Q>(`${base}/reservations/export`, { config: { title: title('预约导出') } }, async (req, reply) => {
    const { condition, params } = allReservationsWhere(req.query);
    const rows = await reservations(condition, params, 'order by r.start_at desc, r.id desc', EXPORT_LIMIT, 0);
    return sendWorkbook(
      reply,
      platform,
      RESERVATION_SHEET,
      rows.map(({ __total, ...r }) => r),
    );
  });

  return resource;
}
