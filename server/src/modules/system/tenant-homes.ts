import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { migrate } from '../../db/migrate.ts';
import { ALL_TENANTS, type Database, openDatabase, type Queryable } from '../../platform/db.ts';
import { ApiError, badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Home, isBusinessTable, REPLICATED, relationsOf } from '../../platform/tenant-router.ts';
import { clientConfig } from '../develop/connection.ts';

/**
 * A tenant's own database (租户数据源, issue 38; docs/decisions.md). Binding a tenant to a data source
 * migrates that database, fences the tenant's business rows in the main one (migration 0197: every write
 * of the tenant to a business table is refused there from then on), waits for the writes already under way,
 * copies the rows table by table, compares each table's count and checksum on both sides, switches the
 * tenant's scopes over, and only then removes the rows from the main database. Unbinding is the same the
 * other way. Each step is recorded in park_tenant_store, so a move cut short (an error, a restart) goes on
 * where it stopped when the same choice is saved again; until it has finished, the tenant reads its rows
 * where they were and cannot change them.
 */

const TOPIC = 'tenant.home';
const BATCH = 1000;
/** Connections per data source: a tenant's requests take one each, and a move one more. */
const HOME_POOL = 5;

const MSG = {
  busy: {
    zh: '该租户的数据正在迁移，请稍后再试',
    en: "This tenant's data is being moved: try again later",
  },
  noDatasource: { zh: '数据源不存在', en: 'No such data source' },
  failed: {
    zh: '数据迁移未完成，原数据已保留；请查看错误日志，排除问题后重新保存以继续迁移',
    en: 'The move did not finish and the original rows are kept: see the error log, fix the cause and save again to go on',
  },
  mismatch: (table: string) => ({
    zh: `数据迁移校验失败（${table}）：两边的行数或内容不一致，原数据已保留，请重试`,
    en: `The move did not verify (${table}): the two databases differ, the original rows are kept; try again`,
  }),
  inUse: {
    zh: '该数据源正被租户使用，请先解除租户的数据源',
    en: 'A tenant keeps its data in this data source: unbind it first',
  },
  bound: {
    zh: '该租户的数据保存在独立数据源中，请先解除数据源再删除',
    en: "This tenant's data lives in its own data source: unbind it before removing the tenant",
  },
} as const;

type State = 'moving-in' | 'bound' | 'moving-out' | 'leaving';

/** The states in which a tenant's scopes run on its data source. */
const AT_HOME: readonly State[] = ['bound', 'moving-out'];

type StoreRow = {
  tenant_id: string;
  datasource_id: string;
  state: State;
  done_tables: string[];
};

/** Runs `fn` as every tenant: the owner is subject to row-level security too (forced), and the move reads and writes all. */
async function asEveryTenant(q: Queryable) {
  await q.query(`select set_config('park.tenant_id', $1, true)`, [ALL_TENANTS]);
}

export class TenantHomes {
  /** The open data sources, by id. */
  private readonly sources = new Map<string, { db: Database; server: pg.ClientConfig; ready?: Promise<void> }>();
  /** Per home and copied table, the refresh running now and whether another must follow it. */
  private readonly refreshing = new Map<string, { run: Promise<void>; again: boolean }>();
  private businessOrder: string[] | undefined;
  private readonly owned = new Map<string, boolean>();
  private readonly unsubscribe: () => void;
  /** The data sources the moves of this instance are using now, and how many moves each. */
  private readonly moving = new Map<string, number>();

  constructor(private readonly platform: Platform) {
    const router = platform.router;
    router.onCopiedWritten = (tenantId, home, tables) => this.refreshCopies(tenantId, home.db, tables);
    // Platform writes outside a routed scope (the platform's menus and dictionaries, a login's counters).
    router.main.onWritten((tables) => {
      const copied = tables.filter((t) => REPLICATED.includes(t));
      if (!copied.length) return;
      for (const tenantId of router.homeTenants()) {
        const home = router.homeOf(tenantId);
        if (home) this.refreshCopies(tenantId, home.db, copied).catch((err) => this.failed('copy', tenantId, err));
      }
    });
    const reload = () => this.load().catch((err) => this.failed('load', '*', err));
    const stops = [platform.bus.subscribe(TOPIC, reload), platform.bus.onReconnect(reload)];
    this.unsubscribe = () => {
      for (const stop of stops) stop();
    };
  }

