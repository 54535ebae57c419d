import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { freePort, ROOT, startServer } from './server.ts';

/**
 * `npm run bench:web`: what the first screens cost the browser. Builds the web app (unless --no-build),
 * starts the real server on it (an empty embedded database in a temporary directory, no captcha) and loads,
 * in Chromium with a cold cache: the login page; then, signed in as the administrator, /wel/index; then a
 * generic list screen (/system/param) opened inside the app. For each page it prints every file fetched
 * with its size as sent, as the bytes read, and compressed with brotli here (so the figures do not depend
 * on whether the server compresses), then the time until the login form can be used, without and with
 * throttling (10 Mbit/s, 40 ms round trip, CPU 4x slower). It prints; it asserts nothing.
 *
 *   npm run bench:web [-- --no-build] [-- --web-dir DIR] [-- --runs N] [-- --compare DIR] [-- --bytes-only]
 *
 * `--web-dir` measures another build (an older commit's, say) against today's server. `--compare DIR` measures
 * a second build in the same run, side by side: each run visits one build and then the other, so both see the
 * machine as it is at that moment, and the summary gives each one's figures and the ratio of their times.
 * `--bytes-only` skips the throttled profile: the files and bytes are the same, and a loaded machine is spared it.
 */

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
const TENANT = '000000';
const LIST_PATH = '/system/param';
/** The issue's budgets, brotli-compressed JS and CSS: login, the first signed-in page, a list screen. */
const BUDGETS_KB = { login: 212, home: 450 - 212, list: 60 };
const THROTTLE = { downloadMbit: 10, uploadMbit: 10, latencyMs: 40, cpu: 4 };

interface Options {
  build: boolean;
  webDir: string;
  runs: number;
  compare?: string;
  /** --bytes-only: the unthrottled profile alone (files and bytes do not depend on the throttling). */
  bytesOnly: boolean;
}

function options(argv: string[]): Options {
  const given = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const webDir = given('--web-dir');
  return {
    // Another build is measured as it is.
    build: !argv.includes('--no-build') && webDir === undefined,
    webDir: path.resolve(webDir ?? path.join(ROOT, 'web/dist')),
    runs: Math.max(1, Number(given('--runs') ?? 3)),
    compare: given('--compare') && path.resolve(given('--compare') as string),
    bytesOnly: argv.includes('--bytes-only'),
  };
}

function log(message: string) {
  console.log(`[bench:web] ${message}`);
}

type PageName = 'login' | 'home' | 'list';

/** One response as the browser had it. */
interface Fetched {
  page: PageName;
  url: string;
  kind: string;
  status: number;
  encoding: string;
  /** Bytes on the wire, headers included (CDP encodedDataLength). */
  transferred: number;
  /** The body as read (decoded). */
  raw: number;
  /** The body compressed with brotli here, at the quality a build would use. */
  brotli: number;
}

/** Records every response of the page's session, each under the page being measured when it was asked for. */
class Recorder {
  page: PageName = 'login';
  readonly fetched: Fetched[] = [];
  private readonly pending = new Map<string, Omit<Fetched, 'transferred' | 'raw' | 'brotli'>>();
  private readonly reading: Promise<void>[] = [];
  private readonly asked = new Map<string, PageName>();

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.asked.set(e.requestId, this.page);
    });
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      this.pending.set(e.requestId, {
        page: this.asked.get(e.requestId) ?? this.page,
        url: e.response.url,
        kind: kindOf(e.response.url, e.type),
        status: e.response.status,
        encoding: String(headers['content-encoding'] ?? ''),
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const seen = this.pending.get(e.requestId);
      if (!seen) return;
      this.reading.push(
        this.body(e.requestId).then((body) => {
          this.fetched.push({ ...seen, transferred: e.encodedDataLength, raw: body.length, brotli: brotli(body) });
        }),
      );
    });
  }

  private async body(requestId: string): Promise<Buffer> {
    try {
      const { body, base64Encoded } = await this.cdp.send('Network.getResponseBody', { requestId });
      return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    } catch {
      return Buffer.alloc(0);
    }
  }

  async settled(): Promise<void> {
    await Promise.all(this.reading);
  }
}

function brotli(body: Buffer): number {
  if (body.length === 0) return 0;
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;
}

function kindOf(url: string, type: string): string {
  const { pathname } = new URL(url);
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  if (pathname.startsWith('/api/')) return 'api';
  if (type === 'Document') return 'html';
  return type.toLowerCase();
}

