import { BOOKER_TYPES, ORDER_MEAL_KEPT, ORDER_MEAL_STATUS, orderMeal, type WeekMeal } from '@park/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ctx, isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import { permissionsOf } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  idsParam,
  objectBody,
  pickedRows,
  type Resource,
  removedMessage,
  requireButton,
} from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { writeValues } from '../../resources/validate.ts';
import { isRealDateTime } from '../../resources/values.ts';
import { ownEnterprise } from '../user/company.ts';
import { sendStatisticsWorkbook } from './statistics-export.ts';

/**
 * Meal orders (blade-dhm/order-meal): booking (submit), cancel, write-off (verification) and
 * statistics, each one transaction whose rule holds whatever the client sends and however many ask at once:
 * - a booking locks its meal's row first (select ... for update), so the bookings of one meal queue
 *   there, and the portions it counts after the lock are every committed one: the daily limit is never
 *   passed. The partial unique index dhm_order_meal_once keeps one live order per person, meal and day.
 * - cancel and write-off lock the order's row and change it only from booked, so of two at once one
 *   wins and the other is told why not.
 * The canteen (the administrator, or whoever holds 核销 order_meal_verification) sees and acts on every
 * order; anyone else, a company account always, sees, books and cancels their own.
 * A written-off order is the record of a meal served (issue 34.2): never removed, here and by migration 0172's
 * trigger; a batch holding one removes nothing.
 */
const { booked, writtenOff, cancelled } = ORDER_MEAL_STATUS;

export const CANTEEN_BUTTON = 'order_meal_verification';
export const STATISTICS_BUTTON = 'order_meal_statistics';

const fill = (text: Bilingual, values: Record<string, string | number>): Bilingual => {
  const f = (s: string) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
  return { zh: f(text.zh), en: f(text.en) };
};

export const ORDER_MSG = {
  meal: { zh: '套餐不存在或已删除', en: 'The meal does not exist or was deleted' },
  mealOff: { zh: '该套餐已下架，不能预订', en: 'This meal is off sale and cannot be booked' },
  notServed: { zh: '该套餐在{date}不供应', en: 'This meal is not served on {date}' },
  noConfig: {
    zh: '该餐别尚未配置订餐规则，暂不能预订',
    en: 'Booking for this meal category is not set up yet',
  },
  pastDay: { zh: '不能预订已过去的日期', en: 'A meal of a past day cannot be booked' },
  notOpen: {
    zh: '该餐别只能在用餐当天预订',
    en: 'This meal category can be booked only on the day of the meal',
  },
  closed: {
    zh: '已过订餐截止时间（{deadline}），不能预订',
    en: 'Booking closed at {deadline}',
  },
  notForYou: {
    zh: '您不在该餐别的可订餐人员范围内',
    en: 'You are not among those who may book this meal category',
  },
  booker: { zh: '订餐人不存在', en: 'The person to book for does not exist' },
  forOthers: { zh: '只有食堂人员可以为他人订餐', en: 'Only the canteen may book for someone else' },
  twice: { zh: '已预订过{date}的该套餐，不能重复预订', en: 'This meal of {date} is already booked by this person' },
  soldOut: {
    zh: '该套餐{date}的份数已订完（每日限量{limit}份）',
    en: 'This meal is sold out for {date} ({limit} portions a day)',
  },
  noUpdate: {
    zh: '订单不能修改，请取消后重新预订',
    en: 'An order cannot be changed: cancel it and book again',
  },
  notOwner: { zh: '只能取消本人的订单', en: 'You can cancel only your own orders' },
  cancelWrittenOff: { zh: '该订单已核销，不能取消', en: 'This order was written off and cannot be cancelled' },
  alreadyCancelled: { zh: '该订单已取消', en: 'This order is already cancelled' },
  cancelClosed: {
    zh: '已过取消截止时间（{deadline}），不能取消',
    en: 'Cancelling closed at {deadline}',
  },
  alreadyWrittenOff: { zh: '该订单已核销，不能重复核销', en: 'This order is already written off' },
  verifyCancelled: { zh: '该订单已取消，不能核销', en: 'This order is cancelled and cannot be written off' },
  notToday: {
    zh: '只能在用餐当天核销（用餐日期{date}）',
    en: 'An order can be written off only on its meal day ({date})',
  },
  cancelled: { zh: '取消成功', en: 'Cancelled' },
  verified: { zh: '核销成功', en: 'Written off' },
  booked: { zh: '预订成功', en: 'Booked' },
  range: { zh: '统计的日期范围无效（最长366天）', en: 'The date range is not valid (366 days at most)' },
} as const;

