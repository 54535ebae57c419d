import { MODEL_KEY_PATTERN, wfDeployment, wfForm, wfModel, wfModelScope } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, type Resource, requireButton } from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import { joined } from '../forms/content.ts';
import { addVersion, mountHistory } from '../forms/versions.ts';
import { checkCategory, idParam, mountCalls, mountChangeCategory, paramsOf } from './common.ts';
import { BpmnParseError, MAX_XML_LENGTH, parseBpmn } from './engine/bpmn.ts';
import { emptyDiagram } from './engine/diagram.ts';
import { type DeployedForm, type FormLookup, validateModel } from './engine/validate.ts';
import { checkKey } from './forms.ts';
import { MODEL_VERSIONS } from './versions.ts';

/**
 * 模型设计 (design/model): process models as BPMN 2.0 XML. A submit with XML checks that it reads as BPMN
 * and saves it as the next version, the main one; a submit without (the list's dialog) creates the model
 * with an empty diagram, or changes its row only. `deploy` validates the main version (engine/validate.ts)
 * and, when the engine can run it, adds a deployment: the next version of the process key, with the XML and
 * the form versions it names as they are now. The history (design/model/history) is here too.
 */
const MSG = {
  badKey: {
    zh: '模型标识须以字母或下划线开头，只含字母、数字、下划线和连字符，最多64个字符',
    en: 'The model key must start with a letter or _ and hold only letters, digits, _ and -, 64 at the most',
  },
  keyFixed: {
    zh: '模型标识创建后不能修改：它是流程的标识',
    en: 'The model key cannot change once created: it is the process id',
  },
  notText: { zh: '流程 XML 必须是文本', en: 'The process XML must be text' },
  tooLarge: {
    zh: `流程 XML 过大（不能超过${MAX_XML_LENGTH.toLocaleString('en')}个字符）`,
    en: `The process XML is too large (${MAX_XML_LENGTH.toLocaleString('en')} characters at most)`,
  },
  noModel: { zh: '请选择模型', en: 'Please select the model' },
  noDiagram: { zh: '模型还没有流程图', en: 'The model has no diagram yet' },
  badIcon: {
    zh: '图标名称只能包含字母、数字、下划线和连字符，最多100个字符',
    en: 'The icon name may hold only letters, digits, _ and -, 100 at the most',
  },
} as const;

