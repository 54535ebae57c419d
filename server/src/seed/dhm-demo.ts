import { ORDER_MEAL_STATUS } from '@park/catalog';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';

/**
 * Demo canteen of tenant 000000: three meal categories with their booking rules, six dishes, a week of
 * meals (every day, weekdays, weekends; one with a daily limit) and admin's orders in every state, dated
 * from the day of seeding. Ids 19000000000003NNNN; every row says 演示数据.
 */
const DEMO = '演示数据';
const id = (n: number) => `19000000000003${String(n).padStart(4, '0')}`;
const { booked, writtenOff, cancelled } = ORDER_MEAL_STATUS;

/** [name, from, until, mealConfigDate, cut-off] */
const CATEGORIES: [string, string, string, number, string][] = [
  ['早餐', '07:00', '09:00', 1, '20:00'],
  ['午餐', '11:30', '13:30', 0, '10:00'],
  ['晚餐', '17:30', '19:30', -1, '16:00'],
];

/** [name, price, taste] */
const DISHES: [string, string, number][] = [
  ['豆浆油条', '4.00', 1],
  ['小笼包', '6.00', 5],
  ['宫保鸡丁', '14.00', 3],
  ['清炒时蔬', '6.00', 1],
  ['糖醋里脊', '16.00', 4],
  ['番茄蛋汤', '3.00', 1],
];

/** [name, category index, dish indexes, price, serve days, daily limit] */
const MEALS: [string, number, number[], string, string, number | null][] = [
  ['营养早餐', 0, [0, 1], '8.00', '1,2,3,4,5,6,7', null],
  ['标准午餐', 1, [2, 3, 5], '18.00', '1,2,3,4,5', 200],
  ['精选午餐', 1, [4, 3, 5], '25.00', '1,2,3,4,5', 50],
  ['周末午餐', 1, [2, 4, 5], '22.00', '6,7', 80],
  ['家常晚餐', 2, [3, 4, 5], '16.00', '1,2,3,4,5,6,7', null],
];

/** [meal index, day from today, status] — admin's own orders, every state. */
const ORDERS: [number, number, number][] = [
  [0, -2, writtenOff],
  [4, -1, writtenOff],
  [4, -2, cancelled],
  [0, 0, writtenOff],
  [4, 0, booked],
  [0, 1, booked],
  [4, 1, cancelled],
  [4, 2, booked],
];

export async function seedDhmDemo(q: Queryable) {
  const user = SEED.adminUser;
  for (const [i, [name, from, until, window, cutoff]] of CATEGORIES.entries()) {
    await q.query(
      `insert into dhm_category_meal (id, tenant_id, category_name, start_time, end_time, sort, remark, create_user, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [id(1 + i), PLATFORM_TENANT, name, from, until, i + 1, DEMO, user],
    );
    await q.query(
      `insert into dhm_meal_config (id, tenant_id, category_meal_id, meal_config_date, deadline_time, booker_types, remark,
                                    create_user, update_user)
       values ($1, $2, $3, $4, $5, '1,2', $6, $7, $7)`,
      [id(11 + i), PLATFORM_TENANT, id(1 + i), window, cutoff, DEMO, user],
    );
  }
  for (const [i, [name, price, taste]] of DISHES.entries()) {
    await q.query(
      `insert into dhm_dishes (id, tenant_id, dishes_name, price, taste, remark, create_user, update_user)
       values ($1, $2, $3, $4::numeric, $5, $6, $7, $7)`,
      [id(21 + i), PLATFORM_TENANT, name, price, taste, DEMO, user],
    );
  }
  for (const [i, [name, category, dishes, price, days, limit]] of MEALS.entries()) {
    await q.query(
      `insert into dhm_meal (id, tenant_id, meal_name, category_meal_id, dishes_ids, price, serve_days, daily_limit, remark,
                             create_user, update_user)
       values ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10, $10)`,
      [
        id(41 + i),
        PLATFORM_TENANT,
        name,
        id(1 + category),
        dishes.map((d) => id(21 + d)).join(','),
        price,
        days,
        limit,
        DEMO,
        user,
      ],
    );
  }
  for (const [i, [meal, dayFromToday, status]] of ORDERS.entries()) {
    const mealRow = MEALS[meal];
    await q.query(
      `insert into dhm_order_meal (id, tenant_id, order_no, meal_id, category_meal_id, meal_date, user_id, price,
                                   order_meal_status, verification_time, verification_user, cancel_time, cancel_user,
                                   remark, create_user, update_user)
       values ($1, $2, $3, $4, $5, current_date + $6::int, $7, $8::numeric, $9,
               case when $9 = ${writtenOff} then (current_date + $6::int) + time '12:00' end,
               case when $9 = ${writtenOff} then $7::bigint end,
               case when $9 = ${cancelled} then localtimestamp(0) end,
               case when $9 = ${cancelled} then $7::bigint end,
               $10, $7, $7)`,
      [
        id(61 + i),
        PLATFORM_TENANT,
        `DC${id(61 + i)}`,
        id(41 + meal),
        id(1 + mealRow[1]),
        dayFromToday,
        user,
        mealRow[3],
        status,
        DEMO,
      ],
    );
  }
}
