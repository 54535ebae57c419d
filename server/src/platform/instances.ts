import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError } from './config.ts';
import { ALL_TENANTS, type Database } from './db.ts';
import { setWorkerId } from './ids.ts';

/**
 * The instances sharing the database (table park_instance), each under a lease its heartbeat renews,
 * by the database's clock (now()), so the instances' clocks do not matter. An instance's row holds its
 * worker id (the ids' worker part: unique among the rows, so two live instances never share one) and
 * names it in the jobs it claims: a claim whose instance's lease has lapsed, or whose row is gone, is
 * free (jobs.ts). A start takes WORKER_ID, or the lowest free id; a stop lets its row go.
 */
export interface InstanceOptions {
  /** How long the row holds without a heartbeat before the instance counts as dead (s). */
  leaseSeconds?: number;
  /** How often the heartbeat renews it (ms); a third of the lease by default. */
  heartbeatMs?: number;
}

/** This process, told apart from an earlier one that had the same pid (a restarted container's 1). */
const PROCESS_KEY = randomBytes(8).toString('hex');

/** A claim by a live instance: SQL true while the instance the column names renews its lease. */
export function liveInstance(column: string): string {
  return `exists (select 1 from park_instance i where i.id = ${column} and i.expires > now())`;
}

/**
 * Inserts this instance's row with worker id $6 (or, when null, the lowest one no live row holds),
 * taking over the row of an instance whose lease has lapsed. Concurrent starts choosing the same id
 * meet at the unique index: one inserts, the other finds a live row and answers nothing (and tries
 * the next). One statement, so a claim is whole or absent.
 */
const CLAIM = `
  insert into park_instance (id, process_key, worker_id, host, pid, expires)
  select $1, $2, w, $3, $4, now() + make_interval(secs => $5)
    from generate_series(0, 1023) w
   where ($6::int is null or w = $6::int)
     and not exists (select 1 from park_instance p where p.worker_id = w and p.expires > now())
   order by w limit 1
  on conflict (worker_id) do update
     set id = excluded.id, process_key = excluded.process_key, host = excluded.host, pid = excluded.pid,
         started = now(), beat = now(), expires = excluded.expires
   where park_instance.expires <= now()
  returning worker_id`;

export class Instance {
  /** What this instance's claims record; a new one when it lost its row (silent past its lease). */
  id = randomBytes(12).toString('hex');
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly leaseSeconds: number;
  private readonly heartbeatMs: number;

  private constructor(
    private readonly db: Database,
    /** This instance's worker id, 0 to 1023. */
    public workerId: number,
    opts: InstanceOptions,
  ) {
    this.leaseSeconds = opts.leaseSeconds ?? 30;
    this.heartbeatMs = opts.heartbeatMs ?? Math.round((this.leaseSeconds * 1000) / 3);
  }

  /**
   * Registers an instance: claims `workerId` (WORKER_ID), or the lowest free one when undefined, sets
   * it as the ids' worker part, and starts the heartbeat. An explicit id a live other instance holds
   * refuses the start (ConfigError), once that holder is seen renewing its lease: a row whose heartbeat
   * stands still is this instance's own predecessor killed before it could let go, taken over when its
   * lease lapses. On the embedded database (one process) rows of other processes are all such stale
   * ones, and are dropped at once, freeing their claims.
   */
  static async register(db: Database, workerId: number | undefined, opts: InstanceOptions = {}): Promise<Instance> {
    const instance = new Instance(db, workerId ?? 0, opts);
    if (db.kind === 'pglite') {
      await instance.sql('delete from park_instance where process_key <> $1', [PROCESS_KEY]);
    }
    instance.workerId = workerId === undefined ? await instance.claimFree() : await instance.claimExplicit(workerId);
    setWorkerId(instance.workerId);
    instance.schedule();
    return instance;
  }

  /** Stops the heartbeat and lets the row go, with it the worker id; the scheduler has ended its runs first. */
  async close() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.beating;
    await this.sql('delete from park_instance where id = $1', [this.id]).catch((e: Error) =>
      console.error('Could not release the instance lease: %s', e.message),
    );
  }

  private sql<T extends Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]> {
    return this.db.scoped(ALL_TENANTS, (q) => q.query<T>(text, params));
  }

  /** Claims `workerId` (null: the lowest free one); undefined when a live instance holds it. */
  private async claim(workerId: number | null): Promise<number | undefined> {
    const [row] = await this.sql<{ worker_id: number }>(CLAIM, [
      this.id,
      PROCESS_KEY,
      os.hostname().slice(0, 255),
      process.pid,
      this.leaseSeconds,
      workerId,
    ]);
    return row?.worker_id;
  }

  private async claimFree(): Promise<number> {
    // Each miss is a race lost to a concurrent start, which took that id: the next try picks another.
    for (let attempt = 0; attempt < 1024; attempt++) {
      const id = await this.claim(null);
      if (id !== undefined) return id;
      const [{ live }] = await this.sql<{ live: number }>(
        'select count(*)::int as live from park_instance where expires > now()',
        [],
      );
      if (live >= 1024) break;
    }
    throw new ConfigError(
      'All 1024 worker ids are held by running instances: no more instances can share this database',
    );
  }

  private async claimExplicit(workerId: number): Promise<number> {
    let seen: { id: string; beat: string } | undefined;
    for (;;) {
      if ((await this.claim(workerId)) !== undefined) return workerId;
      const [holder] = await this.sql<{ id: string; host: string; pid: number; beat: string; left_ms: number }>(
        `select id, host, pid, beat::text as beat, extract(epoch from expires - now()) * 1000 as left_ms
           from park_instance where worker_id = $1`,
        [workerId],
      );
      if (!holder) continue; // let go meanwhile
      if (seen && (holder.id !== seen.id || holder.beat !== seen.beat)) {
        throw new ConfigError(
          `WORKER_ID ${workerId} is in use by another running instance (host ${holder.host}, pid ${holder.pid}): ` +
            'give each instance its own WORKER_ID, or leave it unset to take a free one',
        );
      }
      if (!seen) {
        console.warn(
          'WORKER_ID %d is held by host %s, pid %d: waiting up to its lease to tell whether it still runs',
          workerId,
          holder.host,
          holder.pid,
        );
      }
      seen = holder;
      await sleep(Math.max(50, Math.min(1000, this.heartbeatMs / 2, Number(holder.left_ms) + 50)));
    }
  }

  private schedule() {
    // A database closed under a running heartbeat (its platform never closed): nothing left to renew.
    if (this.stopped || this.db.closed) return;
    this.timer = setTimeout(() => {
      this.beating = this.beat().finally(() => this.schedule());
    }, this.heartbeatMs).unref();
  }

  /**
   * Renews the lease. A row that is gone was taken over while this instance was silent past its lease
   * (a stalled process, the database away): its claims may be another's now, so it registers again
   * under a new name, none of those claims its own, with its worker id if still free, else another.
   */
  private async beat() {
    if (this.db.closed) return;
    try {
      const renewed = await this.sql(
        'update park_instance set beat = now(), expires = now() + make_interval(secs => $2) where id = $1 returning id',
        [this.id, this.leaseSeconds],
      );
      if (renewed.length || this.stopped) return;
      const lost = this.workerId;
      this.id = randomBytes(12).toString('hex');
      this.workerId = (await this.claim(lost)) ?? (await this.claimFree());
      setWorkerId(this.workerId);
      console.error(
        'This instance lost its lease (worker id %d) and registered again with worker id %d',
        lost,
        this.workerId,
      );
    } catch (e) {
      console.error('Could not renew the instance lease: %s', (e as Error).message);
    }
  }
}
