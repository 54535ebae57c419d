import type { EntityDef } from '@park/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ctx, isAdministrator, type RequestContext } from '../platform/context.ts';
import { type Queryable, type Row, uncommittedWrites } from '../platform/db.ts';
import { badRequest, forbidden, notFound, ok } from '../platform/errors.ts';
import { isId, nextId } from '../platform/ids.ts';
import { permissionsOf, reservedButton } from '../platform/permissions.ts';
import type { Platform } from '../platform/platform.ts';
import { readInBatches } from './batches.ts';
import { applyFilters, deepPage, MAX_OFFSET, MAX_PAGE_SIZE, orderBy, paging } from './conditions.ts';
import { dataScopeCondition } from './data-scope.ts';
import { sendExport } from './export.ts';
import { type Column, type Model, modelOf } from './model.ts';
import { carriedNameFields, withCarriedNames } from './names.ts';
import { ident, Where } from './sql.ts';
import { detailStatement, pageStatements } from './statements.ts';
import { PageTotals, pageLength } from './totals.ts';
import { checkDateOrder, checkDictionaries, checkRequiredUnless, writeValues } from './validate.ts';

/**
 * The resource engine: one catalog entity -> list, page, detail, submit, remove and
 * export under /api/{entity.api}, with tenant isolation, data scope, logical delete,
 * audit columns, validation and the envelope built in. Modules add behaviour through
 * hooks and extra routes; they never rewrite these five.
 */
export interface SaveEvent {
  q: Queryable;
  isNew: boolean;
  /** The row as it is now in the database (camelCase). */
  row: Row;
  body: Record<string, unknown>;
}

export interface EntityHooks {
  /** Extra read/write narrowing, e.g. a company account sees only its enterprise's rows. */
  scope?(where: Where, caller: RequestContext): void | Promise<void>;
  /** Checks or fills values before the write; throw badRequest to refuse. `values` is what will be written. */
  beforeSave?(e: {
    q: Queryable;
    isNew: boolean;
    body: Record<string, unknown>;
    values: Record<string, unknown>;
  }): Promise<void>;
  afterSave?(e: SaveEvent): Promise<void>;
  afterRemove?(e: { q: Queryable; ids: string[] }): Promise<void>;
}

export interface Resource {
  model: Model;
  /** The platform it was built on (its export reads dictionaries and names through it). */
  platform: Platform;
  /** The rows a caller may read that match the query, one page of them; `narrow` adds a module's own condition. */
  page(
    query: Record<string, unknown>,
    narrow?: (where: Where) => void,
  ): Promise<{ records: Row[]; total: number; size: number; current: number; pages: number }>;
  /** Matching rows without paging; `limit` lifts the size cap for exports. */
  list(query: Record<string, unknown>, limit?: number, narrow?: (where: Where) => void): Promise<Row[]>;
  /**
   * The rows `list` finds, at most `limit`, in its order, handed to `each` a batch at a time as they are read
   * (batches.ts): an export streams them without holding them all.
   */
  eachBatch(
    query: Record<string, unknown>,
    each: (rows: Row[]) => Promise<void>,
    opts: { limit: number; narrow?: (where: Where) => void },
  ): Promise<void>;
  detail(id: string): Promise<Row | undefined>;
  /**
   * Those of `ids` the caller may read (tenant, data scope, the module's scope), as `detail` sees
   * them: actions on rows outside the generic five check their targets with it. Runs on `q` when given.
   */
  visibleIds(ids: string[], q?: Queryable): Promise<string[]>;
  save(body: Record<string, unknown>): Promise<Row>;
  remove(ids: string[]): Promise<number>;
}

