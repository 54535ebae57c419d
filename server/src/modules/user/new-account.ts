import { formatProblem } from '@park/catalog';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { COMPANY_USER_TYPE } from './company.ts';
import { checkAccountLimits } from './limits.ts';
import { hashPlain } from './passwords.ts';

/**
 * An account created for a person in one call (an enterprise's company account, a staff member's
 * account by staff/create-bind): the credentials checked, the tenant's account limit kept, the
 * account name free and the department a live one of the tenant.
 */
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

export interface NewAccount {
  tenantId: string;
  /** 1 a park (platform) account, 2 a company account, which names its enterprise. */
  userType: 1 | typeof COMPANY_USER_TYPE;
  enterpriseId: string | null;
  account: unknown;
  /** As the user typed it; stored the way the login checks it. */
  password: unknown;
  name: string;
  phone?: string | null;
  /** Role ids, joined by commas, already checked by the caller. */
  roleId: string;
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

/** Creates the account; returns its user id. */
export async function createAccount(q: Queryable, a: NewAccount): Promise<string> {
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
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [
      id,
      a.tenantId,
      a.userType,
      account,
      await hashPlain(password),
      a.name.slice(0, 20),
      a.name.slice(0, 10),
      // An account's phone is a mobile number: an enterprise's or staff member's landline stays off it.
      a.phone && !formatProblem('mobile', a.phone) ? a.phone.trim() : null,
      a.roleId,
      a.deptId ?? null,
      a.enterpriseId,
      a.createUser,
    ],
  );
  return id;
}
