import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One SQL dialect (PostgreSQL) on two engines: PGlite in-process by default, a
 * PostgreSQL server when DATABASE_URL is set. Every read and write of business
 * data runs in a *scope* that names its tenant: the scope sets `park.tenant_id`
 * and the restricted role `park_app`, so row-level security checks each row
 * even where a query forgot its tenant filter.
 */

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** The tenant value that lets platform work (log writer, seed, tenant lookups) see every tenant. */
export const ALL_TENANTS = '*';

/** The role business queries run as; it is subject to row-level security. */
export const APP_ROLE = 'park_app';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` with the tenant set; nested calls for the same tenant reuse the outer scope. */
  scoped<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** The same inside one transaction: all of `fn` lands, or none of it. */
  tx<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Unrestricted access as the connecting user: migrations and maintenance only. */
  admin: Queryable & { exec(sql: string): Promise<void> };
  /**
   * One transaction as the connecting user, for maintenance that must land whole (a tenant's move between
   * databases). Row-level security is forced on the owner too: set `park.tenant_id` inside.
   */
  adminTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Opens a scope for `tenantId` without joining or registering the caller's: a database that spreads one
   * scope over two others (tenant-router.ts) opens each side this way and registers its own with `inScope`.
   */
  openScope<T>(tenantId: string, wantTx: boolean, run: ScopeRun<T>): Promise<T>;
  /**
   * Calls `listener` with the tables a statement wrote once the write is visible to other
   * connections: when its transaction ends (committed or rolled back), or at once outside one.
   */
  onWritten(listener: (tables: string[]) => void): void;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a plain identifier), over a connection of its own
   * that is opened again when lost; also each time it starts listening, since notifications sent
   * meanwhile went unheard. Answers how to stop.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Lets the statements of the transaction `q` belongs to run up to the long statement timeout (exports,
   * reports) instead of the usual one. PGlite honours no statement timeout (it has no timers), so nothing there.
   */
  longStatements(q: Queryable): Promise<void>;
  /** True once close() has begun: a timer that outlived its owner (a heartbeat) stops instead of failing on. */
  readonly closed: boolean;
  close(): Promise<void>;
}

/** How long a statement may run, in milliseconds (0: no limit): the usual, and the long one exports and reports take. */
export interface StatementTimeouts {
  query: number;
  long: number;
}

export const STATEMENT_TIMEOUTS: StatementTimeouts = { query: 30_000, long: 120_000 };

/** The embedded PostgreSQL's memory settings (PGlite runs with PostgreSQL's defaults otherwise): see openDatabase. */
const PGLITE_MEMORY = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

// A locking clause (`for update skip locked`, `for no key update of t`) writes nothing.
const WRITE =
  /\b(?:insert\s+into|(?<!\bfor\s+(?:no\s+key\s+)?)update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const tablesOfStatement = new Map<string, string[]>();

/** The tables a statement writes (insert, update, delete, also inside a `with`), read once per statement text. */
export function writtenTables(sql: string): string[] {
  let tables = tablesOfStatement.get(sql);
  if (!tables) {
    tables = [...new Set(Array.from(sql.matchAll(WRITE), (m) => m[1].toLowerCase()))];
    // Statement texts repeat; a bounded memo keeps one-off texts (batch inserts) from piling up.
    if (tablesOfStatement.size >= 2000) tablesOfStatement.clear();
    tablesOfStatement.set(sql, tables);
  }
  return tables;
}

/** The listeners of `onWritten`, and the tables a transaction wrote until it commits. */
class WriteNotices {
  private readonly listeners: ((tables: string[]) => void)[] = [];

  add(listener: (tables: string[]) => void) {
    this.listeners.push(listener);
  }

  /** Tells the listeners now about the tables `sql` wrote. */
  now(sql: string) {
    this.tell(writtenTables(sql));
  }

  /** Collects what a transaction writes; `tell` it after the commit. */
  collector() {
    const tables = new Set<string>();
    const note = (sql: string) => {
      for (const table of writtenTables(sql)) tables.add(table);
    };
    return { note, tables };
  }

  tell(tables: Iterable<string>) {
    const list = [...tables];
    if (list.length) for (const listener of this.listeners) listener(list);
  }
}

interface ActiveScope {
  tenantId: string;
  q: Queryable;
  inTx: boolean;
  /** In a transaction: the tables it has written so far, not yet visible to anyone else. */
  written?: ReadonlySet<string>;
  /** What `afterTransaction` queued, run once the transaction has ended. */
  ended: (() => unknown)[];
}

const activeScope = new AsyncLocalStorage<ActiveScope>();

/** The tables the transaction this code runs in has written, uncommitted; none outside a transaction. */
export function uncommittedWrites(): ReadonlySet<string> | undefined {
  return activeScope.getStore()?.written;
}

/** Dates and times travel as the contract's strings; int8 and numeric stay exact. */
const timestampText = (v: string) => v.slice(0, 19);
const numericValue = (v: string) => (v === null ? null : Number(v));

/** What a scope runs once it is open: `written` are the tables its transaction has written so far. */
export type ScopeRun<T> = (q: Queryable, inTx: boolean, written?: ReadonlySet<string>) => Promise<T>;

/** Runs `fn` in the caller's scope for the same tenant when there is one that fits, else in one `open` opens. */
export async function inScope<T>(
  tenantId: string,
  wantTx: boolean,
  open: (run: ScopeRun<T>) => Promise<T>,
  fn: (q: Queryable) => Promise<T>,
): Promise<T> {
  const outer = activeScope.getStore();
  if (outer && outer.tenantId === tenantId && (outer.inTx || !wantTx)) return fn(outer.q);
  const ended: (() => unknown)[] = [];
  let result: T;
  try {
    result = await open((q, inTx, written) => activeScope.run({ tenantId, q, inTx, written, ended }, () => fn(q)));
  } catch (err) {
    // Rolled back: still run them (a read inside may have cached what never committed), but the
    // transaction's own error is the one to report.
    if (ended.length) await runAll(ended);
    throw err;
  }
  // Most scopes queue nothing: the page and detail reads skip even the call.
  const failure = ended.length ? await runAll(ended) : undefined;
  if (failure) throw failure;
  return result;
}

/** Runs every callback, each even when one before it fails; gives the first failure. */
async function runAll(callbacks: (() => unknown)[]): Promise<unknown> {
  let failure: unknown;
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (err) {
      failure ??= err;
    }
  }
  return failure;
}

/**
 * Runs `fn` once the transaction the caller is in has ended (committed or rolled back), or at once
 * outside one. Cache invalidation goes here: dropped before the commit, a cache could be filled
 * again by a read on another connection that still sees the old rows, and keep them.
 */
export async function afterTransaction(fn: () => unknown): Promise<void> {
  const scope = activeScope.getStore();
  if (scope?.inTx) scope.ended.push(fn);
  else await fn();
}

/**
 * Runs `fn` outside the caller's scope: its queries take a connection of their own and join no
 * transaction of the caller's (the bus's outbox: an event is kept whatever the caller's transaction does).
 */
export function detached<T>(fn: () => T): T {
  return activeScope.exit(fn);
}

/** How long the embedded engine's scopes may hold the event loop before it gets a turn (`onTurn`). */
const TURN_MS = 10;

class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly notices = new WriteNotices();
  constructor(
    private readonly lite: PGlite,
    private readonly releaseFolder?: () => void,
  ) {}

  admin = {
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) => {
      const { rows } = await this.lite.query<T>(sql, params as unknown[]);
      this.notices.now(sql);
      return rows;
    },
    exec: async (sql: string) => {
      await this.lite.exec(sql);
      this.notices.now(sql);
    },
  };

  onWritten(listener: (tables: string[]) => void) {
    this.notices.add(listener);
  }

  async listen(channel: string, onNotify: () => void) {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const stop = await this.lite.listen(channel, () => onNotify());
    onNotify();
    return () => stop();
  }

  /** PGlite has one connection, so every scope is a transaction: that keeps two requests' tenants apart. */
  scoped<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.tx(tenantId, fn);
  }

  tx<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return inScope(tenantId, true, (run) => this.openScope(tenantId, true, run), fn);
  }

  /** Settled when the scope that last asked for the database is done (`onTurn`). */
  private lastTurn: Promise<unknown> = Promise.resolve();
  /** When the event loop last had a turn between scopes. */
  private turnBegan = 0;

  /**
   * Runs `fn` (one transaction) after every scope that asked before it, giving the event loop a turn first once
   * scopes have run back to back for TURN_MS. The engine answers in this thread and never yields to the loop, so
   * queued scopes kept it from reading sockets and accepting connections: the loop accepts one connection a turn,
   * and under 200 sessions a turn took up to 0.7 s and new connections waited over 10 s to be accepted.
   */
  private onTurn<T>(fn: () => Promise<T>): Promise<T> {
    const mine = this.lastTurn.then(async () => {
      if (performance.now() - this.turnBegan > TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        this.turnBegan = performance.now();
      }
      return fn();
    });
    this.lastTurn = mine.catch(() => undefined);
    return mine;
  }

  openScope<T>(tenantId: string, _wantTx: boolean, run: ScopeRun<T>): Promise<T> {
    return this.onTurn(() => this.scope(tenantId, run));
  }

  private async scope<T>(tenantId: string, run: ScopeRun<T>): Promise<T> {
    const written = this.notices.collector();
    try {
      return await this.lite.transaction(async (t) => {
        await t.query(`select set_config('park.tenant_id', $1, true)`, [tenantId]);
        await t.exec(`set local role ${APP_ROLE}`);
        const q: Queryable = {
          query: async <R extends Row>(sql: string, params: readonly unknown[] = []) => {
            const { rows } = await t.query<R>(sql, params as unknown[]);
            written.note(sql);
            return rows;
          },
        };
        return run(q, true, written.tables);
      });
    } finally {
      // Also after a rollback: what was read inside the transaction may have seen its writes.
      this.notices.tell(written.tables);
    }
  }

  adminTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.onTurn(() => this.adminScope(fn));
  }

  private adminScope<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    const written = this.notices.collector();
    return this.lite
      .transaction((t) =>
        fn({
          query: async <R extends Row>(sql: string, params: readonly unknown[] = []) => {
            const { rows } = await t.query<R>(sql, params as unknown[]);
            written.note(sql);
            return rows;
          },
        }),
      )
      .finally(() => this.notices.tell(written.tables));
  }

  async longStatements(_q: Queryable) {}

  /** The whole database as one uncompressed tarball, which `openDatabase({ image })` starts from. */
  async image(): Promise<Uint8Array> {
    // Written to the data files first: an image whose changes are still only in the WAL is replayed on every open.
    await this.lite.exec('checkpoint');
    return new Uint8Array(await (await this.lite.dumpDataDir('none')).arrayBuffer());
  }

  closed = false;

  async close() {
    this.closed = true;
    try {
      await this.lite.close();
    } finally {
      this.releaseFolder?.();
    }
  }
}

type TenantClient = pg.PoolClient & { parkTenant?: string; parkRole?: boolean; parkPrepared?: Set<string> };

class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly notices = new WriteNotices();
  /** The LISTEN connections' stops, ended with the database. */
  private readonly listening = new Set<() => Promise<void>>();
  constructor(
    private readonly pool: pg.Pool,
    private readonly adminPool: pg.Pool,
    private readonly clientConfig: pg.ClientConfig,
    private readonly timeouts: StatementTimeouts,
  ) {}

  async longStatements(q: Queryable) {
    // `set local`: the connection goes back to the pool with the usual timeout when the transaction ends.
    await q.query(`set local statement_timeout = ${this.timeouts.long}`);
  }

  admin = {
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) => {
      const { rows } = await this.adminPool.query<T>(sql, params as unknown[]);
      this.notices.now(sql);
      return rows;
    },
    exec: async (sql: string) => {
      await this.adminPool.query(sql);
      this.notices.now(sql);
    },
  };

  onWritten(listener: (tables: string[]) => void) {
    this.notices.add(listener);
  }

  async listen(channel: string, onNotify: () => void) {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;
    const again = () => {
      if (!stopped && !retry) retry = setTimeout(open, LISTEN_RETRY_MS).unref();
    };
    const open = async () => {
      retry = undefined;
      if (stopped) return;
      const c = new pg.Client(this.clientConfig);
      client = c;
      c.on('notification', (n) => n.channel === channel && onNotify());
      // 'end' follows an error: the connection is opened again there.
      c.on('error', (err) => console.error('The LISTEN connection to PostgreSQL was lost: %s', err.message));
      c.on('end', () => {
        if (client === c) again();
      });
      try {
        await c.connect();
        await c.query(`listen ${channel}`);
        onNotify();
      } catch {
        await c.end().catch(() => undefined);
        again();
      }
    };
    await open();
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      this.listening.delete(stop);
      await client?.end().catch(() => undefined);
    };
    this.listening.add(stop);
    return stop;
  }

  /** The tenant is a session setting kept on the pooled connection: set again only when it changes. */
  private async checkout(tenantId: string): Promise<TenantClient> {
    const client: TenantClient = await this.pool.connect();
    if (client.parkTenant !== tenantId) {
      try {
        // The restricted role is taken once per connection: every pooled query is then subject to RLS.
        if (!client.parkRole) await client.query(`set role ${APP_ROLE}`);
        client.parkRole = true;
        await client.query(`select set_config('park.tenant_id', $1, false)`, [tenantId]);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      client.parkTenant = tenantId;
    }
    return client;
  }

  scoped<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return inScope(tenantId, false, (run) => this.openScope(tenantId, false, run), fn);
  }

  tx<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    return inScope(tenantId, true, (run) => this.openScope(tenantId, true, run), fn);
  }

  async openScope<T>(tenantId: string, wantTx: boolean, run: ScopeRun<T>): Promise<T> {
    const client = await this.checkout(tenantId);
    if (!wantTx) {
      try {
        return await run(
          clientQueryable(client, (sql) => this.notices.now(sql)),
          false,
        );
      } finally {
        client.release();
      }
    }
    const written = this.notices.collector();
    return this.inTransaction(client, (q) => run(q, true, written.tables), written);
  }

  async adminTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction(await this.adminPool.connect(), fn, this.notices.collector());
  }

  private async inTransaction<T>(
    client: pg.PoolClient,
    fn: (q: Queryable) => Promise<T>,
    written: ReturnType<WriteNotices['collector']>,
  ): Promise<T> {
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await fn(clientQueryable(client, written.note));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    } finally {
      client.release(broken);
      // Also after a rollback: what was read inside the transaction may have seen its writes.
      this.notices.tell(written.tables);
    }
  }

  closed = false;

  async close() {
    this.closed = true;
    await Promise.all([...this.listening].map((stop) => stop()));
    await Promise.all([this.pool.end(), this.adminPool.end()]);
  }
}

/** The wait before a lost LISTEN connection is opened again. */
const LISTEN_RETRY_MS = 1000;

/** How many distinct statements one connection keeps prepared (node-postgres never drops them). */
const PREPARED_PER_CONNECTION = 200;

/**
 * Statements with parameters run as named prepared statements, so PostgreSQL parses and plans
 * them once per connection. Only the first distinct texts a connection sees are prepared (the
 * hot ones: pages, details, log inserts); later ones run unprepared, so memory stays bounded, and so
 * do searches whose plan depends on their pattern (leadingWildcard).
 */
function clientQueryable(client: TenantClient, wrote: (sql: string) => void): Queryable {
  client.parkPrepared ??= new Set();
  const prepared = client.parkPrepared;
  const send = async <R extends Row>(sql: string, params: readonly unknown[]) => {
    const name = params.length && !leadingWildcard(params) ? statementName(sql) : undefined;
    if (!name || (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)) {
      return (await client.query<R>(sql, params as unknown[])).rows;
    }
    prepared.add(name);
    return (await client.query<R>({ name, text: sql, values: params as unknown[] })).rows;
  };
  const run = async <R extends Row>(sql: string, params: readonly unknown[]) => {
    const rows = await send<R>(sql, params);
    wrote(sql);
    return rows;
  };
  // A connection runs one statement at a time; callers may still start several at once
  // (Promise.all): they queue here, as node-postgres will no longer queue them itself.
  let previous: Promise<unknown> = Promise.resolve();
  return {
    query: <R extends Row>(sql: string, params: readonly unknown[] = []) => {
      const next = previous.then(() => run<R>(sql, params));
      previous = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * Whether a parameter is a LIKE pattern that starts with a wildcard (a contains- or ends-with search). Such a statement
 * runs unprepared, planned with the pattern itself: a prepared statement's generic plan cannot see it, takes the
 * list's order index and, when nothing matches, walks it to the end (212 ms at a million rows) where the trigram
 * index answers at once.
 */
const leadingWildcard = (params: readonly unknown[]) => params.some((p) => typeof p === 'string' && p.startsWith('%'));

const statementNames = new Map<string, string>();

/** A prepared statement's name, derived from its text; remembered, as hashing every call costs the hot path. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `park_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 };

