import type { FastifyInstance } from 'fastify';
import { ctx } from '../../../platform/context.ts';
import { badRequest, ok } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { idList, NONE_SELECTED } from '../../system/id-list.ts';
import { idParam, paramsOf } from '../common.ts';
import { parallelDepths } from '../engine/graph.ts';
import * as ops from '../engine/operations.ts';
import { deploymentGraph, MSG as ENGINE, Run } from '../engine/runtime.ts';
import { act, actorOf } from './act.ts';
import { opsList } from './lists.ts';
import { objectOrJson } from './process.ts';

/**
 * 流程监控 (blade-workflow ops/*): the tenant's running and ended instances, each process's deployments with their
 * running counts, an instance's nodes and where it stands, and the administrator's operations on any task or
 * instance: complete, dispatch (指派), suspend and resume, terminate, delete. Open to whoever may open the screen.
 */

const MSG = {
  noTask: { zh: '请选择任务', en: 'Please select the task' },
  noInstance: { zh: '请选择流程实例', en: 'Please select the process instance' },
  badStatus: { zh: '状态只能是 running 或 suspended', en: 'The status must be running or suspended' },
  done: { zh: '操作成功', en: 'Done' },
  removed: (n: number) => ({ zh: `已删除 ${n} 个流程实例`, en: `Deleted ${n} process instances` }),
} as const;

