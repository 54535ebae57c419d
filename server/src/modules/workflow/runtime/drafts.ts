import { wfDraft } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../../platform/context.ts';
import { badRequest, notFound, ok } from '../../../platform/errors.ts';
import { nextId } from '../../../platform/ids.ts';
import type { Platform } from '../../../platform/platform.ts';
import { createResource, objectBody } from '../../../resources/engine.ts';
import { idParam, mountCalls } from '../common.ts';
import { liveDeployment } from '../engine/operations.ts';

/**
 * 草稿箱 (process/draft): a start form kept half-filled, its author's alone: every call is narrowed to the
 * caller's rows. `submit` is the start screen's 存为草稿 (anyone who may start a process keeps drafts), so it
 * is written here rather than under the add and edit buttons of the generic save.
 */
const MAX_FORM_DATA = 200_000;

export function registerDrafts(app: FastifyInstance, platform: Platform) {
  const drafts = createResource(platform, wfDraft, {
    scope: (where, caller) => {
      where.and(`"create_user" = ${where.param(caller.userId)}`);
    },
  });
  mountCalls(app, drafts, ['page', 'list', 'detail', 'remove']);
  app.post<{ Body: unknown }>(`/api/${wfDraft.api}/submit`, { config: { title: '草稿箱提交' } }, async (req) => {
    const body = objectBody(req.body);
    const caller = ctx();
    const deploymentId = idParam(body.processDefinitionId, { zh: '请选择流程', en: 'Please select the process' });
    const formData = typeof body.formData === 'string' ? body.formData : JSON.stringify(body.formData ?? {});
    if (formData.length > MAX_FORM_DATA) {
      throw badRequest({ zh: '表单数据过大', en: 'The form data is too large' });
    }
    try {
      const parsed: unknown = JSON.parse(formData);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    } catch {
      throw badRequest({ zh: '表单数据格式不正确', en: 'The form data is not valid' });
    }
    const id = body.id ? idParam(body.id, { zh: '请选择草稿', en: 'Please select the draft' }) : nextId();
    await platform.db.tx(caller.tenantId, async (q) => {
      const deployment = await liveDeployment(q, caller.tenantId, deploymentId);
      if (body.id) {
        const [updated] = await q.query(
          `update wf_draft set process_definition_id = $3, process_key = $4, process_name = $5, form_data = $6,
                  update_user = $2, update_time = localtimestamp(0)
            where id = $1 and tenant_id = $7 and create_user = $2 and is_deleted = 0 returning id`,
          [id, caller.userId, deployment.id, deployment.processKey, deployment.name, formData, caller.tenantId],
        );
        if (!updated) throw notFound();
      } else {
        await q.query(
          `insert into wf_draft (id, tenant_id, process_definition_id, process_key, process_name, form_data,
                  create_user, create_dept, update_user)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $7)`,
          [
            id,
            caller.tenantId,
            deployment.id,
            deployment.processKey,
            deployment.name,
            formData,
            caller.userId,
            caller.deptId || null,
          ],
        );
      }
    });
    return ok(await drafts.detail(id), { zh: '草稿已保存', en: 'Draft saved' });
  });
}
