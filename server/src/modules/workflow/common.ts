import { wfCategory } from '@park/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctx, isAdministrator, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import { permissionsOf, reservedButton } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { idsParam, objectBody, pickedRows, type Resource, removedMessage } from '../../resources/engine.ts';
import { EXPORT_LIMIT, sendWorkbook } from '../../resources/export.ts';
import { idList, NONE_SELECTED } from '../system/id-list.ts';

/** What the workflow design calls share: their parameters, their buttons, the category they name. */

export const MSG = {
  added: { zh: '新增成功', en: 'Added' },
  updated: { zh: '更新成功', en: 'Updated' },
  noCategory: { zh: '请选择流程分类', en: 'Please select the category' },
  badCategory: { zh: '所选流程分类不存在', en: 'The selected category does not exist' },
} as const;

/**
 * A call's parameters: the query string with the body's fields over it (BladeX clients send `ids` and the
 * like in the query, as a form body, or as JSON).
 */
export function paramsOf(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return { ...query, ...(body as Record<string, unknown>) };
}

/** One id parameter, or a 400 saying which is missing or malformed. */
export function idParam(value: unknown, missing: { zh: string; en: string }): string {
  const s = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!s) throw badRequest(missing);
  if (!isId(s)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
  return s;
}

/** The caller holds one of the buttons (the administrator role all of them). */
export async function requireAnyButton(platform: Platform, caller: RequestContext, codes: string[]) {
  if (codes.every((c) => reservedButton(caller, c))) throw forbidden();
  if (isAdministrator(caller)) return;
  const { buttons } = await permissionsOf(platform, caller);
  if (!codes.some((c) => buttons.has(c))) throw forbidden();
}

/** A category id names a live category of the caller's tenant (none is allowed where `required` is false). */
export async function checkCategory(q: Queryable, tenantId: string, categoryId: unknown, required = false) {
  if (categoryId === null || categoryId === undefined || categoryId === '') {
    if (required) throw badRequest(MSG.noCategory);
    return;
  }
  if (!isId(String(categoryId))) throw badRequest(MSG.badCategory);
  const [found] = await q.query(
    `select 1 from ${wfCategory.table} where id = $1 and tenant_id = $2 and is_deleted = 0`,
    [String(categoryId), tenantId],
  );
  if (!found) throw badRequest(MSG.badCategory);
}

export type Call = 'page' | 'list' | 'detail' | 'submit' | 'remove' | 'export';

/**
 * The generic calls of a resource whose answers carry more than its columns (`decorate`: a model's deployed
 * version, a version's `main`), or of which a module writes some itself: the ones named, as the engine's
 * mountResource answers them (a `list` of a paged entity answers the page).
 */
export function mountCalls(
  app: FastifyInstance,
  resource: Resource,
  calls: Call[],
  decorate: (rows: Row[]) => Promise<Row[]> = async (rows) => rows,
) {
  const { entity } = resource.model;
  const { platform } = resource;
  const base = `/api/${entity.api}`;
  const title = (action: string) => `${entity.label.zh}${action}`;
  type Q = { Querystring: Record<string, unknown> };
  const page = async (query: Record<string, unknown>) => {
    const answer = await resource.page(query);
    return ok({ ...answer, records: await decorate(answer.records) });
  };
  if (calls.includes('page')) {
    app.get<Q>(`${base}/page`, { config: { title: title('分页') } }, (req) => page(req.query));
  }
  if (calls.includes('list')) {
    app.get<Q>(`${base}/list`, { config: { title: title('列表') } }, (req) => page(req.query));
  }
  if (calls.includes('detail')) {
    app.get<Q>(`${base}/detail`, { config: { title: title('详情') } }, async (req) => {
      const id = req.query.id;
      if (id !== undefined && id !== '') {
        if (!isId(String(id))) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
        const row = await resource.detail(String(id));
        if (!row) throw notFound();
        return ok((await decorate([row]))[0]);
      }
      const [row] = await resource.list({ ...req.query, size: 1 });
      return ok(row ? (await decorate([row]))[0] : null);
    });
  }
  if (calls.includes('submit')) {
    app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: title('提交') } }, async (req) => {
      const body = objectBody(req.body);
      const row = await resource.save(body);
      return ok((await decorate([row]))[0], body.id ? MSG.updated : MSG.added);
    });
  }
  if (calls.includes('remove')) {
    app.post<Q>(`${base}/remove`, { config: { title: title('删除') } }, async (req) => {
      const ids = idsParam(req.query);
      return ok(true, removedMessage(await resource.remove(ids), new Set(ids).size));
    });
  }
  if (calls.includes('export')) {
    app.get<Q>(`${base}/export`, { config: { title: title('导出') } }, async (req, reply) =>
      sendWorkbook(reply, platform, entity, await resource.list(req.query, EXPORT_LIMIT, pickedRows(req.query))),
    );
  }
}

/**
 * `changeCategory` of forms, models and deployments (and of questionnaire forms, whose categories `check` reads):
 * the rows named by `ids` that the caller may see move to `categoryId`, a live category of the tenant, in one
 * statement.
 */
export function mountChangeCategory(
  app: FastifyInstance,
  platform: Platform,
  resource: Resource,
  button: string,
  check: (q: Queryable, tenantId: string, categoryId: unknown) => Promise<void> = (q, tenantId, categoryId) =>
    checkCategory(q, tenantId, categoryId, true),
) {
  const { entity } = resource.model;
  app.post(
    `/api/${entity.api}/changeCategory`,
    { config: { title: `${entity.label.zh}变更分类`, button } },
    async (req) => {
      const params = paramsOf(req);
      const ids = idList(params.ids, NONE_SELECTED);
      const caller = ctx();
      const changed = await platform.db.tx(caller.tenantId, async (q) => {
        await check(q, caller.tenantId, params.categoryId);
        const visible = await resource.visibleIds(ids, q);
        if (!visible.length) throw notFound();
        await q.query(
          `update ${entity.table} set category_id = $2, update_user = $3, update_time = localtimestamp(0)
          where id = any($1::bigint[])`,
          [visible, String(params.categoryId), caller.userId],
        );
        return visible.length;
      });
      return ok(true, { zh: `已变更 ${changed} 条的分类`, en: `Moved ${changed} to the category` });
    },
  );
}