  /**
   * Makes every bound tenant's copies of the platform rows again, in the background: what was written while this
   * instance was not running (the menus a start seeds before any tenant is routed) reaches them.
   */
  refreshAll() {
    for (const tenantId of this.platform.router.homeTenants()) {
      const home = this.platform.router.homeOf(tenantId);
      if (home) {
        home
          .ready()
          .then(() => this.refreshCopies(tenantId, home.db, REPLICATED))
          .catch((err) => this.failed('copy', tenantId, err));
      }
    }
  }

  private get main(): Database {
    return this.platform.router.main;
  }

  private failed(what: string, tenantId: string, err: unknown) {
    this.platform.logs.event('warn', `tenant.home-${what}`, `租户 ${tenantId}: ${(err as Error).message ?? err}`);
  }

  /** Sends every bound tenant's scopes to its data source, as park_tenant_store says now. */
  async load(): Promise<void> {
    const rows = await this.stores();
    const homed = new Set<string>();
    for (const row of rows) {
      if (!AT_HOME.includes(row.state)) continue;
      homed.add(row.tenant_id);
      await this.platform.router.setHome(row.tenant_id, await this.home(row.datasource_id));
    }
    for (const tenantId of this.platform.router.homeTenants()) {
      if (!homed.has(tenantId)) await this.platform.router.setHome(tenantId, undefined);
    }
    // A data source no tenant keeps its rows in, nor moves them to or from, is closed.
    const used = new Set([...rows.map((r) => r.datasource_id), ...this.moving.keys()]);
    for (const [id, source] of this.sources) {
      if (used.has(id)) continue;
      this.sources.delete(id);
      await source.db.close().catch((err) => this.failed('close', '*', err));
    }
  }

  private stores(tenantId?: string): Promise<StoreRow[]> {
    return this.main.scoped(ALL_TENANTS, (q) =>
      q.query<StoreRow>(
        `select tenant_id, datasource_id::text, state, done_tables from park_tenant_store
          where $1::text is null or tenant_id = $1`,
        [tenantId ?? null],
      ),
    );
  }

  /** The data source as a home: its pool opened on first use, its schema migrated before its first scope. */
  private async home(datasourceId: string): Promise<Home> {
    let source = this.sources.get(datasourceId);
    if (!source) {
      const [row] = await this.main.scoped(ALL_TENANTS, (q) =>
        q.query<{ url: string; username: string; password: string | null }>(
          'select url, username, password from blade_datasource where id = $1',
          [datasourceId],
        ),
      );
      const settings = row && clientConfig({ url: row.url, username: row.username, password: row.password });
      if (!settings) throw badRequest(MSG.noDatasource);
      // The connection test's 3 s query limit is not a request's: the statement timeouts below are.
      const { query_timeout: _test, ...server } = settings;
      const db = await openDatabase({
        url: server,
        poolSize: HOME_POOL,
        idleTimeoutMillis: 30_000,
        statementTimeouts: this.platform.config.statementTimeouts,
      });
      source = { db, server };
      this.sources.set(datasourceId, source);
    }
    const entry = source;
    return {
      db: entry.db,
      datasourceId,
      // Migrated once per process; a failure (the database is down) is tried again by the next request.
      ready: () => {
        entry.ready ??= migrate(entry.db).then(
          () => undefined,
          (err) => {
            entry.ready = undefined;
            throw err;
          },
        );
        return entry.ready;
      },
    };
  }

  /**
   * A connection of its own to the data source for a move's reads. Copying into the main database holds it (the
   * embedded one: its only connection) while the batches are read; the tenant's requests meanwhile hold the data
   * source's pooled connections while they wait for the main database, so reading through that pool could wait
   * for ever.
   */
  private async withReader<T>(datasourceId: string, fn: (reader: Database) => Promise<T>): Promise<T> {
    const source = this.sources.get(datasourceId);
    if (!source) throw badRequest(MSG.noDatasource);
    const reader = await openDatabase({ url: source.server, poolSize: 1 });
    try {
      return await fn(reader);
    } finally {
      await reader.close();
    }
  }