export function registerOps(app: FastifyInstance, platform: Platform) {
  const base = '/api/blade-workflow/ops';
  const db = platform.db;
  type Q = { Querystring: Record<string, unknown> };

  app.get<Q>(`${base}/list`, { config: { title: '运行中流程' } }, async (req) =>
    ok(await db.scoped(ctx().tenantId, async (q) => opsList(q, await actorOf(q), false, req.query))),
  );
  app.get<Q>(`${base}/doneList`, { config: { title: '已结束流程' } }, async (req) =>
    ok(await db.scoped(ctx().tenantId, async (q) => opsList(q, await actorOf(q), true, req.query))),
  );
  app.get<Q>(`${base}/processList`, { config: { title: '流程部署统计' } }, async () =>
    ok(
      await db.scoped(ctx().tenantId, (q) =>
        q.query(
          `select d.id::text as id, d.id::text as "processDefinitionId", d.process_key as "processDefinitionKey",
                  d.name, d.version, d.status, c.name as "categoryName",
                  (select count(*)::int from wf_instance i where i.deployment_id = d.id and i.is_deleted = 0
                      and i.status in ('running', 'suspended')) as running,
                  (select count(*)::int from wf_instance i where i.deployment_id = d.id and i.is_deleted = 0
                      and i.status in ('finished', 'terminated')) as ended
             from wf_deployment d left join wf_category c on c.id = d.category_id
            where d.tenant_id = $1 and d.is_deleted = 0 order by d.process_key, d.version desc`,
          [ctx().tenantId],
        ),
      ),
    ),
  );
  app.get<Q>(`${base}/processNodes`, { config: { title: '流程节点' } }, async (req) => {
    const instanceId = idParam(req.query.processInstanceId, MSG.noInstance);
    return ok(
      await db.scoped(ctx().tenantId, async (q) => {
        const [instance] = await q.query<{ deploymentId: string; trail: string[] }>(
          `select deployment_id::text as "deploymentId", trail from wf_instance
            where id = $1 and tenant_id = $2 and is_deleted = 0`,
          [instanceId, ctx().tenantId],
        );
        if (!instance) throw badRequest(ENGINE.notFound);
        const graph = await deploymentGraph(q, instance.deploymentId);
        const open = await q.query<{
          nodeId: string;
          taskId: string;
          assignee: string | null;
          assigneeName: string | null;
        }>(
          `select t.node_id as "nodeId", t.id::text as "taskId", t.assignee::text as assignee,
                  coalesce(nullif(u.real_name, ''), u.name) as "assigneeName"
             from wf_task t left join blade_user u on u.id = t.assignee
            where t.instance_id = $1 and t.status = 'todo' order by t.id`,
          [instanceId],
        );
        const passed = new Set(instance.trail);
        const depth = parallelDepths(graph);
        return [...graph.nodes.values()]
          .filter((n) => n.type === 'start' || n.type === 'userTask')
          .sort((a, b) => (depth.get(a.id) ?? 0) - (depth.get(b.id) ?? 0))
          .map((n) => ({
            nodeId: n.id,
            nodeName: n.name,
            state: open.some((t) => t.nodeId === n.id) ? 'current' : passed.has(n.id) ? 'finished' : 'untouched',
            tasks: open.filter((t) => t.nodeId === n.id),
          }));
      }),
    );
  });

  app.post<{ Body: unknown }>(`${base}/completeTask`, { config: { title: '监控办理' } }, async (req) => {
    const p = paramsOf(req);
    const taskId = idParam(p.taskId, MSG.noTask);
    const pass = p.pass === true || p.pass === 'true';
    await act(platform, { taskId }, async (q, actor, instance) => {
      const { run, task } = await ops.onTask(q, actor, instance, taskId);
      await ops.complete(
        run,
        task,
        {
          pass,
          comment: ops.commentOf(p.comment),
          attachments: objectOrJson(p.attachments),
          // The task's editable fields, as its assignee would fill them (a repair's 满意度 at 报修人确认).
          formData: p.formData === undefined ? undefined : objectOrJson(p.formData),
        },
        true,
      );
      return run;
    });
    return ok({}, MSG.done);
  });
  app.post<{ Body: unknown }>(`${base}/dispatchTask`, { config: { title: '指派' } }, async (req) => {
    const p = paramsOf(req);
    const taskId = idParam(p.taskId, MSG.noTask);
    const assignee = idParam(p.assignee, { zh: '请选择指派人', en: 'Please select the user' });
    await act(platform, { taskId }, async (q, actor, instance) => {
      const { run, task } = await ops.onTask(q, actor, instance, taskId);
      await ops.handOver(run, task, 'dispatch', assignee, ops.commentOf(p.comment));
      return run;
    });
    return ok({}, MSG.done);
  });
  app.post<{ Body: unknown }>(`${base}/terminateProcess`, { config: { title: '监控终止' } }, async (req) => {
    const p = paramsOf(req);
    const instanceId = idParam(p.processInstanceId, MSG.noInstance);
    await act(platform, { instanceId }, async (q, actor, instance) => {
      if (instance.status === 'finished' || instance.status === 'terminated') throw badRequest(ENGINE.ended);
      const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), actor);
      await ops.terminate(run, null, ops.commentOf(p.comment), true);
      return run;
    });
    return ok({}, MSG.done);
  });
  app.post<{ Body: unknown }>(`${base}/changeStatus`, { config: { title: '挂起/激活' } }, async (req) => {
    const p = paramsOf(req);
    const instanceId = idParam(p.processInstanceId, MSG.noInstance);
    const status = p.status === 'suspended' || p.status === 'running' ? p.status : undefined;
    if (!status) throw badRequest(MSG.badStatus);
    await act(platform, { instanceId }, async (q, actor, instance) => {
      if (instance.status === 'finished' || instance.status === 'terminated') throw badRequest(ENGINE.ended);
      const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), actor);
      if (instance.status !== status) {
        await q.query('update wf_instance set status = $2, update_time = localtimestamp(0) where id = $1', [
          instance.id,
          status,
        ]);
        await run.record(status === 'suspended' ? 'suspend' : 'activate', {});
      }
      return run;
    });
    return ok({}, MSG.done);
  });
  app.post<{ Body: unknown }>(`${base}/deleteProcess`, { config: { title: '删除流程实例' } }, async (req) => {
    const p = paramsOf(req);
    const ids = idList(p.ids, NONE_SELECTED);
    let removed = 0;
    for (const id of ids) {
      await act(platform, { instanceId: id }, async (q, actor, instance) => {
        const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), actor);
        await run.cancelOpenTasks();
        await q.query('delete from wf_token where instance_id = $1', [instance.id]);
        await q.query('update wf_instance set is_deleted = 1, update_time = localtimestamp(0) where id = $1', [
          instance.id,
        ]);
        await run.record('delete', {}, { comment: ops.commentOf(p.comment) });
        removed++;
        return run;
      });
    }
    return ok(true, MSG.removed(removed));
  });
}
