import type { JobHandler } from '../../platform/jobs.ts';

/**
 * The `sessionCleanup` job: removes the tenant's logins whose refresh tokens have expired. Nothing
 * reads them any more: a revoked login is remembered only until its tokens expire (platform/sessions.ts).
 */
export const sessionCleanupJob: JobHandler = {
  name: 'sessionCleanup',
  async run({ tenantId }, db) {
    const removed = await db.tx(tenantId, (q) =>
      q.query('delete from park_auth_session where tenant_id = $1 and expires_at < localtimestamp returning id', [
        tenantId,
      ]),
    );
    return {
      zh: `清理过期登录会话${removed.length}个`,
      en: `Removed ${removed.length} expired login sessions`,
    };
  },
};
