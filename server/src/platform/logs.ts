import os from 'node:os';
import { maybeCtx, type ServedRequest, servedRequest } from './context.ts';
import { ALL_TENANTS, type Database, type Queryable } from './db.ts';
import { nextId } from './ids.ts';
import { PLATFORM_TENANT } from './params.ts';

/**
 * The api, error and usual logs. Entries are queued in memory and written in batches
 * (one multi-row insert per table) every second or every 200 entries, off the
 * request's path; close() flushes what is left. A batch the database refuses is written
 * again row by row, so one bad entry costs only itself.
 */
export interface ApiLogEntry {
  tenantId: string;
  title: string;
  method: string;
  requestUri: string;
  userAgent: string;
  remoteIp: string;
  params: string;
  /** Milliseconds the request took. */
  time: number;
  createBy: string;
  /** 1 normal, 2 failed (HTTP status above 399). */
  type: '1' | '2';
}

export interface ErrorLogEntry {
  tenantId: string;
  method: string;
  requestUri: string;
  userAgent: string;
  remoteIp: string;
  params: string;
  createBy: string;
  error: Error;
}

export interface UsualLogEntry {
  tenantId: string;
  logLevel: string;
  logId: string;
  logData: string;
  requestUri: string;
  createBy: string;
  method?: string;
  userAgent?: string;
  remoteIp?: string;
}

/** Where a request came from, as the logs record it. */
export interface RequestFacts {
  method: string;
  /** The path, without the query string. */
  requestUri: string;
  userAgent: string;
  remoteIp: string;
}

/** A request URL without its query string. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export function requestFacts(request: ServedRequest): RequestFacts {
  return {
    method: request.method,
    requestUri: pathOf(request.url),
    userAgent: String(request.headers['user-agent'] ?? ''),
    remoteIp: request.ip,
  };
}

/** Who an event is written for when there is no caller yet (a login). */
export interface EventActor {
  tenantId: string;
  account: string;
}

type Table = 'blade_log_api' | 'blade_log_error' | 'blade_log_usual';
type Values = Record<string, unknown>;

const BATCH = 200;

