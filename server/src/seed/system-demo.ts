import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { insertRows } from './rows.ts';

/**
 * Demo rows of the system screens, so that a first start shows them in use rather than empty: notices released over
 * the last weeks, the park's business dictionaries, a data-scope rule (defined, granted to no role), an API-scope
 * rule that fences the user export to the roles granted it (administrators pass), quick-navigation tiles for the
 * home page, and an SMS, an object-store and a third-party login configuration left disabled (their keys are sample
 * values: enabling one is the operator's decision, and the local disk keeps the files until then).
 */
const DEMO = '演示数据';
const t = PLATFORM_TENANT;

/** Ids 19000000000009SSNN: set SS, row NN. */
const idOf = (set: number, n: number) => `19000000000009${String(set).padStart(2, '0')}${String(n).padStart(2, '0')}`;

/** The local time (timestamp(0) text) a number of days and hours before the seeding. */
function before(days: number, hour: number): string {
  const at = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(hour)}:30:00`;
}

/** Notices: [title, `notice` dictionary category, days ago, content]. */
const NOTICES: [string, number, number, string][] = [
  [
    '关于园区春节期间安全检查的通知',
    1,
    2,
    '各入驻企业：节前园区将对各楼宇进行消防与用电安全检查，请各企业安排专人配合，检查时间另行通知。',
  ],
  [
    '2026年度高新技术企业认定申报辅导会',
    2,
    6,
    '园区服务中心将于本周五下午在A栋一楼报告厅举办高企申报辅导会，欢迎各企业财务与研发负责人参加。',
  ],
  [
    'B栋电梯维保停运安排',
    6,
    13,
    'B栋2号电梯将于周六8:00至12:00进行年度维保，期间请使用1号、3号电梯，给您带来的不便敬请谅解。',
  ],
  ['园区食堂新增清真窗口', 7, 27, '应企业员工需求，园区食堂二楼新增清真窗口，工作日午餐时段开放。'],
];

/** Business dictionaries of the park (dict-biz): [code, name, entries [key, value]]. */
const BUSINESS_DICTS: [string, string, [string, string][]][] = [
  [
    'park_service_type',
    '园区服务类型',
    [
      ['1', '物业服务'],
      ['2', '政策咨询'],
      ['3', '工商代办'],
      ['4', '知识产权'],
      ['5', '人才服务'],
    ],
  ],
  [
    'visitor_purpose',
    '来访事由',
    [
      ['1', '商务洽谈'],
      ['2', '面试'],
      ['3', '参观考察'],
      ['4', '快递外卖'],
    ],
  ],
];

/**
 * Quick-navigation tiles: [name, icon, path, group]. Named as the screens they open and grouped under their menus, so
 * the English console names them too (web/src/pages/home/tileNames.ts); 本周菜单 is where one books a meal.
 */
const TILES: [string, string, string, string][] = [
  ['企业信息', 'bank', '/crm/enterprise', '企业管理'],
  ['企业人员', 'team', '/crm/staff', '企业管理'],
  ['通知公告', 'sound', '/desk/notice', '工作台'],
  ['本周菜单', 'coffee', '/dhm/dhm/order-meal/book', '食堂管理'],
  ['订餐记录', 'shopping-cart', '/dhm/dhm/order-meal', '食堂管理'],
  ['用户管理', 'user', '/system/user', '系统管理'],
];

async function menuId(q: Queryable, code: string): Promise<string | undefined> {
  const rows = await q.query<{ id: string }>(
    `select id::text as id from blade_menu where code = $1 and category = 1 and is_deleted = 0 order by id limit 1`,
    [code],
  );
  return rows[0]?.id;
}

export async function seedSystemDemo(q: Queryable) {
  await insertRows(
    q,
    'blade_notice',
    NOTICES.map(([title, category, days, content], i) => ({
      id: idOf(1, i + 1),
      tenant_id: t,
      title,
      category,
      release_time: before(days, 9 + i),
      content,
      create_time: before(days, 9 + i),
      update_time: before(days, 9 + i),
    })),
  );

  for (const [d, [code, name, entries]] of BUSINESS_DICTS.entries()) {
    const parent = idOf(2, d * 10 + 1);
    await insertRows(q, 'blade_dict_biz', [
      { id: parent, tenant_id: t, parent_id: 0, code, dict_key: '-1', dict_value: name, sort: d + 1, remark: DEMO },
      ...entries.map(([key, value], i) => ({
        id: idOf(2, d * 10 + 2 + i),
        tenant_id: t,
        parent_id: parent,
        code,
        dict_key: key,
        dict_value: value,
        sort: i + 1,
        remark: DEMO,
      })),
    ]);
  }

  await insertRows(
    q,
    'blade_navigate',
    TILES.map(([name, source, path, category], i) => ({
      id: idOf(3, i + 1),
      tenant_id: t,
      name,
      source,
      path,
      category,
      sort: i + 1,
      remark: DEMO,
    })),
  );

  const enterpriseMenu = await menuId(q, 'enterprise');
  if (enterpriseMenu) {
    await insertRows(q, 'blade_scope_data', [
      {
        id: idOf(4, 1),
        menu_id: enterpriseMenu,
        resource_code: 'enterprise_own_dept',
        scope_name: '本部门创建的企业',
        scope_column: 'create_dept',
        scope_type: 3,
        remark: `${DEMO}：未授予任何角色`,
      },
    ]);
  }
  const userMenu = await menuId(q, 'user');
  if (userMenu) {
    await insertRows(q, 'blade_scope_api', [
      {
        id: idOf(4, 2),
        menu_id: userMenu,
        resource_code: 'user_export',
        scope_name: '导出用户',
        scope_path: 'blade-user/export-user',
        scope_type: 2,
        remark: `${DEMO}：只有被授予的角色可导出用户（管理员不受限）`,
      },
    ]);
  }

  // Disabled (status 1): the sample keys would fail every send and upload.
  await insertRows(q, 'blade_sms', [
    {
      id: idOf(5, 1),
      tenant_id: t,
      sms_code: 'park-notice',
      template_id: 'SMS_000000001',
      category: 3,
      access_key: 'demo-access-key',
      secret_key: 'demo-secret-key',
      region_id: 'cn-shenzhen',
      sign_name: '星河科技园',
      status: 1,
      remark: `${DEMO}：填写真实密钥后启用`,
    },
  ]);
  await insertRows(q, 'blade_oss', [
    {
      id: idOf(5, 2),
      tenant_id: t,
      oss_code: 'park-minio',
      category: 1,
      endpoint: 'http://127.0.0.1:9000',
      access_key: 'minioadmin',
      secret_key: 'minioadmin',
      bucket_name: 'park',
      status: 1,
      remark: `${DEMO}：园区本地 MinIO，启用前文件存于服务器磁盘`,
    },
  ]);
  // Shown on no login page until enabled: its application is the park's to register with WeChat Work.
  await insertRows(q, 'park_social_provider', [
    {
      id: idOf(5, 3),
      tenant_id: t,
      source: 'wecom',
      provider_name: '企业微信',
      category: 'wechat_enterprise',
      client_id: 'ww-demo-corp-id',
      client_secret: 'demo-secret',
      agent_id: '1000002',
      status: 1,
      remark: `${DEMO}：填写园区企业微信应用的凭据后启用`,
    },
  ]);
}
