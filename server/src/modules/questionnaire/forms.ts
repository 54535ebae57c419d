import { qnCategory, qnForm, qnFormHistory, qnResearch, qnTemplate } from '@park/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type EntityHooks, mountResource, type Resource } from '../../resources/engine.ts';
import { registerCategoryTree } from '../forms/categories.ts';
import { checkFormContent } from '../forms/content.ts';
import { addVersion, mountHistory, type Versioned } from '../forms/versions.ts';
import { idList, NONE_SELECTED } from '../system/id-list.ts';
import { idParam, mountChangeCategory, paramsOf } from '../workflow/common.ts';

/**
 * 问卷分类 (category: a tree like the workflow's, with tree, allTree and listAll), 问卷表单 (form: FormSchema JSON
 * whose every save with content is the next version, the main one, as the workflow's forms through
 * modules/forms/versions.ts; changeCategory; PUT enable and deactivate; its history) and 问卷模板 (template: ready
 * questionnaires, their content sent or copied from a form's main version; find-template-form).
 */
const MSG = {
  hasChildren: { zh: '请先删除该分类下的子分类', en: 'Remove its sub-categories first' },
  categoryInUse: {
    zh: '该分类下还有问卷表单、模板或调研，不能删除',
    en: 'Forms, templates or research projects are still in this category: it cannot be deleted',
  },
  badCategory: { zh: '所选问卷分类不存在', en: 'The selected category does not exist' },
  noCategory: { zh: '请选择问卷分类', en: 'Please select the category' },
  enabled: (n: number): Bilingual => ({ zh: `已启用 ${n} 个问卷表单`, en: `Enabled ${n} form${n === 1 ? '' : 's'}` }),
  deactivated: (n: number): Bilingual => ({
    zh: `已停用 ${n} 个问卷表单`,
    en: `Deactivated ${n} form${n === 1 ? '' : 's'}`,
  }),
  noVersion: (names: string[]): Bilingual => ({
    zh: `问卷表单还没有保存的版本，不能启用：${names.join('、')}`,
    en: `A form without a saved version cannot be enabled: ${names.join(', ')}`,
  }),
  noTemplate: { zh: '请选择问卷模板', en: 'Please select the template' },
  badForm: {
    zh: '所选问卷表单不存在或还没有保存的版本',
    en: 'The selected form does not exist or has no saved version',
  },
} as const;

/** The questionnaire form's versions (modules/forms/versions.ts): designing is editing the form. */
export const QN_FORM_VERSIONS: Versioned = {
  parent: qnForm,
  history: qnFormHistory,
  parentColumn: 'form_id',
  parentParam: 'formId',
  body: 'content',
  remark: true,
  designButton: `${qnForm.key}_edit`,
  historyButton: `${qnForm.key}_edit`,
  check: checkFormContent,
  messages: {
    noParent: { zh: '请选择问卷表单', en: 'Please select the form' },
    noContent: { zh: '请提交问卷内容', en: 'Please send the questionnaire content' },
  },
};

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A questionnaire without questions: a template's content until it is designed. */
const EMPTY_SCHEMA = JSON.stringify({ version: 1, fields: [] });

/** A category id names a live category of the tenant (none is allowed unless `required`). */
async function checkCategory(q: Queryable, tenantId: string, categoryId: unknown, required = false) {
  if (!hasValue(categoryId)) {
    if (required) throw badRequest(MSG.noCategory);
    return;
  }
  const [found] = isId(String(categoryId))
    ? await q.query(`select 1 from ${qnCategory.table} where id = $1 and tenant_id = $2 and is_deleted = 0`, [
        String(categoryId),
        tenantId,
      ])
    : [];
  if (!found) throw badRequest(MSG.badCategory);
}

/** Hooks that check a row's category. */
export const categoryChecked: EntityHooks = {
  async beforeSave(e) {
    if (e.values.categoryId !== undefined) await checkCategory(e.q, ctx().tenantId, e.values.categoryId);
  },
};

function registerCategory(app: FastifyInstance, platform: Platform) {
  const categories = registerCategoryTree(app, platform, qnCategory, {
    usedBy: [qnForm, qnTemplate, qnResearch],
    hasChildren: MSG.hasChildren,
    inUse: MSG.categoryInUse,
    title: '问卷分类',
  });
  const base = `/api/${qnCategory.api}`;
  app.get(`${base}/listAll`, { config: { title: '问卷分类全部列表' } }, async () =>
    ok(await categories.list({ ascs: 'sort' })),
  );
}