/**
 * Whether the caller is the canteen: the administrator, or a holder of 核销. A company account never is,
 * whatever its role was given: it books, sees and cancels its own orders only (company-fence.ts lets it
 * reach no more than that).
 */
export async function isCanteen(platform: Platform, caller: RequestContext): Promise<boolean> {
  if ((await ownEnterprise(platform)) !== null) return false;
  if (isAdministrator(caller)) return true;
  return (await permissionsOf(platform, caller)).buttons.has(CANTEEN_BUTTON);
}

/**
 * The last moment of a category's booking window for a meal day, as SQL over `date` and the config's
 * alias `c`: the cut-off time on the meal day less mealConfigDate days (-1, no advance needed: the meal day).
 */
const DEADLINE = (date: string) => `((${date})::date - greatest(c.meal_config_date, 0)) + c.deadline_time::time`;

interface LockedMeal {
  id: string;
  status: number;
  price: string;
  categoryMealId: string;
  dailyLimit: number | null;
  served: boolean;
  configDate: number | null;
  bookerTypes: string | null;
  past: boolean;
  notOpen: boolean;
  closed: boolean;
  deadline: string | null;
  taken: number;
}

/** Books `mealId` on `mealDate` for `userId`, inside `q`'s transaction; throws the rule a booking breaks. */
async function book(q: Queryable, caller: RequestContext, body: Record<string, unknown>, canteen: boolean) {
  const tenantId = caller.tenantId;
  const values = Object.fromEntries([...writeValues(modelFor(), body, true)].map(([col, v]) => [col.name, v]));
  const mealId = String(values.mealId);
  const mealDate = String(values.mealDate);

  let userId = caller.userId;
  if (body.userId !== undefined && body.userId !== null && body.userId !== '' && String(body.userId) !== userId) {
    if (!canteen) throw forbidden(ORDER_MSG.forOthers);
    if (!isId(String(body.userId))) throw badRequest(ORDER_MSG.booker);
    userId = String(body.userId);
  }
  const [booker] = await q.query<{ userType: number; enterpriseId: string | null }>(
    `select user_type as "userType", enterprise_id::text as "enterpriseId" from blade_user
      where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [userId, tenantId],
  );
  if (!booker) throw badRequest(ORDER_MSG.booker);

  // The meal's row lock: every booking of this meal waits here for the one before it to commit.
  const locked = await q.query<{ id: string }>(
    'select id::text as id from dhm_meal where id = $1 and tenant_id = $2 and is_deleted = 0 for update',
    [mealId, tenantId],
  );
  if (!locked.length) throw badRequest(ORDER_MSG.meal);
  // Read after the lock (a statement of its own): it sees every booking committed before it.
  const [m] = await q.query<LockedMeal & Row>(
    `select m.status, m.price::text as price, m.category_meal_id::text as "categoryMealId",
            m.daily_limit as "dailyLimit",
            (',' || m.serve_days || ',') like '%,' || extract(isodow from $2::date)::int || ',%' as served,
            c.meal_config_date as "configDate", c.booker_types as "bookerTypes",
            $2::date < current_date as past,
            coalesce(c.meal_config_date = 0 and localtimestamp(0) < $2::date::timestamp, false) as "notOpen",
            coalesce(localtimestamp(0) > ${DEADLINE('$2')}, false) as closed,
            to_char(${DEADLINE('$2')}, 'YYYY-MM-DD HH24:MI') as deadline,
            (select count(*) from dhm_order_meal o
              where o.tenant_id = m.tenant_id and o.meal_id = m.id and o.meal_date = $2::date
                and o.is_deleted = 0 and o.order_meal_status <> ${cancelled})::int as taken
       from dhm_meal m
       left join dhm_meal_config c
         on c.tenant_id = m.tenant_id and c.category_meal_id = m.category_meal_id and c.is_deleted = 0
      where m.id = $1`,
    [mealId, mealDate],
  );
  const date = { date: mealDate };
  if (m.status !== 1) throw badRequest(ORDER_MSG.mealOff);
  if (!m.served) throw badRequest(fill(ORDER_MSG.notServed, date));
  if (m.configDate === null) throw badRequest(ORDER_MSG.noConfig);
  if (m.past) throw badRequest(ORDER_MSG.pastDay);
  if (m.notOpen) throw badRequest(ORDER_MSG.notOpen);
  if (m.closed) throw badRequest(fill(ORDER_MSG.closed, { deadline: m.deadline ?? '' }));
  const bookerType = booker.userType === 2 ? BOOKER_TYPES.company : BOOKER_TYPES.park;
  if (
    !String(m.bookerTypes ?? '')
      .split(',')
      .includes(String(bookerType))
  )
    throw badRequest(ORDER_MSG.notForYou);

  const [twice] = await q.query(
    `select 1 from dhm_order_meal where tenant_id = $1 and user_id = $2 and meal_id = $3 and meal_date = $4::date
        and is_deleted = 0 and order_meal_status <> ${cancelled}`,
    [tenantId, userId, mealId, mealDate],
  );
  if (twice) throw badRequest(fill(ORDER_MSG.twice, date));
  if (m.dailyLimit !== null && m.taken >= m.dailyLimit) {
    throw badRequest(fill(ORDER_MSG.soldOut, { ...date, limit: m.dailyLimit }));
  }

  const id = nextId();
  await q.query(
    `insert into dhm_order_meal (id, tenant_id, order_no, meal_id, category_meal_id, meal_date, user_id, enterprise_id,
                                 price, order_meal_status, remark, create_user, create_dept, update_user)
     values ($1, $2, $3, $4, $5, $6::date, $7, $8, $9::numeric, ${booked}, $10, $11, $12, $11)`,
    [
      id,
      tenantId,
      `DC${id}`,
      mealId,
      m.categoryMealId,
      mealDate,
      userId,
      booker.enterpriseId,
      m.price,
      values.remark ?? null,
      caller.userId,
      caller.deptId || null,
    ],
  );
  return id;
}

let orderModel: Resource['model'] | undefined;
const modelFor = () => orderModel!;

interface LockedOrder {
  id: string;
  userId: string;
  status: number;
  mealDate: string;
  today: boolean;
  closed: boolean;
  deadline: string | null;
}

/** The order's row, locked for the rest of the transaction, with its day and cancel deadline; 404 when not there. */
async function lockOrder(q: Queryable, id: string, tenantId: string): Promise<LockedOrder> {
  const locked = await q.query<{ id: string }>(
    'select id::text as id from dhm_order_meal where id = $1 and tenant_id = $2 and is_deleted = 0 for update',
    [id, tenantId],
  );
  if (!locked.length) throw notFound();
  const [o] = await q.query<LockedOrder & Row>(
    `select o.id::text as id, o.user_id::text as "userId", o.order_meal_status as status,
            to_char(o.meal_date, 'YYYY-MM-DD') as "mealDate", o.meal_date = current_date as today,
            coalesce(localtimestamp(0) > ${DEADLINE('o.meal_date')}, localtimestamp(0) >= o.meal_date + 1) as closed,
            to_char(coalesce(${DEADLINE('o.meal_date')}, (o.meal_date + 1)::timestamp), 'YYYY-MM-DD HH24:MI') as deadline
       from dhm_order_meal o
       left join dhm_meal_config c
         on c.tenant_id = o.tenant_id and c.category_meal_id = o.category_meal_id and c.is_deleted = 0
      where o.id = $1`,
    [id],
  );
  return o;
}

function orderId(query: Record<string, unknown>): string {
  const id = String(query.id ?? '').trim();
  if (!id) throw badRequest({ zh: '请选择订单', en: 'Please choose the order' });
  if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
  return id;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd that is a real day (not 2024-02-30): the database would refuse it only after the work began. */
const isDay = (s: string) => DATE_SHAPE.test(s) && isRealDateTime(s);

export function registerOrders(app: FastifyInstance, platform: Platform): Resource {
  const orders = createResource(platform, orderMeal, {
    // Anyone but the canteen reads their own orders only.
    async scope(where, caller) {
      if (!(await isCanteen(platform, caller))) where.and(`"user_id" = ${where.param(caller.userId)}`);
    },
    // The first wall (the table's trigger is the second), read after the update that holds the rows.
    async afterRemove({ q, ids }) {
      const [kept] = await q.query(
        `select 1 from dhm_order_meal where id = any($1::bigint[]) and order_meal_status = ${writtenOff} limit 1`,
        [ids],
      );
      if (kept) throw badRequest(ORDER_MEAL_KEPT);
    },
  });
  orderModel = orders.model;
  const base = `/api/${orderMeal.api}`;
  type Q = { Querystring: Record<string, unknown> };
  const title = (action: string) => `${orderMeal.label.zh}${action}`;

  app.get<Q>(`${base}/page`, { config: { title: title('分页') } }, async (req) => ok(await orders.page(req.query)));
  // `list` answers the same page as `page` (CONTRACT.md "Lists and paging").
  app.get<Q>(`${base}/list`, { config: { title: title('列表') } }, async (req) => ok(await orders.page(req.query)));
  app.get<Q>(`${base}/detail`, { config: { title: title('详情') } }, async (req) => {
    const row = await orders.detail(orderId(req.query));
    if (!row) throw notFound();
    return ok(row);
  });
  app.get<Q>(`${base}/export`, { config: { title: title('导出') } }, async (req, reply: FastifyReply) =>
    sendWorkbook(reply, platform, orderMeal, await orders.list(req.query, EXPORT_LIMIT, pickedRows(req.query))),
  );
  app.post<Q>(`${base}/remove`, { config: { title: title('删除') } }, async (req) => {
    const ids = idsParam(req.query);
    return ok(true, removedMessage(await orders.remove(ids), new Set(ids).size));
  });

  // Book: a new order for the caller (or, by the canteen, for `userId`); an order is never edited.
  app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: title('预订') } }, async (req) => {
    const body = objectBody(req.body);
    if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest(ORDER_MSG.noUpdate);
    const caller = ctx();
    await requireButton(platform, caller, 'order_meal_add');
    const canteen = await isCanteen(platform, caller);
    const id = await platform.db.tx(caller.tenantId, (q) => book(q, caller, body, canteen));
    return ok(await orders.detail(id), ORDER_MSG.booked);
  });

  app.post<Q>(`${base}/cancel`, { config: { title: title('取消') } }, async (req) => {
    const id = orderId(req.query);
    const caller = ctx();
    const canteen = await isCanteen(platform, caller);
    await platform.db.tx(caller.tenantId, async (q) => {
      const o = await lockOrder(q, id, caller.tenantId);
      if (o.userId !== caller.userId && !canteen) {
        // Another's order is not even there for a caller who may not read it.
        throw notFound();
      }
      if (o.status === writtenOff) throw badRequest(ORDER_MSG.cancelWrittenOff);
      if (o.status === cancelled) throw badRequest(ORDER_MSG.alreadyCancelled);
      if (o.closed) throw badRequest(fill(ORDER_MSG.cancelClosed, { deadline: o.deadline ?? '' }));
      await q.query(
        `update dhm_order_meal set order_meal_status = ${cancelled}, cancel_time = localtimestamp(0), cancel_user = $2,
                update_user = $2, update_time = localtimestamp(0)
          where id = $1 and order_meal_status = ${booked}`,
        [id, caller.userId],
      );
    });
    return ok(await orders.detail(id), ORDER_MSG.cancelled);
  });

  app.post<Q>(`${base}/verification`, { config: { title: title('核销'), button: CANTEEN_BUTTON } }, async (req) => {
    const id = orderId(req.query);
    const caller = ctx();
    await platform.db.tx(caller.tenantId, async (q) => {
      const o = await lockOrder(q, id, caller.tenantId);
      if (o.status === writtenOff) throw badRequest(ORDER_MSG.alreadyWrittenOff);
      if (o.status === cancelled) throw badRequest(ORDER_MSG.verifyCancelled);
      if (!o.today) throw badRequest(fill(ORDER_MSG.notToday, { date: o.mealDate }));
      await q.query(
        `update dhm_order_meal set order_meal_status = ${writtenOff}, verification_time = localtimestamp(0),
                  verification_user = $2, update_user = $2, update_time = localtimestamp(0)
            where id = $1 and order_meal_status = ${booked}`,
        [id, caller.userId],
      );
    });
    return ok(await orders.detail(id), ORDER_MSG.verified);
  });

  app.get<Q>(`${base}/statistics`, { config: { title: title('统计'), button: STATISTICS_BUTTON } }, async (req) =>
    ok(await statistics(platform, req.query)),
  );
  // The booking screen's week: what the caller may book each day, with the cut-off and their own orders.
  app.get<Q>(`${base}/week`, { config: { title: title('本周菜单') } }, async (req) =>
    ok(await week(platform, req.query)),
  );
  // The same figures as an Excel workbook (the statistics screen's 导出).
  app.get<Q>(
    `${base}/statistics/export`,
    { config: { title: title('统计导出'), button: STATISTICS_BUTTON } },
    async (req, reply: FastifyReply) => sendStatisticsWorkbook(reply, await statistics(platform, req.query)),
  );
  return orders;
}

export interface StatisticsRow {
  mealDate: string;
  categoryMealId: string;
  categoryName: string | null;
  mealId: string;
  mealName: string | null;
  booked: number;
  writtenOff: number;
  cancelled: number;
  /** Yuan of the orders not cancelled. */
  revenue: string;
}

/**
 * The orders of a date range (default: the last 7 days and the next 7) counted in SQL by day, category and
 * meal, by enterprise, and in total, per status, with the revenue of those not cancelled.
 */
async function statistics(platform: Platform, query: Record<string, unknown>) {
  const caller = ctx();
  const start = String(query.startDate ?? '').trim();
  const end = String(query.endDate ?? '').trim();
  if ((start && !isDay(start)) || (end && !isDay(end))) throw badRequest(ORDER_MSG.range);
  const category = String(query.categoryMealId ?? '').trim();
  if (category && !isId(category)) throw badRequest(ORDER_MSG.range);
  return platform.db.scoped(caller.tenantId, async (q) => {
    const [range] = await q.query<{ start: string; end: string; ok: boolean }>(
      `select to_char(s, 'YYYY-MM-DD') as start, to_char(e, 'YYYY-MM-DD') as end, e >= s and e - s <= 366 as ok
         from (select coalesce($1::date, current_date - 7) as s, coalesce($2::date, current_date + 7) as e) r`,
      [start || null, end || null],
    );
    if (!range.ok) throw badRequest(ORDER_MSG.range);
    const counts = `count(*) filter (where o.order_meal_status = ${booked})::int as booked,
      count(*) filter (where o.order_meal_status = ${writtenOff})::int as "writtenOff",
      count(*) filter (where o.order_meal_status = ${cancelled})::int as cancelled,
      coalesce(sum(o.price) filter (where o.order_meal_status <> ${cancelled}), 0)::text as revenue`;
    const where = `o.tenant_id = $1 and o.is_deleted = 0 and o.meal_date between $2::date and $3::date
      and ($4::bigint is null or o.category_meal_id = $4::bigint)`;
    const params = [caller.tenantId, range.start, range.end, category || null];
    const rows = await q.query<StatisticsRow & Row>(
      `select to_char(o.meal_date, 'YYYY-MM-DD') as "mealDate", o.category_meal_id::text as "categoryMealId",
              c.category_name as "categoryName", o.meal_id::text as "mealId", m.meal_name as "mealName", ${counts}
         from dhm_order_meal o
         left join dhm_category_meal c on c.id = o.category_meal_id
         left join dhm_meal m on m.id = o.meal_id
        where ${where}
        group by o.meal_date, o.category_meal_id, c.category_name, c.sort, o.meal_id, m.meal_name
        order by o.meal_date, c.sort, c.category_name, m.meal_name`,
      params,
    );
    const byEnterprise = await q.query(
      `select o.enterprise_id::text as "enterpriseId", e.enterprise_name as "enterpriseName", ${counts}
         from dhm_order_meal o left join crm_enterprise e on e.id = o.enterprise_id
        where ${where}
        group by o.enterprise_id, e.enterprise_name
        order by count(*) desc`,
      params,
    );
    const [totals] = await q.query(`select ${counts} from dhm_order_meal o where ${where}`, params);
    return { startDate: range.start, endDate: range.end, rows, byEnterprise, totals };
  });
}

/**
 * Seven days from `startDate` (today by default): each day's meals on sale and served that day whose
 * category has a booking rule, with the window's cut-off, whether it is open to the caller, the portions
 * taken, and the caller's own order. What the booking screen shows; the booking itself checks it all again.
 */
async function week(platform: Platform, query: Record<string, unknown>): Promise<WeekMeal[]> {
  const caller = ctx();
  const start = String(query.startDate ?? '').trim();
  if (start && !isDay(start)) throw badRequest(ORDER_MSG.range);
  return platform.db.scoped(caller.tenantId, (q) =>
    q.query<WeekMeal & Row>(
      `with days as (select (coalesce($2::date, current_date) + g)::date as d from generate_series(0, 6) g),
            me as (select case when user_type = 2 then '${BOOKER_TYPES.company}' else '${BOOKER_TYPES.park}' end as kind
                     from blade_user where id = $3 and tenant_id = $1)
       select to_char(days.d, 'YYYY-MM-DD') as "mealDate", extract(isodow from days.d)::int as "weekDay",
              m.id::text as "mealId", m.meal_name as "mealName", m.price::text as price, m.daily_limit as "dailyLimit",
              (select count(*) from dhm_order_meal o where o.tenant_id = $1 and o.meal_id = m.id and o.meal_date = days.d
                  and o.is_deleted = 0 and o.order_meal_status <> ${cancelled})::int as taken,
              cm.id::text as "categoryMealId", cm.category_name as "categoryName",
              cm.start_time as "startTime", cm.end_time as "endTime",
              to_char(${DEADLINE('days.d')}, 'YYYY-MM-DD HH24:MI') as deadline,
              case when c.meal_config_date = 0 then to_char(days.d, 'YYYY-MM-DD HH24:MI') end as "opensAt",
              -- The window by the park's clock (the database's zone), the same tests a booking makes.
              case when days.d < current_date or localtimestamp(0) > ${DEADLINE('days.d')} then 'closed'
                   when c.meal_config_date = 0 and localtimestamp(0) < days.d::timestamp then 'notOpen'
                   else 'open' end as "window",
              coalesce((',' || c.booker_types || ',') like '%,' || (select kind from me) || ',%', false) as "forYou",
              (days.d >= current_date
                and not (c.meal_config_date = 0 and localtimestamp(0) < days.d::timestamp)
                and localtimestamp(0) <= ${DEADLINE('days.d')}
                and (',' || c.booker_types || ',') like '%,' || coalesce((select kind from me), '') || ',%') as open,
              mine.id as "orderId", mine.order_meal_status as "orderMealStatus"
         from days
         join dhm_meal m on m.tenant_id = $1 and m.is_deleted = 0 and m.status = 1
              and (',' || m.serve_days || ',') like '%,' || extract(isodow from days.d)::int || ',%'
         join dhm_category_meal cm on cm.id = m.category_meal_id and cm.tenant_id = $1 and cm.is_deleted = 0
         join dhm_meal_config c on c.tenant_id = $1 and c.category_meal_id = cm.id and c.is_deleted = 0
         left join lateral (select o.id::text as id, o.order_meal_status from dhm_order_meal o
                             where o.tenant_id = $1 and o.user_id = $3 and o.meal_id = m.id and o.meal_date = days.d
                               and o.is_deleted = 0 and o.order_meal_status <> ${cancelled} limit 1) mine on true
        order by days.d, cm.sort, cm.category_name, m.meal_name`,
      [caller.tenantId, start || null, caller.userId],
    ),
  );
}
