import type { Database } from '../../platform/db.ts';
import type { JobHandler } from '../../platform/jobs.ts';

/**
 * The `logCleanup` job: removes the tenant's api, error and usual log entries older than `days`
 * (default 90), a few thousand rows per statement so that a large backlog never holds a long lock.
 */
const DEFAULT_DAYS = 90;
const MAX_DAYS = 3650;
const BATCH = 5000;

function daysOf(params: Record<string, unknown>): number {
  return params.days === undefined ? DEFAULT_DAYS : Number(params.days);
}

async function purge(
  db: Database,
  tenantId: string,
  table: 'blade_log_api' | 'blade_log_error' | 'blade_log_usual',
  days: number,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await db.tx(tenantId, (q) =>
      q.query(
        `delete from ${table} where id in (
           select id from ${table} where tenant_id = $1 and create_time < localtimestamp - make_interval(days => $2)
            limit ${BATCH}) returning id`,
        [tenantId, days],
      ),
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export const logCleanupJob: JobHandler = {
  name: 'logCleanup',
  check(params) {
    const days = daysOf(params);
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
      return {
        zh: `参数 days（保留天数）须为1到${MAX_DAYS}的整数`,
        en: `The parameter days (days to keep) must be a whole number from 1 to ${MAX_DAYS}`,
      };
    }
    return undefined;
  },
  async run({ tenantId, params }, db) {
    const days = daysOf(params);
    const [apiCount, errorCount, usualCount] = [
      await purge(db, tenantId, 'blade_log_api', days),
      await purge(db, tenantId, 'blade_log_error', days),
      await purge(db, tenantId, 'blade_log_usual', days),
    ];
    const total = apiCount + errorCount + usualCount;
    return {
      zh: `清理${days}天前的日志${total}条（接口${apiCount}、错误${errorCount}、通用${usualCount}）`,
      en: `Removed ${total} log entries older than ${days} days (api ${apiCount}, error ${errorCount}, usual ${usualCount})`,
    };
  },
};
