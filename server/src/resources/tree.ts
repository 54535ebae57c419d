import type { FastifyInstance } from 'fastify';
import { ctx } from '../platform/context.ts';
import type { Queryable, Row } from '../platform/db.ts';
import { type Bilingual, badRequest, ok } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import { buildTree, type TreeNode } from '../platform/tree.ts';
import { type AncestryTable, ancestorsUnder, moveNode, refuseOrphans } from './ancestry.ts';
import type { EntityHooks, Resource } from './engine.ts';
import { ident } from './sql.ts';

/**
 * The contract's tree nodes `{ id, parentId, title, key, value, children, hasChildren }`
 * for pickers (departments, roles, dictionaries, regions, industries, jobs), ids as strings.
 */
export interface Node {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
}

export function node(id: string, parentId: string, title: string): Node {
  return { id, parentId, title, key: id, value: id };
}

/** Rows `{ id, parent_id, title }` as a nested forest of nodes. */
export function nodeTree(rows: { id: string; parent_id: string; title: string }[]): TreeNode<Node>[] {
  return buildTree(rows.map((r) => node(String(r.id), String(r.parent_id), r.title)));
}

/**
 * One level of a lazily loaded tree: the live children of `parent` in `table`, each
 * telling whether it has children of its own. Table and columns come from code, not requests.
 */
export async function lazyLevel(
  q: Queryable,
  opts: {
    table: string;
    /** The column children point at (default id). */
    idColumn?: string;
    parentColumn: string;
    select: string;
    where?: string;
    params?: unknown[];
  },
  parent: string,
): Promise<Record<string, unknown>[]> {
  const params = [parent, ...(opts.params ?? [])];
  const extra = opts.where ? `and ${opts.where}` : '';
  return q.query(
    `select ${opts.select},
            exists (select 1 from ${opts.table} c
                     where c.${opts.parentColumn} = t.${opts.idColumn ?? 'id'} and c.is_deleted = 0) as "hasChildren"
       from ${opts.table} t
      where t.is_deleted = 0 and t.${opts.parentColumn} = $1 ${extra}
      order by t.sort, t.id`,
    params,
  );
}

/** A parentId parameter of a lazy tree: absent or 0 is the root, anything else a checked id. */
export function parentParam(value: unknown): string {
  const s = String(value ?? '').trim();
  if (s === '' || s === '0') return '0';
  if (!isId(s)) throw badRequest({ zh: '上级编号无效', en: 'The parent id is not valid' });
  return s;
}

/**
 * The hooks of a tenant's tree stored by `parent_id` with `ancestors` (departments, industries, jobs): a
 * parent must be a live node and not the node itself or below it, a move carries the descendants'
 * ancestors along, and a node with live children is not removed (`hasChildren` says so in the tree's words).
 */
export function ancestryHooks(
  table: string,
  hasChildren?: Bilingual,
): Required<Pick<EntityHooks, 'beforeSave' | 'afterSave' | 'afterRemove'>> {
  const t: AncestryTable = { table, key: 'id', parent: 'parent_id' };
  return {
    async beforeSave({ q, isNew, body, values }) {
      // A cleared parent is the root.
      if (values.parentId === null) values.parentId = '0';
      if (values.parentId !== undefined) {
        await ancestorsUnder(q, t, String(values.parentId), isNew ? undefined : String(body.id));
      }
    },
    async afterSave({ q, row }) {
      await moveNode(q, t, String(row.id), await ancestorsUnder(q, t, String(row.parentId)));
    },
    afterRemove: ({ q, ids }) => refuseOrphans(q, t, ids, hasChildren),
  };
}

/** The most rows `tree` answers: a whole classification (the national industries have some 1,400). */
const TREE_LIMIT = 10_000;

/**
 * The tree calls of a tenant's tree entity (its catalog `tree`, a `parentId` field and a `parent_id`
 * column), read through its resource so that tenant, data scope and the search filters apply as to
 * `list`: `lazy-tree` (one level as nodes) and `lazy-list` (one level as rows) by `parentId` (or `pid`,
 * as the industries' calls name it), each row telling whether it `hasChildren`; and `tree` (every
 * matching row as nested nodes, titled by the field `title` names).
 */
export function mountTreeCalls(app: FastifyInstance, resource: Resource, title: string) {
  const { entity, table } = resource.model;
  const base = `/api/${entity.api}`;
  type Q = { Querystring: Record<string, unknown> };

  /** The ids among `ids` that have live children. */
  async function withChildren(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { tenantId } = ctx();
    const rows = await resource.platform.db.scoped(tenantId, (q) =>
      q.query<{ id: string }>(
        `select distinct parent_id::text as id from ${ident(table)}
          where tenant_id = $1 and parent_id = any($2::bigint[]) and is_deleted = 0`,
        [tenantId, ids],
      ),
    );
    return new Set(rows.map((r) => r.id));
  }

  async function level(query: Record<string, unknown>): Promise<(Row & { hasChildren: boolean })[]> {
    const { parentId, pid, ...filters } = query;
    const rows = await resource.list({ ...filters, parentId_equal: parentParam(parentId ?? pid) });
    const parents = await withChildren(rows.map((r) => String(r.id)));
    return rows.map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) }));
  }

  const nodeOf = (r: Row) => node(String(r.id), String(r.parentId ?? '0'), String(r[title] ?? ''));

  app.get<Q>(`${base}/lazy-tree`, { config: { title: `${entity.label.zh}懒加载树` } }, async (req) =>
    ok((await level(req.query)).map((r) => ({ ...nodeOf(r), hasChildren: r.hasChildren }))),
  );
  app.get<Q>(`${base}/lazy-list`, { config: { title: `${entity.label.zh}懒加载列表` } }, async (req) =>
    ok(await level(req.query)),
  );
  app.get<Q>(`${base}/tree`, { config: { title: `${entity.label.zh}树` } }, async (req) =>
    ok(buildTree((await resource.list(req.query, TREE_LIMIT)).map(nodeOf))),
  );
}
