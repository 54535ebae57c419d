import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Resource } from '../../resources/engine.ts';
import { requireVisible } from './account.ts';

const MSG = {
  noneSelected: { zh: '请选择至少一条数据', en: 'Select at least one record' },
  badIds: { zh: '用户编号格式不正确', en: 'The user ids are not valid' },
} as const;

/** POST /api/blade-user/unlock?userIds=1,2: clears the wrong-password count, so the account asks for no captcha. */
export function registerUnlock(app: FastifyInstance, platform: Platform, resource: Resource) {
  app.post<{ Querystring: { userIds?: string } }>(
    '/api/blade-user/unlock',
    { config: { button: 'user_unlock', title: '账号解锁' } },
    async (request) => {
      const ids = String(request.query.userIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (ids.length === 0) throw badRequest(MSG.noneSelected);
      if (!ids.every(isId)) throw badRequest(MSG.badIds);
      const c = ctx();
      // Only users the caller sees (tenant, data scope, enterprise); row-level security behind it.
      await platform.db.tx(c.tenantId, async (q) => {
        await requireVisible(resource, ids, q);
        await q.query(
          `update blade_user set fail_count = 0, fail_time = null, update_user = $3, update_time = localtimestamp(0)
            where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
          [c.tenantId, ids, c.userId],
        );
      });
      return ok(true);
    },
  );
}