const isCode = (f: Fetched) => f.kind === 'js' || f.kind === 'css';
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: Fetched[], key: 'transferred' | 'raw' | 'brotli') => files.reduce((n, f) => n + f[key], 0);

interface Run {
  fetched: Fetched[];
  /** From the navigation's start to the login form's user name box shown and enabled. */
  loginReadyMs: number;
  /** From the login button's click to the home page's first signed-in screen with the menus loaded. */
  homeReadyMs: number;
  /** From the address change to the list's table shown. */
  listReadyMs: number;
}

/** The little of the DOM the two page functions below use (the bench compiles without the DOM's types). */
interface PageGlobals {
  document: { querySelector(selector: string): { disabled: boolean; offsetParent: unknown } | null };
  performance: { now(): number };
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): void;
  PopStateEvent: new (type: string) => unknown;
}

/** In the page, each frame: the time since the navigation's start once the user name box is shown and enabled. */
function loginFormUsable(): number | false {
  const page = globalThis as unknown as PageGlobals;
  const input = page.document.querySelector('#username');
  return input && !input.disabled && input.offsetParent !== null ? page.performance.now() : false;
}

/** In the page: goes to `to` as a menu click does, the router following the address without a reload. */
function openInApp(to: string): void {
  const page = globalThis as unknown as PageGlobals;
  page.history.pushState({}, '', to);
  page.dispatchEvent(new page.PopStateEvent('popstate'));
}

async function idle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
}

/** One cold visit: a new browser context (empty cache), the three pages in turn. */
async function visit(browser: Browser, base: string, throttled: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLE.latencyMs,
        downloadThroughput: (THROTTLE.downloadMbit * 1_000_000) / 8,
        uploadThroughput: (THROTTLE.uploadMbit * 1_000_000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
    }
    const recorder = new Recorder(cdp);

    recorder.page = 'login';
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    // Polled each frame in the page, so the time is the page's own from the navigation's start.
    const loginReadyMs = await page
      .waitForFunction(loginFormUsable, undefined, { polling: 'raf', timeout: 120_000 })
      .then((handle) => handle.jsonValue() as Promise<number>);
    await idle(page);

    recorder.page = 'home';
    await page.fill('#tenantId', TENANT);
    await page.fill('#username', 'admin');
    await page.fill('#password', 'admin');
    const clicked = Date.now();
    await page.click('button[type=submit]');
    await page.waitForURL('**/wel/index', { timeout: 120_000 });
    await page
      .locator('.ant-layout-sider .ant-menu-item, .ant-layout-sider .ant-menu-submenu')
      .first()
      .waitFor({ timeout: 120_000 });
    const homeReadyMs = Date.now() - clicked;
    await idle(page);

    recorder.page = 'list';
    const opened = Date.now();
    // Inside the app, as a menu click does: the router follows the address without reloading the page.
    await page.evaluate(openInApp, LIST_PATH);
    await page.locator('.ant-table').first().waitFor({ timeout: 120_000 });
    const listReadyMs = Date.now() - opened;
    await idle(page);

    await recorder.settled();
    return { fetched: recorder.fetched, loginReadyMs, homeReadyMs, listReadyMs };
  } finally {
    await context.close();
  }
}

