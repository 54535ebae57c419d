import type { Database, Row } from '../platform/db.ts';
import { Where } from './sql.ts';

/**
 * Reads a long result (an export's) a batch at a time, so that no more than one batch is held in
 * memory, and hands each batch to `each` before the next is read (`each` waits for the download to take it).
 *
 * PostgreSQL: one cursor (`declare ... no scroll cursor`) in one transaction on one connection, fetched
 * `size` rows at a time: one snapshot, the plan run once, every statement under the long statement timeout.
 * PGlite: it has a single connection, and a transaction held for the whole export would stop every other
 * request until the download ends; so it reads keyset batches instead, each its own short statement in its
 * own scope, continuing after the last row's order values (the order always ends with the unique id). Other
 * requests run between the batches; rows written meanwhile may or may not be included, as in any list.
 */
export interface BatchRead {
  /** The select list (as the engine's model gives it). */
  select: string;
  /** `from "table"`. */
  from: string;
  where: Where;
  /** `order by "col" asc|desc, ..., "id" desc` as `orderBy` writes it: plain identifiers, ending with the id. */
  order: string;
  /** At most this many rows in all. */
  limit: number;
}

/** Rows per batch: a few megabytes of cells at most, and the first batch (the download's start) comes quickly. */
export const BATCH_SIZE = 1000;

export async function readInBatches(
  db: Database,
  tenantId: string,
  read: BatchRead,
  each: (rows: Row[]) => Promise<void>,
  size = BATCH_SIZE,
): Promise<void> {
  if (db.kind === 'postgres') return cursorBatches(db, tenantId, read, each, size);
  return keysetBatches(db, tenantId, read, each, size);
}

async function cursorBatches(
  db: Database,
  tenantId: string,
  { select, from, where, order, limit }: BatchRead,
  each: (rows: Row[]) => Promise<void>,
  size: number,
) {
  await db.tx(tenantId, async (q) => {
    await db.longStatements(q);
    await q.query(
      `declare park_batches no scroll cursor for select ${select} ${from} ${where} ${order} limit ${limit}`,
      where.params,
    );
    // The transaction's end (commit, or rollback when `each` throws) closes the cursor.
    for (let read = 0; read < limit; ) {
      const rows = await q.query(`fetch forward ${size} from park_batches`);
      read += rows.length;
      if (rows.length) await each(rows);
      if (rows.length < size) break;
    }
  });
}

interface OrderTerm {
  column: string;
  desc: boolean;
}

const TERM = /("[a-z_][a-z0-9_]*") (asc|desc)/g;

/** The terms of an `order by` as `orderBy` writes them; the last must be the unique id, or keysets could skip rows. */
export function orderTerms(order: string): OrderTerm[] {
  const terms = Array.from(order.matchAll(TERM), (m) => ({ column: m[1], desc: m[2] === 'desc' }));
  if (!terms.length || terms[terms.length - 1].column !== '"id"') {
    throw new Error(`A keyset read needs an order ending with the id: ${order}`);
  }
  return terms;
}

/**
 * The rows strictly after `last` in the order: for some term, every earlier term equal and this one past
 * it. PostgreSQL sorts nulls last ascending and first descending, and the keys travel as text, which the
 * comparison reads back as the column's own type (no precision lost, as a timestamp read as a date string would).
 */
export function after(where: Where, terms: OrderTerm[], last: (string | null)[]): string {
  // All one direction and no null key (the usual: the default order, or one sort and the id): one row
  // comparison, which an index on the same columns serves.
  if (terms.every((t) => t.desc === terms[0].desc) && last.every((v) => v !== null)) {
    const cols = terms.map((t) => t.column).join(', ');
    const vals = last.map((v) => where.param(v)).join(', ');
    return `(${cols}) ${terms[0].desc ? '<' : '>'} (${vals})`;
  }
  const equal = (t: OrderTerm, v: string | null) =>
    v === null ? `${t.column} is null` : `${t.column} = ${where.param(v)}`;
  const past = (t: OrderTerm, v: string | null) => {
    if (v === null) return t.desc ? `${t.column} is not null` : 'false';
    const p = where.param(v);
    return t.desc ? `${t.column} < ${p}` : `(${t.column} > ${p} or ${t.column} is null)`;
  };
  const options = terms.map((t, i) =>
    [...terms.slice(0, i).map((e, j) => equal(e, last[j])), past(t, last[i])].join(' and '),
  );
  return options.map((o) => `(${o})`).join(' or ');
}

async function keysetBatches(
  db: Database,
  tenantId: string,
  { select, from, where, order, limit }: BatchRead,
  each: (rows: Row[]) => Promise<void>,
  size: number,
) {
  const terms = orderTerms(order);
  const keys = terms.map((t, i) => `${t.column}::text as "__key${i}"`).join(', ');
  let last: (string | null)[] | undefined;
  for (let read = 0; read < limit; ) {
    const batch = new Where([...where.params]);
    batch.parts.push(...where.parts);
    if (last) batch.and(after(batch, terms, last));
    const take = Math.min(size, limit - read);
    const rows = await db.scoped(tenantId, (q) =>
      q.query(`select ${select}, ${keys} ${from} ${batch} ${order} limit ${take}`, batch.params),
    );
    read += rows.length;
    if (rows.length) {
      const end = rows[rows.length - 1];
      last = terms.map((_, i) => end[`__key${i}`] as string | null);
      for (const row of rows) for (let i = 0; i < terms.length; i++) delete row[`__key${i}`];
      await each(rows);
    }
    if (rows.length < take) break;
  }
}
