import { REPAIR_STATUS } from '@park/catalog';
import { addStep, startRepairProcess } from '../modules/property/repair-process.ts';
import { numberRepair } from '../modules/property/repairs.ts';
import * as ops from '../modules/workflow/engine/operations.ts';
import { type Actor, lockInstance, type Run } from '../modules/workflow/engine/runtime.ts';
import type { Queryable } from '../platform/db.ts';
import { PLATFORM_TENANT } from '../platform/params.ts';

/**
 * Demo instances of the demo processes (workflow-demo.ts), run through the engine's own operations in the seed's
 * transaction as the demo people, so every state the runtime screens show exists on a fresh start:
 *   请假 at 部门负责人审批: admin's (a to-do for 张主任), 赵师傅's (for 刘主管, park staff) and 刘主管's, which 张主任
 *     handed to the administrator (a to-do for admin); 李会计's, copied to admin (抄送);
 *   请假 of 5 days at 园区主任审批, offered to the 园区主任 role (待签 for 张主任);
 *   报销 in its 财务会签 (to-dos for 李会计 and 王出纳); admin's 报销 rejected back to admin (重新提交);
 *   a finished 请假, a terminated 请假 (rejected, then given up by its starter);
 *   报修 reported by 星河智能 (company account xinghe) at 派单 (待签 for the 物业部), another of theirs handled by
 *   赵师傅 and waiting at 报修人确认 (a to-do for the company account), and 青禾生物's repaired, confirmed and rated.
 * The repairs are property_repair rows reported as a company's report is (number, first step, its process), so
 * their work orders follow the process. The messages the engine stores stay in the inboxes (nobody is online to
 * push them to). Every instance is new (the engine's ids); the repairs' ids are 19000000000031NNNN.
 */
const t = PLATFORM_TENANT;
const DEPLOYMENT = { leave: '190000000000300231', expense: '190000000000300232', repair: '190000000000300233' };
const repairId = (n: number) => `19000000000031${String(n).padStart(4, '0')}`;

