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