  /**
   * Moves the tenant's business rows to `datasourceId`, or back to the main database (null). Runs to the end
   * in the caller's request; a move cut short is resumed by calling this again with the same choice.
   */
  async move(tenantId: string, datasourceId: string | null): Promise<void> {
    const [before] = await this.stores(tenantId);
    const using = [before?.datasource_id, datasourceId].filter((id): id is string => Boolean(id));
    for (const id of using) this.moving.set(id, (this.moving.get(id) ?? 0) + 1);
    try {
      await this.moveNow(tenantId, datasourceId, before);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      console.error('The move of tenant %s did not finish:', tenantId, err);
      this.failed('move', tenantId, err);
      throw new ApiError(500, MSG.failed);
    } finally {
      for (const id of using) {
        const left = (this.moving.get(id) ?? 1) - 1;
        if (left) this.moving.set(id, left);
        else this.moving.delete(id);
      }
      await this.load().catch((err) => this.failed('load', tenantId, err));
    }
  }

  private async moveNow(tenantId: string, datasourceId: string | null, row: StoreRow | undefined): Promise<void> {
    if (row?.state === 'moving-in') {
      if (row.datasource_id === datasourceId) return this.moveIn(tenantId, datasourceId, row);
      // Another choice gives the half-made move up: the main database still holds every row.
      await this.abandon(tenantId, row);
      if (datasourceId) await this.moveIn(tenantId, datasourceId);
      return;
    }
    if (row?.state === 'bound' && row.datasource_id === datasourceId) {
      // Bound already; a purge cut short goes on.
      if (row.done_tables.length) await this.claimed(tenantId, row, () => this.purge(this.main, tenantId, row));
      return;
    }
    if (row) await this.moveOut(tenantId, row);
    if (datasourceId) await this.moveIn(tenantId, datasourceId);
  }

  /** Takes the tenant's move lease (an atomic claim on its store row), runs `fn`, gives the lease back. */
  private async claimed<T>(tenantId: string, row: StoreRow, fn: () => Promise<T>): Promise<T> {
    const [claim] = await this.main.tx(ALL_TENANTS, (q) =>
      q.query(
        `insert into park_tenant_store as s (tenant_id, datasource_id, state, done_tables, claimed_until)
         values ($1, $2, $3, $4, localtimestamp(0) + interval '10 minutes')
         on conflict (tenant_id) do update
            set claimed_until = excluded.claimed_until, update_time = localtimestamp(0)
          where s.claimed_until is null or s.claimed_until < localtimestamp
         returning tenant_id`,
        [tenantId, row.datasource_id, row.state, row.done_tables],
      ),
    );
    if (!claim) throw badRequest(MSG.busy);
    try {
      return await fn();
    } finally {
      await this.main
        .tx(ALL_TENANTS, (q) =>
          q.query('update park_tenant_store set claimed_until = null where tenant_id = $1', [tenantId]),
        )
        .catch((err) => this.failed('lease', tenantId, err));
    }
  }

  private async record(tenantId: string, set: Partial<Pick<StoreRow, 'state' | 'done_tables'>>) {
    await this.main.tx(ALL_TENANTS, (q) =>
      q.query(
        `update park_tenant_store
            set state = coalesce($2, state), done_tables = coalesce($3, done_tables),
                claimed_until = localtimestamp(0) + interval '10 minutes', update_time = localtimestamp(0)
          where tenant_id = $1`,
        [tenantId, set.state ?? null, set.done_tables ?? null],
      ),
    );
  }

  private async moveIn(tenantId: string, datasourceId: string, resumed?: StoreRow): Promise<void> {
    const row: StoreRow = resumed ?? {
      tenant_id: tenantId,
      datasource_id: datasourceId,
      state: 'moving-in',
      done_tables: [],
    };
    const home = await this.home(datasourceId);
    await this.claimed(tenantId, row, async () => {
      await home.ready();
      await this.fence(this.main, tenantId);
      await this.platform.bus.publish(TOPIC, tenantId);
      await this.refreshCopies(tenantId, home.db, REPLICATED);
      const done = await this.copyAll(this.main, home.db, tenantId, row.done_tables);
      // Switched over before the main database's rows go: an instance that has not heard yet still reads them.
      await this.unfence(home.db, tenantId);
      await this.record(tenantId, { state: 'bound', done_tables: done });
      await this.setTenantDatasource(tenantId, datasourceId);
      await this.platform.router.setHome(tenantId, home);
      await this.platform.bus.publish(TOPIC, tenantId);
      await this.purge(this.main, tenantId, { ...row, done_tables: done });
    });
    this.platform.logs.event('info', 'tenant.home-bound', `租户 ${tenantId} 的业务数据已迁入数据源 ${datasourceId}`);
  }

