import { formatProblem } from '@park/catalog';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import { grantCompanyMenus } from '../../seed/menus.ts';
import { hashPassword } from '../../seed/platform.ts';
import { roleByAlias } from '../system/role.ts';
import { COMPANY_USER_TYPE } from '../user/company.ts';
import { checkAccountLimits } from '../user/limits.ts';

/**
 * Company (web) accounts: blade_user rows of user_type 2 tied to one enterprise, created
 * with an enterprise (create-enterprise) or for one of its staff (staff/create-bind).
 */
export const COMPANY_ROLE_ALIAS = 'company';

const MSG = {
  account: { zh: '请输入账号', en: 'Please enter the account' },
  accountFormat: {
    zh: '账号只能包含字母、数字、下划线、点、@和-，且不超过45个字符',
    en: 'The account may hold letters, digits, _ . @ and - only, at most 45 characters',
  },
  password: { zh: '请输入密码', en: 'Please enter the password' },
  taken: { zh: '账号已存在', en: 'This account already exists' },
  unknownDept: { zh: '所选部门不存在', en: 'The selected department does not exist' },
} as const;

const ACCOUNT = /^[A-Za-z0-9_.@-]{1,45}$/;

export interface CompanyAccount {
  tenantId: string;
  enterpriseId: string;
  account: unknown;
  /** As the user typed it; stored the way the login checks it. */
  password: unknown;
  name: string;
  phone?: string | null;
  /** Defaults to the tenant's company role. */
  roleId?: string;
  deptId?: string | null;
  createUser: string;
}

/** The account and password of a body, checked before anything is written. */
export function checkCredentials(account: unknown, password: unknown): { account: string; password: string } {
  const a = String(account ?? '').trim();
  if (!a) throw badRequest(MSG.account);
  if (!ACCOUNT.test(a)) throw badRequest(MSG.accountFormat);
  const p = String(password ?? '');
  if (!p.trim()) throw badRequest(MSG.password);
  return { account: a, password: p };
}

/** The tenant's company role, created with its default grants on first need. */
export async function companyRole(q: Queryable, tenantId: string): Promise<string> {
  const role = await roleByAlias(q, tenantId, { alias: COMPANY_ROLE_ALIAS, name: '企业用户', sort: 99 });
  if (role.created) await grantCompanyMenus(q, role.id);
  return role.id;
}

/** Disables the live company accounts of the enterprises; returns the ones it disabled. */
export function disableCompanyAccounts(q: Queryable, tenantId: string, enterpriseIds: string[]) {
  return q.query<{ id: string; account: string }>(
    `update blade_user set status = 0, update_user = $3, update_time = localtimestamp(0)
      where tenant_id = $1 and user_type = $4 and enterprise_id = any($2::bigint[]) and is_deleted = 0 and status <> 0
      returning id::text as id, account`,
    [tenantId, enterpriseIds, ctx().userId, COMPANY_USER_TYPE],
  );
}

/** Creates the account; returns its user id. */
export async function createCompanyAccount(q: Queryable, a: CompanyAccount): Promise<string> {
  const { account, password } = checkCredentials(a.account, a.password);
  await checkAccountLimits(q, a.tenantId);
  const taken = await q.query('select 1 from blade_user where tenant_id = $1 and account = $2 and is_deleted = 0', [
    a.tenantId,
    account,
  ]);
  if (taken.length) throw badRequest(MSG.taken);
  if (a.deptId) {
    const dept = await q.query('select 1 from blade_dept where id = $1 and tenant_id = $2 and is_deleted = 0', [
      a.deptId,
      a.tenantId,
    ]);
    if (!dept.length) throw badRequest(MSG.unknownDept);
  }
  const id = nextId();
  await q.query(
    `insert into blade_user (id, tenant_id, user_type, account, password, name, real_name, phone, role_id, dept_id,
                             enterprise_id, create_user, update_user)
     values ($1, $2, 2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [
      id,
      a.tenantId,
      account,
      hashPassword(password),
      a.name.slice(0, 20),
      a.name.slice(0, 10),
      // An account's phone is a mobile number: an enterprise's or staff member's landline stays off it.
      a.phone && !formatProblem('mobile', a.phone) ? a.phone.trim() : null,
      a.roleId ?? (await companyRole(q, a.tenantId)),
      a.deptId ?? null,
      a.enterpriseId,
      a.createUser,
    ],
  );
  return id;
}
