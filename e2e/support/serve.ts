import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The end-to-end run's server: the real one (`server/src/main.ts`) on a fresh data folder,
 * removed again when Playwright stops the server. It serves the built web app, so the
 * build must exist first (`npm run build`; `npm test` does it in the stage before).
 *
 * With E2E_DATABASE_URL (a PostgreSQL server's URL, as npm test passes on a machine that has one) its database is a
 * fresh one on that server, dropped again at the end; without it, the embedded database in the data folder.
 */
const root = path.resolve(import.meta.dirname, '../..');
// WEB_DIR lets a run use its own build (several runs on one machine), as the server itself does.
const webIndex = path.join(process.env.WEB_DIR || path.join(root, 'web/dist'), 'index.html');
if (!fs.existsSync(webIndex)) {
  console.error(`The web app is not built (${webIndex} is missing): run "npm run build" first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-e2e-'));
const serverUrl = process.env.E2E_DATABASE_URL;
const database = `park_e2e_${process.pid}_${Date.now().toString(36)}`;

/** Runs one statement on the PostgreSQL server's own database (`create database` cannot run in a transaction). */
async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let databaseUrl = '';
if (serverUrl) {
  await onServer(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await onServer(`drop database if exists ${database} with (force)`).catch(() => undefined);
  process.exit(code ?? (signal ? 0 : 1));
});
