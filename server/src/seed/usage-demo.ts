import { ORDER_MEAL_STATUS } from '@park/catalog';
import { READ, UNREAD } from '../modules/message/inbox.ts';
import { FILE_ROUTE } from '../modules/resource/files.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import type { FileStore } from '../platform/storage.ts';
import { DEMO_PASSWORD } from './crm-demo.ts';
import { demoDishPng, demoPng, type RGB } from './demo-png.ts';
import { menuId, seedId } from './menus.ts';
import { hashPassword, SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * The demo as a park in use (issue 34.7), each part a seed set of its own (seed/index.ts), so a database seeded
 * before gets it too: pictures on the dishes and the news, a 维修人员 role with three property staff the repairs
 * are assigned to, canteen orders by the park's staff and the companies' people, and messages in the
 * administrator's inbox. Ids 19000000000034NNNN; the rows with a remark say 演示数据.
 */
const DEMO = '演示数据';
const t = PLATFORM_TENANT;
const id = (n: number) => `19000000000034${String(n).padStart(4, '0')}`;
const admin = SEED.adminUser;

/** 物业部 and 园区员工, seeded with the platform (as workflow-demo.ts names them). */
const PROPERTY_DEPT = '1123598813738675203';
const STAFF_ROLE = '1123598816738675203';
/** The post the demo's property staff hold (workflow-demo.ts). */
const STAFF_POST = '1123598817738675208';
export const REPAIRER_ROLE = id(1);

/** [dish name, plate colour, food colours]: a plate seen from above, drawn here, not a downloaded photo. */
const DISH_LOOKS: [string, RGB, RGB[]][] = [
  [
    '豆浆油条',
    [214, 188, 150],
    [
      [222, 170, 90],
      [245, 240, 225],
    ],
  ],
  [
    '小笼包',
    [190, 160, 120],
    [
      [244, 236, 214],
      [236, 226, 200],
    ],
  ],
  [
    '宫保鸡丁',
    [200, 120, 90],
    [
      [196, 98, 48],
      [120, 160, 60],
    ],
  ],
  [
    '清炒时蔬',
    [170, 190, 150],
    [
      [70, 150, 60],
      [110, 180, 80],
    ],
  ],
  [
    '糖醋里脊',
    [210, 150, 120],
    [
      [200, 90, 50],
      [226, 140, 70],
    ],
  ],
  [
    '番茄蛋汤',
    [220, 170, 140],
    [
      [230, 90, 60],
      [250, 210, 90],
    ],
  ],
];

/** The news covers' blends, one per demo news item in order (more items reuse them). */
const COVERS: [RGB, RGB][] = [
  [
    [22, 119, 255],
    [19, 194, 194],
  ],
  [
    [250, 140, 22],
    [250, 219, 20],
  ],
  [
    [82, 196, 26],
    [19, 194, 194],
  ],
  [
    [114, 46, 209],
    [47, 84, 235],
  ],
  [
    [245, 34, 45],
    [250, 140, 22],
  ],
];

/** Pictures on the demo dishes and covers on the demo news, where none was set. */
export async function seedPicturesDemo(q: Queryable, files: FileStore) {
  const dishes = await q.query<{ id: string; name: string }>(
    `select id::text as id, dishes_name as name from dhm_dishes
      where tenant_id = $1 and remark = $2 and dishes_picture is null and is_deleted = 0`,
    [t, DEMO],
  );
  for (const dish of dishes) {
    const look = DISH_LOOKS.find(([name]) => name === dish.name);
    if (!look) continue;
    const name = await files.put(t, 'png', demoDishPng(240, look[1], look[2]));
    await q.query('update dhm_dishes set dishes_picture = $2 where id = $1', [dish.id, `${FILE_ROUTE}/${name}`]);
  }
  const news = await q.query<{ id: string }>(
    `select id::text as id from basic_news where tenant_id = $1 and cover_image is null and is_deleted = 0
        and id between 190000000001420000 and 190000000001420099 order by id`,
    [t],
  );
  for (const [i, item] of news.entries()) {
    const [from, to] = COVERS[i % COVERS.length];
    const name = await files.put(t, 'png', demoPng(640, 360, from, to));
    await q.query('update basic_news set cover_image = $2 where id = $1', [item.id, `${FILE_ROUTE}/${name}`]);
  }
}

/** [n, account, name]: the property staff a repair goes to, with 赵师傅 of the workflow demo. */
const REPAIRERS: [number, string, string][] = [
  [11, 'sun_wx', '孙师傅'],
  [12, 'zhou_wx', '周师傅'],
];

/** What a 维修人员 opens: the home page, messages and 工单管理 (its buttons: view, and the steps it takes). */
const REPAIRER_MENUS = [
  'desk',
  'home',
  'message',
  'my_message',
  'property',
  'work_order',
  'work_order:work_order_view',
  'work_order:work_order_edit',
];

/**
 * 维修人员: a role of the property department's staff who take repairs, two more of them beside 赵师傅 (given the
 * role too), and the demo repairs, assigned to the administrator when seeded, handed to them in turn: the
 * assignment, its start and its finish are theirs.
 */
export async function seedRepairStaffDemo(q: Queryable) {
  await insertRows(q, 'blade_role', [
    {
      id: REPAIRER_ROLE,
      tenant_id: t,
      parent_id: STAFF_ROLE,
      role_name: '维修人员',
      role_alias: 'repairer',
      sort: 7,
    },
  ]);
  await insertRows(
    q,
    'blade_role_menu',
    REPAIRER_MENUS.map((code, i) => ({
      id: id(20 + i),
      menu_id: code.includes(':') ? seedId(code) : menuId(code),
      role_id: REPAIRER_ROLE,
    })),
  );
  // One hash for both: the same demo password, hashed once (a hash costs a noticeable part of a second).
  const password = hashPassword(DEMO_PASSWORD);
  await insertRows(
    q,
    'blade_user',
    REPAIRERS.map(([n, account, name]) => ({
      id: id(n),
      tenant_id: t,
      user_type: 1,
      account,
      password,
      initial_password: 1,
      name,
      real_name: name,
      role_id: REPAIRER_ROLE,
      dept_id: PROPERTY_DEPT,
      post_id: STAFF_POST,
      create_user: admin,
    })),
  );
  // 赵师傅 keeps his role and takes this one too.
  await q.query(
    `update blade_user set role_id = role_id || ',' || $2 where tenant_id = $1 and account = 'zhao_wx'
        and is_deleted = 0 and not (string_to_array(role_id, ',') @> array[$2::text])`,
    [t, REPAIRER_ROLE],
  );
  const staff = await q.query<{ id: string }>(
    `select id::text as id from blade_user where tenant_id = $1 and is_deleted = 0
        and account = any(array['zhao_wx', 'sun_wx', 'zhou_wx']) order by account`,
    [t],
  );
  const repairs = await q.query<{ id: string }>(
    `select id::text as id from property_repair where tenant_id = $1 and assignee = $2
        and id between 190000000000178100 and 190000000000178199 order by id`,
    [t, admin],
  );
  for (const [i, repair] of repairs.entries()) {
    const worker = staff[i % staff.length].id;
    await q.query('update property_repair set assignee = $2, update_user = $2 where id = $1', [repair.id, worker]);
    await q.query(`update property_repair_step set assignee = $2 where repair_id = $1 and action = 'assign'`, [
      repair.id,
      worker,
    ]);
    await q.query(
      `update property_repair_step set create_user = $2 where repair_id = $1 and action in ('start', 'finish')`,
      [repair.id, worker],
    );
  }
}

const { booked, writtenOff, cancelled } = ORDER_MEAL_STATUS;

/**
 * Orders of the park's staff and the companies' people over the past week and the next two days, next to the
 * administrator's own (dhm-demo.ts): breakfast, the lunch of the day (weekdays 标准午餐 or 精选午餐, weekends
 * 周末午餐) and some dinners; the past written off at the meal's time, a few cancelled, the rest booked.
 */
/** Booked the afternoon before the meal, and never after now: a new order is the newest on 订餐记录. */
const ORDERED_AT = `least($6::date - interval '1 day' + interval '15 hours', localtimestamp(0) - interval '1 hour')`;

export async function seedCanteenOrdersDemo(q: Queryable) {
  const people = await q.query<{ id: string; enterpriseId: string | null; deptId: string | null }>(
    `select id::text as id, enterprise_id::text as "enterpriseId", nullif(split_part(dept_id, ',', 1), '')::text as "deptId"
       from blade_user where tenant_id = $1 and is_deleted = 0
        and account = any(array['zhang_zr', 'li_kj', 'wang_cn', 'zhao_wx', 'liu_wy', 'sun_wx', 'zhou_wx',
                                'xinghe', 'qinghe', 'yuanhang'])
      order by account`,
    [t],
  );
  const meals = await q.query<{ id: string; name: string; categoryId: string; price: string; days: string }>(
    `select id::text as id, meal_name as name, category_meal_id::text as "categoryId", price::text as price,
            serve_days as days
       from dhm_meal where tenant_id = $1 and remark = $2 and is_deleted = 0`,
    [t, DEMO],
  );
  const meal = (name: string) => meals.find((m) => m.name === name);
  const [{ today }] = await q.query<{ today: string }>('select current_date::text as today');
  let n = 100;
  for (let day = -6; day <= 2; day++) {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + day);
    const weekday = ((date.getUTCDay() + 6) % 7) + 1; // 1 Monday … 7 Sunday, as serve_days counts
    for (const [p, person] of people.entries()) {
      const lunch = weekday >= 6 ? '周末午餐' : (p + day) % 3 === 0 ? '精选午餐' : '标准午餐';
      const picks = [lunch, ...((p + day) % 2 === 0 ? ['营养早餐'] : []), ...((p + day) % 4 === 1 ? ['家常晚餐'] : [])];
      for (const name of picks) {
        const m = meal(name);
        if (!m?.days.split(',').includes(String(weekday))) continue;
        // Past meals were eaten (one in seven left uneaten and cancelled); today's and later ones are booked.
        const status = day < 0 ? ((p + day + n) % 7 === 0 ? cancelled : writtenOff) : booked;
        n += 1;
        await q.query(
          `insert into dhm_order_meal (id, tenant_id, order_no, meal_id, category_meal_id, meal_date, user_id,
                                       enterprise_id, price, order_meal_status, verification_time, verification_user,
                                       cancel_time, cancel_user, remark, create_user, create_dept, update_user,
                                       create_time, update_time)
           values ($1, $2, $3, $4, $5, $6::date, $7, $8, $9::numeric, $10,
                   case when $10 = ${writtenOff} then $6::date + (select start_time from dhm_category_meal where id = $5)::time end,
                   case when $10 = ${writtenOff} then $11::bigint end,
                   case when $10 = ${cancelled} then $6::date - interval '14 hours' end,
                   case when $10 = ${cancelled} then $7::bigint end,
                   $12, $7, $13, $7, ${ORDERED_AT}, ${ORDERED_AT})
           on conflict do nothing`,
          [
            id(n),
            t,
            `DC${id(n)}`,
            m.id,
            m.categoryId,
            date.toISOString().slice(0, 10),
            person.id,
            person.enterpriseId,
            m.price,
            status,
            admin,
            DEMO,
            person.deptId,
          ],
        );
      }
    }
  }
}

