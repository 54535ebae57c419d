import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { grantCompanyMenus } from '../../seed/menus.ts';
import { roleByAlias } from '../system/role.ts';
import { COMPANY_USER_TYPE } from '../user/company.ts';
import { checkCredentials, createAccount } from '../user/new-account.ts';

/**
 * Company (web) accounts: blade_user rows of user_type 2 tied to one enterprise, created
 * with an enterprise (create-enterprise) or for one of its staff (staff/create-bind).
 */
export const COMPANY_ROLE_ALIAS = 'company';

export { checkCredentials };

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

/** Creates the enterprise's account (user_type 2); returns its user id. */
export async function createCompanyAccount(q: Queryable, a: CompanyAccount): Promise<string> {
  return createAccount(q, {
    ...a,
    userType: COMPANY_USER_TYPE,
    roleId: a.roleId ?? (await companyRole(q, a.tenantId)),
  });
}