let pgParsersSet = false;
function setPgParsers() {
  if (pgParsersSet) return;
  pgParsersSet = true;
  pg.types.setTypeParser(OID.INT8, (v) => v);
  pg.types.setTypeParser(OID.NUMERIC, numericValue);
  pg.types.setTypeParser(OID.DATE, (v) => v);
  pg.types.setTypeParser(OID.TIMESTAMP, timestampText);
  pg.types.setTypeParser(OID.TIMESTAMPTZ, timestampText);
}

export interface OpenOptions {
  /** postgres://... (or node-postgres' settings: a tenant's data source) or undefined for PGlite. */
  url?: string | pg.ClientConfig;
  /** PGlite folder; undefined keeps PGlite in memory (tests). */
  dir?: string;
  /** PGlite only: start from this image (`imageOf`) instead of an empty database; tests reuse one seeded image. */
  image?: Uint8Array;
  poolSize?: number;
  /** PostgreSQL only: how long an unused pooled connection stays open (node-postgres' default: 10 s). */
  idleTimeoutMillis?: number;
  /** PostgreSQL only (PGlite honours none): STATEMENT_TIMEOUTS unless given. */
  statementTimeouts?: StatementTimeouts;
  /** The park's time zone: creation times and date filters are in local time. */
  timeZone?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const timeZone = opts.timeZone ?? 'Asia/Shanghai';
  if (!/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(timeZone)) throw new Error(`Not a time zone name: ${timeZone}`);
  if (opts.url) {
    setPgParsers();
    const timeouts = opts.statementTimeouts ?? STATEMENT_TIMEOUTS;
    if (![timeouts.query, timeouts.long].every((ms) => Number.isInteger(ms) && ms >= 0)) {
      throw new Error(`Not statement timeouts: ${JSON.stringify(timeouts)}`);
    }
    const server: pg.ClientConfig = typeof opts.url === 'string' ? { connectionString: opts.url } : opts.url;
    const pool = new pg.Pool({
      ...server,
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: opts.idleTimeoutMillis,
      // Every statement of the requests' connections, set once per connection: nothing paid per request.
      options: `-c TimeZone=${timeZone} -c statement_timeout=${timeouts.query}`,
    });
    // One admin connection: migrations hold a session-level advisory lock and run their own transactions.
    const adminPool = new pg.Pool({
      ...server,
      max: 1,
      idleTimeoutMillis: opts.idleTimeoutMillis,
      options: `-c TimeZone=${timeZone}`,
    });
    // An idle connection the server drops (restart, failover) is an event, not a crash: the pool replaces it.
    for (const p of [pool, adminPool]) {
      p.on('error', (err) => console.error('A PostgreSQL connection was lost: %s', err.message));
    }
    const listener = { ...server, options: `-c TimeZone=${timeZone}`, keepAlive: true };
    return new PostgresDatabase(pool, adminPool, listener, timeouts);
  }
  if (opts.dir) fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  // One process per data folder: two PGlite instances writing the same files corrupt them.
  const release = opts.dir ? lockDataFolder(opts.dir) : undefined;
  let lite: PGlite;
  try {
    // Loaded only here: a server on PostgreSQL does not carry the embedded engine.
    const [{ PGlite, MemoryFS, types: pgliteTypes }, { btree_gist }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    lite = await PGlite.create(opts.dir, {
      // An image into a data folder is unpacked by PGlite onto the disk; one kept in memory, by imageFs.
      ...(opts.image
        ? opts.dir
          ? { loadDataDir: new ImageBlob(opts.image) }
          : { fs: imageFs(MemoryFS, opts.image) }
        : {}),
      // The property contracts' no-overlap constraint (migration 0150) compares ids with = in a GiST index.
      // The lists' contains-search reads trigram indexes (migration 0191).
      extensions: { btree_gist, pg_trgm },
      // PGlite's WebAssembly memory grows to its peak and is never given back: PostgreSQL's 128 MB of shared
      // buffers and 64 MB for index builds (migrations) set that peak. The operating system caches the data files.
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
      parsers: {
        [pgliteTypes.INT8]: (v: string) => v,
        [pgliteTypes.NUMERIC]: numericValue,
        [pgliteTypes.DATE]: (v: string) => v,
        [pgliteTypes.TIMESTAMP]: timestampText,
        [pgliteTypes.TIMESTAMPTZ]: timestampText,
      },
    });
    await lite.exec(`set timezone to '${timeZone}'`);
  } catch (err) {
    release?.();
    throw err;
  }
  return new PgliteDatabase(lite, release);
}

/** The data folder is in use by another live process; the message names the folder and that process. */
export class DataFolderInUse extends Error {}

/** How many opens of each folder this process holds (a restart in one process opens it again). */
const heldFolders = new Map<string, number>();

/**
 * Takes the lock of an embedded database's folder: `<folder>.lock` beside it, created exclusively
 * ('wx'), holding `pid@host start`, the start being when that process started (processStart). A lock
 * whose very process still runs on this host refuses the start, naming it another Park Console process.
 * One whose process is gone (kill -9, power cut), or whose pid now belongs to a process started at
 * another time (a pid reused after a crash), is stale and taken over. A live pid that cannot be told
 * apart (no /proc, a lock without a start) refuses, saying how to clear the lock if it is stale:
 * taking over a folder a running server uses would corrupt it. Gives the function that releases it.
 */
export function lockDataFolder(folder: string): () => void {
  const dir = path.resolve(folder);
  const file = `${dir}.lock`;
  const mine = `${process.pid}@${os.hostname()} ${processStart(process.pid) ?? ''}`.trim();
  const held = heldFolders.get(dir) ?? 0;
  if (held === 0) {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.writeFileSync(file, `${mine}\n`, { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw err;
      }
      const text = readLock(file);
      if (text === undefined) continue; // removed meanwhile: try again
      // Created but not yet written by a process starting right now: give it a moment.
      if (text === '' && attempt < 2) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      const [owner, started] = text.split(/\s+/);
      const [pidText, host] = owner.split('@');
      const pid = Number(pidText);
      if (host && host !== os.hostname()) {
        throw new DataFolderInUse(
          `The data folder ${dir} is in use by process ${pidText} on host ${host} (lock file ${file}). ` +
            'Stop that server, or delete the lock file if it is certainly not running.',
        );
      }
      const holder = lockHolder(pid, started);
      if (holder === 'running') {
        throw new DataFolderInUse(
          `The data folder ${dir} is in use by another Park Console process (pid ${pid}): two servers on one ` +
            `embedded database corrupt it. Stop that one first, or give this one another DATA_DIR (lock file ${file}).`,
        );
      }
      if (holder === 'unknown') {
        throw new DataFolderInUse(
          `The data folder ${dir} is locked by process ${pid}, which is running, but whether it is a Park Console ` +
            `server cannot be told here (its id may have been reused after a crash). If no Park Console server uses ` +
            `this folder, delete the lock file ${file} and start again; otherwise stop that server first.`,
        );
      }
      // Stale (its process is gone, or its pid is now another process's or ours): take it over, unless
      // another starting process has just done so (the content changed meanwhile).
      if (readLock(file) === text) fs.rmSync(file, { force: true });
    }
  }
  heldFolders.set(dir, held + 1);
  let released = false;
  const onExit = () => removeOwnLock(file, mine);
  if (held === 0) process.once('exit', onExit);
  return () => {
    if (released) return;
    released = true;
    const left = (heldFolders.get(dir) ?? 1) - 1;
    if (left > 0) {
      heldFolders.set(dir, left);
      return;
    }
    heldFolders.delete(dir);
    process.removeListener('exit', onExit);
    removeOwnLock(file, mine);
  };
}

function readLock(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Whether the process that wrote a lock (pid, and its start as the lock says) still holds it: `gone` when
 * no such process runs any more (our own pid: an earlier run's lock, as a container's pid 1 leaves), `running`
 * when that very process does, `unknown` when the pid runs but its start cannot be compared.
 */
function lockHolder(pid: number, started: string | undefined): 'gone' | 'running' | 'unknown' {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return 'gone';
  const now = processStart(pid);
  if (!started || !now) return 'unknown';
  return now === started ? 'running' : 'gone';
}

/**
 * When a process started, as `<boot id>/<clock ticks since boot>` from /proc (Linux): with its pid it names
 * one process, where a pid alone is reused. Undefined where /proc does not say (macOS, Windows).
 */
export function processStart(pid: number): string | undefined {
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which may itself hold spaces and parentheses.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return boot && ticks ? `${boot}/${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

/** True when a process with this id runs (EPERM: it does, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeOwnLock(file: string, mine: string) {
  try {
    if (readLock(file) === mine) fs.rmSync(file, { force: true });
  } catch {
    // Nothing to do: a lock left behind is stale and the next start takes it over.
  }
}

/**
 * An image as PGlite takes it (a Blob, of which it reads only arrayBuffer()), without Node's Blob in between: Node
 * hands a Blob's bytes back in small chunks and joins them, 1.4 s for a 75 MB image.
 */
class ImageBlob extends Blob {
  constructor(private readonly tarball: Uint8Array) {
    super([]);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    // A copy of exactly these bytes: a Buffer may be a view into a larger one.
    return new Uint8Array(this.tarball).buffer;
  }
}

/** Where PGlite keeps the data folder in its file system (PGDATA). */
const PGLITE_DATA = '/pglite/data';

/** The parts of an Emscripten file system node that MEMFS files are made of. */
interface MemNode {
  node_ops: { mknod(parent: MemNode, name: string, mode: number, dev: number): MemNode };
  contents: Uint8Array;
  usedBytes: number;
}

/**
 * PGlite's in-memory file system, filled from an image (`imageOf`: a tarball of the data folder) before PostgreSQL
 * starts, which then finds its data folder there. PGlite's own `loadDataDir` unpacks it through Emscripten's path
 * calls, looking up every folder on every file's path again and copying the bytes twice: about 0.36 s of the main
 * thread for the seeded image's 2,236 files, paid by every server test file. Here each folder is made once and each
 * file's node is given its part of one copy of the image.
 */
function imageFs(MemoryFS: typeof import('@electric-sql/pglite').MemoryFS, tarball: Uint8Array) {
  return new (class ImageFS extends MemoryFS {
    override async initialSyncFs() {
      const FS = (this.pg as PGlite).Module.FS;
      // One copy (a Buffer's slice() would be a view): PostgreSQL writes to the files, and the caller may open the
      // same image again.
      const bytes = new Uint8Array(tarball);
      const folders = new Map<string, MemNode>();
      const folder = (dir: string) => {
        let node = folders.get(dir);
        if (!node) {
          FS.mkdirTree(dir, 0o750);
          node = FS.lookupPath(dir).node as unknown as MemNode;
          folders.set(dir, node);
        }
        return node;
      };
      const text = (at: number, length: number) => {
        const field = bytes.subarray(at, at + length);
        const end = field.indexOf(0);
        return Buffer.from(field.buffer, field.byteOffset, end < 0 ? length : end).toString();
      };
      // ustar: a 512-byte header per entry (name, octal size, type, the name's prefix), the data padded to 512.
      for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0; ) {
        const name = `${text(at + 345, 155)}/${text(at, 100)}`.split('/').filter(Boolean).join('/');
        const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
        const type = bytes[at + 156];
        if (!(size >= 0 && at + 512 + size <= bytes.length))
          throw new Error(`The database image is cut short (${name})`);
        at += 512;
        const file = `${PGLITE_DATA}/${name}`;
        if (type === 0x35) folder(file);
        else if (type === 0x30 || type === 0) {
          const slash = file.lastIndexOf('/');
          const parent = folder(file.slice(0, slash));
          const node = parent.node_ops.mknod(parent, file.slice(slash + 1), 0o100600, 0);
          node.contents = bytes.subarray(at, at + size);
          node.usedBytes = size;
        } else throw new Error(`The database image has an entry of type ${type} (${name}), not a file or folder`);
        at += Math.ceil(size / 512) * 512;
      }
      // Without it PGlite would make a new, empty database and carry on.
      if (!FS.analyzePath(`${PGLITE_DATA}/PG_VERSION`).exists) throw new Error('The database image holds no database');
    }
  })();
}

/** An embedded database as one image, for `openDatabase({ image })`. */
export function imageOf(db: Database): Promise<Uint8Array> {
  if (!(db instanceof PgliteDatabase)) throw new Error('Only an embedded (PGlite) database has an image');
  return db.image();
}
