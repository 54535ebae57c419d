import { user } from '@park/catalog';
import { ADMIN_ROLE_ALIAS, ctx, isAdministrator } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, forbidden } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type Resource } from '../../resources/engine.ts';
import type { Where } from '../../resources/sql.ts';
import { idList } from '../system/id-list.ts';
import { COMPANY_USER_TYPE, ownEnterprise } from './company.ts';
import { announceUsersChanged, changesLogins, revokeSessionsOf } from './events.ts';
import { checkAccountLimits } from './limits.ts';
import { hashPlain } from './passwords.ts';

/**
 * The user resource: the engine's reads and writes plus the rules of a user row:
 * tenant limits and a password on creation, roles, departments and posts that exist
 * in the tenant, and the administrator role given only by an administrator.
 */
const MSG = {
  password: { zh: '请输入密码', en: 'Please enter the password' },
  mismatch: { zh: '两次密码输入不一致', en: 'The two passwords do not match' },
  roles: { zh: '请选择所属角色', en: 'Please select the roles' },
  unknownRole: { zh: '所选角色不存在', en: 'A selected role does not exist' },
  unknownDept: { zh: '所选部门不存在', en: 'A selected department does not exist' },
  unknownPost: { zh: '所选岗位不存在', en: 'A selected post does not exist' },
  adminRole: {
    zh: '只有超级管理员可以授予超级管理员角色',
    en: 'Only an administrator may grant the administrator role',
  },
  self: { zh: '不能删除本账号', en: 'You cannot remove your own account' },
  companyEnterprise: {
    zh: '企业账号必须选择所属企业',
    en: 'A company account must belong to an enterprise',
  },
  unknownEnterprise: { zh: '所选企业不存在', en: 'The selected enterprise does not exist' },
} as const;

/** Narrows a user read to one department and every department below it. */
export function inDepartmentTree(deptId: string) {
  return (where: Where) => {
    const d = where.param(deptId);
    where.and(
      `string_to_array("dept_id", ',') && array(select id::text from blade_dept where is_deleted = 0
         and (id = ${d}::bigint or ',' || ancestors || ',' like '%,' || ${d} || ',%'))`,
    );
  };
}

export function createUserResource(platform: Platform): Resource {
  return createResource(platform, user, {
    // A company account sees only the accounts of its own enterprise (the person picker of its staff).
    async scope(where) {
      const own = await ownEnterprise(platform);
      if (own) where.and(`"enterprise_id" = ${where.param(own)}`);
    },
    async beforeSave({ q, isNew, body, values }) {
      const tenantId = ctx().tenantId;
      if (isNew) {
        await checkAccountLimits(q, tenantId);
        const password = String(body.password ?? '');
        if (!password) throw badRequest(MSG.password);
        if (body.password2 !== undefined && String(body.password2) !== password) throw badRequest(MSG.mismatch);
      }
      if (values.roleId !== undefined) values.roleId = (await checkRoles(q, tenantId, values.roleId)).join(',');
      // Required of park accounts by the catalog (requiredUnless): a company account may have none.
      if (values.deptId !== undefined) {
        values.deptId =
          (await checkRefs(q, 'blade_dept', tenantId, idList(values.deptId), MSG.unknownDept)).join(',') || null;
      }
      if (values.postId !== undefined) {
        values.postId =
          (await checkRefs(q, 'blade_post', tenantId, idList(values.postId), MSG.unknownPost)).join(',') || null;
      }
      // Tokens carry the roles, department and post they were issued with, and a disabled account (or one of
      // another type) must not keep its logins: a change of any ends the user's logins once the saving is over.
      if (!isNew && (await changesLogins(q, String(body.id), values)))
        await revokeSessionsOf(platform, [String(body.id)]);
      if (values.userType !== undefined || values.enterpriseId !== undefined) {
        const [stored] = isNew
          ? []
          : await q.query<{ user_type: number; enterprise_id: string | null }>(
              'select user_type, enterprise_id from blade_user where id = $1',
              [body.id],
            );
        await checkCompanyEnterprise(
          q,
          tenantId,
          values.userType !== undefined ? values.userType : stored?.user_type,
          values.enterpriseId !== undefined ? values.enterpriseId : stored?.enterprise_id,
        );
      }
    },
    async afterSave({ q, isNew, row, body }) {
      if (isNew)
        await q.query('update blade_user set password = $2 where id = $1', [
          row.id,
          await hashPlain(String(body.password)),
        ]);
      else await announceUsersChanged(platform.bus, ctx().tenantId, [String(row.id)]);
    },
    async afterRemove({ ids }) {
      if (ids.includes(ctx().userId)) throw badRequest(MSG.self);
      await announceUsersChanged(platform.bus, ctx().tenantId, ids);
      await revokeSessionsOf(platform, ids);
    },
  });
}

