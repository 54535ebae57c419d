import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The repository's root, where the benchmarks start the server from. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A positive whole number from the environment variable `name`, else `fallback`; anything else stops the bench, saying so. */
export function countFromEnv(name: string, fallback: number): number {
  const given = process.env[name];
  if (given === undefined || given === '') return fallback;
  const count = Number(given);
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a whole number above 0, not "${given}"`);
  return count;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * How the checkout at `root` runs its server in production: the compiled build `npm start` runs (brought up to date
 * first, as `npm start` does) where the checkout has one (scripts/start-build.mjs), else its TypeScript through tsx
 * (commits before the build, such as 30e8a68 for `--compare`). The memory figures measure what an operator runs.
 */
function serverCommand(root: string): string[] {
  const builder = path.join(root, 'scripts/start-build.mjs');
  if (!fs.existsSync(builder)) return ['--import', 'tsx', 'server/src/main.ts'];
  const built = spawnSync(process.execPath, [builder, 'server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`The server's build in ${root} failed`);
  return ['server/dist/main.js'];
}

/**
 * Starts the server of the checkout at `root` (this one, or another commit's worktree for `--compare`; see
 * serverCommand) on `port` (captcha and demo data off, `env` on top) and waits until it answers, at most `waitMs`.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  waitMs: number,
  root = ROOT,
  /** A command the server runs under (a profiler) with its arguments, and flags for Node itself. */
  { under = [], nodeFlags = [] }: { under?: string[]; nodeFlags?: string[] } = {},
): Promise<ChildProcess> {
  const [command, ...args] = [...under, process.execPath, ...nodeFlags, ...serverCommand(root)];
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null | undefined;
  server.on('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`The server exited with code ${exited} before it was ready`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/blade-auth/oauth/captcha`);
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not answer within ${waitMs / 1000} s`);
}

/** The client credentials of the web console, as every BladeX call sends them. */
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** Logs the administrator of tenant 000000 in through the token endpoint and gives the access token. */
export async function loginAdmin(base: string): Promise<string> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: createHash('md5').update('admin').digest('hex'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`Login failed (${res.status}): ${body.error_description ?? 'no token'}`);
  return body.access_token;
}

/** A process's resident memory in MB, from /proc (Linux). */
export function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The kernel's clock ticks per second, in which /proc gives CPU time. */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time, in seconds, spent in the process's own code (user) and in the kernel for it (system). */
export interface CpuSeconds {
  user: number;
  system: number;
}

/** The CPU time process `pid` has used since it started, from /proc/<pid>/stat (Linux); undefined once it is gone. */
function cpuOf(pid: number): CpuSeconds | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses: the fields counted here start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/**
 * The CPU time spent, from now until the answer's `stop()`, by process `pid` and by every process named `command`
 * (PostgreSQL's backends, started meanwhile or not; one that ended meanwhile is left out, its time with it).
 */
export function cpuWatch(pid: number, command: string) {
  const processesNamed = () => {
    const now = new Map<number, CpuSeconds>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== command) continue;
      } catch {
        continue; // ended meanwhile
      }
      const cpu = cpuOf(Number(entry));
      if (cpu) now.set(Number(entry), cpu);
    }
    return now;
  };
  const ownAtStart = cpuOf(pid);
  const othersAtStart = processesNamed();
  if (!ownAtStart) throw new Error(`No process ${pid} to watch`);
  return {
    stop(): { own: CpuSeconds; others: CpuSeconds } {
      const own = cpuOf(pid);
      if (!own) throw new Error(`Process ${pid} ended while it was watched`);
      const others = { user: 0, system: 0 };
      for (const [id, cpu] of processesNamed()) {
        const start = othersAtStart.get(id) ?? { user: 0, system: 0 };
        others.user += cpu.user - start.user;
        others.system += cpu.system - start.system;
      }
      return {
        own: { user: own.user - ownAtStart.user, system: own.system - ownAtStart.system },
        others,
      };
    },
  };
}
