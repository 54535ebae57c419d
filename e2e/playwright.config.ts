import net from 'node:net';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End to end in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, or E2E_BROWSER; Playwright
 * never downloads a browser here) against the real server with demo data on a fresh database (embedded, or on PostgreSQL with E2E_DATABASE_URL). The tests share that server:
 * most of them touch only rows they make themselves and run two at a time; the few that change what
 * every session sees (settings, the admin's messages, the menu tree, the admin's failed logins) or
 * measure whole lists run afterwards, one at a time.
 */

/** The walks that change or measure what every other walk sees: run alone, after the others. */
const EXCLUSIVE = [
  'login.spec.ts',
  'shell-switch.spec.ts',
  'shell-bell.spec.ts',
  'message-centre.spec.ts',
  'system-menu.spec.ts',
  'system-topmenu.spec.ts',
  'crud-layout.spec.ts',
  // Enables its own SMS configuration, which disables the one another walk may have just enabled.
  'resource-sms-send.spec.ts',
  // Enables 对象存储 configurations (one at the fake S3, others at stores that do not exist): other walks' uploads would go there meanwhile.
  'resource-oss.spec.ts',
  // Deploys a new version of the demo 请假流程 and 报销流程 and suspends it for a moment: a leave or a claim another
  // walk starts meanwhile is refused.
  'workflow-model.spec.ts',
].map((file) => `**/${file}`);

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

// Chosen once in the runner; its workers inherit the variables and so reach the same servers.
process.env.E2E_PORT ||= String(await freePort());
const port = Number(process.env.E2E_PORT);
while (!process.env.E2E_CAPTCHA_PORT || process.env.E2E_CAPTCHA_PORT === process.env.E2E_PORT) {
  process.env.E2E_CAPTCHA_PORT = String(await freePort());
}
const taken = () => [process.env.E2E_PORT, process.env.E2E_CAPTCHA_PORT];
while (!process.env.E2E_SMS_PORT || taken().includes(process.env.E2E_SMS_PORT)) {
  process.env.E2E_SMS_PORT = String(await freePort());
}
const smsPort = Number(process.env.E2E_SMS_PORT);
while (!process.env.E2E_S3_PORT || [...taken(), process.env.E2E_SMS_PORT].includes(process.env.E2E_S3_PORT)) {
  process.env.E2E_S3_PORT = String(await freePort());
}
const s3Port = Number(process.env.E2E_S3_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');

/**
 * The real server (support/serve.ts) on its own fresh database. Playwright waits for the
 * one it is given a URL for before the tests start; one without is only launched (and stopped at the end).
 */
function server(serverPort: number, env: Record<string, string>, waitFor: boolean) {
  return {
    command: 'node --import tsx e2e/support/serve.ts',
    cwd: root,
    url: waitFor ? `http://127.0.0.1:${serverPort}/` : undefined,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The embedded database whatever the shell points at, unless E2E_DATABASE_URL names a PostgreSQL server, where
      // serve.ts makes the run a database of its own (npm test does so on a machine that has one).
      DATABASE_URL: '',
      ...env,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  };
}

export default defineConfig({
  testDir: 'tests',
  outputDir: path.join(root, 'test-results'),
  // Two browsers beside the server keep this 2-core machine busy without starving any of them.
  workers: 2,
  // One retry in CI only: a test that needs it is reported as flaky, not hidden; locally every failure shows.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Two minutes a walk: beside a second browser and the server, the 2-core CI machine took 30-65 s for walks of a
  // dozen steps (a fill or an Enter 1-2 s each), so a minute ran the longer ones out. Longer walks say their own.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // npm test runs the shared walks and the exclusive ones as two stages, each with its own report (E2E_REPORT).
  reporter: [['list'], ['json', { outputFile: path.join(root, '.reports', process.env.E2E_REPORT || 'e2e.json') }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // The console then skips its animations (web/src/shell/UiProvider.tsx): no walk waits for a dialog to zoom in.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_BROWSER || '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No optimising compiler: a walk's page lives seconds, and TurboFan's background compiles of the console's
        // code took about a tenth of the browser's CPU without paying back (docs/decisions.md).
        '--js-flags=--no-opt',
      ],
    },
  },
  projects: [
    { name: 'e2e-shared', testMatch: '**/*.spec.ts', testIgnore: EXCLUSIVE },
    // `--project=e2e` runs the whole suite: the shared walks first, as this one's dependency.
    { name: 'e2e', testMatch: EXCLUSIVE, workers: 1, dependencies: ['e2e-shared'] },
    // The README's screenshots, on demand only: npm run screenshots
    { name: 'screenshots', testMatch: '**/*.shot.ts' },
  ],
  webServer: [
    // A second server with the captcha on, for the login page's captcha only (login-captcha.spec.ts, which
    // waits for it). Playwright starts web servers one after the other; launched first and not waited for,
    // this one starts beside the suite's instead of adding its start-up time to the run. Left out where that
    // walk does not run (E2E_CAPTCHA_SERVER=off: npm test's exclusive stage), as its start-up is a server's seeding.
    ...(process.env.E2E_CAPTCHA_SERVER === 'off'
      ? []
      : [server(Number(process.env.E2E_CAPTCHA_PORT), { CAPTCHA: 'on', DEMO_DATA: 'off' }, false)]),
    // A fake SMS provider (it checks each provider's request signature) for the SMS send walk; waited for by its port.
    {
      command: 'node --import tsx e2e/support/fake-sms.ts',
      cwd: root,
      port: smsPort,
      env: { E2E_SMS_PORT: String(smsPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    },
    // A fake S3 server (s3rver, one bucket) for the 对象存储 walk's enabled configuration; waited for by its port.
    {
      command: 'node --import tsx e2e/support/fake-s3.ts',
      cwd: root,
      port: s3Port,
      env: { E2E_S3_PORT: String(s3Port) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    },
    // The suite's server: captcha off, so that every test logs in without one; SMS goes to the fake. The
    // 对象存储 walk's configuration names the fake S3 on 127.0.0.1, which only a test run may allow. Every walk
    // signs in from 127.0.0.1, so the per-address limit of the token endpoint (120 a minute) is off: two workers'
    // sign-ins at a busy minute reached it, and a form login answered 429 (server/test covers the limit).
    server(
      port,
      {
        CAPTCHA: 'off',
        RATE_LIMIT: 'off',
        DEMO_DATA: 'on',
        SMS_ENDPOINT_OVERRIDE: `http://127.0.0.1:${smsPort}`,
        OUTBOUND_ALLOW_LOOPBACK: 'on',
      },
      true,
    ),
  ],
});