/** An XML from a request that reads as BPMN (deploy checks the rest), as it came. */
export async function checkModelXml(value: unknown): Promise<string> {
  if (typeof value !== 'string') throw badRequest(MSG.notText);
  if (value.length > MAX_XML_LENGTH) throw badRequest(MSG.tooLarge);
  try {
    await parseBpmn(value);
  } catch (err) {
    if (!(err instanceof BpmnParseError)) throw err;
    throw badRequest({ zh: `流程 XML 无法解析：${err.message}`, en: `The process XML does not parse: ${err.message}` });
  }
  return value;
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The enabled forms of the tenant among these keys, each with its main version. */
function formLookup(q: Queryable, tenantId: string): FormLookup {
  return async (keys) => {
    const rows = await q.query<{ id: string; form_key: string; name: string; version: number; content: string }>(
      `select id::text as id, form_key, name, version, content from ${wfForm.table}
        where tenant_id = $1 and form_key = any($2::text[]) and is_deleted = 0 and status = 1 and version > 0
          and content is not null`,
      [tenantId, keys],
    );
    return new Map(
      rows.map((r): [string, DeployedForm] => [
        r.form_key,
        { formKey: r.form_key, formId: r.id, name: r.name, version: r.version, content: r.content },
      ]),
    );
  };
}

const deploymentModel = modelOf(wfDeployment);

/** Validates a model's main version and deploys it, in the caller's transaction that holds the model locked. */
async function deploy(q: Queryable, caller: RequestContext, modelId: string): Promise<Row> {
  const [model] = await q.query<{
    model_key: string;
    name: string;
    category_id: string | null;
    icon: string | null;
    xml: string | null;
  }>(
    `select model_key, name, category_id::text as category_id, icon, xml from ${wfModel.table}
      where id = $1 and tenant_id = $2 and is_deleted = 0 for update`,
    [modelId, caller.tenantId],
  );
  if (!model) throw notFound();
  if (!model.xml) throw badRequest(MSG.noDiagram);
  const { problems, forms } = await validateModel(model.xml, model.model_key, formLookup(q, caller.tenantId));
  if (problems.length) throw badRequest(joined(problems));
  const id = nextId();
  // The next version of the key, removed deployments counted: a number is never given twice.
  await q.query(
    `insert into ${wfDeployment.table} (id, tenant_id, model_id, process_key, name, category_id, icon, version, xml,
            forms, create_user, create_dept, update_user)
     select $1::bigint, $2::varchar, $3::bigint, $4::varchar, $5::varchar, $6::bigint, $7::varchar,
            coalesce((select max(version) from ${wfDeployment.table} where tenant_id = $2 and process_key = $4), 0) + 1,
            $8::text, $9::text, $10::bigint, $11::bigint, $10::bigint`,
    [
      id,
      caller.tenantId,
      modelId,
      model.model_key,
      model.name,
      model.category_id,
      model.icon,
      model.xml,
      JSON.stringify(forms),
      caller.userId,
      caller.deptId || null,
    ],
  );
  const [row] = await q.query(`select ${deploymentModel.selectList} from ${wfDeployment.table} where id = $1`, [id]);
  return row;
}

export function registerModels(app: FastifyInstance, platform: Platform): Resource {
  const models = createResource(platform, wfModel, {
    async beforeSave(e) {
      await checkKey(e, {
        field: 'modelKey',
        column: 'model_key',
        table: wfModel.table,
        pattern: MODEL_KEY_PATTERN,
        bad: MSG.badKey,
        fixed: MSG.keyFixed,
      });
      if (e.values.categoryId !== undefined) await checkCategory(e.q, ctx().tenantId, e.values.categoryId);
    },
    async afterSave({ q, isNew, row, body }) {
      const caller = ctx();
      if (hasValue(body.xml)) {
        // Designing the process is a button of its own, beside editing its row.
        await requireButton(platform, caller, MODEL_VERSIONS.designButton);
        await addVersion(q, MODEL_VERSIONS, String(row.id), await checkModelXml(body.xml), caller);
      } else if (isNew) {
        await addVersion(
          q,
          MODEL_VERSIONS,
          String(row.id),
          emptyDiagram(String(row.modelKey), String(row.name)),
          caller,
        );
      }
    },
    async afterRemove({ q, ids }) {
      // Who may start a removed model means nothing any more.
      await q.query(
        `update ${wfModelScope.table} set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where model_id = any($1::bigint[]) and is_deleted = 0`,
        [ids, ctx().userId],
      );
    },
  });

  /** Each model with its latest deployment's version (null: never deployed). */
  async function withDeployedVersion(rows: Row[]): Promise<Row[]> {
    if (!rows.length) return rows;
    const { tenantId } = ctx();
    const found = await platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; version: number }>(
        `select model_id::text as id, max(version) as version from ${wfDeployment.table}
          where tenant_id = $1 and model_id = any($2::bigint[]) and is_deleted = 0 group by model_id`,
        [tenantId, rows.map((r) => String(r.id))],
      ),
    );
    const deployed = new Map(found.map((d) => [d.id, d.version]));
    return rows.map((r) => ({ ...r, deployedVersion: deployed.get(String(r.id)) ?? null }));
  }
  mountCalls(app, models, ['page', 'list', 'detail', 'submit', 'remove'], withDeployedVersion);
  mountChangeCategory(app, platform, models, `${wfModel.key}_edit`);

  const base = `/api/${wfModel.api}`;
  app.post(`${base}/deploy`, { config: { title: '模型部署', button: 'wf_model_deploy' } }, async (req) => {
    const id = idParam(paramsOf(req).id, MSG.noModel);
    const caller = ctx();
    const row = await platform.db.tx(caller.tenantId, async (q) => {
      const [visible] = await models.visibleIds([id], q);
      if (!visible) throw notFound();
      return deploy(q, caller, id);
    });
    return ok(row, { zh: `部署成功，版本 ${row.version}`, en: `Deployed as version ${row.version}` });
  });

  app.post(`${base}/changeIcon`, { config: { title: '模型变更图标', button: `${wfModel.key}_edit` } }, async (req) => {
    const params = paramsOf(req);
    const id = idParam(params.id, MSG.noModel);
    const icon = params.icon === undefined || params.icon === null ? '' : params.icon;
    if (typeof icon !== 'string' || !/^[A-Za-z0-9_-]{0,100}$/.test(icon)) throw badRequest(MSG.badIcon);
    const caller = ctx();
    await platform.db.tx(caller.tenantId, async (q) => {
      const [visible] = await models.visibleIds([id], q);
      if (!visible) throw notFound();
      await q.query(
        `update ${wfModel.table} set icon = $2, update_user = $3, update_time = localtimestamp(0) where id = $1`,
        [id, icon || null, caller.userId],
      );
    });
    return ok(true);
  });

  mountHistory(app, platform, { ...MODEL_VERSIONS, check: checkModelXml }, models);
  return models;
}