function registerForms(app: FastifyInstance, platform: Platform): Resource {
  const forms = createResource(platform, qnForm, {
    async beforeSave(e) {
      // The status moves by enable and deactivate only (a form without a version is never enabled by a save).
      delete e.values.status;
      await categoryChecked.beforeSave!(e);
    },
    async afterSave({ q, row, body }) {
      if (!hasValue(body.content)) return;
      const content = await checkFormContent(body.content);
      await addVersion(q, QN_FORM_VERSIONS, String(row.id), content, ctx());
    },
  });
  mountResource(app, forms);
  mountChangeCategory(app, platform, forms, `${qnForm.key}_edit`, (q, tenantId, categoryId) =>
    checkCategory(q, tenantId, categoryId, true),
  );
  mountHistory(app, platform, QN_FORM_VERSIONS, forms);

  // PUT enable / deactivate: `ids` (or `id`), in the query or the body.
  const base = `/api/${qnForm.api}`;
  const setStatus = async (req: FastifyRequest, status: 0 | 1) => {
    const params = paramsOf(req);
    const ids = idList(params.ids ?? params.id, NONE_SELECTED);
    const caller = ctx();
    const changed = await platform.db.tx(caller.tenantId, async (q) => {
      const visible = await forms.visibleIds(ids, q);
      if (!visible.length) throw notFound();
      if (status === 1) {
        const empty = await q.query<{ name: string }>(
          `select name from ${qnForm.table} where id = any($1::bigint[]) and version = 0 order by id`,
          [visible],
        );
        if (empty.length) throw badRequest(MSG.noVersion(empty.map((r) => r.name)));
      }
      await q.query(
        `update ${qnForm.table} set status = $2, update_user = $3, update_time = localtimestamp(0)
          where id = any($1::bigint[])`,
        [visible, status, caller.userId],
      );
      return visible.length;
    });
    return ok(true, status === 1 ? MSG.enabled(changed) : MSG.deactivated(changed));
  };
  const button = `${qnForm.key}_edit`;
  app.put(`${base}/enable`, { config: { title: '问卷表单启用', button } }, (req) => setStatus(req, 1));
  app.put(`${base}/deactivate`, { config: { title: '问卷表单停用', button } }, (req) => setStatus(req, 0));
  return forms;
}

/** The main version's content of a live form of the tenant that has one, or a 400. */
export async function formContent(q: Queryable, tenantId: string, formId: unknown): Promise<string> {
  const id = String(formId ?? '');
  const [form] = isId(id)
    ? await q.query<{ content: string | null }>(
        `select content from ${qnForm.table} where id = $1 and tenant_id = $2 and is_deleted = 0 and version > 0`,
        [id, tenantId],
      )
    : [];
  if (!form?.content) throw badRequest(MSG.badForm);
  return form.content;
}

function registerTemplates(app: FastifyInstance, platform: Platform): Resource {
  const templates = createResource(platform, qnTemplate, {
    async beforeSave(e) {
      await categoryChecked.beforeSave!(e);
      if (hasValue(e.values.content)) {
        e.values.content = await checkFormContent(e.values.content);
      } else if (hasValue(e.values.formId)) {
        // Copied from the form's main version as it is now: a later save of the form changes no template.
        e.values.content = await formContent(e.q, ctx().tenantId, e.values.formId);
      } else if (e.isNew || e.values.content !== undefined) {
        // Nothing sent: a template to design, empty until then.
        e.values.content = EMPTY_SCHEMA;
      }
      if (hasValue(e.values.formId)) await formContent(e.q, ctx().tenantId, e.values.formId);
    },
  });
  mountResource(app, templates);

  // The template's questionnaire to start from: its content (FormSchema JSON text) with its name.
  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`/api/${qnTemplate.api}/find-template-form`, { config: { title: '问卷模板表单' } }, async (req) => {
    const id = idParam(req.query.templateId ?? req.query.id, MSG.noTemplate);
    const row = await templates.detail(id);
    if (!row) throw notFound();
    return ok({
      templateId: row.id,
      name: row.name,
      categoryId: row.categoryId,
      description: row.description,
      content: row.content,
    });
  });
  return templates;
}

export function registerQuestionnaireForms(app: FastifyInstance, platform: Platform) {
  registerCategory(app, platform);
  const forms = registerForms(app, platform);
  const templates = registerTemplates(app, platform);
  return { forms, templates };
}