export function createResource(platform: Platform, entity: EntityDef, hooks: EntityHooks = {}): Resource {
  const model = modelOf(entity);
  const from = `from ${ident(model.table)}`;
  const totals = new PageTotals(platform.writes, model.table);
  // Names read with every row (`ref.as`): users' names, which the screens showing the ids may not read.
  const carried = carriedNameFields(entity);
  const named = (rows: Row[], tenantId: string) => withCarriedNames(platform, carried, rows, tenantId);

  /** Tenant, logical delete, data scope and the module's own scope: the rows a caller may touch at all. */
  async function visible(where: Where, caller: RequestContext) {
    if (model.logicalDelete) where.and('"is_deleted" = 0');
    if (model.tenantScoped) where.and(`"tenant_id" = ${where.param(caller.tenantId)}`);
    if (!isAdministrator(caller)) {
      const perms = await permissionsOf(platform, caller);
      dataScopeCondition(where, perms.dataScopes.get(entity.key), caller, model);
    }
    await hooks.scope?.(where, caller);
    return where;
  }

  async function filtered(query: Record<string, unknown>, narrow?: (where: Where) => void) {
    const caller = ctx();
    const where = await visible(new Where(), caller);
    applyFilters(where, model, query);
    narrow?.(where);
    return { where, caller };
  }

  const resource: Resource = {
    model,
    platform,

    async page(query, narrow) {
      const { where, caller } = await filtered(query, narrow);
      const statements = pageStatements(model, where, query);
      const { current, size } = statements;
      const answer = (records: Row[], total: number) => ({
        records,
        total,
        size,
        current,
        pages: Math.ceil(total / size),
      });
      // The tenant too: row-level security may narrow the same statement differently for another.
      const key = `${caller.tenantId}\n${statements.count}\n${JSON.stringify(where.params)}`;
      const result = await platform.db.scoped(caller.tenantId, async (q) => {
        // A transaction that wrote the table counts its own rows, which nobody else may see yet.
        const ownWrites = uncommittedWrites()?.has(model.table) ?? false;
        let known = ownWrites ? undefined : totals.get(key);
        if ((current - 1) * size > MAX_OFFSET) {
          // A deep page: past the last row it is empty, short of it a 400 (conditions.ts, MAX_OFFSET).
          known ??= Number((await q.query<{ n: string }>(statements.count, where.params))[0].n);
          if ((current - 1) * size < known) throw badRequest(deepPage());
          return answer([], known);
        }
        if (known !== undefined) {
          const records = await q.query(statements.rows, where.params);
          // A page of the length the total implies confirms it; anything else is counted again.
          if (records.length === pageLength(known, current, size)) return answer(records, known);
        }
        const version = totals.version();
        const rows = await q.query<Row & { __total: string }>(statements.page, where.params);
        const total = rows.length
          ? Number(rows[0].__total)
          : current === 1
            ? 0
            : Number((await q.query<{ n: string }>(statements.count, where.params))[0].n);
        if (!ownWrites) totals.remember(key, total, version);
        return answer(
          rows.map(({ __total, ...record }) => record),
          total,
        );
      });
      return { ...result, records: await named(result.records, caller.tenantId) };
    },

    async list(query, limit, narrow) {
      const size = limit ?? paging({ size: query.size ?? MAX_PAGE_SIZE }).size;
      const order = orderBy(model, query);
      const { where, caller } = await filtered(query, narrow);
      const rows = await platform.db.scoped(caller.tenantId, (q) =>
        q.query(`select ${model.selectList} ${from} ${where} ${order} limit ${size}`, where.params),
      );
      return named(rows, caller.tenantId);
    },

    async eachBatch(query, each, { limit, narrow }) {
      const order = orderBy(model, query);
      const { where, caller } = await filtered(query, narrow);
      await readInBatches(
        platform.db,
        caller.tenantId,
        { select: model.selectList, from, where, order, limit },
        async (rows) => each(await named(rows, caller.tenantId)),
      );
    },

    async detail(id) {
      const caller = ctx();
      const where = await visible(new Where(), caller);
      where.and(`"id" = ${where.param(id)}`);
      const rows = await platform.db.scoped(caller.tenantId, (q) =>
        q.query(detailStatement(model, where), where.params),
      );
      return (await named(rows, caller.tenantId))[0];
    },

    async visibleIds(ids, q) {
      const caller = ctx();
      const where = await visible(new Where(), caller);
      where.and(`"id" = any(${where.param(ids)}::bigint[])`);
      const sql = `select "id"::text as id ${from} ${where}`;
      const rows = q
        ? await q.query<{ id: string }>(sql, where.params)
        : await platform.db.scoped(caller.tenantId, (scoped) => scoped.query<{ id: string }>(sql, where.params));
      return rows.map((r) => r.id);
    },

    async save(body) {
      const caller = ctx();
      const isNew = body.id === undefined || body.id === null || body.id === '';
      if (!isNew && !isId(String(body.id))) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      await requireButton(platform, caller, `${entity.key}_${isNew ? 'add' : 'edit'}`);
      const values = writeValues(model, body, isNew);
      await checkDictionaries(platform, values, caller.tenantId);
      const saved = await platform.db.tx(caller.tenantId, async (q) => {
        const id = isNew ? nextId() : String(body.id);
        let stored: Row | undefined;
        if (!isNew) {
          const where = await visible(new Where(), caller);
          where.and(`"id" = ${where.param(id)}`);
          [stored] = await q.query(`select ${model.selectList} ${from} ${where} for update`, where.params);
          if (!stored) throw notFound();
        }
        const named = Object.fromEntries([...values].map(([col, v]) => [col.name, v]));
        checkRequiredUnless(model, named, stored);
        await hooks.beforeSave?.({ q, isNew, body, values: named });
        checkDateOrder(model, named, stored);
        await checkUnique(q, model, named, caller, id);
        const cols = [...new Set([...model.writable, model.columns.get('status')!])].filter((c) =>
          Object.hasOwn(named, c.name),
        );
        const params: unknown[] = cols.map((c) => named[c.name]);
        if (isNew) {
          const audit: [string, unknown][] = [
            ['id', id],
            ['create_user', caller.userId],
            ['create_dept', caller.deptId || null],
            ['update_user', caller.userId],
          ];
          if (model.tenantScoped) audit.push(['tenant_id', caller.tenantId]);
          const names = [...cols.map((c) => ident(c.column)), ...audit.map(([c]) => ident(c))];
          params.push(...audit.map(([, v]) => v));
          await q.query(
            `insert into ${ident(model.table)} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
            params,
          );
        } else {
          const sets = cols.map((c, i) => `${ident(c.column)} = $${i + 1}`);
          params.push(caller.userId, id);
          sets.push(`"update_user" = $${params.length - 1}`, `"update_time" = localtimestamp(0)`);
          await q.query(`update ${ident(model.table)} set ${sets.join(', ')} where "id" = $${params.length}`, params);
        }
        const read = async () => (await q.query(`select ${model.selectList} ${from} where "id" = $1`, [id]))[0];
        if (!hooks.afterSave) return read();
        await hooks.afterSave({ q, isNew, row: await read(), body });
        // Read again: the hook may have filled columns (ancestors, levels) the caller should see.
        return read();
      });
      return (await named([saved], caller.tenantId))[0];
    },

    async remove(ids) {
      const caller = ctx();
      await requireButton(platform, caller, `${entity.key}_delete`);
      return platform.db.tx(caller.tenantId, async (q) => {
        const where = await visible(new Where(), caller);
        where.and(`"id" = any(${where.param(ids)}::bigint[])`);
        const removed = await q.query<{ id: string }>(
          `update ${ident(model.table)} set "is_deleted" = 1, "update_user" = ${where.param(caller.userId)},
                  "update_time" = localtimestamp(0) ${where} returning "id"`,
          where.params,
        );
        // Ids of another tenant, outside the caller's scope or already gone remove nothing: said, not "deleted".
        if (removed.length === 0) throw badRequest(NOTHING_REMOVED);
        await hooks.afterRemove?.({ q, ids: removed.map((r) => r.id) });
        return removed.length;
      });
    },
  };
  return resource;
}

/** A unique field (catalog `unique`) may not repeat among the tenant's live rows. */
async function checkUnique(
  q: Queryable,
  model: Model,
  values: Record<string, unknown>,
  caller: RequestContext,
  id: string,
) {
  for (const col of model.writable) {
    const message = col.field?.unique;
    if (!message || values[col.name] === undefined || values[col.name] === null) continue;
    const where = new Where();
    where.and('"is_deleted" = 0').and(`${ident(col.column)} = ${where.param(values[col.name])}`);
    where.and(`"id" <> ${where.param(id)}`);
    if (model.tenantScoped) where.and(`"tenant_id" = ${where.param(caller.tenantId)}`);
    const clash = await q.query(`select 1 from ${ident(model.table)} ${where} limit 1`, where.params);
    if (clash.length) throw badRequest(message);
  }
}

export async function requireButton(platform: Platform, caller: RequestContext, code: string) {
  if (reservedButton(caller, code)) throw forbidden();
  if (isAdministrator(caller)) return;
  const perms = await permissionsOf(platform, caller);
  if (!perms.buttons.has(code)) throw forbidden();
}

/** `ids=1,2,3` (or `id=1`) as a checked list of ids. */
export function idsParam(query: Record<string, unknown>): string[] {
  const raw = String(query.ids ?? query.id ?? '').trim();
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw badRequest({ zh: '请选择至少一条数据', en: 'Please select at least one record' });
  if (!ids.every(isId)) throw badRequest({ zh: '编号无效', en: 'An id is not valid' });
  return ids;
}

/**
 * Mounts the five endpoints and export of a resource. `list` answers a page, as `page` does
 * (CONTRACT.md "Lists and paging"), or every matching row as an array for a tree (catalog `tree`).
 * A module whose `list` answers another shape (a nested tree, say) passes `{ ownList: true }` and mounts its own.
 */
export function mountResource(
  app: FastifyInstance,
  resource: Resource,
  opts: { ownList?: boolean; ownPage?: boolean } = {},
) {
  const { entity } = resource.model;
  const base = `/api/${entity.api}`;
  const title = (action: string) => `${entity.label.zh}${action}`;
  type Q = { Querystring: Record<string, unknown> };

  // A module whose `page` adds to each row (an office's lease today) passes `{ ownPage: true }` and mounts its own.
  if (!opts.ownPage) {
    app.get<Q>(`${base}/page`, { config: { title: title('分页') } }, async (req) => ok(await resource.page(req.query)));
  }
  if (!opts.ownList) {
    app.get<Q>(`${base}/list`, { config: { title: title('列表') } }, async (req) =>
      ok(entity.tree ? await resource.list(req.query) : await resource.page(req.query)),
    );
  }
  app.get<Q>(`${base}/detail`, { config: { title: title('详情') } }, async (req) => {
    const id = req.query.id;
    if (id !== undefined && id !== '') {
      if (!isId(String(id))) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
      const row = await resource.detail(String(id));
      if (!row) throw notFound();
      return ok(row);
    }
    // Without an id the unique filters given pick the row; none found is an empty answer, not an error.
    const [row] = await resource.list({ ...req.query, size: 1 });
    return ok(row ?? null);
  });
  app.post<{ Body: unknown }>(`${base}/submit`, { config: { title: title('提交') } }, async (req) => {
    const body = objectBody(req.body);
    const row = await resource.save(body);
    return ok(row, body.id ? SAVED.updated : SAVED.added);
  });
  app.post<Q>(`${base}/remove`, { config: { title: title('删除') } }, async (req) => {
    const ids = idsParam(req.query);
    return ok(true, removedMessage(await resource.remove(ids), new Set(ids).size));
  });
  app.get<Q>(`${base}/export`, { config: { title: title('导出') } }, async (req, reply: FastifyReply) => {
    return sendExport(reply, resource, req.query, pickedRows(req.query));
  });
}

/**
 * An export's `ids` (the rows picked in the list, on any of its pages) as the narrowing of its list: those of
 * them the filters keep. Undefined without `ids`: all the filters find.
 */
export function pickedRows(query: Record<string, unknown>): ((where: Where) => void) | undefined {
  if (query.ids === undefined) return undefined;
  const ids = idsParam({ ids: query.ids });
  return (where: Where) => where.and(`"id" = any(${where.param(ids)}::bigint[])`);
}

/** What `remove` answers when none of the given ids was one the caller could remove. */
export const NOTHING_REMOVED = { zh: '未找到可删除的数据', en: 'Nothing to delete: no such record' } as const;

/** 删除成功, or how many of the asked ids were removed when some were not (another tenant's, gone, out of scope). */
export function removedMessage(removed: number, asked: number): { zh: string; en: string } {
  if (removed >= asked) return { zh: '删除成功', en: 'Deleted' };
  return {
    zh: `删除成功 ${removed} 条，其余 ${asked - removed} 条不存在或无权删除`,
    en: `Deleted ${removed} of ${asked}: the others do not exist or may not be deleted`,
  };
}

const SAVED = { added: { zh: '新增成功', en: 'Added' }, updated: { zh: '更新成功', en: 'Updated' } } as const;

/** A request body that is a JSON object, or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ zh: '请求体必须是JSON对象', en: 'The request body must be a JSON object' });
  }
  return body as Record<string, unknown>;
}

/**
 * The spec's own create and update calls of an entity (part 7: `project/save`, `project/update`,
 * `enterprise/update`, `staff/save`, ...) beside the generic submit: `save` refuses an id, `update`
 * needs one, and both go through the resource, so its hooks, scope and buttons apply as to submit.
 */
export function mountSaveUpdate(
  app: FastifyInstance,
  resource: Resource,
  calls: readonly ('save' | 'update')[] = ['save', 'update'],
) {
  const { entity } = resource.model;
  const base = `/api/${entity.api}`;
  if (calls.includes('save')) {
    app.post<{ Body: unknown }>(
      `${base}/save`,
      { config: { title: `${entity.label.zh}新增`, button: `${entity.key}_add` } },
      async (req) => {
        const body = objectBody(req.body);
        if (body.id) throw badRequest({ zh: '新增时不能指定编号', en: 'A new record cannot carry an id' });
        return ok(await resource.save(body), SAVED.added);
      },
    );
  }
  if (calls.includes('update')) {
    app.post<{ Body: unknown }>(
      `${base}/update`,
      { config: { title: `${entity.label.zh}修改`, button: `${entity.key}_edit` } },
      async (req) => {
        const body = objectBody(req.body);
        if (!body.id) throw badRequest({ zh: '请选择要修改的数据', en: 'Please choose the record to update' });
        return ok(await resource.save(body), SAVED.updated);
      },
    );
  }
}

export type { Column };
