import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Resource } from '../../resources/engine.ts';
import { ident } from '../../resources/sql.ts';
import { coerce, writeValues } from '../../resources/validate.ts';
import { idList, NONE_SELECTED, oneId } from '../system/id-list.ts';
import { announceUsersChanged, revokeSessionsOf } from './events.ts';
import { digestMatches, digestParam, hashDigest, hashPlain } from './passwords.ts';
import { checkCompanyEnterprise, checkEnterpriseExists, checkRoles } from './resource.ts';

/** Account actions on users: grant roles, reset password, status, platform settings, own info and password. */
type Q = { Querystring: Record<string, string | undefined> };
const BASE = '/api/blade-user';
const MSG = {
  oldPassword: { zh: '请输入原密码', en: 'Please enter the old password' },
  newPassword: { zh: '请输入新密码', en: 'Please enter the new password' },
  repeat: { zh: '请再次输入新密码', en: 'Please repeat the new password' },
  mismatch: { zh: '两次密码输入不一致', en: 'The two passwords do not match' },
  wrongOld: { zh: '原密码不正确', en: 'The old password is wrong' },
  status: { zh: '状态只能是0或1', en: 'status must be 0 or 1' },
} as const;
/** Fields a user may change on their own row through update-info. */
const OWN_FIELDS = ['avatar', 'name', 'realName', 'phone', 'email', 'sex', 'birthday'];

/** Every one of `ids` must be a user the caller sees (the engine's scoped read), else 404 as `detail` answers. */
export async function requireVisible(resource: Resource, ids: string[], q: Queryable): Promise<void> {
  const seen = await resource.visibleIds(ids, q);
  if (seen.length !== new Set(ids).size) throw notFound();
}

