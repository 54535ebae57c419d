import { type Database, inScope, type Queryable, type Row, type ScopeRun, writtenTables } from './db.ts';
import { ApiError } from './errors.ts';

/**
 * A tenant bound to a data source (租户数据源) keeps its business rows in that PostgreSQL database,
 * its *home*; the platform's tables (tenants, clients, menus, dictionaries, users and roles, logs,
 * sessions) stay in the main one. This database stands in front of both: a scope for a tenant with
 * no home is the main database's, untouched; a scope for one with a home holds a connection to each
 * and sends every statement where its tables live. Modules know nothing of it.
 *
 * A business statement may read the platform tables it joins (a user's name, a department, a
 * dictionary label) from the home's copy of them (REPLICATED: the tenant's own rows, or all rows of
 * a table no tenant owns), which is made again after every write to them. A statement that would
 * join a business table with a platform table not copied fails: it is a programming error.
 */

/** Tables whose rows follow a tenant to its data source: the business modules' and their files' records. */
const BUSINESS =
  /^(?:(?:crm|basic|property|prod|finance|dhm|qn|wf|oa|decision|desk|demo|report)_[a-z0-9_]+|blade_message|blade_message_receiver|park_attachment|park_notify_rule)$/;

export const isBusinessTable = (table: string) => BUSINESS.test(table);

