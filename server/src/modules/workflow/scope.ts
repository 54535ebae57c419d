import { SCOPE_TYPES, type ScopeType, wfModelScope } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, objectBody, type Resource } from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import { idList } from '../system/id-list.ts';
import { idParam, mountCalls, requireAnyButton } from './common.ts';

/**
 * 模型范围 (design/model/scope): who may start a model, as rows of a type (users, roles, departments, posts,
 * enterprises whose company accounts may start it) and the ids they name. No row: everyone may start it.
 * `submit` replaces a model's whole scope in one transaction, with every id checked to be a live row of the
 * caller's tenant and the names read from there; `list?modelId=` pages the model's rows.
 */
const MSG = {
  noModel: { zh: '请选择模型', en: 'Please select the model' },
  notList: { zh: 'scopes 必须是范围的数组', en: 'scopes must be an array of scope rows' },
  tooMany: { zh: '范围最多50行', en: 'A scope has 50 rows at the most' },
  badRow: { zh: '范围的每一行必须是对象', en: 'Each scope row must be an object' },
  badType: (type: string): Bilingual => ({
    zh: `范围类型“${type}”无效，应为 user、role、dept、post 或 company`,
    en: `The scope type "${type}" is not valid: it must be user, role, dept, post or company`,
  }),
  noValue: (label: Bilingual): Bilingual => ({
    zh: `请选择${label.zh}`,
    en: `Please select at least one ${label.en}`,
  }),
  unknown: (label: Bilingual, ids: string[]): Bilingual => ({
    zh: `所选${label.zh}不存在：${ids.join('、')}`,
    en: `No such ${label.en}: ${ids.join(', ')}`,
  }),
  saved: { zh: '保存成功', en: 'Saved' },
} as const;

/** What each type names: its table, the name column, the label in messages. */
const TARGETS: Record<ScopeType, { table: string; name: string; label: Bilingual }> = {
  user: { table: 'blade_user', name: 'real_name', label: { zh: '用户', en: 'user' } },
  role: { table: 'blade_role', name: 'role_name', label: { zh: '角色', en: 'role' } },
  dept: { table: 'blade_dept', name: 'dept_name', label: { zh: '部门', en: 'department' } },
  post: { table: 'blade_post', name: 'post_name', label: { zh: '岗位', en: 'post' } },
  company: { table: 'crm_enterprise', name: 'enterprise_name', label: { zh: '企业', en: 'enterprise' } },
};

/** At most so many ids in one row (its columns hold 4,000 characters). */
const MAX_IDS = 200;

export interface ScopeRow {
  scopeType: ScopeType;
  ids: string[];
}

/**
 * The request's rows, checked for shape: a known type, ids (required but for company: none is every company account).
 * A questionnaire survey's scope (modules/questionnaire) takes the same rows.
 */
export function scopeRowsOf(value: unknown): ScopeRow[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(MSG.notList);
  if (value.length > 50) throw badRequest(MSG.tooMany);
  return value.map((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(MSG.badRow);
    const { scopeType, val } = raw as Record<string, unknown>;
    const type = typeof scopeType === 'string' ? scopeType : String(scopeType ?? '');
    if (!(SCOPE_TYPES as readonly string[]).includes(type)) throw badRequest(MSG.badType(type.slice(0, 40)));
    const target = TARGETS[type as ScopeType];
    const ids = idList(val);
    if (ids.length === 0 && type !== 'company') throw badRequest(MSG.noValue(target.label));
    if (ids.length > MAX_IDS) throw badRequest(MSG.tooMany);
    return { scopeType: type as ScopeType, ids };
  });
}

/** The names of the ids, in their order; a 400 naming the ids that are no live row of the tenant. */
export async function scopeNamesOf(q: Queryable, tenantId: string, row: ScopeRow): Promise<string[]> {
  if (!row.ids.length) return [];
  const target = TARGETS[row.scopeType];
  const found = await q.query<{ id: string; name: string | null }>(
    `select id::text as id, ${target.name} as name from ${target.table}
      where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
    [tenantId, row.ids],
  );
  const names = new Map(found.map((f) => [f.id, f.name ?? f.id]));
  const missing = row.ids.filter((id) => !names.has(id));
  if (missing.length) throw badRequest(MSG.unknown(target.label, missing));
  return row.ids.map((id) => names.get(id)!);
}

const scopeModel = modelOf(wfModelScope);

export function registerScope(app: FastifyInstance, platform: Platform, models: Resource) {
  const scopes = createResource(platform, wfModelScope);
  // `list?modelId=` is the generic list filtered by the model: a page of its rows, in the order they were given.
  mountCalls(app, scopes, ['page', 'list', 'detail', 'remove']);
  const base = `/api/${wfModelScope.api}`;

  // The scope screen's edit (or add) button, which the model list's 范围 dialog needs as well: one right,
  // wherever a scope is edited. (A button coded wf_model_scope cannot exist: that is the screen's own code.)
  const buttons = [`${wfModelScope.key}_edit`, `${wfModelScope.key}_add`];
  app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: '模型范围提交' } }, async (req) => {
    const caller = ctx();
    await requireAnyButton(platform, caller, buttons);
    const body = objectBody(req.body);
    const modelId = idParam(body.modelId, MSG.noModel);
    const rows = scopeRowsOf(body.scopes);
    const saved = await platform.db.tx(caller.tenantId, async (q) => {
      const [visible] = await models.visibleIds([modelId], q);
      if (!visible) throw notFound();
      // One replacement at a time per model.
      await q.query(`select id from ${models.model.table} where id = $1 for update`, [modelId]);
      const named = [];
      for (const row of rows) named.push({ ...row, names: await scopeNamesOf(q, caller.tenantId, row) });
      await q.query(
        `update ${wfModelScope.table} set is_deleted = 1, update_user = $3, update_time = localtimestamp(0)
          where tenant_id = $1 and model_id = $2 and is_deleted = 0`,
        [caller.tenantId, modelId, caller.userId],
      );
      const ids: string[] = [];
      for (const row of named) {
        const id = nextId();
        ids.push(id);
        await q.query(
          `insert into ${wfModelScope.table} (id, tenant_id, model_id, scope_type, val, text, create_user, create_dept,
                  update_user)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $7)`,
          [
            id,
            caller.tenantId,
            modelId,
            row.scopeType,
            row.ids.join(','),
            row.names.join(',').slice(0, 4000),
            caller.userId,
            caller.deptId || null,
          ],
        );
      }
      return q.query(
        `select ${scopeModel.selectList} from ${wfModelScope.table} where id = any($1::bigint[]) order by id`,
        [ids],
      );
    });
    return ok(saved, MSG.saved);
  });
}
