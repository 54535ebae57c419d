import { defaultValues, type FormSchema } from '@park/catalog/forms';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../../platform/context.ts';
import { badRequest, forbidden, ok } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { paging } from '../../../resources/conditions.ts';
import { likeEscape, Where } from '../../../resources/sql.ts';
import { announce } from '../../message/inbox.ts';
import { idList } from '../../system/id-list.ts';
import { ownEnterprise } from '../../user/company.ts';
import { idParam, paramsOf } from '../common.ts';
import * as ops from '../engine/operations.ts';
import { deploymentForms, deploymentGraph, lockInstance, Run } from '../engine/runtime.ts';
import { act, actorOf, requireButton } from './act.ts';
import { detailOf } from './detail.ts';
import { type TaskList, taskList } from './lists.ts';

/**
 * blade-workflow process/*: what a user may start and its form, start, the six lists, an instance's detail, and
 * every task operation (engine/operations.ts), each checked against the task's buttons.
 */

const MSG = {
  noTask: { zh: '请选择任务', en: 'Please select the task' },
  noInstance: { zh: '请选择流程实例', en: 'Please select the process instance' },
  noProcess: { zh: '请选择流程', en: 'Please select the process' },
  noNode: { zh: '请选择退回的节点', en: 'Please select the node to send it back to' },
  badPass: { zh: 'pass 必须是 true 或 false', en: 'pass must be true or false' },
  started: { zh: '发起成功', en: 'Started' },
  done: { zh: '操作成功', en: 'Done' },
} as const;

const boolOf = (value: unknown): boolean => {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw badRequest(MSG.badPass);
};

const usersOf = (value: unknown) => (value === undefined || value === null || value === '' ? [] : idList(value));

/** A body field that is a JSON object, or JSON text of one (BladeX clients send either). */
export function objectOrJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest({ zh: '表单数据格式不正确', en: 'The form data is not valid' });
  }
}

