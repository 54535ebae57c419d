import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { mountSaveUpdate, objectBody, type Resource } from '../../resources/engine.ts';
import { idList, oneId } from '../system/id-list.ts';
import { COMPANY_USER_TYPE, ownEnterprise } from '../user/company.ts';
import { checkRoles } from '../user/resource.ts';
import { companyRole, createCompanyAccount } from './company-account.ts';

/**
 * Staff (spec part 7 "crm staff", the same calls as basic staff): save and update, bind a staff
 * member to an existing user, unbind, create an account and bind it in one go, read and edit
 * one's own staff info.
 * The staff row is always read through the resource, so the company scope applies.
 */
const BASE = '/api/blade-crm/staff';
type Q = { Querystring: Record<string, unknown> };
type B = { Body: unknown };
const EDIT = 'enterprise_staff_edit';

const MSG = {
  bound: { zh: '该人员已绑定账号', en: 'This staff member already has an account' },
  userTaken: { zh: '该账号已绑定其他人员', en: 'This account is bound to another staff member' },
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

/** A parameter from the query or, for a JSON post, the body. */
function param(req: { query: Record<string, unknown>; body?: unknown }, name: string): string {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return oneId(req.query[name] ?? body[name], name);
}

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
  const visibleStaff = async (id: string) => {
    const row = await staff.detail(id);
    if (!row) throw notFound();
    return row;
  };
  mountSaveUpdate(app, staff);

  const bind = (staffId: string, userId: string | null) =>
    platform.db.tx(ctx().tenantId, (q) =>
      q.query('update crm_staff set user_id = $2, update_user = $3, update_time = localtimestamp(0) where id = $1', [
        staffId,
        userId,
        ctx().userId,
      ]),
    );

  app.post<Q & B>(`${BASE}/user-bind`, { config: { title: '人员绑定账号', button: EDIT } }, async (req) => {
    const row = await visibleStaff(param(req, 'id'));
    const userId = param(req, 'userId');
    const own = await ownEnterprise(platform);
    await platform.db.tx(ctx().tenantId, async (q) => {
      const [user] = await q.query<{ user_type: number; enterprise_id: string | null }>(
        'select user_type, enterprise_id::text from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0',
        [userId, ctx().tenantId],
      );
      // A company account sees only the accounts of its own enterprise: any other is none it knows.
      if (!user || (own && user.enterprise_id !== own)) throw badRequest(MSG.noUser);
      // A company account works for its own enterprise only, whoever binds it.
      if (user.user_type === COMPANY_USER_TYPE && user.enterprise_id !== String(row.enterpriseId)) {
        throw badRequest(MSG.otherEnterprise);
      }
      const other = await q.query('select 1 from crm_staff where user_id = $1 and id <> $2 and is_deleted = 0', [
        userId,
        row.id,
      ]);
      if (other.length) throw badRequest(MSG.userTaken);
      await bind(String(row.id), userId);
    });
    return ok(true, { zh: '绑定成功', en: 'Bound' });
  });

  app.post<Q & B>(`${BASE}/unbind`, { config: { title: '人员解绑账号', button: EDIT } }, async (req) => {
    const row = await visibleStaff(param(req, 'id'));
    await bind(String(row.id), null);
    return ok(true, { zh: '解绑成功', en: 'Unbound' });
  });

  app.post<B>(`${BASE}/create-bind`, { config: { title: '人员创建并绑定账号', button: EDIT } }, async (req) => {
    const body = objectBody(req.body);
    const row = await visibleStaff(oneId(body.staffId, 'staffId'));
    if (row.userId) throw badRequest(MSG.bound);
    const { tenantId, userId: createUser } = ctx();
    const own = await ownEnterprise(platform);
    const userId = await platform.db.tx(tenantId, async (q) => {
      const roleId = own
        ? await companyCallerRole(q, tenantId, body.roleId)
        : body.roleId
          ? (await checkRoles(q, tenantId, body.roleId)).join(',')
          : undefined;
      const deptId = body.deptId ? oneId(body.deptId, 'deptId') : null;
      if (own && deptId && !(await callerDepts(q)).includes(deptId)) throw forbidden(MSG.ownDeptOnly);
      const id = await createCompanyAccount(q, {
        tenantId,
        enterpriseId: String(row.enterpriseId),
        account: body.account,
        password: body.password,
        name: String(body.name || row.staffName),
        phone: row.phone as string | null,
        roleId,
        deptId,
        createUser,
      });
      await bind(String(row.id), id);
      return id;
    });
    const account = String(body.account).trim();
    platform.logs.event(
      'info',
      'crm.company-account',
      `为企业 ${row.enterpriseId} 的人员 ${row.staffName} 新建企业账号 ${account}`,
    );
    return ok({ userId }, { zh: '创建并绑定成功', en: 'Account created and bound' });
  });

  app.get<Q>(`${BASE}/user-info`, { config: { title: '账号的人员信息' } }, async (req) => {
    const [row] = await staff.list({ userId: oneId(req.query.userId, 'userId'), size: 1 });
    return ok(row ?? null);
  });

  // The signed-in user's own staff row; the enterprise and the binding stay as they are.
  app.post<B>(`${BASE}/update-info`, { config: { title: '修改本人人员信息', button: EDIT } }, async (req) => {
    const { enterpriseId: _e, userId: _u, ...body } = objectBody(req.body);
    const [row] = await staff.list({ userId: ctx().userId, size: 1 });
    if (!row) throw badRequest(MSG.notBound);
    return ok(await staff.save({ ...body, id: row.id }), { zh: '更新成功', en: 'Updated' });
  });
}
