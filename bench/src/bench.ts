import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { param } from '@park/catalog';
import autocannon from 'autocannon';
import pg from 'pg';
import { applyFilters } from '../../server/src/resources/conditions.ts';
import { modelOf } from '../../server/src/resources/model.ts';
import { ident, Where } from '../../server/src/resources/sql.ts';
import { detailStatement, pageStatements } from '../../server/src/resources/statements.ts';
import { canteenRush } from './canteen-rush.ts';
import { exportBench } from './export.ts';
import { figuresFor, printSideBySide, record, recordFailure } from './figures.ts';
import { glanceBench } from './glance.ts';
import {
  type CountedStatements,
  checkValgrind,
  databaseInstructionsPerCall,
  instructionsPerRequest,
} from './instructions.ts';
import { memoryBench } from './memory.ts';
import { pushBench, reportPush } from './push.ts';
import { scaleBench } from './scale.ts';
import { BASIC, type CpuSeconds, countFromEnv, cpuWatch, freePort, loginAdmin, ROOT, startServer } from './server.ts';
import { surveyBench } from './survey.ts';
import {
  BENCH_USER_OPEN_TASKS,
  ensureWorkflowRows,
  HISTORY,
  INSTANCES,
  PEOPLE,
  TASKS,
  taskListStatements,
} from './workflow.ts';
import { worktreeOf } from './worktree.ts';

/**
 * `npm run bench`: the parameter list at scale. One million blade_param rows for tenant 000000
 * on PostgreSQL, the real server started against them, and for a filtered page and a detail:
 * latency and throughput through HTTP (autocannon) beside the bare time of the same SQL
 * (node-postgres, same role, same tenant setting, same statements as the resource engine).
 * Beside them the workflow runtime's 待办 (todo list) over 10,000 running instances (workflow.ts): its first
 * page of 10 for the bench user (the administrator, 200 open tasks of the 10,000), against the same size of
 * page of the parameter list, with the bare SQL of taskList(..., 'todo').
 * Then the canteen rush (canteen-rush.ts): RUSH_USERS people book one meal of RUSH_PORTIONS
 * portions at once; it fails the run unless exactly that many are booked and nothing answers 5xx.
 * Then live push (push.ts): two instances on that database and RabbitMQ, PUSH_CLIENTS sockets split
 * between them, PUSH_MESSAGES messages saved on one, timed until they arrive on the other's sockets.
 * Then questionnaire statistics (survey.ts): a survey's statistics and cross-filters over 100,000 sheets, and a
 * submit rush of SURVEY_RESPONDENTS company accounts that must leave exactly one sheet each.
 * Then the park at a glance (glance.ts): every cockpit, analysis, overview, 控制台 and home call over a park group's
 * rows (10,000 enterprises, a million property, canteen and repair rows), each against a p99 of 200 ms.
 * BENCH_ONLY=<part> runs one part alone: `lists` (the parameter list's three requests and the workflow's todo list),
 * `todo` (the workflow's todo list only), `canteen` (the rush), `push`, `survey`, `glance`.
 * Then a streamed export of a million API log rows (export.ts): time to first byte, to the end, and the server's
 * peak RSS; BENCH_ONLY=export runs it alone.
 * Then the list's slow shapes at a million rows (scale.ts, BENCH_ONLY=scale): a contains-search, a sort, a deep
 * page and the detail while searches run; and the memory (memory.ts, BENCH_ONLY=memory): a fresh server idle, then
 * under 200 sessions, on PGlite and on PostgreSQL.
 * Only when named, since it needs valgrind and takes minutes a run: BENCH_ONLY=instructions, the parameter list's
 * three requests counted in the server's instructions per request (instructions.ts), INSTR_RUNS (3) runs of each
 * server, with --compare taken in alternating order; and BENCH_ONLY=instructions-db, the same requests' statements
 * counted in PostgreSQL's instructions per call, on a cluster run under callgrind (INSTR_DB_OUT, README "Benchmark").
 * BENCH_ROWS (default 1,000,000) sizes the parameter rows: a smaller figure in a database of its own
 * (BENCH_DATABASE_URL=.../park_bench_small), since the rows are made again whenever their count differs.
 *
 * `npm run bench -- --compare REV` runs the same parts a second time against another commit's server (a worktree
 * of REV in /tmp/bench-<commit>, worktree.ts; its database is the bench's with _<commit> after the name) and prints
 * the two runs' figures side by side. A part that fails on REV (an API it did not have yet) is shown as failed.
 * With the lists, both servers then run at once and take BENCH_TURNS (4) turns of the parameter list's load in
 * alternating order (listsInTurns): the throughput to compare on a machine whose speed drifts, and the CPU each
 * request took of the server and of PostgreSQL under that load. BENCH_ONLY=turns (with --compare) runs the turns alone.
 */