  private async moveOut(tenantId: string, row: StoreRow): Promise<void> {
    const home = await this.home(row.datasource_id);
    await this.claimed(tenantId, row, async () => {
      await home.ready();
      if (row.state !== 'leaving') {
        const resumed = row.state === 'moving-out' ? row.done_tables : [];
        await this.fence(home.db, tenantId);
        await this.record(tenantId, { state: 'moving-out', done_tables: resumed });
        const done = await this.withReader(row.datasource_id, (reader) =>
          this.copyAll(reader, this.main, tenantId, resumed),
        );
        await this.unfence(this.main, tenantId);
        await this.record(tenantId, { state: 'leaving', done_tables: done });
        await this.platform.router.setHome(tenantId, undefined);
        await this.setTenantDatasource(tenantId, null);
        await this.platform.bus.publish(TOPIC, tenantId);
      }
      await this.purge(home.db, tenantId, { ...row, done_tables: await this.businessTables() });
      await this.dropCopies(home.db, tenantId);
    });
    await this.main.tx(ALL_TENANTS, (q) => q.query('delete from park_tenant_store where tenant_id = $1', [tenantId]));
    this.platform.logs.event('info', 'tenant.home-unbound', `租户 ${tenantId} 的业务数据已迁回主数据库`);
  }

  /** Gives up a move in that has not switched over: the copies made so far go, the tenant writes in the main database again. */
  private async abandon(tenantId: string, row: StoreRow) {
    await this.claimed(tenantId, row, async () => {
      try {
        const home = await this.home(row.datasource_id);
        await home.ready();
        await this.purge(home.db, tenantId, { ...row, done_tables: await this.businessTables() });
        await this.dropCopies(home.db, tenantId);
      } catch (err) {
        // An unreachable data source keeps what was copied: the next move there replaces it table by table.
        this.failed('abandon', tenantId, err);
      }
      await this.unfence(this.main, tenantId);
    });
    await this.main.tx(ALL_TENANTS, (q) => q.query('delete from park_tenant_store where tenant_id = $1', [tenantId]));
  }

  /** Removes the data source's copies of the tenant's platform rows (its users, departments, ...). */
  private async dropCopies(home: Database, tenantId: string) {
    await home.adminTx(async (q) => {
      await asEveryTenant(q);
      for (const table of REPLICATED) {
        if (await this.tenantOwned(table)) await q.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
      }
    });
  }

  private async setTenantDatasource(tenantId: string, datasourceId: string | null) {
    await this.main.tx(ALL_TENANTS, (q) =>
      q.query(
        `update blade_tenant set datasource_id = $2, update_time = localtimestamp(0)
          where tenant_id = $1 and is_deleted = 0`,
        [tenantId, datasourceId],
      ),
    );
  }

  /** Refuses the tenant's writes to business tables in `db` from now on, and waits for those already under way. */
  private async fence(db: Database, tenantId: string) {
    await db.tx(ALL_TENANTS, (q) =>
      q.query('insert into park_tenant_fence (tenant_id) values ($1) on conflict do nothing', [tenantId]),
    );
    // A share lock waits for every transaction that holds a write lock on the table, and is let go at once.
    const tables = await this.businessTables();
    await db.adminTx((q) => q.query(`lock table ${tables.join(', ')} in share mode`));
  }

  private async unfence(db: Database, tenantId: string) {
    await db.tx(ALL_TENANTS, (q) => q.query('delete from park_tenant_fence where tenant_id = $1', [tenantId]));
  }

