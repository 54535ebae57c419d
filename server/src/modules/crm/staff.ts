import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Resource } from '../../resources/engine.ts';
import { mountStaffAccounts } from '../../resources/staff-accounts.ts';
import { idList, oneId } from '../system/id-list.ts';
import { COMPANY_USER_TYPE, ownEnterprise } from '../user/company.ts';
import { checkRoles } from '../user/resource.ts';
import { companyRole, createCompanyAccount } from './company-account.ts';

/**
 * Staff (spec part 7 "crm staff", the same calls as basic staff, resources/staff-accounts.ts): the
 * accounts a CRM staff member may take are company accounts of its own enterprise, and a company
 * caller creates them with the company role and one of its own departments only.
 */
const EDIT = 'enterprise_staff_edit';

const MSG = {
  noUser: { zh: '所选账号不存在', en: 'The selected account does not exist' },
  notBound: { zh: '当前账号未绑定企业人员', en: 'Your account is not bound to a staff member' },
  otherEnterprise: {
    zh: '该企业账号不属于该人员所在企业',
    en: "This company account belongs to another enterprise than the staff member's",
  },
  companyRoleOnly: {
    zh: '企业账号只能为人员开通企业用户角色的账号',
    en: 'A company account may give its staff the company role only',
  },
  ownDeptOnly: {
    zh: '企业账号只能为人员选择本账号所在的部门',
    en: 'A company account may give its staff its own department only',
  },
} as const;

/** The role a company caller's new account gets: the tenant's company role, the only one it may name. */
async function companyCallerRole(q: Queryable, tenantId: string, requested: unknown): Promise<string> {
  const role = await companyRole(q, tenantId);
  const named = requested ? idList(requested) : [];
  if (named.some((id) => id !== role)) throw forbidden(MSG.companyRoleOnly);
  return role;
}

/** The departments of the signed-in user's own account. */
async function callerDepts(q: Queryable): Promise<string[]> {
  const [row] = await q.query<{ dept_id: string | null }>('select dept_id from blade_user where id = $1', [
    ctx().userId,
  ]);
  return (row?.dept_id ?? '').split(',').filter(Boolean);
}

export function registerStaff(app: FastifyInstance, platform: Platform, staff: Resource) {
  mountStaffAccounts(app, platform, staff, {
    button: EDIT,
    nameField: 'staffName',
    notBound: MSG.notBound,
    async checkUser(user, row) {
      const own = await ownEnterprise(platform);
      // A company account sees only the accounts of its own enterprise: any other is none it knows.
      if (own && user.enterpriseId !== own) throw badRequest(MSG.noUser);
      // A company account works for its own enterprise only, whoever binds it.
      if (user.userType === COMPANY_USER_TYPE && user.enterpriseId !== String(row.enterpriseId)) {
        throw badRequest(MSG.otherEnterprise);
      }
    },
    async createAccount(row, body, name) {
      const { tenantId, userId: createUser } = ctx();
      const own = await ownEnterprise(platform);
      return async (q) => {
        const roleId = own
          ? await companyCallerRole(q, tenantId, body.roleId)
          : body.roleId
            ? (await checkRoles(q, tenantId, body.roleId)).join(',')
            : undefined;
        const deptId = body.deptId ? oneId(body.deptId, 'deptId') : null;
        if (own && deptId && !(await callerDepts(q)).includes(deptId)) throw forbidden(MSG.ownDeptOnly);
        return createCompanyAccount(q, {
          tenantId,
          enterpriseId: String(row.enterpriseId),
          account: body.account,
          password: body.password,
          name,
          phone: row.phone as string | null,
          roleId,
          deptId,
          createUser,
        });
      };
    },
    created(row, account) {
      platform.logs.event(
        'info',
        'crm.company-account',
        `为企业 ${row.enterpriseId} 的人员 ${row.staffName} 新建企业账号 ${account}`,
      );
    },
  });
}