export class LogWriter {
  private queue: { table: Table; values: Values }[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Columns every entry shares: which service, on which host, in which environment (NODE_ENV). */
  private readonly server: Values;

  constructor(
    private readonly db: Database,
    env: string,
    /** Where entries' ids come from: the instance's generator (a test hands one that repeats an id). */
    private readonly newId: () => string = nextId,
  ) {
    this.server = { service_id: 'park-console', server_host: os.hostname(), env };
    this.timer = setInterval(() => void this.flush(), 1000).unref();
  }

  api(e: ApiLogEntry) {
    this.push('blade_log_api', {
      tenant_id: e.tenantId,
      type: e.type,
      title: e.title,
      method: e.method,
      request_uri: e.requestUri.slice(0, 255),
      user_agent: e.userAgent.slice(0, 1000),
      remote_ip: e.remoteIp,
      params: e.params,
      time: String(e.time),
      create_by: e.createBy,
    });
  }

  error(e: ErrorLogEntry) {
    const frame = /\((.*):(\d+):\d+\)/.exec(e.error.stack?.split('\n')[1] ?? '');
    this.push('blade_log_error', {
      tenant_id: e.tenantId,
      method: e.method,
      request_uri: e.requestUri.slice(0, 255),
      user_agent: e.userAgent.slice(0, 1000),
      remote_ip: e.remoteIp,
      params: e.params,
      create_by: e.createBy,
      stack_trace: e.error.stack ?? String(e.error),
      exception_name: e.error.name.slice(0, 255),
      message: e.error.message,
      file_name: frame?.[1]?.slice(0, 1000) ?? null,
      line_number: frame ? Number(frame[2]) : null,
    });
  }

  usual(e: UsualLogEntry) {
    this.push('blade_log_usual', {
      tenant_id: e.tenantId,
      log_level: e.logLevel,
      log_id: e.logId,
      log_data: e.logData,
      request_uri: e.requestUri.slice(0, 255),
      method: e.method?.slice(0, 10) ?? null,
      user_agent: e.userAgent?.slice(0, 1000) ?? null,
      remote_ip: e.remoteIp ?? null,
      create_by: e.createBy.slice(0, 64),
    });
  }

  /**
   * A business event an operator audits (the usual log): `logId` a stable dotted name
   * (`auth.login`), `logData` a short Chinese sentence with the key facts and never a
   * password or secret. Tenant and operator come from the caller (or `actor` before there
   * is one), address, method, agent and ip from the request being served.
   */
  event(level: 'info' | 'warn', logId: string, logData: string, actor?: EventActor) {
    const caller = maybeCtx();
    const served = servedRequest();
    const facts = served && requestFacts(served);
    this.usual({
      tenantId: (actor?.tenantId ?? caller?.tenantId ?? PLATFORM_TENANT).slice(0, 12),
      createBy: actor?.account ?? caller?.account ?? '',
      logLevel: level,
      logId,
      logData,
      requestUri: facts?.requestUri ?? '',
      method: facts?.method,
      userAgent: facts?.userAgent,
      remoteIp: facts?.remoteIp,
    });
  }

  private push(table: Table, values: Values) {
    this.queue.push({ table, values: { id: this.newId(), ...this.server, ...values } });
    if (this.queue.length >= BATCH) void this.flush();
  }

  /** Writes everything queued so far; resolves when it is in the database. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeQueued());
    return this.flushing;
  }

  private async writeQueued() {
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const byTable = new Map<Table, Values[]>();
    for (const e of batch) {
      const list = byTable.get(e.table);
      if (list) list.push(e.values);
      else byTable.set(e.table, [e.values]);
    }
    for (const [table, rows] of byTable) {
      // A bounded number of rows per statement keeps far below PostgreSQL's 65,535 parameters.
      for (let i = 0; i < rows.length; i += BATCH) await this.write(table, rows.slice(i, i + BATCH));
    }
  }

  /**
   * One statement for the rows; when the database refuses it, each row alone, so a bad row (an id
   * another instance made too, a value it will not take) does not cost the others. A row refused for
   * its id is written once more under a new one. The log must never take the server down: what is
   * lost is said on stderr.
   */
  private async write(table: Table, rows: Values[]) {
    try {
      await this.db.scoped(ALL_TENANTS, (q) => insertBatch(q, table, rows));
      return;
    } catch (err) {
      if (!refusedRow(err)) return lost(rows.length, table, err);
    }
    for (const [i, row] of rows.entries()) {
      try {
        await this.db.scoped(ALL_TENANTS, (q) => insertBatch(q, table, [row]));
      } catch (err) {
        if (!refusedRow(err)) return lost(rows.length - i, table, err);
        if (sqlState(err) !== UNIQUE_VIOLATION) {
          lost(1, table, err);
          continue;
        }
        await this.db
          .scoped(ALL_TENANTS, (q) => insertBatch(q, table, [{ ...row, id: this.newId() }]))
          .catch((again: unknown) => lost(1, table, again));
      }
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}

const UNIQUE_VIOLATION = '23505';

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The database refused a row's values (SQLSTATE class 22, data exception; 23, integrity constraint),
 * as opposed to not answering at all: only then is writing the rows one by one worth trying.
 */
function refusedRow(err: unknown): boolean {
  return /^2[23]/.test(sqlState(err) ?? '');
}

function lost(count: number, table: Table, err: unknown) {
  console.error('Could not write %d %s entries: %s', count, table, (err as Error).message);
}

/** The SQL array type of a log column: ids and line numbers are numbers, everything else text. */
const ARRAY_TYPE: Record<string, string> = { id: 'bigint[]', line_number: 'int[]' };

/**
 * One insert per batch: a column's values travel as one array parameter and `unnest` turns
 * them back into rows, so the statement stays small whatever the batch size.
 */
async function insertBatch(q: Queryable, table: Table, rows: Values[]) {
  const columns = Object.keys(rows[0]);
  const arrays = columns.map((c) => rows.map((row) => (row[c] === null || row[c] === undefined ? null : row[c])));
  const casts = columns.map((c, i) => `$${i + 1}::${ARRAY_TYPE[c] ?? 'text[]'}`);
  await q.query(`insert into ${table} (${columns.join(',')}) select * from unnest(${casts.join(', ')})`, arrays);
}
