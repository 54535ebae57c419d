import type { EntityDef } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx, type RequestContext } from '../../platform/context.ts';
import type { Queryable, Row } from '../../platform/db.ts';
import { type Bilingual, badRequest, notFound, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createResource,
  idsParam,
  NOTHING_REMOVED,
  objectBody,
  type Resource,
  removedMessage,
} from '../../resources/engine.ts';
import { idParam, mountCalls, paramsOf } from '../workflow/common.ts';

/**
 * Versions (ARCHITECTURE.md "Versions are rows") of the workflow's forms and models and of the questionnaires'
 * forms, one piece of code for each through its `Versioned` config: a save with content adds the next
 * version, which becomes the main one (the parent's content and version); setMainVersion makes another one
 * main; the main version's row is never removed. Every change runs under a lock on the parent's row, and
 * (tenant, parent, version) is unique in the table, so two saves at once take two numbers.
 */
export interface Versioned {
  parent: EntityDef;
  history: EntityDef;
  /** The history's column naming the parent, and the parameter that does (formId, modelId). */
  parentColumn: string;
  parentParam: string;
  /** The key column, copied to each version (a workflow form's or model's; a questionnaire form has none). */
  keyColumn?: string;
  /** The column holding the content (JSON text, XML), and its parameter. */
  body: string;
  /** Versions carry a remark of their own (forms). */
  remark: boolean;
  /** The buttons of saving a version and of the history's own calls. */
  designButton: string;
  historyButton: string;
  /** Checks and normalises a body's content; a 400 when it is not one. */
  check(content: unknown): Promise<string>;
  messages: { noParent: Bilingual; noContent: Bilingual };
}

const MSG = {
  mainRemoved: (versions: number[]): Bilingual => ({
    zh: `不能删除主版本（版本 ${versions.join('、')}）：请先将其他版本设为主版本`,
    en: `The main version (version ${versions.join(', ')}) cannot be deleted: make another version the main one first`,
  }),
  edited: {
    zh: '历史版本不能修改：保存会生成新的版本',
    en: 'A version is never changed: a save makes a new version',
  },
  mainSet: (version: number): Bilingual => ({
    zh: `已将版本 ${version} 设为主版本`,
    en: `Version ${version} is now the main version`,
  }),
  saved: (version: number): Bilingual => ({ zh: `已保存为版本 ${version}`, en: `Saved as version ${version}` }),
  noVersion: { zh: '请选择版本', en: 'Please select the version' },
} as const;

/**
 * Adds the next version of a parent with this content and makes it the main one; the caller holds the
 * parent's row locked (the engine's save does, `lockParent` does). One statement numbers and inserts it.
 */
export async function addVersion(
  q: Queryable,
  v: Pick<Versioned, 'parent' | 'history' | 'parentColumn' | 'keyColumn' | 'body' | 'remark'>,
  parentId: string,
  content: string,
  caller: RequestContext,
  remark: string | null = null,
): Promise<{ id: string; version: number }> {
  const key = v.keyColumn;
  const [added] = await q.query<{ id: string; version: number }>(
    `insert into ${v.history.table} (id, tenant_id, ${v.parentColumn}, ${key ? `${key}, ` : ''}name, ${v.body}, version,
            ${v.remark ? 'remark, ' : ''}create_user, create_dept, update_user)
     select $1, p.tenant_id, p.id, ${key ? `p.${key}, ` : ''}p.name, $4,
            coalesce((select max(h.version) from ${v.history.table} h
                       where h.tenant_id = p.tenant_id and h.${v.parentColumn} = p.id), 0) + 1,
            ${v.remark ? '$7, ' : ''}$5, $6, $5
       from ${v.parent.table} p where p.id = $3 and p.tenant_id = $2
     returning id::text as id, version`,
    [nextId(), caller.tenantId, parentId, content, caller.userId, caller.deptId || null, ...(v.remark ? [remark] : [])],
  );
  if (!added) throw notFound();
  await q.query(
    `update ${v.parent.table} set ${v.body} = $3, version = $4, update_user = $5, update_time = localtimestamp(0)
      where id = $1 and tenant_id = $2`,
    [parentId, caller.tenantId, content, added.version, caller.userId],
  );
  return added;
}

/** Locks a live parent the caller may see (its resource's reading), or answers 404. */
async function lockParent(q: Queryable, parents: Resource, parentId: string): Promise<void> {
  const [visible] = await parents.visibleIds([parentId], q);
  if (!visible) throw notFound();
  await q.query(`select id from ${parents.model.table} where id = $1 for update`, [parentId]);
}

/**
 * The history's calls (design/form/history, design/model/history): the generic reads with `main` on each
 * version, a submit that adds a version (never changes one), remove (not the main version) and setMainVersion.
 */
