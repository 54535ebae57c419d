import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ok, unauthorized } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { findUserById } from './accounts.ts';

/**
 * The park's time zone as the database keeps it (every rule reads `localtimestamp` and `current_date` there)
 * and its clock now, in milliseconds since the epoch: the web app keeps the offset from the browser's clock.
 */
async function parkClock(platform: Platform, tenantId: string): Promise<{ timeZone: string; now: number }> {
  const [row] = await platform.db.scoped(tenantId, (q) =>
    q.query<{ timeZone: string; now: number }>(
      `select current_setting('TimeZone') as "timeZone",
              floor(extract(epoch from clock_timestamp()) * 1000)::float8 as now`,
    ),
  );
  return { timeZone: row.timeZone, now: Number(row.now) };
}

/** The logged-in user's own calls: who am I, log out, clear the caches. */
export function registerSessionRoutes(app: FastifyInstance, platform: Platform) {
  app.get('/api/blade-auth/oauth/user-info', { config: { title: '用户信息' } }, async () => {
    const c = ctx();
    const user = await findUserById(platform, c.tenantId, c.userId);
    // Deleted since the login: the token names nobody any more.
    if (!user) throw unauthorized();
    return ok({
      id: String(user.id),
      tenantId: user.tenant_id,
      account: user.account,
      name: user.name ?? '',
      realName: user.real_name ?? '',
      avatar: user.avatar ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      // Departments and roles as this session holds them (switch mode may have narrowed them).
      deptId: c.deptId,
      roleId: c.roleIds.join(','),
      postId: user.post_id ?? '',
      roleName: c.roleAliases.join(','),
      userType: user.user_type,
      // The park's clock (issue 34): screens judge "now" and "today" by these, never by the browser's clock.
      ...(await parkClock(platform, c.tenantId)),
    });
  });

  const logout = async () => {
    await platform.sessions.revoke(ctx().sessionId);
    platform.logs.event('info', 'auth.logout', `账号 ${ctx().account} 退出登录`);
    return ok(true);
  };
  app.get('/api/blade-auth/oauth/logout', { config: { title: '退出登录' } }, logout);
  app.post('/api/blade-auth/oauth/logout', { config: { title: '退出登录' } }, logout);
  // SpringBlade's path, where the Saber console logs out (saber-token.ts).
  app.get('/api/blade-auth/logout', { config: { title: '退出登录' } }, logout);
  app.post('/api/blade-auth/logout', { config: { title: '退出登录' } }, logout);

  app.get('/api/blade-auth/oauth/clear-cache', { config: { title: '清除缓存' } }, async () => {
    await platform.cache.invalidateAll();
    return ok(true);
  });
}