/**
 * A company account (user_type 2) names a live enterprise of the tenant: the CRM scopes every read
 * of such an account by it, so one without an enterprise is refused rather than saved.
 */
export async function checkCompanyEnterprise(q: Queryable, tenantId: string, userType: unknown, enterpriseId: unknown) {
  if (Number(userType) !== COMPANY_USER_TYPE) return;
  if (enterpriseId === undefined || enterpriseId === null || enterpriseId === '') {
    throw badRequest(MSG.companyEnterprise);
  }
  await checkEnterpriseExists(q, tenantId, enterpriseId);
}

/** An enterprise a user row names must be a live one of the tenant. */
export async function checkEnterpriseExists(q: Queryable, tenantId: string, enterpriseId: unknown) {
  const found = await q.query('select 1 from crm_enterprise where id = $1 and tenant_id = $2 and is_deleted = 0', [
    enterpriseId,
    tenantId,
  ]);
  if (!found.length) throw badRequest(MSG.unknownEnterprise);
}

/** Role ids that exist in the tenant; the administrator role only from an administrator. */
export async function checkRoles(q: Queryable, tenantId: string, value: unknown): Promise<string[]> {
  const ids = idList(value, MSG.roles);
  await checkRefs(q, 'blade_role', tenantId, ids, MSG.unknownRole);
  if (!isAdministrator()) {
    const admin = await q.query('select 1 from blade_role where id = any($1::bigint[]) and role_alias = $2', [
      ids,
      ADMIN_ROLE_ALIAS,
    ]);
    if (admin.length) throw forbidden(MSG.adminRole);
  }
  return ids;
}

async function checkRefs(q: Queryable, table: string, tenantId: string, ids: string[], message: Bilingual) {
  if (!ids.length) return ids;
  const [{ n }] = await q.query<{ n: number }>(
    `select count(*)::int as n from ${table} where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0`,
    [ids, tenantId],
  );
  if (n !== ids.length) throw badRequest(message);
  return ids;
}

/** Adds roleName, deptName and postName (comma-joined) to user rows, as BladeX's user view does. */
export async function withNames(platform: Platform, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const split = (v: unknown) =>
    String(v ?? '')
      .split(',')
      .filter(Boolean);
  const all = [...new Set(rows.flatMap((r) => [...split(r.roleId), ...split(r.deptId), ...split(r.postId)]))];
  const names = await platform.db.scoped(ctx().tenantId, (q) =>
    q.query<{ id: string; name: string }>(
      `select id::text, role_name as name from blade_role where id::text = any($1)
       union all select id::text, dept_name from blade_dept where id::text = any($1)
       union all select id::text, post_name from blade_post where id::text = any($1)`,
      [all],
    ),
  );
  const byId = new Map(names.map((n) => [n.id, n.name]));
  const join = (v: unknown) =>
    split(v)
      .map((id) => byId.get(id) ?? '')
      .filter(Boolean)
      .join(',');
  return rows.map((r) => ({ ...r, roleName: join(r.roleId), deptName: join(r.deptId), postName: join(r.postId) }));
}