function printFiles(run: Run) {
  const pages: PageName[] = ['login', 'home', 'list'];
  let before = 0;
  for (const name of pages) {
    const files = run.fetched.filter((f) => f.page === name);
    const code = files.filter(isCode).sort((a, b) => b.brotli - a.brotli);
    console.log(`\n${name}: ${code.length} JS/CSS files`);
    console.log(`${'brotli KB'.padStart(10)}${'raw KB'.padStart(10)}${'sent KB'.padStart(10)}  enc  file`);
    for (const f of code) {
      const file = new URL(f.url).pathname;
      console.log(
        `${kb(f.brotli).padStart(10)}${kb(f.raw).padStart(10)}${kb(f.transferred).padStart(10)}  ${(f.encoding || '-').padEnd(4)} ${file}`,
      );
    }
    const codeBrotli = sum(code, 'brotli');
    before += codeBrotli;
    const other = files.filter((f) => !isCode(f));
    console.log(
      `${kb(codeBrotli).padStart(10)}${kb(sum(code, 'raw')).padStart(10)}${kb(sum(code, 'transferred')).padStart(10)}  total JS/CSS` +
        ` (budget ${BUDGETS_KB[name]} KB brotli; so far ${kb(before)} KB)`,
    );
    console.log(
      `${''.padStart(10)}${kb(sum(other, 'raw')).padStart(10)}${kb(sum(other, 'transferred')).padStart(10)}  besides: ${other.length} other responses (${[...new Set(other.map((f) => f.kind))].join(', ')})`,
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function printSummary(runs: { label: string; runs: Run[] }[]) {
  const pages: PageName[] = ['login', 'home', 'list'];
  const first = runs[0].runs[0];
  console.log('\nsummary (JS+CSS of each page, brotli KB as computed here / KB as sent by the server):');
  let sofar = 0;
  for (const name of pages) {
    const code = first.fetched.filter((f) => f.page === name && isCode(f));
    const brotliKb = sum(code, 'brotli') / 1024;
    sofar += brotliKb;
    const all = first.fetched.filter((f) => f.page === name);
    console.log(
      `  ${name.padEnd(6)} ${brotliKb.toFixed(1).padStart(7)} KB br (${sofar.toFixed(1)} cumulative, budget ${BUDGETS_KB[name]})` +
        `  ${kb(sum(code, 'raw')).padStart(7)} KB raw  ${kb(sum(code, 'transferred')).padStart(7)} KB sent` +
        `  ${kb(sum(all, 'transferred')).padStart(7)} KB sent with html/api/images  ${code.length} files`,
    );
  }
  console.log(`\ntimes (median of ${runs[0].runs.length} cold runs):`);
  for (const { label, runs: list } of runs) {
    const at = (key: 'loginReadyMs' | 'homeReadyMs' | 'listReadyMs') =>
      `${median(list.map((r) => r[key])).toFixed(0)} ms`;
    console.log(
      `  ${label.padEnd(40)} login form usable ${at('loginReadyMs').padStart(8)}   home ${at('homeReadyMs').padStart(8)}   list ${at('listReadyMs').padStart(8)}`,
    );
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  if (opts.build) {
    log('building the web app (npm run build -w web)');
    const built = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The web build failed');
  }
  const builds = [opts.webDir, ...(opts.compare ? [opts.compare] : [])];
  for (const webDir of builds) {
    if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`No index.html in ${webDir}`);
  }
  log(`measuring ${builds.join(' beside ')}`);

  // One server per build, each on an empty embedded database of its own.
  const targets: { webDir: string; dataDir: string; base: string; server?: ChildProcess }[] = [];
  let browser: Browser | undefined;
  try {
    for (const webDir of builds) {
      const port = await freePort();
      const target = {
        webDir,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'park-bench-web-')),
        base: `http://127.0.0.1:${port}`,
      };
      targets.push(target);
      log(`starting the server for ${webDir}`);
      Object.assign(target, {
        server: await startServer(port, { DATABASE_URL: '', DATA_DIR: target.dataDir, WEB_DIR: webDir }, 600_000),
      });
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    // A first visit warms each server (its first answers compile routes and fill caches), not measured.
    for (const target of targets) await visit(browser, target.base, false);
    const profiles = [
      { label: 'unthrottled', throttled: false },
      {
        label: `throttled (${THROTTLE.downloadMbit} Mbit/s, ${THROTTLE.latencyMs} ms RTT, CPU ${THROTTLE.cpu}x)`,
        throttled: true,
      },
    ].slice(0, opts.bytesOnly ? 1 : 2);
    const results = targets.map(() => profiles.map((profile) => ({ label: profile.label, runs: [] as Run[] })));
    for (const [p, profile] of profiles.entries()) {
      for (let i = 0; i < opts.runs; i++) {
        for (const [t, target] of targets.entries()) {
          log(`${profile.label}: run ${i + 1} of ${opts.runs}${targets.length > 1 ? ` (${target.webDir})` : ''}`);
          results[t][p].runs.push(await visit(browser, target.base, profile.throttled));
        }
      }
    }
    for (const [t, target] of targets.entries()) {
      if (targets.length > 1) console.log(`\n===== ${target.webDir} =====`);
      printFiles(results[t][0].runs[0]);
      printSummary(results[t]);
    }
    if (targets.length > 1) {
      console.log(`\nside by side, ${builds[0]} against ${builds[1]} (median login form usable):`);
      for (const [p, profile] of profiles.entries()) {
        const [mine, theirs] = results.map((r) => median(r[p].runs.map((run) => run.loginReadyMs)));
        console.log(
          `  ${profile.label.padEnd(40)} ${mine.toFixed(0)} ms against ${theirs.toFixed(0)} ms: ${(mine / theirs).toFixed(2)}x`,
        );
      }
    }
  } finally {
    await browser?.close();
    for (const { server, dataDir } of targets) {
      if (server && server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
