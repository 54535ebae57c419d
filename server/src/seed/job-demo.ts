import type { Queryable } from '../platform/db.ts';
import { nextRunTime } from '../platform/jobs.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';
import { insertRows } from './rows.ts';

/**
 * Tenant 000000's demo scheduled jobs, one per handler: the two clean-ups run on their schedules;
 * the weekly reminder starts paused, so that a demo does not message everyone unasked.
 */
export async function seedJobDemo(q: Queryable) {
  const job = (id: string, row: Record<string, unknown> & { cron_expression: string; job_state?: string }) => ({
    id,
    tenant_id: PLATFORM_TENANT,
    job_state: 'WAITING',
    next_run_time: row.job_state === 'PAUSED' ? null : nextRunTime(row.cron_expression),
    remark: '演示数据',
    create_user: SEED.adminUser,
    create_dept: SEED.rootDept,
    update_user: SEED.adminUser,
    ...row,
  });
  await insertRows(q, 'blade_job', [
    job('1900000000000400001', {
      key_name: 'log-cleanup',
      job_name: '清理过期日志',
      handler: 'logCleanup',
      cron_expression: '0 0 2 * * ?',
      params: '{"days":90}',
    }),
    job('1900000000000400002', {
      key_name: 'session-cleanup',
      job_name: '清理过期会话',
      handler: 'sessionCleanup',
      cron_expression: '0 15 * * * ?',
    }),
    job('1900000000000400003', {
      key_name: 'weekly-meeting',
      job_name: '周例会提醒',
      handler: 'sendMessage',
      cron_expression: '0 0 9 ? * MON',
      params: JSON.stringify({
        title: '周例会提醒',
        content: '今天 10:00 在园区服务中心三楼会议室召开运营周例会，请准时参加。',
        roleAlias: 'administrator',
      }),
      job_state: 'PAUSED',
    }),
  ]);
}
