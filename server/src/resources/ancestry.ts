import type { Queryable } from '../platform/db.ts';
import { type Bilingual, badRequest } from '../platform/errors.ts';

/**
 * Trees stored with an `ancestors` column ("0,root,...,parent"): departments by id,
 * regions by code, industries and jobs (resources/tree.ts). Moving a node rewrites its descendants' ancestors too.
 */
export interface AncestryTable {
  table: string;
  /** The column parents are named by (id or code). */
  key: string;
  parent: string;
}

const MSG = {
  noParent: { zh: '上级节点不存在', en: 'The parent does not exist' },
  cycle: { zh: '上级节点不能是自己或自己的下级', en: 'A node cannot be placed under itself or its descendants' },
  hasChildren: { zh: '请先删除子节点', en: 'Remove its children first' },
} as const;

/** The ancestors a node gets under `parent` ('0' for a root); refuses unknown parents and cycles. */
export async function ancestorsUnder(q: Queryable, t: AncestryTable, parent: string, self?: string): Promise<string> {
  if (parent === '0') return '0';
  if (parent === self) throw badRequest(MSG.cycle);
  const [p] = await q.query<{ key: string; ancestors: string }>(
    `select ${t.key}::text as key, ancestors from ${t.table} where ${t.key} = $1 and is_deleted = 0`,
    [parent],
  );
  if (!p) throw badRequest(MSG.noParent);
  const ancestors = `${p.ancestors},${p.key}`;
  if (self && ancestors.split(',').includes(self)) throw badRequest(MSG.cycle);
  return ancestors;
}

/** Sets a node's ancestors and carries the change down to every descendant. */
export async function moveNode(q: Queryable, t: AncestryTable, self: string, ancestors: string): Promise<void> {
  const [old] = await q.query<{ ancestors: string }>(`select ancestors from ${t.table} where ${t.key} = $1`, [self]);
  await q.query(`update ${t.table} set ancestors = $2 where ${t.key} = $1`, [self, ancestors]);
  if (!old || old.ancestors === ancestors) return;
  const from = `${old.ancestors},${self}`;
  await q.query(
    `update ${t.table} set ancestors = $2 || substr(ancestors, length($1) + 1)
      where ancestors = $1 or ancestors like $1 || ',%'`,
    [from, `${ancestors},${self}`],
  );
}

/**
 * Refuses (inside the removing transaction) when a live node still hangs below a removed one, with the
 * tree's own words when given (该行业下还有子行业…).
 */
export async function refuseOrphans(
  q: Queryable,
  t: AncestryTable,
  removedKeys: string[],
  message: Bilingual = MSG.hasChildren,
): Promise<void> {
  const left = await q.query(
    `select 1 from ${t.table} where is_deleted = 0 and ${t.parent}::text = any($1::text[]) limit 1`,
    [removedKeys],
  );
  if (left.length) throw badRequest(message);
}
