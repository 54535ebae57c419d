import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUse, lockDataFolder, processStart } from '../src/platform/db.ts';

/**
 * One embedded database, one server: a second `npm start` on the same DATA_DIR refuses to start,
 * naming the folder and the process that holds it, and a lock left by a killed server (kill -9)
 * does not stand in the way of the next start. Real processes, as main.ts runs.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-lock-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  other?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the server says it is serving, or with the exit code when it stops first. */
  outcome: Promise<{ serving: true } | { serving: false; code: number | null }>;
}

function start(): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      DEMO_DATA: 'off',
      WEB_DIR: '/nonexistent',
      JOBS: 'off',
      DATABASE_URL: '',
      AMQP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  const outcome = new Promise<{ serving: true } | { serving: false; code: number | null }>((resolve) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('Park Console is serving')) resolve({ serving: true });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => resolve({ serving: false, code }));
  });
  return { child, output: () => text, outcome };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

// The embedded database only: the PostgreSQL stage (TEST_DATABASE_URL) has no data folder to guard.
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'refuses a second server on the same data folder, and starts again after the first was killed',
  {
    timeout: 180_000,
  },
  async () => {
    const first = start();
    expect(await first.outcome, first.output()).toEqual({ serving: true });

    const second = start();
    const refused = await second.outcome;
    expect(refused, second.output()).toEqual({ serving: false, code: 1 });
    expect(second.output()).toContain(path.join(dataDir, 'pgdata'));
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    // kill -9 leaves the lock file behind; its process is gone, so the next start takes it over.
    await killed(first.child);
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(true);
    const third = start();
    expect(await third.outcome, third.output()).toEqual({ serving: true });
    expect(fs.readFileSync(path.join(dataDir, 'pgdata.lock'), 'utf8')).toContain(`${third.child.pid}@`);

    // A clean stop (SIGTERM) releases the lock.
    const stopped = new Promise((resolve) => third.child.once('exit', resolve));
    third.child.kill('SIGTERM');
    await stopped;
    expect(fs.existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
  },
);

/**
 * A lock whose pid is alive is told apart by the start of its process (/proc, Linux): the lock's own
 * holder refuses as another Park Console process; an unrelated process that reuses the pid is no holder,
 * so the lock is stale and taken over; a pid whose start cannot be compared refuses, saying how to clear it.
 */
let other: ChildProcess | undefined;
describe.skipIf(process.platform !== 'linux')('a lock whose pid is alive', () => {
  const folder = path.join(dataDir, 'unit');
  const file = `${folder}.lock`;
  const host = os.hostname();
  let pid = 0;
  beforeAll(async () => {
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    await new Promise((resolve, reject) => other?.once('spawn', resolve).once('error', reject));
    pid = other.pid ?? 0;
  });
  const refusal = () => {
    try {
      lockDataFolder(folder)();
    } catch (err) {
      expect(err).toBeInstanceOf(DataFolderInUse);
      return (err as Error).message;
    }
    throw new Error('the lock was taken');
  };

  it('refuses as another Park Console process when that very process holds it', () => {
    fs.writeFileSync(file, `${pid}@${host} ${processStart(pid)}\n`);
    expect(refusal()).toContain(`another Park Console process (pid ${pid})`);
  });

  it('takes it over when the pid now belongs to a process started at another time (a reused pid)', () => {
    fs.writeFileSync(file, `${pid}@${host} ${processStart(process.pid)}\n`);
    const release = lockDataFolder(folder);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${process.pid}@${host} ${processStart(process.pid)}\n`);
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses, saying how to clear it, when the start cannot be compared', () => {
    fs.writeFileSync(file, `${pid}@${host}\n`);
    const message = refusal();
    expect(message).not.toContain('another Park Console process');
    expect(message).toContain(`delete the lock file ${file}`);
  });
});
