import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The end-to-end run's server: the real one (`server/src/main.ts`) on a fresh data folder,
 * removed again when Playwright stops the server. It serves the built web app, so the
 * build must exist first (`npm run build`; `npm test` does it in the stage before).
 */
const root = path.resolve(import.meta.dirname, '../..');
// WEB_DIR lets a run use its own build (several runs on one machine), as the server itself does.
const webIndex = path.join(process.env.WEB_DIR || path.join(root, 'web/dist'), 'index.html');
if (!fs.existsSync(webIndex)) {
  console.error(`The web app is not built (${webIndex} is missing): run "npm run build" first.`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
