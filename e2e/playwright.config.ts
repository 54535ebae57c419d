import net from 'node:net';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End to end in Debian's Chromium (/usr/bin/chromium; Playwright never downloads a browser here)
 * against the real server with demo data on a fresh embedded database. One worker: the tests share
 * that server and change its data.
 */

/** A port nobody listens on now, so that several runs on one machine do not meet. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Chosen once in the runner; its workers inherit the variable and so reach the same server.
process.env.E2E_PORT ||= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: 'tests',
  outputDir: path.join(root, 'test-results'),
  workers: 1,
  // One retry in CI only: a test that needs it is reported as flaky, not hidden; locally every failure shows.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, '.reports/e2e.json') }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'e2e', testMatch: '**/*.spec.ts' },
    // The README's screenshots, on demand only: npm run screenshots
    { name: 'screenshots', testMatch: '**/*.shot.ts' },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/serve.ts',
    cwd: root,
    url: `${baseURL}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      // Always the embedded database, whatever the shell that runs the tests points at.
      DATABASE_URL: '',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
