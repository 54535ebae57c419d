import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

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
