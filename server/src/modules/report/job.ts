import type { Queryable } from '../../platform/db.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { nextRunTime } from '../../platform/jobs.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import { SEED } from '../../seed/platform.ts';
import { insertRows } from '../../seed/rows.ts';
import { generateMonthly, months, PERIOD, REPORT_MESSAGES, type ReportDeps } from './generate.ts';

/**
 * The `monthlyReport` job: makes the report of the month before the run for the job's tenant, in the name of the
 * job's owner, through the function 生成报表 uses. The optional parameter `period` (YYYY-MM) makes that month's
 * instead, for a month to be made again by 立即执行.
 */
export const REPORT_JOB = 'monthlyReport';

export function reportJob(deps: ReportDeps): JobHandler {
  return {
    name: REPORT_JOB,
    check(params) {
      if (params.period === undefined) return undefined;
      return typeof params.period === 'string' && PERIOD.test(params.period) ? undefined : REPORT_MESSAGES.badPeriod;
    },
    async run({ tenantId, params, owner }, db) {
      const period = typeof params.period === 'string' ? params.period : (await months(db, tenantId)).lastMonth;
      await generateMonthly({ ...deps, db }, tenantId, period, owner);
      return { zh: `已生成 ${period} 园区运营月报`, en: `The park operations report of ${period} is made` };
    },
  };
}

/**
 * Tenant 000000's demo job: last month's report, on the 1st of each month at 03:00 (seed set `demo-report-job`, so
 * a database seeded before the reports existed gets it too).
 */
export async function seedReportJob(q: Queryable) {
  const cron = '0 0 3 1 * ?';
  await insertRows(q, 'blade_job', [
    {
      id: '1900000000000400004',
      tenant_id: PLATFORM_TENANT,
      key_name: 'monthly-report',
      job_name: '生成园区运营月报',
      handler: REPORT_JOB,
      cron_expression: cron,
      job_state: 'WAITING',
      next_run_time: nextRunTime(cron),
      remark: '演示数据：每月1日生成上月的园区运营月报（报表管理）',
      create_user: SEED.adminUser,
      create_dept: SEED.rootDept,
      update_user: SEED.adminUser,
    },
  ]);
}
