import { MATTER_STATUS } from '@park/catalog';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';
import { SEED } from './platform.ts';

/**
 * Demo team projects of tenant 000000 led by admin, with matters assigned to admin: due dates
 * relative to the day of seeding (one overdue, one due today, later ones) and every status, so
 * the desk's 项目待办 has counts and a list on first start. Ids 19000000000002000N (projects)
 * and 1900000000000210NN (matters); every row says 演示数据.
 */
const DEMO = '演示数据';
const { todo, doing, done } = MATTER_STATUS;

const PROJECTS = [
  { name: '园区智慧化改造', status: 1, start: -30, end: 60, enterprise: null },
  { name: '企业服务月活动', status: 1, start: -7, end: 23, enterprise: '星河智能科技有限公司' },
];

/** [project index, title, priority, due in days from today, status] */
const MATTERS: [number, string, number, number, number][] = [
  [0, '核对园区能耗月度账单', 3, -3, todo],
  [0, '门禁系统升级方案评审', 2, 0, doing],
  [0, '会议室预约系统试运行', 2, 5, todo],
  [1, '走访星河智能了解用房需求', 3, 2, doing],
  [1, '整理入驻企业年度经营数据', 1, 14, todo],
  [1, '更新招商宣传册', 1, -1, done],
];

const projectId = (i: number) => `19000000000002${String(i + 1).padStart(4, '0')}`;
const matterId = (i: number) => `19000000000002${String(1001 + i).padStart(4, '0')}`;

export async function seedTeamProjectDemo(q: Queryable) {
  for (const [i, p] of PROJECTS.entries()) {
    await q.query(
      `insert into basic_team_project
         (id, tenant_id, project_name, leader, enterprise_id, start_date, end_date, project_status, remark,
          create_user, update_user)
       values ($1, $2::varchar, $3, $4, (select id from crm_enterprise where tenant_id = $2::varchar and enterprise_name = $5 and is_deleted = 0),
               current_date + $6::int, current_date + $7::int, $8, $9, $4, $4)`,
      [projectId(i), PLATFORM_TENANT, p.name, SEED.adminUser, p.enterprise, p.start, p.end, p.status, DEMO],
    );
  }
  for (const [i, [project, title, priority, due, status]] of MATTERS.entries()) {
    await q.query(
      `insert into basic_team_project_matters
         (id, tenant_id, team_project_id, matter_title, content, assignee, priority, due_date, matter_status,
          finish_time, create_user, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, current_date + $8::int, $9,
               case when $9 = ${done} then localtimestamp(0) end, $6, $6)`,
      [
        matterId(i),
        PLATFORM_TENANT,
        projectId(project),
        title,
        `${title}（${DEMO}）`,
        SEED.adminUser,
        priority,
        due,
        status,
      ],
    );
  }
}