/** yyyy-MM-dd, days from today. */
function day(offset: number): string {
  const at = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const leave = (type: string, days: number, from: number, reason: string) => ({
  leaveType: type,
  days,
  startDate: day(from),
  endDate: day(from + Math.max(Math.ceil(days) - 1, 0)),
  reason,
});

const expense = (title: string, items: [string, number, number][]) => ({
  title,
  items: items.map(([item, spent, amount]) => ({ item, spentOn: day(spent), amount })),
  total: Math.round(items.reduce((sum, [, , amount]) => sum + amount, 0) * 100) / 100,
});

export async function seedWorkflowInstances(q: Queryable) {
  const people = await q.query<{
    account: string;
    id: string;
    name: string;
    deptId: string | null;
    roleId: string | null;
    postId: string | null;
    enterpriseId: string | null;
  }>(
    `select account, id::text as id, coalesce(nullif(real_name, ''), name, account) as name, dept_id as "deptId",
            role_id as "roleId", post_id as "postId", enterprise_id::text as "enterpriseId"
       from blade_user where tenant_id = $1 and is_deleted = 0
        and account = any(array['admin', 'zhang_zr', 'li_kj', 'wang_cn', 'zhao_wx', 'liu_wy', 'xinghe', 'qinghe'])`,
    [t],
  );
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const as = (account: string): Actor => {
    const p = byAccount.get(account);
    if (!p) throw new Error(`The demo user ${account} is missing`);
    return {
      tenantId: t,
      userId: p.id,
      userName: p.name,
      deptId: p.deptId ?? '',
      roleIds: (p.roleId ?? '').split(',').filter(Boolean),
      postId: p.postId ?? '',
    };
  };
  const idOf = (account: string) => as(account).userId;

  /** Runs an operation and stores what it tells (the seed announces nothing). */
  const done = async (run: Run) => {
    await run.flush();
    return run.instance.id;
  };
  const start = async (account: string, deploymentId: string, formData: unknown, copyUser?: string[]) =>
    done(await ops.start(q, as(account), { deploymentId, formData, copyUser, enterpriseId: null }));
  /** The instance's open task (at a node, if given) the user acts on, opened as the engine's operations do. */
  const onTask = async (account: string, instanceId: string, nodeId?: string) => {
    const actor = as(account);
    const [task] = await q.query<{ id: string }>(
      `select id::text as id from wf_task where instance_id = $1 and status = 'todo'
          and ($2::text is null or node_id = $2) and (assignee is null or assignee = $3) order by id limit 1`,
      [instanceId, nodeId ?? null, actor.userId],
    );
    if (!task) throw new Error(`No open task of ${account} in the demo instance ${instanceId}`);
    const instance = await lockInstance(q, t, instanceId);
    return ops.onTask(q, actor, instance, task.id);
  };
  const pass = async (account: string, instanceId: string, comment: string, formData?: Record<string, unknown>) => {
    const { run, task } = await onTask(account, instanceId);
    await ops.complete(run, task, { pass: true, comment, attachments: [], formData });
    return done(run);
  };
  const reject = async (account: string, instanceId: string, comment: string) => {
    const { run, task } = await onTask(account, instanceId);
    await ops.complete(run, task, { pass: false, comment, attachments: [] });
    return done(run);
  };
  const claim = async (account: string, instanceId: string) => {
    const { run, task } = await onTask(account, instanceId);
    await ops.claim(run, task);
    return done(run);
  };

  // 请假 waiting at 部门负责人审批: 张主任 decides admin's; 刘主管 (物业部's head) decides 赵师傅's.
  await start('admin', DEPLOYMENT.leave, leave('3', 2, 3, '年假，回老家探亲'));
  await start('zhao_wx', DEPLOYMENT.leave, leave('2', 1, 1, '感冒发烧，需就医'));
  // 刘主管's own leave goes to the centre's head (张主任), who hands it to the administrator.
  const handed = await start('liu_wy', DEPLOYMENT.leave, leave('4', 1, 2, '上周六加班，申请调休'));
  {
    const { run, task } = await onTask('zhang_zr', handed);
    await ops.handOver(run, task, 'transfer', idOf('admin'), '出差期间请管理员代为审批');
    await done(run);
  }
  // 李会计's leave, copied to the administrator (抄送).
  await start('li_kj', DEPLOYMENT.leave, leave('1', 0.5, 1, '下午办理房产手续'), [idOf('admin')]);

  // More than 3 days: past 部门负责人审批, offered to the 园区主任 role (待签).
  const long = await start('wang_cn', DEPLOYMENT.leave, leave('5', 5, 7, '婚假'));
  await pass('zhang_zr', long, '同意，祝新婚快乐');

  // 报销 in its 财务会签: 赵师傅's, approved by 刘主管, waits for both finance clerks.
  const signing = await start(
    'zhao_wx',
    DEPLOYMENT.expense,
    expense('维修工具采购', [
      ['电钻及钻头', -3, 468],
      ['万用表', -3, 189.5],
    ]),
  );
  await pass('liu_wy', signing, '同意，工具确有需要');

  // admin's 报销, rejected by 张主任: back at its start for admin to send again (重新提交).
  const rejected = await start('admin', DEPLOYMENT.expense, expense('客户接待餐费', [['接待午餐', -5, 1260]]));
  await reject('zhang_zr', rejected, '请补充发票照片和接待人员名单');

  // A finished 请假 (3 days or fewer: 部门负责人审批 alone).
  const short = await start('li_kj', DEPLOYMENT.leave, leave('2', 1, -10, '牙科复诊'));
  await pass('zhang_zr', short, '同意');

  // A terminated 请假: rejected, then given up by its starter at 重新提交.
  const givenUp = await start('wang_cn', DEPLOYMENT.leave, leave('1', 2, -2, '家中有事'));
  await reject('zhang_zr', givenUp, '月底结账期间，请调整时间');
  {
    const { run, task } = await onTask('wang_cn', givenUp);
    await ops.terminate(run, task, '改期再申请', false);
    await done(run);
  }

  // Repairs reported by company accounts, run by the repair process.
  const report = async (n: number, account: string, fault: number, location: string, description: string) => {
    const reporter = byAccount.get(account)!;
    const id = repairId(n);
    await q.query(
      `insert into property_repair (id, tenant_id, fault_type, location, enterprise_id, description, contact_phone,
              repair_status, create_user, update_user)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [id, t, fault, location, reporter.enterpriseId, description, '13900001111', REPAIR_STATUS.pending, reporter.id],
    );
    await numberRepair(q, id, t);
    await addStep(q, { tenantId: t, userId: reporter.id }, id, 'report', null, REPAIR_STATUS.pending, null);
    await startRepairProcess(q, as(account), id, reporter.enterpriseId);
    const [{ instanceId }] = await q.query<{ instanceId: string }>(
      'select process_instance_id::text as "instanceId" from property_repair where id = $1',
      [id],
    );
    return instanceId;
  };
  const dispatch = async (instanceId: string) => {
    await claim('liu_wy', instanceId);
    await pass('liu_wy', instanceId, '请赵师傅今天上门处理', { handler: idOf('zhao_wx') });
  };
  await report(1, 'xinghe', 4, 'A栋3层 星河智能前台', '前台区域网络时断时续，影响办公');
  const handled = await report(2, 'xinghe', 2, 'A栋3层 302会议室', '会议室空调不制冷');
  await dispatch(handled);
  await pass('zhao_wx', handled, '已处理', { result: '清洗滤网并补充冷媒，试机正常' });
  const rated = await report(3, 'qinghe', 1, 'B栋1层 青禾生物实验室', '实验室插座跳闸');
  await dispatch(rated);
  await pass('zhao_wx', rated, '已处理', { result: '更换损坏的漏电保护器' });
  await pass('qinghe', rated, '处理及时，谢谢', { satisfaction: '1' });
}
