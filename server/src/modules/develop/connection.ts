import pg from 'pg';
import type { Database } from '../../platform/db.ts';
import { ApiError, badRequest } from '../../platform/errors.ts';

/**
 * The connection test a data source must pass before it is saved: PostgreSQL only
 * (docs/decisions.md), reached with the form's user and password, `select 1`, closed.
 */
const TIMEOUT_MS = 3000;

export interface DataSourceSettings {
  url: string;
  username: string;
  password: string | null;
}

/** jdbc:postgresql://host[:port]/db[?ssl...] or postgres(ql)://..., as pg's client settings; undefined when it is neither. */
export function clientConfig({ url, username, password }: DataSourceSettings): pg.ClientConfig | undefined {
  const m = /^(?:jdbc:)?postgres(?:ql)?:\/\/(.+)$/i.exec(url.trim());
  if (!m) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(`postgresql://${m[1]}`);
  } catch {
    return undefined;
  }
  if (!parsed.hostname) return undefined;
  const sslmode = parsed.searchParams.get('sslmode') ?? (parsed.searchParams.get('ssl') === 'true' ? 'require' : '');
  const ssl = ['require', 'verify-ca', 'verify-full'].includes(sslmode)
    ? { rejectUnauthorized: sslmode.startsWith('verify') }
    : undefined;
  return {
    host: decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : 5432,
    database: decodeURIComponent(parsed.pathname.slice(1)) || username,
    // The form's user and password, never ones written into the URL.
    user: username,
    password: password ?? undefined,
    ssl,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
  };
}

/** Why a connection failed, as the driver says it (an AggregateError from a dual-stack host carries its reasons inside). */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || String((error as { code?: string }).code ?? error.name);
  return String(error);
}

/**
 * One answer for every failure to connect or read: the driver's reason (connection refused, timed out,
 * no such database, wrong password) would tell open ports from closed ones and probe the network.
 * The reason goes to the server's log only.
 */
const CONNECT_FAILED = {
  zh: '数据源连接失败: 请检查连接地址、用户名和密码',
  en: 'Could not connect to the data source: check the URL, user name and password',
} as const;

const OWN_DATABASE = {
  zh: '不能将平台自身的数据库配置为数据源',
  en: "The platform's own database cannot be a data source",
} as const;

/** What tells one PostgreSQL database from another: its name and its cluster's system identifier. */
export interface DatabaseIdentity {
  database: string;
  systemId: string | null;
  port: number | null;
}

/** The platform's own database, which no data source may reach: its URL (PostgreSQL) and identity. */
export interface OwnDatabase {
  url?: string;
  identity(): Promise<DatabaseIdentity | undefined>;
}

interface Reader {
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
}

async function identityOf(q: Reader): Promise<DatabaseIdentity> {
  const { rows } = await q.query('select current_database() as database, inet_server_port() as port');
  let systemId: string | null = null;
  try {
    const control = await q.query('select system_identifier::text as id from pg_control_system()');
    systemId = String(control.rows[0]?.id ?? '') || null;
  } catch {
    // Too old a server, or a proxy that hides it: the name and port decide.
  }
  const port = rows[0]?.port;
  return { database: String(rows[0]?.database ?? ''), systemId, port: port === null ? null : Number(port) };
}

const identities = new WeakMap<Database, Promise<DatabaseIdentity | undefined>>();

/** The server's own database as a guard for `withConnection`; an embedded one (PGlite) has no address to reach. */
export function ownDatabase(db: Database, url: string | undefined): OwnDatabase {
  return {
    url,
    identity() {
      if (db.kind !== 'postgres') return Promise.resolve(undefined);
      let identity = identities.get(db);
      if (!identity) {
        identity = identityOf({ query: async (sql) => ({ rows: await db.admin.query(sql) }) }).catch(() => undefined);
        identities.set(db, identity);
      }
      return identity;
    },
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '']);
const hostKey = (host: string) => (LOCAL_HOSTS.has(host.toLowerCase()) ? 'localhost' : host.toLowerCase());

/** True when the data source names the same host, port and database as the server's own DATABASE_URL. */
function namesOwnDatabase(config: pg.ClientConfig, url: string): boolean {
  const own = clientConfig({ url, username: '', password: null });
  if (!own) return false;
  let ownDb = own.database;
  try {
    ownDb = decodeURIComponent(new URL(url).pathname.slice(1)) || new URL(url).username || 'postgres';
  } catch {
    // clientConfig parsed it; keep its reading
  }
  return (
    hostKey(String(config.host)) === hostKey(String(own.host)) && config.port === own.port && config.database === ownDb
  );
}

/** The same database: same name on the same cluster (system identifier), or same name and port when either hides its cluster. */
function sameDatabase(a: DatabaseIdentity, b: DatabaseIdentity): boolean {
  if (a.database !== b.database) return false;
  if (a.systemId && b.systemId) return a.systemId === b.systemId;
  return a.port === b.port;
}

/**
 * Opens a connection to the data source, runs `use` on it and closes it. Any failure to connect or
 * read is one generic 400 (the reason is logged on the server); a 400 `use` throws itself passes
 * through. With `own`, the platform's own database is refused, by its URL before connecting and by
 * its identity once connected (another host name, an alias, a proxy).
 */
export async function withConnection<T>(
  settings: DataSourceSettings,
  use: (client: pg.Client) => Promise<T>,
  own?: OwnDatabase,
): Promise<T> {
  const config = clientConfig(settings);
  if (!config) {
    throw badRequest({
      zh: '连接地址格式应为 jdbc:postgresql://主机:端口/数据库',
      en: 'The URL must look like jdbc:postgresql://host:port/database',
    });
  }
  if (own?.url && namesOwnDatabase(config, own.url)) throw badRequest(OWN_DATABASE);
  const client = new pg.Client(config);
  // A connection dropped after use must not surface as an unhandled error.
  client.on('error', () => {});
  try {
    await client.connect();
    if (own) {
      const mine = await own.identity();
      if (mine && sameDatabase(await identityOf(client), mine)) throw badRequest(OWN_DATABASE);
    }
    return await use(client);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.warn(
      'Data source connection to %s:%s/%s failed: %s',
      config.host,
      config.port,
      config.database,
      reasonOf(error),
    );
    throw badRequest(CONNECT_FAILED);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens the connection, runs `select 1` and closes it; the generic 400 when any step fails. */
export async function testConnection(settings: DataSourceSettings, own?: OwnDatabase): Promise<void> {
  await withConnection(settings, (client) => client.query('select 1'), own);
}