export function registerAccount(app: FastifyInstance, platform: Platform, resource: Resource) {
  /**
   * Runs `set` ($1 tenant, $2 user ids, $3 caller, then `params`) on the given users, all of whom the
   * caller must see as `detail` does (its tenant, data scope and enterprise): any other is 404 and
   * nothing changes.
   */
  const updateUsers = async (ids: string[], set: string, params: unknown[] = []) => {
    const c = ctx();
    const changed = await platform.db.tx(c.tenantId, async (q) => {
      await requireVisible(resource, ids, q);
      return q.query<{ id: string; account: string; status: number }>(
        `update blade_user set ${set}, update_user = $3, update_time = localtimestamp(0)
          where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 returning id, account, status`,
        [c.tenantId, ids, c.userId, ...params],
      );
    });
    await announceUsersChanged(
      platform.bus,
      c.tenantId,
      changed.map((r) => r.id),
    );
    return changed;
  };

  /** The role ids (as stored, comma-joined) of the given users. */
  const rolesOf = async (tenantId: string, ids: string[]) => {
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; role_id: string | null }>(
        'select id::text, role_id from blade_user where tenant_id = $1 and id = any($2::bigint[])',
        [tenantId, ids],
      ),
    );
    return new Map(rows.map((r) => [r.id, r.role_id ?? '']));
  };

  app.post<Q>(`${BASE}/grant`, { config: { title: '用户角色配置', button: 'user_role' } }, async (req) => {
    const userIds = idList(req.query.userIds, NONE_SELECTED);
    const c = ctx();
    const roles = (await platform.db.scoped(c.tenantId, (q) => checkRoles(q, c.tenantId, req.query.roleIds))).join(',');
    const before = await rolesOf(c.tenantId, userIds);
    const granted = await updateUsers(userIds, 'role_id = $4', [roles]);
    // Tokens carry the roles they were issued with: whoever's roles changed logs in again.
    await revokeSessionsOf(
      platform,
      granted.map((u) => u.id).filter((id) => before.get(id) !== roles),
    );
    return ok(true);
  });

  app.post<Q>(`${BASE}/reset-password`, { config: { title: '重置密码', button: 'user_reset' } }, async (req) => {
    const userIds = idList(req.query.userIds, NONE_SELECTED);
    const initial = (await platform.params.get(ctx().tenantId, 'account.initPassword')) ?? '123456';
    // The initial password is known tenant-wide: marked, so that its owner is asked to change it at sign-in.
    const reset = await updateUsers(userIds, 'password = $4, initial_password = 1, fail_count = 0, fail_time = null', [
      await hashPlain(initial),
    ]);
    // Whoever knew the old password (or held a token got with it) is out.
    await revokeSessionsOf(
      platform,
      reset.map((u) => u.id),
    );
    const names = reset.map((u) => u.account).join('、');
    if (names)
      platform.logs.event('info', 'user.password-reset', `重置 ${reset.length} 个用户的密码为初始密码：${names}`);
    return ok(true);
  });

  // Enables or disables accounts; without a status it toggles each one.
  app.post<Q>(`${BASE}/status-change`, { config: { title: '用户状态变更', button: 'user_edit' } }, async (req) => {
    const userIds = idList(req.query.userIds ?? req.query.userId, NONE_SELECTED);
    const raw = req.query.status;
    if (raw !== undefined && raw !== '' && raw !== '0' && raw !== '1') throw badRequest(MSG.status);
    const status = raw === undefined || raw === '' ? null : Number(raw);
    const changed = await updateUsers(userIds, 'status = coalesce($4::int, 1 - status)', [status]);
    // A disabled account's logins end now, not when their tokens expire.
    await revokeSessionsOf(
      platform,
      changed.filter((u) => u.status !== 1).map((u) => u.id),
    );
    const states = changed.map((u) => `${u.account}→${u.status === 1 ? '启用' : '停用'}`).join('、');
    if (states) platform.logs.event('info', 'user.status-change', `变更 ${changed.length} 个用户的状态：${states}`);
    return ok(true);
  });

  app.post<{ Querystring: Record<string, string | undefined>; Body: Record<string, unknown> | undefined }>(
    `${BASE}/update-platform`,
    { config: { title: '用户平台配置', button: 'user_platform' } },
    async (req) => {
      const input = { ...req.query, ...(req.body ?? {}) };
      const userId = oneId(input.userId ?? input.id, 'userId');
      const userType = coerce(resource.model.columns.get('userType')!, input.userType);
      const ext = input.userExt === undefined || input.userExt === null ? null : String(input.userExt);
      if (ext !== null && ext.length > 10_000) throw badRequest({ zh: '扩展信息过长', en: 'userExt is too long' });
      // The enterprise as it will be: left out keeps it, empty clears it; a company account needs a live one.
      const givesEnterprise = Object.hasOwn(input, 'enterpriseId');
      const enterpriseId = coerce(resource.model.columns.get('enterpriseId')!, input.enterpriseId);
      const { tenantId } = ctx();
      const typeBefore = await platform.db.scoped(tenantId, async (q) => {
        await requireVisible(resource, [userId], q);
        const [row] = await q.query<{ user_type: number; enterprise_id: string | null }>(
          'select user_type, enterprise_id from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0',
          [userId, tenantId],
        );
        if (enterpriseId !== null) await checkEnterpriseExists(q, tenantId, enterpriseId);
        await checkCompanyEnterprise(
          q,
          tenantId,
          userType ?? row.user_type,
          givesEnterprise ? enterpriseId : row.enterprise_id,
        );
        return row.user_type;
      });
      const [updated] = await updateUsers(
        [userId],
        `user_type = coalesce($4::int, user_type), user_ext = $5,
         enterprise_id = case when $6::boolean then $7::bigint else enterprise_id end`,
        [userType, ext, givesEnterprise, enterpriseId],
      );
      // A login holds its account type (platform or company): another type logs in again.
      if (updated && userType !== null && userType !== undefined && Number(userType) !== typeBefore) {
        await revokeSessionsOf(platform, [updated.id]);
      }
      return ok(true);
    },
  );

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${BASE}/update-info`,
    { config: { title: '修改个人信息' } },
    async (req) => {
      const body = req.body ?? {};
      // Only one's own row, and only the personal fields, whatever else the body says.
      const own = Object.fromEntries(OWN_FIELDS.filter((f) => Object.hasOwn(body, f)).map((f) => [f, body[f]]));
      const values = [...writeValues(resource.model, own, false)];
      if (values.length) {
        const sets = values.map(([col], i) => `${ident(col.column)} = $${i + 3}`).join(', ');
        const c = ctx();
        await platform.db.tx(c.tenantId, (q) =>
          q.query(
            `update blade_user set ${sets}, update_user = $1, update_time = localtimestamp(0)
              where id = $1 and tenant_id = $2 and is_deleted = 0`,
            [c.userId, c.tenantId, ...values.map(([, v]) => v)],
          ),
        );
      }
      return ok(true, { zh: '修改成功', en: 'Saved' });
    },
  );

  app.post<{ Querystring: Record<string, string | undefined>; Body: Record<string, unknown> | undefined }>(
    `${BASE}/update-password`,
    { config: { title: '修改密码' } },
    async (req) => {
      const input = { ...(req.body ?? {}), ...req.query };
      const oldPassword = digestParam(input.oldPassword, MSG.oldPassword);
      const newPassword = digestParam(input.newPassword, MSG.newPassword);
      const repeat = digestParam(input.newPassword1, MSG.repeat);
      if (newPassword !== repeat) throw badRequest(MSG.mismatch);
      const c = ctx();
      await platform.db.tx(c.tenantId, async (q) => {
        const [row] = await q.query<{ password: string }>(
          'select password from blade_user where id = $1 and tenant_id = $2 and is_deleted = 0 for update',
          [c.userId, c.tenantId],
        );
        if (!row) throw notFound();
        if (!(await digestMatches(oldPassword, row.password))) throw badRequest(MSG.wrongOld);
        await q.query(
          `update blade_user set password = $2, initial_password = 0, update_user = $1, update_time = localtimestamp(0)
            where id = $1`,
          [c.userId, await hashDigest(newPassword)],
        );
      });
      // The user's other logins end (a device that knew the old password); the one changing it stays.
      await revokeSessionsOf(platform, [c.userId], c.sessionId);
      return ok(true, { zh: '修改成功', en: 'Saved' });
    },
  );
}