  /** Copies and verifies every business table not yet done; answers every table, for the purge. */
  private async copyAll(source: Database, target: Database, tenantId: string, done: string[]): Promise<string[]> {
    const finished = [...done];
    const tables = (await this.businessTables()).filter((t) => !finished.includes(t));
    // A table the tenant has no rows of on either side is done as it is: most of them, for most tenants.
    const [from, to] = await Promise.all([
      this.counts(source, tenantId, tables),
      this.counts(target, tenantId, tables),
    ]);
    const empty = tables.filter((t) => !from.get(t) && !to.get(t));
    if (empty.length) {
      finished.push(...empty);
      await this.record(tenantId, { done_tables: finished });
    }
    for (const table of tables) {
      if (finished.includes(table)) continue;
      await this.copy(source, target, tenantId, table);
      const [a, b] = await Promise.all([this.digest(source, tenantId, table), this.digest(target, tenantId, table)]);
      if (a !== b) throw new ApiError(500, MSG.mismatch(table));
      finished.push(table);
      await this.record(tenantId, { done_tables: finished });
    }
    return finished;
  }

  /** How many rows the tenant has in each of the tables, in one statement. */
  private async counts(db: Database, tenantId: string, tables: string[]): Promise<Map<string, number>> {
    if (!tables.length) return new Map();
    const rows = await db.scoped(ALL_TENANTS, (q) =>
      q.query<{ t: string; n: number }>(
        tables.map((t) => `select '${t}' as t, count(*)::int as n from ${t} where tenant_id = $1`).join(' union all '),
        [tenantId],
      ),
    );
    return new Map(rows.map((r) => [r.t, r.n]));
  }