export function mountHistory(app: FastifyInstance, platform: Platform, v: Versioned, parents: Resource): Resource {
  const history = createResource(platform, v.history, {
    // The versions of live parents only.
    scope(where) {
      where.and(`"${v.parentColumn}" in (select id from ${v.parent.table} where is_deleted = 0)`);
    },
  });
  const table = v.history.table;
  const base = `/api/${v.history.api}`;

  /** Each version with whether it is its parent's main one. */
  async function withMain(rows: Row[]): Promise<Row[]> {
    const parentIds = [...new Set(rows.map((r) => String(r[v.parentParam])))];
    if (!parentIds.length) return rows;
    const { tenantId } = ctx();
    const mains = await platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string; version: number }>(
        `select id::text as id, version from ${v.parent.table} where tenant_id = $1 and id = any($2::bigint[])`,
        [tenantId, parentIds],
      ),
    );
    const main = new Map(mains.map((m) => [m.id, m.version]));
    return rows.map((r) => ({ ...r, main: main.get(String(r[v.parentParam])) === r.version }));
  }
  mountCalls(app, history, ['page', 'list', 'detail'], withMain);

  app.post<{ Body: unknown }>(
    `${base}/submit`,
    { config: { title: `${v.history.label.zh}提交`, button: v.designButton } },
    async (req) => {
      const body = objectBody(req.body);
      if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest(MSG.edited);
      const parentId = idParam(body[v.parentParam], v.messages.noParent);
      const given = body[v.body];
      if (given === undefined || given === null || given === '') throw badRequest(v.messages.noContent);
      const content = await v.check(given);
      const remark = v.remark ? remarkOf(body.remark) : null;
      const caller = ctx();
      const added = await platform.db.tx(caller.tenantId, async (q) => {
        await lockParent(q, parents, parentId);
        return addVersion(q, v, parentId, content, caller, remark);
      });
      const row = await history.detail(added.id);
      return ok((await withMain(row ? [row] : []))[0], MSG.saved(added.version));
    },
  );

  app.post<{ Querystring: Record<string, unknown> }>(
    `${base}/remove`,
    { config: { title: `${v.history.label.zh}删除`, button: v.historyButton } },
    async (req) => {
      const ids = idsParam(req.query);
      const caller = ctx();
      const removed = await platform.db.tx(caller.tenantId, async (q) => {
        const visible = await history.visibleIds(ids, q);
        if (!visible.length) throw badRequest(NOTHING_REMOVED);
        const rows = await q.query<{ id: string; parent: string; version: number }>(
          `select id::text as id, ${v.parentColumn}::text as parent, version from ${table} where id = any($1::bigint[])`,
          [visible],
        );
        const parentIds = [...new Set(rows.map((r) => r.parent))].sort();
        // Locked in one order, so two removals of versions of the same parents never wait on each other in a circle.
        const mains = await q.query<{ id: string; version: number }>(
          `select id::text as id, version from ${v.parent.table} where id = any($1::bigint[]) order by id for update`,
          [parentIds],
        );
        const main = new Map(mains.map((m) => [m.id, m.version]));
        const refused = rows.filter((r) => main.get(r.parent) === r.version).map((r) => r.version);
        if (refused.length) throw badRequest(MSG.mainRemoved(refused.sort((a, b) => a - b)));
        await q.query(
          `update ${table} set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
            where id = any($1::bigint[])`,
          [visible, caller.userId],
        );
        return visible.length;
      });
      return ok(true, removedMessage(removed, new Set(ids).size));
    },
  );

  app.post(
    `${base}/setMainVersion`,
    { config: { title: `${v.history.label.zh}设为主版本`, button: v.historyButton } },
    async (req) => {
      const id = idParam(paramsOf(req).id, MSG.noVersion);
      const caller = ctx();
      const answer = await platform.db.tx(caller.tenantId, async (q) => {
        const [visible] = await history.visibleIds([id], q);
        if (!visible) throw notFound();
        const [chosen] = await q.query<{ parent: string; version: number }>(
          `select ${v.parentColumn}::text as parent, version from ${table} where id = $1`,
          [id],
        );
        await lockParent(q, parents, chosen.parent);
        await q.query(
          `update ${v.parent.table} p set ${v.body} = h.${v.body}, version = h.version, update_user = $3,
                  update_time = localtimestamp(0)
             from ${table} h where h.id = $1 and p.id = h.${v.parentColumn} and p.tenant_id = $2`,
          [id, caller.tenantId, caller.userId],
        );
        return { parent: chosen.parent, version: chosen.version };
      });
      const row = await parents.detail(answer.parent);
      return ok(row, MSG.mainSet(answer.version));
    },
  );
  return history;
}

/** A version's remark: text of 255 characters at most. */
export function remarkOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest({ zh: '备注必须是文本', en: 'The remark must be text' });
  if (value.length > 255 || value.includes('\u0000')) {
    throw badRequest({ zh: '备注长度不能超过255个字符', en: 'The remark must be at most 255 characters' });
  }
  return value;
}