/**
 * The local server through its Unix socket when there is one, as a same-host deployment connects
 * (a TCP round trip over loopback costs the server and the benchmark's bare SQL alike).
 */
const SOCKET_DIR = '/var/run/postgresql';
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/park_bench?host=${encodeURIComponent(SOCKET_DIR)}`
    : 'postgres://postgres@127.0.0.1:5432/park_bench');
const TENANT = '000000';
const ROWS = countFromEnv('BENCH_ROWS', 1_000_000);
/** Bench rows' ids sit far below the snowflake ids the server makes, so the two never meet. */
const FIRST_ID = 1_000_000_000_000;
const CONNECTIONS = 16;
const LOAD_SECONDS = 10;
/**
 * `--compare` with the lists: how many turns both servers take under the same load, in alternating order (this
 * checkout first, then the other first, ...), each scenario LOAD_SECONDS a turn.
 */
const TURNS = countFromEnv('BENCH_TURNS', 4);
/** One-at-a-time measurements: this many runs, or fewer when they take longer than the time given. */
const SEQUENTIAL = { runs: 2000, seconds: 10 };
const WARMUP = { runs: 200, seconds: 2 };
const PAGE_QUERY = { paramKey_likeright: 'bench.00042', current: '1', size: '10' };
/** The todo list's first page, of the filtered page's size. */
const TODO_LIST_QUERY = { current: '1', size: '10' };

const TARGETS = { pageP99Ms: 25, overheadMs: 1, requestsPerSecond: 3000, todoListP99Ms: 50 };
const RUSH = { users: countFromEnv('RUSH_USERS', 500), portions: countFromEnv('RUSH_PORTIONS', 100) };
/** The parts BENCH_ONLY may name. */
const PARTS = [
  'lists',
  'todo',
  'canteen',
  'survey',
  'glance',
  'push',
  'export',
  'scale',
  'memory',
  'instructions',
  'instructions-db',
  'turns',
] as const;
type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY || undefined;
if (ONLY && !(PARTS as readonly string[]).includes(ONLY)) {
  throw new Error(`BENCH_ONLY names no part of the bench: "${ONLY}" (the parts: ${PARTS.join(', ')})`);
}
/** The parts run only when named: those that need valgrind, and the lists' turns without their rounds. */
const NAMED_ONLY: Part[] = ['instructions', 'instructions-db', 'turns'];
/** Whether the run takes a part: every part but those named only without BENCH_ONLY, else the one named. */
const runs = (part: Part) => (!ONLY && !NAMED_ONLY.includes(part)) || ONLY === part;
/** The parts that share one server on the bench database (memory and push start their own). */
const ONE_SERVER_PARTS: Part[] = ['lists', 'todo', 'canteen', 'survey', 'glance', 'export', 'scale'];
/** `--compare REV`: the commit whose server runs the same parts in a second round. */
const COMPARE = (() => {
  const at = process.argv.indexOf('--compare');
  if (at < 0) return undefined;
  const rev = process.argv[at + 1];
  if (!rev) throw new Error('--compare needs a commit: npm run bench -- --compare 30e8a68');
  return rev;
})();
if (ONLY === 'turns' && !COMPARE) throw new Error('BENCH_ONLY=turns puts two servers in turns: add --compare REV');

/** What one round runs against: this checkout, or the worktree of the commit compared with. */
interface Target {
  label: string;
  root: string;
  databaseUrl: string;
  /** After the name of any database the round makes for itself. */
  suffix: string;
}
const PUSH = {
  amqpUrl: process.env.BENCH_AMQP_URL || process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
  clients: countFromEnv('PUSH_CLIENTS', 2000),
  messages: countFromEnv('PUSH_MESSAGES', 20),
};

interface Stats {
  median: number;
  p99: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p99: at(0.99) };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

function log(message: string) {
  console.log(`[bench] ${message}`);
}

/** Creates the bench database when it is missing (connecting to the server's `postgres` database). */
async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_URL names an unusual database: "${name}"`);
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`create database ${ident(name)}`);
    }
  } finally {
    await client.end();
  }
}

