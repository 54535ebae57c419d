import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { record } from './figures.ts';
import { BASIC, countFromEnv, freePort, loginAdmin, ROOT, rssMbOf, startServer } from './server.ts';

/**
 * The server's memory and its answers under many sessions, in both modes (issue 36, point 2; BENCH_ONLY=memory):
 * for the embedded database (PGlite in a new temporary folder) and for PostgreSQL (a new database of its own on the
 * bench's server, its name with _memory after, dropped after), a fresh server with no demo data is left idle for MEMORY_IDLE_SECONDS (60) and its
 * RSS read; then MEMORY_SESSIONS (200) sessions of the administrator, each signed in through the token endpoint and
 * calling on a kept-alive connection of its own, one call after another, for MEMORY_LOAD_SECONDS (60), round a few
 * everyday calls (the parameter list, the user list, the menus, a dictionary, the user's info). It reports the calls
 * answered, p50 and p99, those over 5 s, those not answered within 10 s (timeouts), non-200 answers, the RSS peak
 * (sampled every 100 ms) and 5 s after. Targets: PGlite idle <= 200 MB and <= 300 MB under the load with no
 * timeout; PostgreSQL idle <= 150 MB and p99 <= 150 ms.
 */
const IDLE_SECONDS = countFromEnv('MEMORY_IDLE_SECONDS', 60);
const SESSIONS = countFromEnv('MEMORY_SESSIONS', 200);
const LOAD_SECONDS = countFromEnv('MEMORY_LOAD_SECONDS', 60);
const TIMEOUT_MS = 10_000;
const SLOW_MS = 5_000;
const LOGIN_CONCURRENCY = 8;
const TARGETS = {
  pglite: { idleMb: 200, loadMb: 300 },
  postgres: { idleMb: 150, p99Ms: 150 },
};
const CALLS = [
  '/api/blade-system/param/page?current=1&size=10',
  '/api/blade-user/page?current=1&size=10',
  '/api/blade-system/menu/routes',
  '/api/blade-system/dict/dictionary?code=sex',
  '/api/blade-auth/oauth/user-info',
];

function log(message: string) {
  console.log(`[bench:memory] ${message}`);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MemoryFigures {
  mode: 'pglite' | 'postgres';
  idleMb: number;
  calls: number;
  perSecond: number;
  p50: number;
  p99: number;
  over5s: number;
  timeouts: number;
  failed: number;
  peakMb: number;
  afterMb: number;
}

/** One call; resolves with its time, or -1 when it was not answered in TIMEOUT_MS, or -status when not 200. */
function call(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : -(res.statusCode ?? 1)));
    });
    req.on('timeout', () => {
      req.destroy();
      resolve(-1);
    });
    req.on('error', () => resolve(-2));
  });
}

/** Creates (afresh) a database of its own next to the bench's, and how to drop it. */
async function freshDatabase(benchUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const maintenance = new URL(benchUrl);
  maintenance.pathname = '/postgres';
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(benchUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function measureMode(
  mode: 'pglite' | 'postgres',
  env: Record<string, string>,
  root: string,
): Promise<MemoryFigures> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`${mode}: starting a fresh server on port ${port}`);
  const server: ChildProcess = await startServer(port, { RATE_LIMIT: 'off', ...env }, 900_000, root);
  const pid = server.pid as number;
  try {
    log(`${mode}: idle for ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    const idleMb = rssMbOf(pid);

    const tokens: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: LOGIN_CONCURRENCY }, async () => {
        while (next < SESSIONS) {
          const i = next++;
          tokens[i] = await loginAdmin(base);
        }
      }),
    );
    log(`${mode}: ${SESSIONS} sessions signed in (RSS ${rssMbOf(pid).toFixed(0)} MB); ${LOAD_SECONDS} s of calls`);

    let peakMb = rssMbOf(pid);
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMbOf(pid));
    }, 100);
    const times: number[] = [];
    let timeouts = 0;
    let failed = 0;
    const started = performance.now();
    const stopAt = started + LOAD_SECONDS * 1000;
    await Promise.all(
      tokens.map(async (token, i) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const headers = { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': '000000' };
        for (let n = i; performance.now() < stopAt; n++) {
          const t = await call(agent, base + CALLS[n % CALLS.length], headers);
          if (t === -1) timeouts++;
          else if (t < 0) failed++;
          else times.push(t);
        }
        agent.destroy();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sleep(5000);
    const afterMb = rssMbOf(pid);
    times.sort((a, b) => a - b);
    const calls = times.length + timeouts + failed;
    return {
      mode,
      idleMb,
      calls,
      perSecond: calls / seconds,
      p50: at(times, 0.5) ?? Number.NaN,
      p99: at(times, 0.99) ?? Number.NaN,
      over5s: times.filter((t) => t > SLOW_MS).length,
      timeouts,
      failed,
      peakMb,
      afterMb,
    };
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
  }
}

export async function memoryBench(opts: { databaseUrl: string; root?: string }): Promise<void> {
  const root = opts.root ?? ROOT;
  const results: MemoryFigures[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-bench-memory-'));
  try {
    results.push(await measureMode('pglite', { DATABASE_URL: '', DATA_DIR: dataDir }, root));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The bench database's name (with --compare's suffix) and _memory.
  const db = await freshDatabase(
    opts.databaseUrl,
    `${decodeURIComponent(new URL(opts.databaseUrl).pathname.slice(1))}_memory`,
  );
  try {
    results.push(await measureMode('postgres', { DATABASE_URL: db.url }, root));
  } finally {
    await db.drop();
  }

  console.log('');
  console.log(
    `Memory and ${SESSIONS} sessions for ${LOAD_SECONDS} s, each mode a fresh server (no demo data), idle ${IDLE_SECONDS} s first`,
  );
  console.log(
    '| mode | RSS idle | calls | calls/s | p50 | p99 | over 5 s | timeouts (10 s) | not 200 | RSS peak | RSS 5 s after | targets |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    const verdict =
      r.mode === 'pglite'
        ? r.idleMb <= TARGETS.pglite.idleMb && r.peakMb <= TARGETS.pglite.loadMb && r.timeouts === 0
        : r.idleMb <= TARGETS.postgres.idleMb && r.p99 <= TARGETS.postgres.p99Ms && r.timeouts === 0;
    const goal =
      r.mode === 'pglite'
        ? `idle <= ${TARGETS.pglite.idleMb} MB, peak <= ${TARGETS.pglite.loadMb} MB, no timeout`
        : `idle <= ${TARGETS.postgres.idleMb} MB, p99 <= ${TARGETS.postgres.p99Ms} ms`;
    console.log(
      `| ${r.mode} | ${r.idleMb.toFixed(0)} MB | ${r.calls} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.over5s} | ${r.timeouts} | ${r.failed} | ${r.peakMb.toFixed(0)} MB | ${r.afterMb.toFixed(0)} MB | ${verdict ? 'PASS' : 'FAIL'} (${goal}) |`,
    );
    record('memory', `${r.mode} RSS idle`, r.idleMb, 'MB');
    record('memory', `${r.mode} RSS peak under load`, r.peakMb, 'MB');
    record('memory', `${r.mode} calls/s under load`, r.perSecond, '/s', true);
    record('memory', `${r.mode} p99 under load`, r.p99, 'ms');
    record('memory', `${r.mode} timeouts`, r.timeouts, '');
  }
}
