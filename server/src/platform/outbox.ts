import { ALL_TENANTS, type Database, detached } from './db.ts';

/**
 * Where the broker-backed bus keeps what it has published until the broker has confirmed it
 * (issue 19): a committed write's event is never lost to a broker outage, nor does it fail the write.
 */
export interface Outbox {
  /**
   * Keeps one event (the broker message's body); may throw when the store is unreachable. `mine`:
   * this instance is joined to the broker and sends it itself; otherwise any connected instance may.
   */
  add(body: string, mine: boolean): Promise<void>;
  /**
   * Hands the oldest events this instance may send, in order, to `send`, and forgets them once it has
   * resolved (a `send` that throws leaves them waiting). True when more are waiting.
   */
  flush(send: (bodies: string[]) => Promise<void>): Promise<boolean>;
  /** Gives back what this instance had taken to send (it lost the broker): another connected one sends it now. */
  release(): Promise<void>;
}

/** The table of migration 0130; TableWrites does not announce writes to it (they would announce themselves). */
export const OUTBOX_TABLE = 'park_bus_outbox';
/** Where migration 0159 announces rows nobody sends: unclaimed, or given back. */
const OUTBOX_CHANNEL = 'park_bus_outbox';

const BATCH = 200;

/** Ids are bigints as text: the longer is larger, then the text decides. */
const byId = (a: { id: string }, b: { id: string }) => a.id.length - b.id.length || (a.id < b.id ? -1 : 1);

/**
 * The outbox table on PostgreSQL, shared by every instance (migrations 0130, 0159). No lock is held
 * while the broker is waited on: a row is claimed for `leaseMs` in one short statement, sent, then
 * deleted. A joined instance claims its own events as it keeps them and sends them itself, so a
 * frozen instance holds up its own events only (until it gives them back, on losing the broker, or
 * its lease ends). The events of an instance cut off from the broker are kept unclaimed and announced
 * (NOTIFY), and a connected instance sends them at once; so are those of one that died.
 *
 * Order: an instance's own events leave in their order while it is joined (it alone sends them, one
 * batch after the other); events taken over leave in id order per batch, and nothing orders the
 * events of different instances. A batch whose confirmation was late may be sent twice (the lease
 * ended, another instance sent it too): the bus drops a repeated event by its id.
 */
export class TableOutbox implements Outbox {
  constructor(
    private readonly db: Database,
    /** This instance's name in `claimed_by`. */
    private readonly owner: string,
    /** How long a claim holds: longer than a confirmation may take, so a slow one is not sent twice. */
    private readonly leaseMs: number,
  ) {}

  add(body: string, mine: boolean): Promise<void> {
    // In no transaction of the caller's: the event stays even should the caller's transaction roll back
    // after the local handlers heard it, and a drainer woken now sees the row.
    return detached(() =>
      this.db.scoped(ALL_TENANTS, async (q) => {
        await q.query(
          `insert into ${OUTBOX_TABLE} (body, claimed_by, claimed_until)
           values ($1, $2::text, case when $2::text is null then null else clock_timestamp() + $3 * interval '1 ms' end)`,
          [body, mine ? this.owner : null, this.leaseMs],
        );
      }),
    );
  }

  flush(send: (bodies: string[]) => Promise<void>): Promise<boolean> {
    return detached(async () => {
      // Claimed in one statement (its own transaction): others skip the rows locked meanwhile, and nobody waits on the broker.
      const rows = await this.db.scoped(ALL_TENANTS, (q) =>
        q.query<{ id: string; body: string }>(
          `update ${OUTBOX_TABLE} set claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 ms'
            where id in (select id from ${OUTBOX_TABLE}
                          where claimed_by is null or claimed_by = $1 or claimed_until < clock_timestamp()
                          order by id limit ${BATCH} for update skip locked)
            returning id::text, body`,
          [this.owner, this.leaseMs],
        ),
      );
      if (!rows.length) return false;
      rows.sort(byId);
      await send(rows.map((r) => r.body));
      await this.db.scoped(ALL_TENANTS, (q) =>
        q.query(`delete from ${OUTBOX_TABLE} where id = any($1::bigint[])`, [rows.map((r) => r.id)]),
      );
      return rows.length === BATCH;
    });
  }

  release(): Promise<void> {
    return detached(() =>
      this.db.scoped(ALL_TENANTS, async (q) => {
        // Migration 0159's trigger announces the rows given back.
        await q.query(`update ${OUTBOX_TABLE} set claimed_by = null, claimed_until = null where claimed_by = $1`, [
          this.owner,
        ]);
      }),
    );
  }

  /** Calls `wake` whenever rows nobody sends are announced, and once now; answers how to stop. */
  listen(wake: () => void): Promise<() => Promise<void>> {
    return this.db.listen(OUTBOX_CHANNEL, wake);
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

  /** One process's memory: nobody else could send what it holds. */
  async release() {}
}
