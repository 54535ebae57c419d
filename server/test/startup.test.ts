import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASIC, freshPostgres, onPostgres } from './harness.ts';

/**
 * A quick start (issue 36, point 6): `npm start` (scripts/start.mjs) refuses a taken port before anything slow,
 * builds the server into server/dist only when its sources changed, and that build runs with plain Node (no
 * run-time compiler): it migrates a fresh database, seeds it and answers a login. Real processes.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-startup-'));
const pgdb = onPostgres ? await freshPostgres('template1') : undefined;
const started: ChildProcess[] = [];
let holder: net.Server | undefined;

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  holder?.close();
  await pgdb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // No NODE_OPTIONS from the test runner: the compiled server runs on plain Node.
    env: { ...process.env, NODE_OPTIONS: '', ...env },
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

const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: pgdb?.url ?? '',
  CAPTCHA: 'off',
  DEMO_DATA: 'off',
  JOBS: 'off',
  WEB_DIR: '/nonexistent',
  AMQP_URL: '',
});

beforeAll(() => {
  // The build as npm start makes it (when stale): one bundle of the server and the catalog.
  const build = spawnSync(process.execPath, ['scripts/start-build.mjs', 'server'], { cwd: root, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
}, 120_000);

it('npm start refuses a taken port at once, before building anything, with exit code 98', async () => {
  const taken = net.createServer();
  holder = taken;
  const port = await new Promise<number>((resolve) =>
    taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)),
  );
  const began = performance.now();
  const start = run(['scripts/start.mjs'], { ...serverEnv(port) });
  const outcome = await start.outcome;
  const took = performance.now() - began;
  expect(outcome, start.output()).toEqual({ serving: false, code: 98 });
  expect(start.output()).toContain(`port ${port} on 127.0.0.1 is already in use`);
  expect(start.output()).not.toContain('Building');
  // Well under a second on a quiet machine (a Node start and one listen); held loosely for a busy one.
  expect(took).toBeLessThan(5_000);
  await new Promise((resolve) => holder?.close(resolve));
  holder = undefined;
});

it('a second build finds the server current and builds nothing', () => {
  const again = spawnSync(process.execPath, ['scripts/start-build.mjs', 'server'], { cwd: root, encoding: 'utf8' });
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout).toContain('server: up to date.');
  expect(again.stdout).not.toContain('Building');
});

it('the compiled server runs on plain node: migrates, seeds, serves a login; a taken port exits 98', async () => {
  const bundle = fs.readFileSync(path.join(root, 'server/dist/main.js'), 'utf8');
  // The catalog is inside the bundle; nothing loads TypeScript at run time.
  const imports = bundle.match(/^import .* from "[^"]+";$/gm) ?? [];
  expect(imports.length).toBeGreaterThan(10);
  expect(imports.filter((line) => /"(@park\/|tsx|\.{1,2}\/)|\.ts"/.test(line))).toEqual([]);
  const port = await freePort();

  // Its port taken while it migrated: main.ts's own answer, as when two starts race for one port.
  holder = net.createServer();
  await new Promise<void>((resolve) => holder?.listen(port, '127.0.0.1', resolve));
  const raced = run(['server/dist/main.js'], serverEnv(port));
  expect(await raced.outcome, raced.output()).toEqual({ serving: false, code: 98 });
  expect(raced.output()).toContain(`port ${port} is already in use`);
  await new Promise((resolve) => holder?.close(resolve));
  holder = undefined;

  const server = run(['--import', path.join(import.meta.dirname, 'loaded-packages.mjs'), 'server/dist/main.js'], {
    ...serverEnv(port),
  });
  expect(await server.outcome, server.output()).toEqual({ serving: true });
  const md5 = createHash('md5').update('admin').digest('hex');
  const token = await fetch(
    `http://127.0.0.1:${port}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5}&grant_type=password&scope=all&type=account`,
    { method: 'POST', headers: { authorization: BASIC } },
  ).then((r) => r.json() as Promise<{ access_token?: string }>);
  expect(token.access_token, JSON.stringify(token)).toEqual(expect.any(String));
  const info = await fetch(`http://127.0.0.1:${port}/api/blade-user/info`, {
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` },
  }).then((r) => r.json());
  expect(info).toMatchObject({ code: 200, data: { account: 'admin' } });

  // Serving and signing in loads none of the heavy libraries (platform/heavy.ts), nor the embedded engine on
  // PostgreSQL; the first export loads Excel's and answers a workbook.
  const loaded = () => new Set([...server.output().matchAll(/loaded package (\S+)/g)].map((m) => m[1]));
  expect(loaded()).toContain('fastify');
  const heavy = ['exceljs', 'pdfkit', '@aws-sdk/client-s3', '@aws-sdk/lib-storage'];
  expect(heavy.filter((name) => loaded().has(name))).toEqual([]);
  expect(loaded().has('@electric-sql/pglite')).toBe(!onPostgres);
  const workbook = await fetch(`http://127.0.0.1:${port}/api/blade-log/usual/export`, {
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token.access_token}` },
  });
  expect(workbook.status).toBe(200);
  expect(
    Buffer.from(await workbook.arrayBuffer())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  expect(loaded()).toContain('exceljs');

  const stopped = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
}, 240_000);
