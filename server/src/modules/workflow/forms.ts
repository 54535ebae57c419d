import { FORM_KEY_PATTERN, wfForm, wfFormDefaultValues } from '@park/catalog';
import { expressionProblem } from '@park/catalog/forms';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { type Bilingual, badRequest, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  type EntityHooks,
  mountResource,
  type Resource,
  requireButton,
} from '../../resources/engine.ts';
import { checkFormContent } from '../forms/content.ts';
import { addVersion, mountHistory } from '../forms/versions.ts';
import { checkCategory, mountChangeCategory } from './common.ts';
import { FORM_VERSIONS } from './versions.ts';

/**
 * 表单设计 (design/form): forms whose content is a FormSchema (@park/catalog/forms) as JSON text. A submit with
 * content checks it with the schema validator the web runs too, and saves it as the next version, the main
 * one (modules/forms/versions.ts); `listType` offers the enabled forms to the model designer. Its history
 * (design/form/history) and the default values the designer offers (design/form/default-values) are here too.
 */
const MSG = {
  badKey: {
    zh: '表单标识须以字母开头，只含字母、数字、下划线和连字符，最多64个字符',
    en: 'The form key must start with a letter and hold only letters, digits, _ and -, 64 at the most',
  },
  keyFixed: {
    zh: '表单标识创建后不能修改：流程模型按标识引用表单',
    en: 'The form key cannot change once created: process models name the form by it',
  },
  badCategoryParam: { zh: '分类编号无效', en: 'The category id is not valid' },
} as const;

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A key of the pattern that, once stored, never changes (a form's, a model's). */
export async function checkKey(
  e: Parameters<NonNullable<EntityHooks['beforeSave']>>[0],
  opts: { field: string; column: string; table: string; pattern: RegExp; bad: Bilingual; fixed: Bilingual },
) {
  const key = e.values[opts.field];
  if (key === undefined || key === null) return;
  if (!opts.pattern.test(String(key))) throw badRequest(opts.bad);
  if (e.isNew) return;
  const [stored] = await e.q.query<{ key: string }>(`select ${opts.column} as key from ${opts.table} where id = $1`, [
    e.body.id,
  ]);
  if (stored && stored.key !== key) throw badRequest(opts.fixed);
}

/** An expression field (a condition, a default value): it parses and passes the evaluator's checks. */
export function expressionHooks(field: string, label: Bilingual): EntityHooks {
  return {
    async beforeSave({ values }) {
      const source = values[field];
      if (typeof source !== 'string') return;
      const problem = expressionProblem(source);
      if (problem) {
        throw badRequest({
          zh: `${label.zh}无法解析：${problem.zh}`,
          en: `The ${label.en} does not parse: ${problem.en}`,
        });
      }
    },
  };
}

export function registerForms(app: FastifyInstance, platform: Platform): Resource {
  const forms = createResource(platform, wfForm, {
    async beforeSave(e) {
      await checkKey(e, {
        field: 'formKey',
        column: 'form_key',
        table: wfForm.table,
        pattern: FORM_KEY_PATTERN,
        bad: MSG.badKey,
        fixed: MSG.keyFixed,
      });
      if (e.values.categoryId !== undefined) await checkCategory(e.q, ctx().tenantId, e.values.categoryId);
    },
    async afterSave({ q, row, body }) {
      if (!hasValue(body.content)) return;
      // Designing the form is a button of its own, beside editing its row.
      const caller = ctx();
      await requireButton(platform, caller, FORM_VERSIONS.designButton);
      const content = await checkFormContent(body.content);
      await addVersion(q, FORM_VERSIONS, String(row.id), content, caller);
    },
  });
  mountResource(app, forms);
  mountChangeCategory(app, platform, forms, `${wfForm.key}_edit`);

  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`/api/${wfForm.api}/listType`, { config: { title: '表单设计可选表单' } }, async (req) => {
    const categoryId = req.query.categoryId;
    const filters: Record<string, unknown> = { status_equal: '1', version_gt: '0', ascs: 'name' };
    if (hasValue(categoryId)) {
      if (!isId(String(categoryId))) throw badRequest(MSG.badCategoryParam);
      filters.categoryId_equal = String(categoryId);
    }
    const rows = await forms.list(filters);
    return ok(
      rows.map((r) => ({
        id: r.id,
        formKey: r.formKey,
        name: r.name,
        version: r.version,
        categoryId: r.categoryId,
      })),
    );
  });

  mountHistory(app, platform, { ...FORM_VERSIONS, check: checkFormContent }, forms);

  const defaults = createResource(
    platform,
    wfFormDefaultValues,
    expressionHooks('content', { zh: '默认值表达式', en: 'default value expression' }),
  );
  mountResource(app, defaults);
  return forms;
}