/** [sender account, title, content, hours ago, read] */
const INBOX: [string, string, string, number, boolean][] = [
  [
    'zhang_zr',
    '消防安全检查：本周五下午 A、B 座',
    '本周五 14:00 起对 A、B 座开展消防安全检查，请物业部提前检查消防通道和灭火器，各部门做好配合。',
    2,
    false,
  ],
  [
    'liu_wy',
    '超量：盐酸 18 L，允许 10 L（青禾生物）',
    '青禾生物医药有限公司存放于 B座8层危化品柜2 的盐酸为 18 L，超过允许最大存量 10 L，请督促企业尽快处置并复查。',
    5,
    false,
  ],
  [
    'liu_wy',
    '逾期：青禾生物月度安全生产报告',
    '青禾生物医药有限公司的月度安全生产报告已过截止日期仍未提交，请在「生产报告」中查看并督促提交。',
    20,
    false,
  ],
  ['zhao_wx', '已完成：A座电梯例行维保', 'A座 1、2 号电梯本月例行维保已完成，运行正常，维保记录已归档。', 30, true],
  [
    'li_kj',
    '对账：上月物业费与租金已核对',
    '上月各企业的物业费与租金已与银行流水核对完毕，差异 0 笔，明细见财务共享盘。',
    52,
    true,
  ],
  [
    'wang_cn',
    '提醒：下周一发放园区员工补贴',
    '园区员工本季度交通与餐饮补贴将于下周一发放至工资卡，如有疑问请联系财务部。',
    76,
    true,
  ],
];