/** The names of the schema's relations of the given kinds (pg_class.relkind: r table, p partitioned, v view, m matview). */
export async function relationsOf(q: Queryable, kinds: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = any($1::"char"[]) order by c.relname`,
    [kinds],
  );
  return rows.map((r) => r.name);
}

/** Platform tables a home keeps a copy of, for the business statements that join them. */
export const REPLICATED: readonly string[] = [
  'blade_tenant',
  'blade_user',
  'blade_dept',
  'blade_role',
  'blade_post',
  'blade_dict',
  'blade_dict_biz',
  'blade_region',
  'blade_menu',
];
const replicated = new Set(REPLICATED);

/** Where a statement of a routed scope runs. */
type Side = 'main' | 'home';

const IDENTIFIER = /[a-z_][a-z0-9_]*/g;
const CURSOR_DECLARE = /^\s*declare\s+([a-z_][a-z0-9_]*)\s/i;
const CURSOR_USE = /^\s*(?:fetch|move|close)\b.*?([a-z_][a-z0-9_]*)\s*;?\s*$/is;
const sideOfStatement = new Map<string, Side | Error>();

/**
 * The side a statement runs on, from the tables it names (`known`: every table and view of the schema):
 * one naming a business table runs at home, where it may read the copied platform tables; one naming
 * none runs in the main database, except a statement naming no table at all (a lock, a setting), which
 * goes home, where a business transaction's work is.
 */
export function sideOf(sql: string, known: ReadonlySet<string>): Side | Error {
  let side = sideOfStatement.get(sql);
  if (side === undefined) {
    const named = new Set((sql.toLowerCase().match(IDENTIFIER) ?? []).filter((w) => known.has(w)));
    const business = [...named].filter(isBusinessTable);
    if (!named.size) side = 'home';
    else if (!business.length) side = 'main';
    else {
      const platform = [...named].filter((t) => !isBusinessTable(t));
      const notCopied = platform.filter((t) => !replicated.has(t));
      const writesCopy = writtenTables(sql).some((t) => replicated.has(t));
      side =
        notCopied.length || writesCopy
          ? new Error(
              `A statement joins business tables (${business.join(', ')}) with platform tables kept only in the main database (${platform.join(', ')}): ${sql.slice(0, 200)}`,
            )
          : 'home';
    }
    if (sideOfStatement.size >= 4000) sideOfStatement.clear();
    sideOfStatement.set(sql, side);
  }
  return side;
}

/** A tenant's data source as the router uses it. */
export interface Home {
  db: Database;
  /** The data source's id, for messages and logs. */
  datasourceId: string;
  /** Resolves once the data source holds the current schema; the router waits for it before a scope there. */
  ready(): Promise<void>;
}

export const HOME_DOWN = {
  zh: '本租户的数据源暂时无法连接，请稍后再试或联系平台管理员',
  en: "This tenant's data source cannot be reached: try again later or contact the platform administrator",
} as const;

/** Connection failures of a home: its tenant's requests answer 503, nobody else's. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin shutdown
  '57P02',
  '57P03', // cannot connect now (starting up, shutting down)
  '3D000', // no such database
  '28P01', // wrong password
  '28000',
]);

function unreachable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (e?.code && UNREACHABLE.has(e.code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated/i.test(e?.message ?? '');
}

export class TenantRouter implements Database {
  private readonly homes = new Map<string, Home>();
  private readonly listeners: ((tables: string[]) => void)[] = [];
  private readonly heard = new WeakSet<Database>();
  /** Every table and view of the schema, read once the first tenant is bound. */
  private known: ReadonlySet<string> | undefined;
  /** Runs after a routed scope's main side wrote copied tables: the home's copy is made again (tenant-homes.ts). */
  onCopiedWritten: (tenantId: string, home: Home, tables: string[]) => Promise<void> = async () => undefined;
  /** The two sides of each routed scope's query, for `longStatements`. */
  private readonly sides = new WeakMap<Queryable, { main: Queryable; home: Queryable; homeDb: Database }>();

  constructor(readonly main: Database) {}

  get kind() {
    return this.main.kind;
  }

  get admin() {
    return this.main.admin;
  }

  get closed() {
    return this.main.closed;
  }

  adminTx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.main.adminTx(fn);
  }

  listen(channel: string, onNotify: () => void) {
    return this.main.listen(channel, onNotify);
  }

  onWritten(listener: (tables: string[]) => void) {
    this.listeners.push(listener);
    this.main.onWritten(listener);
    for (const home of this.homes.values()) home.db.onWritten(listener);
  }

  /** The tenant's home, if it has one. */
  homeOf(tenantId: string): Home | undefined {
    return this.homes.size ? this.homes.get(tenantId) : undefined;
  }

  /** From now on the tenant's scopes run on `home` (undefined: in the main database). */
  async setHome(tenantId: string, home: Home | undefined) {
    if (!home) {
      this.homes.delete(tenantId);
      return;
    }
    this.known ??= new Set(await relationsOf(this.main.admin, ['r', 'p', 'v', 'm']));
    if (!this.heard.has(home.db)) {
      this.heard.add(home.db);
      for (const listener of this.listeners) home.db.onWritten(listener);
    }
    this.homes.set(tenantId, home);
  }

  homeTenants(): string[] {
    return [...this.homes.keys()];
  }

  scoped<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const home = this.homeOf(tenantId);
    if (!home) return this.main.scoped(tenantId, fn);
    return inScope(tenantId, false, (run) => this.openRouted(home, tenantId, false, run), fn);
  }

  tx<T>(tenantId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const home = this.homeOf(tenantId);
    if (!home) return this.main.tx(tenantId, fn);
    return inScope(tenantId, true, (run) => this.openRouted(home, tenantId, true, run), fn);
  }

  openScope<T>(tenantId: string, wantTx: boolean, run: ScopeRun<T>): Promise<T> {
    const home = this.homeOf(tenantId);
    return home ? this.openRouted(home, tenantId, wantTx, run) : this.main.openScope(tenantId, wantTx, run);
  }

  /**
   * One scope over both databases. On a PostgreSQL server the data source's connection is taken first, so a tenant
   * whose data source is slow or down waits on its own pool and holds none of the main database's connections
   * meanwhile. The embedded database has one connection, taken first: its tenant scopes then run one at a time on
   * both sides, as they do on it alone, and none waits for the data source's locks while another holds the main
   * side (a move's lock on the data source's tables would close that circle, unseen by either database).
   * The inner transaction commits first: a scope that writes both (rare: a business save that also writes a
   * platform row) is not atomic across them.
   */
  private async openRouted<T>(home: Home, tenantId: string, wantTx: boolean, run: ScopeRun<T>): Promise<T> {
    const known = this.known as ReadonlySet<string>;
    let mainWritten: ReadonlySet<string> | undefined;
    const both = (
      main: Queryable,
      homeQ: Queryable,
      inTx: boolean,
      mw?: ReadonlySet<string>,
      hw?: ReadonlySet<string>,
    ) => {
      mainWritten = mw;
      // A cursor's fetches name no table: they go where it was declared.
      const cursors = new Map<string, Side>();
      const q: Queryable = {
        query<R extends Row>(sql: string, params?: readonly unknown[]) {
          const used = CURSOR_USE.exec(sql)?.[1]?.toLowerCase();
          const side = (used && cursors.get(used)) || sideOf(sql, known);
          if (side instanceof Error) return Promise.reject(side);
          const declared = CURSOR_DECLARE.exec(sql)?.[1]?.toLowerCase();
          if (declared) cursors.set(declared, side);
          return (side === 'main' ? main : homeQ).query<R>(sql, params);
        },
      };
      this.sides.set(q, { main, home: homeQ, homeDb: home.db });
      return run(q, inTx, union(mw, hw));
    };
    const result =
      this.main.kind === 'pglite'
        ? await this.main.openScope(tenantId, wantTx, (main, mainTx, mw) =>
            this.openHome(home, tenantId, wantTx, (homeQ, homeTx, hw) => both(main, homeQ, mainTx && homeTx, mw, hw)),
          )
        : await this.openHome(home, tenantId, wantTx, (homeQ, homeTx, hw) =>
            this.main.openScope(tenantId, wantTx, (main, mainTx, mw) => both(main, homeQ, mainTx && homeTx, mw, hw)),
          );
    const copied = [...(mainWritten ?? [])].filter((t) => replicated.has(t));
    // Awaited, so the tenant's next request reads what it just saved; the save itself has landed either way.
    if (copied.length) {
      await this.onCopiedWritten(tenantId, home, copied).catch((err) =>
        console.error('The copy of %s in the data source of tenant %s was not made again: %s', copied, tenantId, err),
      );
    }
    return result;
  }

  private async openHome<T>(home: Home, tenantId: string, wantTx: boolean, run: ScopeRun<T>): Promise<T> {
    let opened = false;
    try {
      await home.ready();
      return await home.db.openScope(tenantId, wantTx, (q, inTx, written) => {
        opened = true;
        return run(q, inTx, written);
      });
    } catch (err) {
      // Only a failure to reach the home is the data source's; one inside the scope is the request's own.
      if (!opened && unreachable(err)) {
        console.error('The data source %s of tenant %s cannot be reached: %s', home.datasourceId, tenantId, err);
        throw new ApiError(503, HOME_DOWN);
      }
      throw err;
    }
  }

  async longStatements(q: Queryable) {
    const sides = this.sides.get(q);
    if (!sides) return this.main.longStatements(q);
    await this.main.longStatements(sides.main);
    await sides.homeDb.longStatements(sides.home);
  }

  /** Closes the main database; the homes' pools belong to whoever opened them (tenant-homes.ts). */
  async close() {
    await this.main.close();
  }
}

/** Both sets, read live: a transaction's written tables grow while it runs. */
class Union extends Set<string> {
  constructor(
    private readonly a: ReadonlySet<string>,
    private readonly b: ReadonlySet<string>,
  ) {
    super();
  }
  override has(t: string) {
    return this.a.has(t) || this.b.has(t);
  }
  override get size() {
    return new Set([...this.a, ...this.b]).size;
  }
  override values() {
    return new Set([...this.a, ...this.b]).values();
  }
  override [Symbol.iterator]() {
    return this.values();
  }
}

function union(a?: ReadonlySet<string>, b?: ReadonlySet<string>): ReadonlySet<string> | undefined {
  return a && b ? new Union(a, b) : (a ?? b);
}