/** Makes sure the million bench rows are there (generated once, reused after) and fresh statistics. */
async function ensureRows(client: pg.Client) {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from blade_param where tenant_id = $1 and is_deleted = 0 and param_key like 'bench.%'`,
    [TENANT],
  );
  if (Number(rows[0].n) === ROWS) {
    log(`reusing the ${ROWS.toLocaleString('en')} bench rows already in the database`);
    return;
  }
  log(`generating ${ROWS.toLocaleString('en')} parameter rows`);
  const started = performance.now();
  await client.query(`delete from blade_param where param_key like 'bench.%'`);
  await client.query(
    `insert into blade_param
       (id, tenant_id, param_name, param_key, param_value, remark,
        create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     select $1::bigint + g, $2, 'Bench parameter ' || g, 'bench.' || lpad(g::text, 7, '0'), 'value ' || g, null,
            author.id, author.dept, t, author.id, t, 1, 0
       from generate_series(1, $3::int) as g,
            lateral (select localtimestamp(0) - make_interval(secs => g) as t) as created,
            (select id, nullif(split_part(dept_id, ',', 1), '')::bigint as dept
               from blade_user where tenant_id = $2 and account = 'admin' and is_deleted = 0) as author`,
    [FIRST_ID, TENANT, ROWS],
  );
  // As autovacuum leaves a settled table: statistics, and the visibility map that index-only counts read.
  await client.query('vacuum analyze blade_param');
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Paired {
  http: Stats;
  sql: Stats;
  /** The median of (HTTP time - SQL time) over the pairs. */
  overhead: number;
}

/**
 * The bare SQL and the same request over HTTP, alternately, one call at a time (after a warm-up):
 * whatever else the machine is doing then weighs on both sides of each pair alike.
 */
async function paired(sqlOnce: () => Promise<void>, httpOnce: () => Promise<void>): Promise<Paired> {
  const sqlTimes: number[] = [];
  const httpTimes: number[] = [];
  const differences: number[] = [];
  const repeat = async (limit: { runs: number; seconds: number }, record: boolean) => {
    const stop = performance.now() + limit.seconds * 1000;
    for (let i = 0; i < limit.runs && performance.now() < stop; i++) {
      const t0 = performance.now();
      await sqlOnce();
      const t1 = performance.now();
      await httpOnce();
      const t2 = performance.now();
      if (!record) continue;
      sqlTimes.push(t1 - t0);
      httpTimes.push(t2 - t1);
      differences.push(t2 - t1 - (t1 - t0));
    }
  };
  await repeat(WARMUP, false);
  await repeat(SEQUENTIAL, true);
  return { http: stats(httpTimes), sql: stats(sqlTimes), overhead: stats(differences).median };
}

/** One GET on a kept-alive connection of its own: the latency of a request with no queue. */
function httpCaller(url: () => string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(url(), { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  return { once, close: () => agent.destroy() };
}

/** One request's statements and their parameters. */
interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements run straight on one connection, prepared once by name as the server's pool runs them. */
function sqlCaller(client: pg.Client, statements: () => Statement[]) {
  return async () => {
    for (const s of statements()) {
      const name = `bench_${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}`;
      await client.query({ name, text: s.sql, values: s.params });
    }
  };
}

/** A request to measure: its address and the statements the server runs for it, both fresh per call. */
interface Scenario {
  name: string;
  url: () => string;
  statements: () => Statement[];
}

async function compare(client: pg.Client, scenario: Scenario, headers: Record<string, string>) {
  const caller = httpCaller(scenario.url, headers);
  try {
    return await paired(sqlCaller(client, scenario.statements), caller.once);
  } finally {
    caller.close();
  }
}

interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Requests answered in all. */
  requests: number;
}

async function load(scenario: Scenario, headers: Record<string, string>, seconds = LOAD_SECONDS): Promise<LoadResult> {
  const first = new URL(scenario.url());
  const result = await autocannon({
    url: first.origin,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const next = new URL(scenario.url());
          return { ...req, path: `${next.pathname}${next.search}` };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
  };
}

/** The caller's visible rows as the engine narrows them for the administrator (engine.ts, visible()). */
function visibleToAdmin() {
  const where = new Where();
  where.and('"is_deleted" = 0');
  where.and(`"tenant_id" = ${where.param(TENANT)}`);
  return where;
}

/**
 * The SQL the resource engine runs for a page request: the rows alone while the total of the
 * same filter is known (its table unwritten since it was counted), else the page with its total.
 */
function pageStatementsOf(query: Record<string, unknown>, totalKnown: boolean): Statement[] {
  const model = modelOf(param);
  const where = visibleToAdmin();
  applyFilters(where, model, query);
  const statements = pageStatements(model, where, query);
  return [{ sql: totalKnown ? statements.rows : statements.page, params: where.params }];
}

/** The SQL the resource engine runs for a detail request. */
function detailStatementsOf(id: string): Statement[] {
  const model = modelOf(param);
  const where = visibleToAdmin();
  where.and(`"id" = ${where.param(id)}`);
  return [{ sql: detailStatement(model, where), params: where.params }];
}

function verdict(ok: boolean) {
  return ok ? 'PASS' : 'FAIL';
}

async function main() {
  const targets: Target[] = [{ label: 'this checkout', root: ROOT, databaseUrl: DATABASE_URL, suffix: '' }];
  if (COMPARE) {
    const tree = worktreeOf(COMPARE, log);
    const suffix = `_${tree.commit.slice(0, 7)}`;
    const url = new URL(DATABASE_URL);
    url.pathname = `${url.pathname}${suffix}`;
    targets.push({ label: COMPARE, root: tree.root, databaseUrl: url.toString(), suffix });
  }
  for (const target of targets) {
    figuresFor(target.label);
    if (targets.length > 1) log(`===== ${target.label}: ${target.root}, database ${target.databaseUrl} =====`);
    await ensureDatabase(target.databaseUrl);
    if (ONE_SERVER_PARTS.some(runs)) await part('server', () => oneServer(target));
    if (runs('memory')) await part('memory', () => memoryBench(target));
    if (runs('push')) {
      await part('push', async () => {
        const result = await pushBench({ databaseUrl: target.databaseUrl, root: target.root, ...PUSH });
        reportPush(result);
        record('push', 'p50', result.p50, 'ms');
        record('push', 'p99', result.p99, 'ms');
      });
    }
  }
  if (targets.length > 1 && (runs('lists') || runs('turns'))) {
    await part('lists in turns', () => listsInTurns(targets));
  }
  if (runs('instructions')) await part('instructions', () => instructionsInTurns(targets));
  if (runs('instructions-db')) await part('instructions-db', () => databaseInstructions(targets));
  if (targets.length > 1) printSideBySide(targets[0].label, targets[1].label);
}

const ZERO_CPU: CpuSeconds = { user: 0, system: 0 };
const addCpu = (a: CpuSeconds, b: CpuSeconds): CpuSeconds => ({ user: a.user + b.user, system: a.system + b.system });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
}

/**
 * The parameter list's throughput with both servers up at once, in turns. The rounds above run one after the other,
 * minutes apart, and on a shared machine the same server's figure moves by 10-20 % in that time; turns taken in
 * alternating order put both servers under the same drift, so their medians compare.
 */
async function listsInTurns(targets: Target[]) {
  interface Side {
    label: string;
    server: ChildProcess;
    admin: pg.Client;
    headers: Record<string, string>;
    scenarios: Scenario[];
  }
  const sides: Side[] = [];
  try {
    for (const target of targets) {
      const port = await freePort();
      const env = { DATABASE_URL: target.databaseUrl, RATE_LIMIT: 'off' };
      const server = await startServer(port, env, 600_000, target.root);
      const admin = new pg.Client({ connectionString: target.databaseUrl });
      const side: Side = { label: target.label, server, admin, headers: {}, scenarios: [] };
      sides.push(side);
      await admin.connect();
      const base = `http://127.0.0.1:${port}`;
      side.headers = { authorization: BASIC, 'blade-auth': `bearer ${await loginAdmin(base)}`, 'tenant-id': TENANT };
      side.scenarios = await parameterScenarios(admin, base, side.headers);
    }
    log(`the lists in turns: ${TURNS} turns of ${LOAD_SECONDS} s a request on each server, in alternating order`);
    for (const side of sides) for (const scenario of side.scenarios) await load(scenario, side.headers, 3);
    const names = sides[0].scenarios.map((scenario) => scenario.name);
    // rates[side][request][turn]; spent[side][request]: the CPU its turns took, and the requests they answered
    const rates = sides.map(() => names.map(() => [] as number[]));
    const spent = sides.map(() => names.map(() => ({ requests: 0, server: ZERO_CPU, database: ZERO_CPU })));
    for (let turn = 0; turn < TURNS; turn++) {
      for (let i = 0; i < names.length; i++) {
        for (const s of turn % 2 === 0 ? [0, 1] : [1, 0]) {
          const watch = cpuWatch(sides[s].server.pid as number, 'postgres');
          const result = await load(sides[s].scenarios[i], sides[s].headers);
          const cpu = watch.stop();
          rates[s][i].push(result.requestsPerSecond);
          const sum = spent[s][i];
          spent[s][i] = {
            requests: sum.requests + result.requests,
            server: addCpu(sum.server, cpu.own),
            database: addCpu(sum.database, cpu.others),
          };
        }
      }
    }
    console.log('');
    console.log(
      `| request: req/s in turns | ${sides.map((side) => side.label).join(' | ')} | median of the turns' ratios |`,
    );
    console.log('| --- | ---: | ---: | ---: |');
    names.forEach((name, i) => {
      const cells = rates.map((r) => `${r[i].map(Math.round).join(', ')} (median ${Math.round(median(r[i]))})`);
      const ratios = rates[0][i].map((mine, turn) => mine / rates[1][i][turn]);
      console.log(`| ${name} | ${cells.join(' | ')} | ${median(ratios).toFixed(2)} |`);
      sides.forEach((side, s) => {
        figuresFor(side.label);
        record('lists in turns', `${name} req/s, median of ${TURNS}`, median(rates[s][i]), '/s', true);
      });
    });
    // Under load, the work a request costs, the kernel's for both processes included (which instructions leave out).
    const perRequest = (cpu: CpuSeconds, requests: number) => ((cpu.user + cpu.system) * 1_000_000) / requests;
    console.log('');
    console.log(
      `| request: CPU µs a request under load (server user + system / PostgreSQL user + system) | ${sides.map((side) => side.label).join(' | ')} | ratio of the totals |`,
    );
    console.log('| --- | ---: | ---: | ---: |');
    names.forEach((name, i) => {
      const totals = spent
        .map((side) => side[i])
        .map(({ requests, server, database }) => perRequest(addCpu(server, database), requests));
      const cells = spent.map((side, s) => {
        const { requests, server, database } = side[i];
        const userAndSystem = (cpu: CpuSeconds) =>
          `${Math.round(perRequest({ ...cpu, system: 0 }, requests))} + ${Math.round(perRequest({ ...cpu, user: 0 }, requests))}`;
        return `${userAndSystem(server)} / ${userAndSystem(database)} = ${Math.round(totals[s])}`;
      });
      console.log(`| ${name} | ${cells.join(' | ')} | ${(totals[0] / totals[1]).toFixed(2)} |`);
      sides.forEach((side, s) => {
        figuresFor(side.label);
        record('lists in turns', `${name} CPU a request, server and database`, totals[s], 'µs');
      });
    });
  } finally {
    for (const side of sides) {
      await side.admin.end().catch(() => undefined);
      side.server.kill('SIGTERM');
    }
  }
}

