import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ok, unauthorized } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { findUserById, idList } from './accounts.ts';

/** Whether the tenant lets its users pick one department and role (param `account.switchMode`, off by default). */
export async function switchModeOn(platform: Platform, tenantId: string): Promise<boolean> {
  return (await platform.params.get(tenantId, 'account.switchMode'))?.trim() === 'true';
}

/**
 * GET /api/blade-auth/oauth/switch-options: what the switch-department dialog offers. The web asks it
 * after the password step and for the user menu, since switch mode is a tenant parameter, not a build
 * setting. It answers the session's current department and roles, and, in switch mode only, the
 * departments and roles the user holds (with names), in the order the user record lists them.
 */
export function registerSwitchOptions(app: FastifyInstance, platform: Platform) {
  app.get('/api/blade-auth/oauth/switch-options', { config: { title: '切换部门选项' } }, async () => {
    const c = ctx();
    const user = await findUserById(platform, c.tenantId, c.userId);
    if (!user) throw unauthorized();
    const switchMode = await switchModeOn(platform, c.tenantId);
    const current = { switchMode, deptId: c.deptId, roleId: c.roleIds.join(',') };
    if (!switchMode) return ok({ ...current, depts: [], roles: [] });
    const deptIds = idList(user.dept_id);
    const roleIds = idList(user.role_id);
    const [depts, roles] = await platform.db.scoped(c.tenantId, async (q) => [
      await q.query<{ id: string; name: string }>(
        `select id::text as id, dept_name as name from blade_dept
          where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
        [c.tenantId, deptIds],
      ),
      await q.query<{ id: string; name: string }>(
        `select id::text as id, role_name as name from blade_role
          where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
        [c.tenantId, roleIds],
      ),
    ]);
    const inOrder = (ids: string[], rows: { id: string; name: string }[]) =>
      ids.flatMap((id) => rows.filter((r) => r.id === id));
    return ok({ ...current, depts: inOrder(deptIds, depts), roles: inOrder(roleIds, roles) });
  });
}
