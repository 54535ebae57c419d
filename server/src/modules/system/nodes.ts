import type { Queryable } from '../../platform/db.ts';
import { buildTree, type TreeNode } from '../../platform/tree.ts';

/**
 * The contract's tree nodes `{ id, parentId, title, key, value, children, hasChildren }`
 * for pickers (departments, roles, dictionaries, regions), ids as strings.
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
