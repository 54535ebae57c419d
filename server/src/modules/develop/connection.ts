import pg from 'pg';
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
 * Opens a connection to the data source, runs `use` on it and closes it; a 400 with the driver's
 * reason when connecting or any query fails (a 400 `use` throws itself passes through).
 */
export async function withConnection<T>(
  settings: DataSourceSettings,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const config = clientConfig(settings);
  if (!config) {
    throw badRequest({
      zh: '连接地址格式应为 jdbc:postgresql://主机:端口/数据库',
      en: 'The URL must look like jdbc:postgresql://host:port/database',
    });
  }
  const client = new pg.Client(config);
  // A connection dropped after use must not surface as an unhandled error.
  client.on('error', () => {});
  try {
    await client.connect();
    return await use(client);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason = reasonOf(error);
    throw badRequest({ zh: `数据源连接失败: ${reason}`, en: `Could not connect to the data source: ${reason}` });
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens the connection, runs `select 1` and closes it; a 400 with the driver's reason when any step fails. */
export async function testConnection(settings: DataSourceSettings): Promise<void> {
  await withConnection(settings, (client) => client.query('select 1'));
}