export function registerProcess(app: FastifyInstance, platform: Platform) {
  const base = '/api/blade-workflow/process';
  const db = platform.db;
  const tenant = () => ctx().tenantId;
  type Q = { Querystring: Record<string, unknown> };

  app.get<Q>(`${base}/processList`, { config: { title: '可发起流程' } }, async (req) => {
    const enterprise = await ownEnterprise(platform);
    return ok(
      await db.scoped(tenant(), async (q) => {
        const actor = await actorOf(q);
        const where = new Where();
        where.and(`d.tenant_id = ${where.param(actor.tenantId)} and d.is_deleted = 0 and d.status = 1`);
        // Only each process's newest deployment starts new instances.
        where.and(`d.version = (select max(e.version) from wf_deployment e where e.tenant_id = d.tenant_id
                    and e.process_key = d.process_key and e.is_deleted = 0)`);
        const [user, roles, depts, posts, company] = ops.scopeParams(actor, enterprise).map((p) => where.param(p));
        where.and(ops.IN_SCOPE('d.model_id', { user, roles, depts, posts, company }));
        const category = typeof req.query.category === 'string' ? req.query.category.trim() : '';
        if (category) where.and(`d.category_id = ${where.param(idParam(category, MSG.noProcess))}`);
        const name = typeof req.query.name === 'string' ? req.query.name.trim().slice(0, 100) : '';
        if (name) where.and(`d.name like ${where.param(`%${likeEscape(name)}%`)}`);
        const { current, size } = paging(req.query, { size: 100, maxSize: 200 });
        const from = `from wf_deployment d left join wf_category c on c.id = d.category_id
                      left join wf_model m on m.id = d.model_id`;
        const [{ total }] = await q.query<{ total: string }>(`select count(*) as total ${from} ${where}`, where.params);
        const records = await q.query(
          `select d.id::text as id, d.id::text as "processDefinitionId", d.process_key as "processDefinitionKey",
                  d.name, d.category_id::text as category, c.name as "categoryName", d.version, d.icon,
                  m.description
             ${from} ${where} order by c.sort nulls last, d.name, d.id limit ${size} offset ${(current - 1) * size}`,
          where.params,
        );
        return { records, total: Number(total), size, current, pages: Math.ceil(Number(total) / size) };
      }),
    );
  });

  app.get<Q>(`${base}/getFormByProcessId`, { config: { title: '流程发起表单' } }, async (req) => {
    const id = idParam(req.query.processDefinitionId, MSG.noProcess);
    const draftId = req.query.draftId ? idParam(req.query.draftId, MSG.noProcess) : undefined;
    const enterprise = await ownEnterprise(platform);
    return ok(
      await db.scoped(tenant(), async (q) => {
        const actor = await actorOf(q);
        const deployment = await ops.liveDeployment(q, actor.tenantId, id);
        if (deployment.status !== 1) throw badRequest({ zh: '流程已挂起，不能发起', en: 'The process is suspended' });
        const [allowed] = await q.query(
          `select 1 where ${ops.IN_SCOPE('$1', { user: '$2', roles: '$3', depts: '$4', posts: '$5', company: '$6' })}`,
          [deployment.modelId, ...ops.scopeParams(actor, enterprise)],
        );
        if (!allowed) throw badRequest({ zh: '您没有发起该流程的权限', en: 'You may not start this process' });
        const graph = await deploymentGraph(q, id);
        const forms = await deploymentForms(q, id);
        const form: FormSchema | null = (graph.formKey && forms.get(graph.formKey)) || null;
        const [category] = deployment.categoryId
          ? await q.query<{ name: string }>('select name from wf_category where id = $1', [deployment.categoryId])
          : [];
        const [model] = await q.query<{ icon: string | null; description: string | null }>(
          'select d.icon, m.description from wf_deployment d left join wf_model m on m.id = d.model_id where d.id = $1',
          [id],
        );
        let draft = null;
        if (draftId) {
          const [row] = await q.query<{ id: string; formData: string }>(
            `select id::text as id, form_data as "formData" from wf_draft
              where id = $1 and tenant_id = $2 and create_user = $3 and is_deleted = 0`,
            [draftId, actor.tenantId, actor.userId],
          );
          draft = row ? { id: row.id, formData: JSON.parse(row.formData) } : null;
        }
        const starter = { id: actor.userId, realName: actor.userName, deptId: actor.deptId };
        const [version] = await q.query<{ forms: string }>('select forms from wf_deployment where id = $1', [id]);
        const formVersion =
          (JSON.parse(version.forms) as { formKey: string; version: number }[]).find((f) => f.formKey === graph.formKey)
            ?.version ?? null;
        return {
          process: {
            id,
            key: deployment.processKey,
            name: deployment.name,
            version: deployment.version,
            category: deployment.categoryId,
            categoryName: category?.name ?? null,
            icon: model?.icon ?? null,
            description: model?.description ?? null,
          },
          formKey: graph.formKey ?? null,
          formVersion,
          form,
          defaults: form ? defaultValues(form, { starter }) : {},
          draft,
        };
      }),
    );
  });

  app.post<{ Body: unknown }>(`${base}/startProcess`, { config: { title: '发起流程' } }, async (req) => {
    const p = paramsOf(req);
    const deploymentId = idParam(p.processDefinitionId, MSG.noProcess);
    const draftId = p.draftId ? idParam(p.draftId, MSG.noProcess) : undefined;
    const enterpriseId = await ownEnterprise(platform);
    const tenantId = tenant();
    let started: { processInstanceId: string; serialNumber: string } | undefined;
    const sent = await db.tx(tenantId, async (q) => {
      const actor = await actorOf(q);
      const run = await ops.start(q, actor, {
        deploymentId,
        formData: objectOrJson(p.formData ?? {}),
        copyUser: usersOf(p.copyUser),
        enterpriseId,
      });
      if (draftId) {
        await q.query(`update wf_draft set is_deleted = 1 where id = $1 and tenant_id = $2 and create_user = $3`, [
          draftId,
          tenantId,
          actor.userId,
        ]);
      }
      started = { processInstanceId: run.instance.id, serialNumber: run.instance.serialNumber };
      return run.flush();
    });
    for (const message of sent) await announce(platform.push, tenantId, message);
    return ok(started, MSG.started);
  });

  const lists: [string, TaskList, string][] = [
    ['todoList', 'todo', '待办事务'],
    ['claimList', 'claim', '待签事务'],
    ['sendList', 'send', '已发事务'],
    ['doneList', 'done', '办结事务'],
    ['myDoneList', 'myDone', '已办事务'],
    ['copyList', 'copy', '抄送事务'],
  ];
  for (const [path, list, title] of lists) {
    app.get<Q>(`${base}/${path}`, { config: { title } }, async (req) =>
      ok(await db.scoped(tenant(), async (q) => taskList(q, await actorOf(q), list, req.query))),
    );
  }

  app.get<Q>(`${base}/detail`, { config: { title: '流程详情' } }, async (req) => {
    const instanceId = idParam(req.query.processInstanceId, MSG.noInstance);
    const taskId = req.query.taskId ? idParam(req.query.taskId, MSG.noTask) : undefined;
    return ok(await db.scoped(tenant(), async (q) => detailOf(platform, q, await actorOf(q), instanceId, taskId)));
  });

  app.get<Q>(`${base}/getBackNodes`, { config: { title: '可退回节点' } }, async (req) => {
    const taskId = idParam(req.query.taskId, MSG.noTask);
    return ok(
      await db.tx(tenant(), async (q) => {
        const actor = await actorOf(q);
        const [row] = await q.query<{ id: string }>('select instance_id::text as id from wf_task where id = $1', [
          taskId,
        ]);
        if (!row) throw badRequest({ zh: '该任务已被处理或不存在', en: 'The task does not exist' });
        const instance = await lockInstance(q, actor.tenantId, row.id);
        const { run, task } = await ops.onTask(q, actor, instance, taskId);
        if (task.assignee !== actor.userId) throw forbidden();
        return run.backNodes(task);
      }),
    );
  });

  /** A task operation: its task (checked against its buttons), then the engine's operation. */
  const onTask = (
    path: string,
    title: string,
    button: Parameters<typeof requireButton>[2] | ((p: Record<string, unknown>) => Parameters<typeof requireButton>[2]),
    fn: (run: Run, task: Awaited<ReturnType<typeof ops.onTask>>['task'], p: Record<string, unknown>) => Promise<void>,
  ) =>
    app.post<{ Body: unknown }>(`${base}/${path}`, { config: { title } }, async (req) => {
      const p = paramsOf(req);
      const taskId = idParam(p.taskId, MSG.noTask);
      await act(platform, { taskId }, async (q, actor, instance) => {
        const { run, task } = await ops.onTask(q, actor, instance, taskId);
        await requireButton(run, task.nodeId, typeof button === 'function' ? button(p) : button);
        await fn(run, task, p);
        return run;
      });
      return ok({}, MSG.done);
    });

  onTask(
    'completeTask',
    '审批',
    (p) => (boolOf(p.pass) ? 'wf_pass' : 'wf_reject'),
    (run, task, p) =>
      ops.complete(run, task, {
        pass: boolOf(p.pass),
        comment: ops.commentOf(p.comment),
        attachments: objectOrJson(p.attachments),
        formData: p.formData === undefined ? undefined : objectOrJson(p.formData),
        copyUser: usersOf(p.copyUser),
      }),
  );
  onTask('transferTask', '转办', 'wf_transfer', (run, task, p) =>
    ops.handOver(
      run,
      task,
      'transfer',
      idParam(p.assignee, { zh: '请选择转办人', en: 'Please select the user' }),
      ops.commentOf(p.comment),
    ),
  );
  onTask('delegateTask', '委托', 'wf_delegate', (run, task, p) =>
    ops.handOver(
      run,
      task,
      'delegate',
      idParam(p.assignee, { zh: '请选择委托人', en: 'Please select the user' }),
      ops.commentOf(p.comment),
    ),
  );
  onTask('copyTask', '抄送', 'wf_copy', async (run, task, p) => {
    if (task.assignee !== run.actor.userId)
      throw badRequest({ zh: '您不是该任务的办理人', en: 'You are not the assignee' });
    const users = await ops.checkUsers(run.q, run.instance.tenantId, usersOf(p.copyUser));
    await run.copy(run.node(task.nodeId), users, ops.commentOf(p.comment));
  });
  onTask('rollbackTask', '退回', 'wf_rollback', (run, task, p) => {
    const nodeId = typeof p.nodeId === 'string' && p.nodeId.trim() ? p.nodeId.trim() : undefined;
    if (!nodeId) throw badRequest(MSG.noNode);
    return ops.rollback(run, task, nodeId, ops.commentOf(p.comment));
  });
  onTask('terminateProcess', '终止', 'wf_terminate', (run, task, p) =>
    ops.terminate(run, task, ops.commentOf(p.comment), false),
  );
  onTask('addMultiInstance', '加签', 'wf_add_instance', (run, task, p) =>
    ops.addSigners(run, task, usersOf(p.assignee), false),
  );

  // 签收 and 减签 are not a task's own buttons: a candidate claims; a signer removes another signer.
  app.post<{ Body: unknown }>(`${base}/claimTask`, { config: { title: '签收' } }, async (req) => {
    const taskId = idParam(paramsOf(req).taskId, MSG.noTask);
    await act(platform, { taskId }, async (q, actor, instance) => {
      const { run, task } = await ops.onTask(q, actor, instance, taskId);
      await ops.claim(run, task);
      return run;
    });
    return ok({}, { zh: '签收成功', en: 'Claimed' });
  });
  app.post<{ Body: unknown }>(`${base}/deleteMultiInstance`, { config: { title: '减签' } }, async (req) => {
    const taskId = idParam(paramsOf(req).taskId, MSG.noTask);
    await act(platform, { taskId }, async (q, actor, instance) => {
      const { run, task } = await ops.onTask(q, actor, instance, taskId);
      await ops.removeSigner(run, task, false);
      return run;
    });
    return ok({}, MSG.done);
  });

  // 撤回 and 催办 are the instance's: the last actor takes their step back; the starter urges.
  for (const [path, title, fn] of [
    ['withdrawTask', '撤回', ops.withdraw],
    ['urgeTask', '催办', ops.urge],
  ] as const) {
    app.post<{ Body: unknown }>(`${base}/${path}`, { config: { title } }, async (req) => {
      const p = paramsOf(req);
      const instanceId = idParam(p.processInstanceId, MSG.noInstance);
      await act(platform, { instanceId }, async (q, actor, instance) => {
        const run = new Run(q, instance, await deploymentGraph(q, instance.deploymentId), actor);
        await fn(run, ops.commentOf(p.comment));
        return run;
      });
      return ok({}, MSG.done);
    });
  }
}