/**
 * The parameter list's requests in instructions of the server's (instructions.ts): INSTR_RUNS runs of each target's
 * server, the targets in alternating order, and the median of the runs.
 */
async function instructionsInTurns(targets: Target[]) {
  checkValgrind();
  const runsEach = countFromEnv('INSTR_RUNS', 3);
  // counts[target][request] = instructions per request of each run
  const counts = targets.map(() => new Map<string, number[]>());
  for (let run = 0; run < runsEach; run++) {
    for (const t of run % 2 === 0 ? targets.keys() : [...targets.keys()].reverse()) {
      const target = targets[t];
      log(`instructions: run ${run + 1} of ${runsEach}, ${target.label}`);
      const admin = new pg.Client({ connectionString: target.databaseUrl });
      await admin.connect();
      try {
        const perRequest = await instructionsPerRequest({
          root: target.root,
          databaseUrl: target.databaseUrl,
          scenariosOf: async (base) => {
            const headers = {
              authorization: BASIC,
              'blade-auth': `bearer ${await loginAdmin(base)}`,
              'tenant-id': TENANT,
            };
            const scenarios = await parameterScenarios(admin, base, headers);
            return scenarios.map((scenario) => ({ name: scenario.name, ...httpCaller(scenario.url, headers) }));
          },
        });
        for (const [name, value] of perRequest) counts[t].set(name, [...(counts[t].get(name) ?? []), value]);
      } finally {
        await admin.end();
      }
    }
  }
  console.log('');
  console.log(`| request: instructions per request | ${targets.map((target) => target.label).join(' | ')} |`);
  console.log(`| --- |${targets.map(() => ' ---: |').join('')}`);
  for (const name of counts[0].keys()) {
    const cells = counts.map((c) => {
      const values = c.get(name) ?? [];
      return `${values.map((v) => Math.round(v / 1000).toLocaleString('en')).join(', ')} k (median ${Math.round(median(values) / 1000).toLocaleString('en')} k)`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  targets.forEach((target, t) => {
    figuresFor(target.label);
    for (const [name, values] of counts[t]) record('instructions', `${name}, per request`, median(values), 'instr.');
  });
}

/**
 * PostgreSQL's side of the parameter list's requests in instructions (instructions.ts, databaseInstructionsPerCall),
 * for each target's database in turn. The databases' cluster runs under callgrind, writing to INSTR_DB_OUT.
 */
async function databaseInstructions(targets: Target[]) {
  const out = process.env.INSTR_DB_OUT;
  if (!out) {
    throw new Error(
      'BENCH_ONLY=instructions-db counts a PostgreSQL cluster run under callgrind: set INSTR_DB_OUT to the folder of ' +
        'its --callgrind-out-file=<folder>/callgrind.%p (README, "Benchmark")',
    );
  }
  const counts = new Map<string, Map<string, number>>();
  for (const target of targets) {
    log(`instructions of the database: ${target.label}`);
    const admin = new pg.Client({ connectionString: target.databaseUrl });
    await admin.connect();
    try {
      const { requests: scenarios } = await parameterStatements(admin);
      counts.set(
        target.label,
        await databaseInstructionsPerCall({ databaseUrl: target.databaseUrl, out, tenantId: TENANT, scenarios }),
      );
    } finally {
      await admin.end();
    }
  }
  console.log('');
  console.log(
    `| request: the database's instructions per call | ${targets.map((target) => target.label).join(' | ')} |`,
  );
  console.log(`| --- |${targets.map(() => ' ---: |').join('')}`);
  for (const name of counts.get(targets[0].label)?.keys() ?? []) {
    const cells = targets.map((target) => `${((counts.get(target.label)?.get(name) ?? 0) / 1000).toFixed(1)} k`);
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  for (const target of targets) {
    figuresFor(target.label);
    for (const [name, value] of counts.get(target.label) ?? []) {
      record('instructions-db', `${name}, per call`, value, 'instr.');
    }
  }
}

/**
 * Runs one part; when comparing, a part that fails (on the other commit, an API it did not have yet) is shown as
 * failed and the run goes on; without --compare it fails the run as before.
 */
async function part(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (!COMPARE) throw err;
    const message = err instanceof Error ? err.message : String(err);
    log(`${name} failed: ${message}`);
    recordFailure(name, message);
  }
}

/** The stages on one server instance: the lists, the canteen rush, the questionnaire's statistics and the glance. */
async function oneServer(target: Target) {
  const databaseUrl = target.databaseUrl;
  const port = await freePort();
  log(`starting the server of ${target.root} on port ${port} against ${databaseUrl}`);
  // The rush signs hundreds of people in from this one address: the login rate limit would refuse most.
  const server = await startServer(port, { DATABASE_URL: databaseUrl, RATE_LIMIT: 'off' }, 600_000, target.root);
  const admin = new pg.Client({ connectionString: databaseUrl });
  // The server's own session settings: its time zone, its restricted role and the tenant.
  const bare = new pg.Client({ connectionString: databaseUrl, options: '-c TimeZone=Asia/Shanghai' });
  try {
    await admin.connect();
    const base = `http://127.0.0.1:${port}`;
    const token = await loginAdmin(base);
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': TENANT };
    if (runs('lists') || runs('todo')) await part('lists', () => lists(admin, bare, base, headers));
    if (runs('canteen')) {
      await part('canteen', async () => {
        const rush = await canteenRush({ base, db: admin, adminHeaders: headers, ...RUSH });
        record('canteen', 'rush wall time', rush.wallMs, 'ms');
        record('canteen', 'p99', rush.p99, 'ms');
      });
    }
    if (runs('survey')) await part('survey', () => surveyBench({ base, db: admin, adminHeaders: headers }));
    if (runs('glance')) {
      await part('glance', () => glanceBench({ base, databaseUrl, platformHeaders: headers }));
    }
    if (runs('export') && server.pid) {
      const pid = server.pid;
      await part('export', async () => {
        const f = await exportBench({ base, db: admin, headers, serverPid: pid, tenantId: TENANT });
        record('export', 'first byte', f.firstByteMs, 'ms');
        record('export', 'all rows', f.totalMs, 'ms');
        record('export', 'server RSS peak', f.peakRssMb, 'MB');
        record('export', 'server RSS 5 s after', f.afterRssMb, 'MB');
      });
    }
    if (runs('scale')) {
      await part('scale', async () => {
        await ensureRows(admin);
        await scaleBench({ base, headers, rows: ROWS, detailId: await detailIdOf(admin) });
      });
    }
  } finally {
    await bare.end().catch(() => undefined);
    await admin.end().catch(() => undefined);
    server.kill('SIGTERM');
  }
}

/** The parameter list's scenarios: a million rows, a filtered page (again and counted) and a detail. */
async function parameterScenarios(admin: pg.Client, base: string, headers: Record<string, string>) {
  const { requests, detailId } = await parameterStatements(admin);

  const pageUrl = `${base}/api/blade-system/param/page?${new URLSearchParams(PAGE_QUERY)}`;
  const detailUrl = `${base}/api/blade-system/param/detail?id=${detailId}`;

  const check = (await (await fetch(pageUrl, { headers })).json()) as { code: number; data: { total: number } };
  if (check.code !== 200 || check.data.total !== 100) {
    throw new Error(`The filtered page answered ${JSON.stringify(check).slice(0, 300)}`);
  }

  let fresh = 0;
  const urls: Record<string, () => string> = {
    'filtered page': () => pageUrl,
    'filtered page, counted': () =>
      `${base}/api/blade-system/param/page?${new URLSearchParams({ ...PAGE_QUERY, id_notequal: String(-++fresh) })}`,
    detail: () => detailUrl,
  };
  const scenarios: Scenario[] = requests.map((request) => ({ ...request, url: urls[request.name] }));
  return scenarios;
}

/**
 * The parameter list's three requests as the statements the server runs for them: the filtered page whose total is
 * known, the same filter never seen before (so counted; each call excludes a different id that matches nothing, so
 * no two share a total), and one row's detail.
 */
async function parameterStatements(admin: pg.Client): Promise<{ requests: CountedStatements[]; detailId: string }> {
  await ensureRows(admin);
  const detailId = await detailIdOf(admin);
  let fresh = 0;
  const requests = [
    { name: 'filtered page', statements: () => pageStatementsOf(PAGE_QUERY, true) },
    {
      name: 'filtered page, counted',
      statements: () => pageStatementsOf({ ...PAGE_QUERY, id_notequal: String(-++fresh) }, false),
    },
    { name: 'detail', statements: () => detailStatementsOf(detailId) },
  ];
  return { requests, detailId };
}

/** The id of the bench row in the middle (bench.0500000 at a million rows), whose detail is measured. */
async function detailIdOf(admin: pg.Client): Promise<string> {
  const key = `bench.${String(Math.ceil(ROWS / 2)).padStart(7, '0')}`;
  const { rows } = await admin.query<{ id: string }>(
    `select id::text from blade_param where tenant_id = $1 and param_key = $2`,
    [TENANT, key],
  );
  return rows[0].id;
}

/**
 * The todo list's scenario (待办, workflow.ts's rows): the bench user's first page of 10, the filtered page's
 * size. Its bare SQL is what lists.ts's taskList runs for it, the page with its total in one statement (the
 * request's one-row lookup of the caller's name, act.ts's actorOf, is left to the overhead).
 */
async function todoScenario(admin: pg.Client, base: string, headers: Record<string, string>): Promise<Scenario> {
  await ensureWorkflowRows(admin);
  const { rows } = await admin.query<{ id: string; dept: string | null; roles: string | null; post: string | null }>(
    `select id::text, dept_id as dept, role_id as roles, post_id as post from blade_user
      where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
    [TENANT],
  );
  const me = rows[0];
  const url = `${base}/api/blade-workflow/process/todoList?${new URLSearchParams(TODO_LIST_QUERY)}`;
  const check = (await (await fetch(url, { headers })).json()) as {
    code: number;
    data: { total: number; records: unknown[] };
  };
  if (check.code !== 200 || check.data.total !== BENCH_USER_OPEN_TASKS || check.data.records.length !== 10) {
    throw new Error(`The todo list answered ${JSON.stringify(check).slice(0, 300)}`);
  }
  const statements = await taskListStatements(
    {
      tenantId: TENANT,
      userId: me.id,
      userName: 'admin',
      deptId: me.dept ?? '',
      roleIds: (me.roles ?? '').split(',').filter(Boolean),
      postId: me.post ?? '',
    },
    TODO_LIST_QUERY,
  );
  return { name: 'todo list', url: () => url, statements: () => statements };
}

/**
 * The lists' stage: the parameter list's scenarios and the todo list, each one call at a time beside bare SQL,
 * then under load.
 */
async function lists(admin: pg.Client, bare: pg.Client, base: string, headers: Record<string, string>) {
  const withParameters = ONLY !== 'todo';
  const scenarios: Scenario[] = withParameters ? await parameterScenarios(admin, base, headers) : [];
  const todo = await todoScenario(admin, base, headers).catch((err: { code?: string }) => {
    // A commit from before the workflow module (--compare 30e8a68) has no workflow tables: its lists are measured alone.
    if (err.code !== '42P01' || ONLY === 'todo') throw err;
    log('no workflow tables in this database: the todo list is left out');
    return undefined;
  });
  if (todo) scenarios.push(todo);

  await bare.connect();
  await bare.query('set role park_app');
  await bare.query(`select set_config('park.tenant_id', $1, false)`, [TENANT]);

  for (const scenario of scenarios) {
    for (const s of scenario.statements()) log(`SQL (${scenario.name}): ${s.sql}  -- ${JSON.stringify(s.params)}`);
  }

  log('bare SQL and HTTP, one call at a time, alternately');
  const oneAtATime = new Map<string, Paired>();
  for (const scenario of scenarios) oneAtATime.set(scenario.name, await compare(bare, scenario, headers));
  log(`HTTP under load: ${CONNECTIONS} connections, ${LOAD_SECONDS} s each`);
  const underLoad = new Map<string, LoadResult>();
  for (const scenario of scenarios) underLoad.set(scenario.name, await load(scenario, headers));

  console.log('');
  if (withParameters) console.log(`${ROWS.toLocaleString('en')} rows in blade_param`);
  if (todo) {
    console.log(
      `${INSTANCES.toLocaleString('en')} running instances, ${TASKS.toLocaleString('en')} tasks ` +
        `(${INSTANCES.toLocaleString('en')} open over ${PEOPLE} users, ${BENCH_USER_OPEN_TASKS} the bench user's), ` +
        `${HISTORY.toLocaleString('en')} history rows; ${CONNECTIONS} connections x ${LOAD_SECONDS} s`,
    );
  }
  console.log(
    '| request | p50 (load) | p99 (load) | req/s | HTTP median, 1 at a time | bare SQL median | bare SQL p99 | overhead (median of pairs) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { name } of scenarios) {
    const loaded = underLoad.get(name)!;
    const one = oneAtATime.get(name)!;
    console.log(
      `| ${name} | ${loaded.p50} ms | ${loaded.p99} ms | ${Math.round(loaded.requestsPerSecond)} | ${ms(one.http.median)} | ${ms(one.sql.median)} | ${ms(one.sql.p99)} | ${ms(one.overhead)} |`,
    );
  }
  for (const { name } of scenarios) {
    const loaded = underLoad.get(name)!;
    record('lists', `${name} req/s`, loaded.requestsPerSecond, '/s', true);
    record('lists', `${name} p99 (load)`, loaded.p99, 'ms');
    record('lists', `${name} overhead over bare SQL`, oneAtATime.get(name)!.overhead, 'ms');
  }
  const results: [string, string, boolean][] = [];
  if (withParameters) {
    const pageLoads = ['filtered page', 'filtered page, counted'].map((name) => underLoad.get(name)!);
    // Throughput is the target of the requests as a list is used, again and again: the filtered page
    // and the detail. The counted page (a filter nobody asked for since its table changed) is shown beside.
    const steady = ['filtered page', 'detail'].map((name) => underLoad.get(name)!);
    const overheads = ['filtered page', 'filtered page, counted', 'detail'].map(
      (name) => oneAtATime.get(name)!.overhead,
    );
    results.push(
      [
        `filtered page p99 <= ${TARGETS.pageP99Ms} ms`,
        pageLoads.map((l) => `${l.p99} ms`).join(' / '),
        pageLoads.every((l) => l.p99 <= TARGETS.pageP99Ms),
      ],
      [
        `server overhead over bare SQL <= ${TARGETS.overheadMs} ms (median)`,
        overheads.map(ms).join(' / '),
        overheads.every((o) => o <= TARGETS.overheadMs),
      ],
      [
        `>= ${TARGETS.requestsPerSecond} req/s (filtered page / detail)`,
        steady.map((l) => Math.round(l.requestsPerSecond)).join(' / '),
        steady.every((l) => l.requestsPerSecond >= TARGETS.requestsPerSecond),
      ],
    );
  }
  const todoLoad = underLoad.get('todo list');
  if (todoLoad) {
    results.push([
      `todo list p99 <= ${TARGETS.todoListP99Ms} ms`,
      `${todoLoad.p99} ms`,
      todoLoad.p99 <= TARGETS.todoListP99Ms,
    ]);
  }
  console.log('');
  console.log('| target | measured | result |');
  console.log('| --- | --- | --- |');
  for (const [target, measured, ok] of results) console.log(`| ${target} | ${measured} | ${verdict(ok)} |`);
  if (withParameters) {
    console.log(
      `\nA filter seen for the first time since its table changed (counted): ${Math.round(underLoad.get('filtered page, counted')!.requestsPerSecond)} req/s.`,
    );
  }
}

main().catch((err) => {
  console.error(`[bench] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