  /** The tenant's rows of one table, again in full: what the target held of them before is replaced. */
  private async copy(source: Database, target: Database, tenantId: string, table: string) {
    await target.adminTx(async (q) => {
      await asEveryTenant(q);
      const [{ cols }] = await q.query<{ cols: string }>(
        `select string_agg(quote_ident(attname), ', ' order by attnum) as cols from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        [table],
      );
      // The rows arrive as they were: no tally, paid-sum or kept-record trigger acts on a copy.
      await q.query(`alter table ${table} disable trigger user`);
      await q.query(`delete from ${table} where tenant_id = $1`, [tenantId]);
      let after: string | null = null;
      for (;;) {
        // As text: ids are 64-bit and would lose digits as JSON numbers in JavaScript.
        const [batch]: { rows: string | null; last: string | null }[] = await source.scoped(ALL_TENANTS, (s) =>
          s.query(
            `select json_agg(t order by t.id)::text as rows, max(t.id)::text as last
               from (select * from ${table} where tenant_id = $1 and ($2::bigint is null or id > $2::bigint)
                      order by id limit ${BATCH}) t`,
            [tenantId, after],
          ),
        );
        if (!batch?.last) break;
        await q.query(
          `insert into ${table} (${cols}) overriding system value
           select ${cols} from json_populate_recordset(null::${table}, $1::json)`,
          [batch.rows],
        );
        after = batch.last;
      }
      await q.query(`alter table ${table} enable trigger user`);
      // A table numbered by a sequence goes on after the highest id it now holds.
      const [{ seq }] = await q.query<{ seq: string | null }>(`select pg_get_serial_sequence($1, 'id') as seq`, [
        table,
      ]);
      if (seq) {
        await q.query(
          `select setval($1::regclass, greatest((select last_value from ${seq}), coalesce((select max(id) from ${table}), 1)))`,
          [seq],
        );
      }
    });
  }

  /** The tenant's rows of a table as a count and a checksum of every row's text, in id order. */
  private async digest(db: Database, tenantId: string, table: string): Promise<string> {
    const [row] = await db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number; h: string }>(
        `select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by t.id)), '') as h
           from ${table} t where tenant_id = $1`,
        [tenantId],
      ),
    );
    return `${row.n}:${row.h}`;
  }

  /**
   * Removes the tenant's rows of the given tables from the database they have left, children first. A purge cut
   * short is run again whole: deleting what is already gone costs nothing.
   */
  private async purge(db: Database, tenantId: string, row: StoreRow) {
    const done = (await this.businessTables()).filter((t) => row.done_tables.includes(t)).reverse();
    const counts = await this.counts(db, tenantId, done);
    for (const table of done.filter((t) => counts.get(t))) {
      // One table per transaction: its lock holds up the other tenants' writes to that table only, briefly.
      await db.adminTx((q) => q.query('select park_purge_rows($1, $2)', [table, tenantId]));
    }
    await this.record(tenantId, { done_tables: [] });
  }

  /**
   * Makes the home's copy of the given platform tables again: the tenant's own rows of a table a tenant owns,
   * every row of one no tenant owns. One refresh per home and table at a time; writes meanwhile run one more.
   */
  refreshCopies(tenantId: string, home: Database, tables: readonly string[]): Promise<void> {
    return Promise.all(tables.map((table) => this.refreshOne(tenantId, home, table))).then(() => undefined);
  }

  private refreshOne(tenantId: string, home: Database, table: string): Promise<void> {
    const key = `${tenantId}:${table}`;
    const running = this.refreshing.get(key);
    if (running) {
      running.again = true;
      return running.run;
    }
    const entry = { run: Promise.resolve(), again: false };
    entry.run = (async () => {
      try {
        do {
          entry.again = false;
          await this.copyPlatformTable(tenantId, home, table);
        } while (entry.again);
      } finally {
        this.refreshing.delete(key);
      }
    })();
    this.refreshing.set(key, entry);
    return entry.run;
  }

  private async copyPlatformTable(tenantId: string, home: Database, table: string) {
    const owned = await this.tenantOwned(table);
    const where = owned ? 'where tenant_id = $1' : '';
    const params = owned ? [tenantId] : [];
    await home.adminTx(async (q) => {
      await asEveryTenant(q);
      // Two instances refreshing the same copy take turns; each reads the main database after its turn begins.
      await q.query('select pg_advisory_xact_lock(hashtext($1))', [`park_copy:${table}`]);
      const [{ rows }] = await this.main.scoped(ALL_TENANTS, (m) =>
        m.query<{ rows: string }>(`select coalesce(json_agg(t), '[]')::text as rows from ${table} t ${where}`, params),
      );
      await q.query(`delete from ${table} ${where}`, params);
      await q.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [rows]);
    });
  }

  private async tenantOwned(table: string): Promise<boolean> {
    let owned = this.owned.get(table);
    if (owned === undefined) {
      const rows = await this.main.admin.query(
        `select 1 from pg_attribute where attrelid = $1::regclass and attname = 'tenant_id' and not attisdropped`,
        [table],
      );
      owned = rows.length > 0;
      this.owned.set(table, owned);
    }
    return owned;
  }

  /** The business tables, each after the tables its foreign keys point to. */
  private async businessTables(): Promise<string[]> {
    if (this.businessOrder) return this.businessOrder;
    const tables = (await relationsOf(this.main.admin, ['r', 'p'])).filter(isBusinessTable);
    const refs = await this.main.admin.query<{ child: string; parent: string }>(
      `select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
        where contype = 'f' and conrelid <> confrelid`,
    );
    const ordered: string[] = [];
    const visit = (table: string) => {
      if (ordered.includes(table)) return;
      for (const r of refs) if (r.child === table && tables.includes(r.parent)) visit(r.parent);
      ordered.push(table);
    };
    for (const table of tables) visit(table);
    this.businessOrder = ordered;
    return ordered;
  }

  async close() {
    this.unsubscribe();
    await Promise.allSettled([...this.refreshing.values()].map((r) => r.run));
    await Promise.allSettled([...this.sources.values()].map((s) => s.db.close()));
    this.sources.clear();
  }
}

/** Whether a tenant keeps its rows in one of these data sources, or is moving them there or back. */
export async function datasourceInUse(q: Queryable, datasourceIds: string[]): Promise<boolean> {
  const rows = await q.query('select 1 from park_tenant_store where datasource_id = any($1::bigint[]) limit 1', [
    datasourceIds,
  ]);
  return rows.length > 0;
}

export const DATASOURCE_IN_USE = MSG.inUse;
export const TENANT_BOUND = MSG.bound;

/** The tenant homes of this app: loaded before it serves, closed with it. */
export async function registerTenantHomes(app: FastifyInstance, platform: Platform): Promise<TenantHomes> {
  const homes = new TenantHomes(platform);
  await homes.load();
  homes.refreshAll();
  app.addHook('onClose', () => homes.close());
  return homes;
}
