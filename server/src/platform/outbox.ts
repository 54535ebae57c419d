import { ALL_TENANTS, type Database, detached } from './db.ts';

/**
 * Where the broker-backed bus keeps what it has published until the broker has confirmed it
 * (issue 19): a committed write's event is never lost to a broker outage, nor does it fail the write.
 */
export interface Outbox {
  /** Keeps one event (the broker message's body); may throw when the store is unreachable. */
  add(body: string): Promise<void>;
  /**
   * Hands the oldest waiting events, in order, to `send`, and forgets them once it has resolved
   * (a `send` that throws leaves them waiting). True when more are waiting.
   */
  flush(send: (bodies: string[]) => Promise<void>): Promise<boolean>;
}

/** The table of migration 0130; TableWrites does not announce writes to it (they would announce themselves). */
export const OUTBOX_TABLE = 'park_bus_outbox';

const BATCH = 200;
/** One drainer at a time across the instances sharing the database, so events leave in their order. */
const DRAIN_LOCK = 724_521_019;

/**
 * The outbox table on PostgreSQL, shared by every instance: any connected instance drains it, so
 * an instance cut off from the broker has its events carried by another one, and the rows of one
 * that died before draining are not lost either.
 */
export class TableOutbox implements Outbox {
  constructor(private readonly db: Database) {}

  add(body: string): Promise<void> {
    // In no transaction of the caller's: the event stays even should the caller's transaction roll back
    // after the local handlers heard it, and a drainer woken now sees the row.
    return detached(() =>
      this.db.scoped(ALL_TENANTS, async (q) => {
        await q.query(`insert into ${OUTBOX_TABLE} (body) values ($1)`, [body]);
      }),
    );
  }

  flush(send: (bodies: string[]) => Promise<void>): Promise<boolean> {
    return detached(() =>
      this.db.tx(ALL_TENANTS, async (q) => {
        await q.query('select pg_advisory_xact_lock($1)', [DRAIN_LOCK]);
        const rows = await q.query<{ id: string; body: string }>(
          `select id, body from ${OUTBOX_TABLE} order by id limit ${BATCH}`,
        );
        if (!rows.length) return false;
        await send(rows.map((r) => r.body));
        await q.query(`delete from ${OUTBOX_TABLE} where id = any($1::bigint[])`, [rows.map((r) => r.id)]);
        return rows.length === BATCH;
      }),
    );
  }
}

/**
 * The outbox in this process's memory: with an embedded database (one instance), and for events
 * the table could not take. Bounded: past `limit` the oldest are dropped, and said so; an
 * instance that rejoins drops its own caches anyway.
 */
export class MemoryOutbox implements Outbox {
  private readonly waiting: string[] = [];
  /** Dropped since the outbox last ran empty; told once per overflow. */
  private dropped = 0;

  constructor(private readonly limit = 100_000) {}

  async add(body: string) {
    if (this.waiting.length >= this.limit) {
      this.waiting.shift();
      if (this.dropped++ === 0) {
        console.error('The bus keeps more than %d events for the broker: the oldest are being dropped', this.limit);
      }
    }
    this.waiting.push(body);
  }

  async flush(send: (bodies: string[]) => Promise<void>): Promise<boolean> {
    const batch = this.waiting.slice(0, BATCH);
    if (!batch.length) {
      this.dropped = 0;
      return false;
    }
    const droppedBefore = this.dropped;
    await send(batch);
    // Events dropped while sending were the oldest, i.e. some of this batch: remove only what is left of it.
    this.waiting.splice(0, Math.max(0, batch.length - (this.dropped - droppedBefore)));
    return this.waiting.length > 0;
  }
}