/** Messages in the administrator's inbox from the demo people, some read, as a working week leaves them. */
export async function seedInboxDemo(q: Queryable) {
  const senders = await q.query<{ account: string; id: string; deptId: string | null }>(
    `select account, id::text as id, nullif(split_part(dept_id, ',', 1), '')::text as "deptId"
       from blade_user where tenant_id = $1 and is_deleted = 0 and account = any($2::text[])`,
    [t, [...new Set(INBOX.map(([account]) => account))]],
  );
  for (const [i, [account, title, content, hours, read]] of INBOX.entries()) {
    const sender = senders.find((s) => s.account === account);
    if (!sender) continue;
    const at = `localtimestamp(0) - interval '${hours} hours'`;
    await q.query(
      `insert into blade_message (id, tenant_id, title, content, type, create_user, create_dept, update_user,
                                  create_time, update_time)
       values ($1, $2, $3, $4, 1, $5, $6, $5, ${at}, ${at})`,
      [id(300 + i), t, title, content, sender.id, sender.deptId],
    );
    await q.query(
      `insert into blade_message_receiver (id, tenant_id, message_id, user_id, is_read, read_time, create_time)
       values ($1, $2, $3, $4, $5, case when $6 then ${at} + interval '1 hour' end, ${at})`,
      [id(400 + i), t, id(300 + i), admin, read ? READ : UNREAD, read],
    );
  }
}
