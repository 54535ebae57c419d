import type { Queryable } from '../platform/db.ts';

/** Inserts plain rows (snake_case keys) into a table: the seeds' one way of writing. */
export async function insertRows(q: Queryable, table: string, rows: Record<string, unknown>[]) {
  for (const row of rows) {
    const cols = Object.keys(row);
    await q.query(
      `insert into ${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      cols.map((c) => row[c]),
    );
  }
}

/**
 * Inserts the rows whose id the table does not hold yet: built-in rows a newer version added
 * reach an existing database, while the ones already there (and an operator's edits to them,
 * or their logical deletion) stay as they are.
 */
export async function insertMissing(q: Queryable, table: string, rows: (Record<string, unknown> & { id: string })[]) {
  if (!rows.length) return;
  const present = await q.query<{ id: string }>(`select id::text as id from ${table} where id = any($1::bigint[])`, [
    rows.map((r) => r.id),
  ]);
  const have = new Set(present.map((r) => r.id));
  await insertRows(
    q,
    table,
    rows.filter((r) => !have.has(r.id)),
  );
}
