import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_ROLE } from '../../server/src/platform/db.ts';
import { countFromEnv, freePort, startServer } from './server.ts';

/**
 * The server's own work per request, counted by callgrind in instructions (BENCH_ONLY=instructions; issue 36,
 * point 1). Requests a second depend on how fast the machine is that minute, and on these shared machines two runs
 * of the same server moved by a fifth; the instructions a request costs do not. The server runs under
 * `valgrind --tool=callgrind` with instrumentation off; each scenario is called INSTR_WARMUP times, twice round,
 * so that V8 has compiled what it will compile; then, one scenario at a time, instrumentation is switched on, the
 * scenario called INSTR_REQUESTS times one after another, and the count dumped. Node runs single-threaded (no
 * background compiler or collector threads) with fixed hash and random seeds. What is counted is everything the
 * server's process runs for those requests, its garbage collection included, and nothing of PostgreSQL's (another
 * process). The collections are the spread that is left: a full one falls into one run's window and not into
 * another's, so runs of the same server still differ by up to a seventh; take the median of several runs.
 */
const WARMUP = countFromEnv('INSTR_WARMUP', 1000);
const REQUESTS = countFromEnv('INSTR_REQUESTS', 1000);

export interface CountedScenario {
  name: string;
  /** One call, resolved once answered with 200. */
  once: () => Promise<void>;
  /** Lets go of the scenario's connection. */
  close: () => void;
}

/** Fails at once, with what to install, where valgrind is missing. */
export function checkValgrind(): void {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    throw new Error('BENCH_ONLY=instructions runs the server under valgrind: apt-get install valgrind');
  }
}

/**
 * One run: the server of the checkout at `root` under callgrind, its scenarios (from `scenariosOf`, given the
 * server's address) warmed up and then counted. Gives the instructions per request of each scenario.
 */
export async function instructionsPerRequest(opts: {
  root: string;
  databaseUrl: string;
  scenariosOf: (base: string) => Promise<CountedScenario[]>;
}): Promise<Map<string, number>> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'park-instructions-'));
  const port = await freePort();
  const server = await startServer(
    port,
    { DATABASE_URL: opts.databaseUrl, RATE_LIMIT: 'off', JOBS: 'off' },
    900_000,
    opts.root,
    {
      under: [
        'valgrind',
        '--tool=callgrind',
        '--instr-atstart=no',
        // V8 writes machine code into memory it then runs: every write is checked for code valgrind has translated.
        '--smc-check=all-non-file',
        `--callgrind-out-file=${out}/callgrind.%p`,
      ],
      nodeFlags: ['--single-threaded', '--hash-seed=1', '--random-seed=1'],
    },
  );
  // callgrind_control finds the process by a file named after its pid, user and HOST, and startServer sets HOST.
  const control = (...args: string[]) =>
    execFileSync('callgrind_control', [...args, String(server.pid)], {
      env: { ...process.env, HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
  const counts = new Map<string, number>();
  let scenarios: CountedScenario[] = [];
  try {
    scenarios = await opts.scenariosOf(`http://127.0.0.1:${port}`);
    for (let round = 0; round < 2; round++) {
      for (const scenario of scenarios) for (let i = 0; i < WARMUP; i++) await scenario.once();
    }
    for (const scenario of scenarios) {
      control('--instr=on');
      control('--zero');
      for (let i = 0; i < REQUESTS; i++) await scenario.once();
      control(`--dump=${scenario.name}`);
      control('--instr=off');
    }
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    // Each dump is a file of its own (callgrind.<pid>.<n>) naming its trigger and giving its total.
    for (const file of fs.readdirSync(out)) {
      const text = fs.readFileSync(path.join(out, file), 'utf8');
      const name = /^desc: Trigger: dump (.+)$/m.exec(text)?.[1];
      const total = /^totals: (\d+)$/m.exec(text)?.[1];
      if (name && total) counts.set(name, Number(total) / REQUESTS);
    }
    const missing = scenarios.filter((scenario) => !counts.has(scenario.name));
    if (missing.length) throw new Error(`callgrind wrote no count for ${missing.map((m) => m.name).join(', ')}`);
  } finally {
    for (const scenario of scenarios) scenario.close();
    server.kill('SIGKILL');
    fs.rmSync(out, { recursive: true, force: true });
  }
  return counts;
}

/** A request's statements as the server runs them: each prepared by name, with its parameters. */
export interface CountedStatements {
  name: string;
  statements: () => { sql: string; params: unknown[] }[];
}

const DB_WARMUP = countFromEnv('INSTR_DB_WARMUP', 100);
const DB_CALLS = countFromEnv('INSTR_DB_CALLS', 200);

/**
 * PostgreSQL's side of a request (BENCH_ONLY=instructions-db): what its backend runs for the request's statements,
 * counted by callgrind. The cluster runs under `valgrind --tool=callgrind --callgrind-out-file=<out>/callgrind.%p`;
 * a backend is a fork of the postmaster, so it is counted from its start to its end and writes its file when it
 * ends; autovacuum is off there, as a run of it in the window changed a count by a third (README, "Benchmark").
 * Each scenario runs on a connection of its own, as the server's pool runs it (the restricted role, the tenant
 * set before each statement, the statement prepared by name): DB_WARMUP + DB_CALLS calls on one connection,
 * DB_WARMUP + 2 × DB_CALLS on another, and the difference of the two backends' counts is DB_CALLS calls, the
 * connection's start and warm-up taken out. Nothing else runs on those backends, so the figure repeats to a tenth
 * of a percent.
 */
export async function databaseInstructionsPerCall(opts: {
  databaseUrl: string;
  out: string;
  tenantId: string;
  scenarios: CountedStatements[];
}): Promise<Map<string, number>> {
  const backendTotal = async (scenario: CountedStatements, calls: number) => {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    let pid: number;
    try {
      await client.query(`set role ${APP_ROLE}`);
      pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      for (let i = 0; i < DB_WARMUP + calls; i++) {
        await client.query(`select set_config('park.tenant_id', $1, false)`, [opts.tenantId]);
        for (const s of scenario.statements()) {
          const name = `count_${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}`;
          await client.query({ name, text: s.sql, values: s.params });
        }
      }
    } finally {
      await client.end();
    }
    // The backend writes its count as it exits, a moment after the connection closed.
    const file = path.join(opts.out, `callgrind.${pid}`);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const total = fs.existsSync(file) && /^totals: (\d+)$/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
      if (total) return Number(total);
      if (Date.now() > deadline) {
        throw new Error(`No count from backend ${pid} in ${opts.out}: is the cluster running under callgrind?`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const counts = new Map<string, number>();
  for (const scenario of opts.scenarios) {
    const once = await backendTotal(scenario, DB_CALLS);
    const twice = await backendTotal(scenario, 2 * DB_CALLS);
    counts.set(scenario.name, (twice - once) / DB_CALLS);
  }
  return counts;
}
