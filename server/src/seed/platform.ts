import { hashPlainSync } from '../modules/user/passwords.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { grantCompanyMenus, seedMenuSets } from './menus.ts';
import { insertRows } from './rows.ts';

/** Fixed ids for the platform's own rows, so that seeds and tests can name them. */
export const SEED = {
  tenant: '1123598820738675201',
  client: '1123598811738675201',
  adminUser: '1123598821738675201',
  adminRole: '1123598816738675201',
  userRole: '1123598816738675202',
  companyRole: '1123598816738675204',
  rootDept: '1123598813738675201',
  package: '1123598815738675201',
} as const;

/** The platform administrator's seeded password. */
export const ADMIN_PASSWORD = 'admin';

/**
 * The stored form of a password: a slow salted hash of the lower-case MD5 hex the client sends (CONTRACT.md).
 * Blocking, for seeds and tests; a request hashes with passwords.ts `hashPlain`, off the event loop.
 */
export function hashPassword(plain: string): string {
  return hashPlainSync(plain);
}

export async function seedPlatform(q: Queryable) {
  await insertRows(q, 'blade_tenant', [
    { id: SEED.tenant, tenant_id: PLATFORM_TENANT, tenant_name: '管理组', linkman: 'admin', account_number: -1 },
  ]);
  await insertRows(q, 'blade_client', [
    {
      id: SEED.client,
      client_id: 'saber',
      client_secret: 'saber_secret',
      scope: 'all',
      authorized_grant_types: 'password,refresh_token,captcha,social,register',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
    },
  ]);
  await insertRows(q, 'blade_dept', [
    {
      id: SEED.rootDept,
      tenant_id: PLATFORM_TENANT,
      parent_id: 0,
      ancestors: '0',
      dept_name: '园区运营中心',
      full_name: '园区运营中心',
      sort: 1,
    },
    {
      id: '1123598813738675202',
      tenant_id: PLATFORM_TENANT,
      parent_id: SEED.rootDept,
      ancestors: `0,${SEED.rootDept}`,
      dept_name: '招商部',
      full_name: '招商部',
      sort: 2,
    },
    {
      id: '1123598813738675203',
      tenant_id: PLATFORM_TENANT,
      parent_id: SEED.rootDept,
      ancestors: `0,${SEED.rootDept}`,
      dept_name: '物业部',
      full_name: '物业部',
      sort: 3,
    },
  ]);
  await insertRows(q, 'blade_role', [
    {
      id: SEED.adminRole,
      tenant_id: PLATFORM_TENANT,
      parent_id: 0,
      role_name: '超级管理员',
      role_alias: 'administrator',
      sort: 1,
    },
    { id: SEED.userRole, tenant_id: PLATFORM_TENANT, parent_id: 0, role_name: '用户', role_alias: 'user', sort: 2 },
    {
      id: '1123598816738675203',
      tenant_id: PLATFORM_TENANT,
      parent_id: SEED.userRole,
      role_name: '园区员工',
      role_alias: 'staff',
      sort: 3,
    },
    {
      id: SEED.companyRole,
      tenant_id: PLATFORM_TENANT,
      parent_id: SEED.userRole,
      role_name: '企业用户',
      role_alias: 'company',
      sort: 4,
    },
  ]);
  const posts = [
    ['ceo', '首席执行官'],
    ['coo', '首席运营官'],
    ['cfo', '首席财务官'],
    ['cto', '首席技术官'],
    ['cio', '首席信息官'],
    ['pm', '技术经理'],
    ['hrm', '人力经理'],
    ['staff', '普通员工'],
  ];
  await insertRows(
    q,
    'blade_post',
    posts.map(([code, name], i) => ({
      id: `11235988177386752${String(i + 1).padStart(2, '0')}`,
      tenant_id: PLATFORM_TENANT,
      category: 1,
      post_code: code,
      post_name: name,
      sort: i + 1,
    })),
  );
  await insertRows(q, 'blade_user', [
    {
      id: SEED.adminUser,
      tenant_id: PLATFORM_TENANT,
      code: 'admin',
      user_type: 1,
      account: 'admin',
      password: hashPassword(ADMIN_PASSWORD),
      // Known to anyone who read the README: asked to be changed at sign-in (modules/user/seeded-password.ts).
      initial_password: 1,
      name: '管理员',
      real_name: '管理员',
      email: 'admin@park.example',
      phone: '13800000000',
      sex: 1,
      role_id: SEED.adminRole,
      dept_id: SEED.rootDept,
      post_id: '1123598817738675201',
    },
  ]);
  const params = [
    ['初始密码', 'account.initPassword', '123456', '重置密码时使用的初始密码'],
    ['账号错误锁定次数', 'account.failCount', '5', '连续登录失败达到此次数后，该账号登录须输入验证码（不锁定账号）'],
    ['账号注册默认角色', 'account.registerUser', SEED.userRole, '注册账号审核通过后授予的角色'],
    ['租户默认管理密码', 'tenant.default.password', '123456', '新建租户时管理员账号的密码'],
    ['租户默认账号额度', 'tenant.default.accountNumber', '-1', '新建租户可建账号数, -1 为不限'],
    ['租户默认菜单集合', 'tenant.default.menuCode', 'desk,system', '新建租户默认的菜单'],
    ['切换部门模式', 'account.switchMode', 'false', '开启后登录和切换部门时可选择部门与角色'],
  ];
  await insertRows(
    q,
    'blade_param',
    params.map(([name, key, value, remark], i) => ({
      id: `11235988187386752${String(i + 1).padStart(2, '0')}`,
      tenant_id: PLATFORM_TENANT,
      param_name: name,
      param_key: key,
      param_value: value,
      remark,
    })),
  );
  await seedMenuSets(q);
  await grantCompanyMenus(q, SEED.companyRole);
}
