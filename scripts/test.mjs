#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, in order, stopping at the first stage that fails.
 *
 *   lint -> web unit -> typecheck | web build -> server (PGlite) -> end to end, shared (Playwright, two browsers)
 *   -> end to end, exclusive (one browser) | server (PostgreSQL, when TEST_DATABASE_URL is set)
 *
 * Stages joined by `|` run side by side where one leaves a core idle: the web build's bundler works on one core for
 * most of its time (the short typecheck takes the other), the exclusive walks run one browser at a time and the
 * PostgreSQL stage waits on its database for much of its time, so the other stage fills the idle core. The side
 * stage's output is held and printed when it ends, so the two never interleave.
 *
 * Test stages write JSON reports under .reports/; the closing line is the plain total
 * `N passed, N failed, N skipped`. The exit code is non-zero when a stage failed or when no test ran.
 *
 * Each stage has a time budget (seconds, on the 2-core CI machine), shown beside its duration in the
 * summary; the whole run's budget is 20 minutes. A stage over its budget is a warning,
 * not a failure: the run still passes, but the summary says which stage grew before the whole run outgrows CI.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * The first line of a failure's message, without colours, short enough for the summary; for a failed equality, the
 * first lines of what was received too (an axe check's violations, a list that differs), so the summary says why.
 */
const why = (message) => {
  const lines = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const received = lines
    .filter((l) => /^\+ /.test(l) && !/^\+ (Received|Array \[|\[|\]|Object \{|\{|\})/.test(l))
    .slice(0, 3);
  const shown = [lines[0], ...received].filter(Boolean);
  return shown.map((line) => `\n      ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`).join('');
};

/** A failed Vitest test's message: a timeout comes as a bare stack named STACK_TRACE_ERROR, told here as what it is. */
const vitestMessage = (t) => {
  const message = t.failureMessages?.[0];
  return String(message ?? '').startsWith('Error: STACK_TRACE_ERROR')
    ? `Error: no message, after ${Math.round(t.duration ?? 0)} ms (a timeout: Vitest's report keeps only its stack)`
    : message;
};

/**
 * The three statuses Vitest's JSON report (Jest's shape) gives a test that did not run. It writes `pending` or
 * `skipped` for `it.skip`, for a skipped suite and for the tests under a set-up that failed, and the status named
 * `todo` for a test declared with `it.todo`. All three count as skipped.
 */
const NOT_RUN = ['pending', 'skipped', 'todo'];

/** Vitest's JSON report (Jest's shape) as counts, with the failed tests' names and why each failed; `except` leaves files out. */
function vitestCounts(file, except = new Set()) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tests = r.testResults.filter((f) => !except.has(f.name));
  const count = (...statuses) =>
    tests.reduce((n, f) => n + f.assertionResults.filter((t) => statuses.includes(t.status)).length, 0);
  const failures = tests.flatMap((f) =>
    f.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${path.relative(root, f.name)} › ${t.fullName}${why(vitestMessage(t))}`),
  );
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count(...NOT_RUN),
    failures,
    flaky: [],
  };
}

/**
 * Playwright's JSON report as counts, with the names of the failed tests (and why the last try failed) and of those
 * that passed only on a retry (and why the first try failed).
 */
function playwrightCounts(file) {
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const named = { unexpected: [], flaky: [] };
  // A file's suite is titled by its path, which the spec's own file and line already say; describes add their titles.
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const failedTries = (t.results ?? []).filter(
          (result) => result.status !== 'passed' && result.status !== 'skipped',
        );
        const tried = t.status === 'flaky' ? failedTries[0] : failedTries.at(-1);
        named[t.status]?.push(
          `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${why(tried?.error?.message ?? tried?.errors?.[0]?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures: named.unexpected,
    flaky: named.flaky,
  };
}

function vitestStage(name, budget, workspace, report, env = {}, extra = []) {
  const outputFile = path.join(reports, report);
  return {
    name,
    budget,
    command: bin('vitest'),
    args: ['run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`, ...extra],
    cwd: path.join(root, workspace),
    env,
    report: outputFile,
    counts: vitestCounts,
  };
}

const { TEST_DATABASE_URL, ...envWithoutTestDatabase } = process.env;

/**
 * A Playwright project as a stage: the walks that share the server two at a time (e2e-shared), or those that
 * change what every session sees, one at a time on a server of their own (e2e, without its dependency).
 */
function e2eStage(name, budget, project, report, extra = [], env = {}) {
  return {
    name,
    budget,
    command: bin('playwright'),
    args: ['test', '--config', 'e2e/playwright.config.ts', `--project=${project}`, ...extra],
    // On a machine with a PostgreSQL server the walks' server runs on a fresh database there (e2e/support/serve.ts):
    // the embedded database answers in the server's own thread, and the walks waited on it.
    env: { E2E_REPORT: report, ...(TEST_DATABASE_URL ? { E2E_DATABASE_URL: TEST_DATABASE_URL } : {}), ...env },
    report: path.join(reports, report),
    counts: playwrightCounts,
  };
}

/**
 * The server stages run three test files at a time, one more than the cores: each file's calls wait on its database
 * for part of their time (PostgreSQL's own processes, PGlite's timers and sockets), and a third file fills those waits.
 * Measured on the 2-core machine: the PGlite stage 225 s with two against 211 s with three; the PostgreSQL stage beside
 * the exclusive walks 256 s against 218 s (four: 210 s).
 */
const SERVER_WORKERS = ['--maxWorkers=3'];

/**
 * With both server stages in the run, they share the hostile-input sweep (server/test/hostile-input.test.ts): each call
 * made once per run, on one database or the other, instead of the whole sweep on each.
 */
const SHARED_SWEEP = TEST_DATABASE_URL ? { HOSTILE_SWEEP_SHARED: '1' } : {};

/** Each step is a stage, or stages run side by side (the first one's output live, the others' held). */
const steps = [
  [{ name: 'lint', budget: 10, command: bin('biome'), args: ['check', '.'] }],
  // One after the other: the web unit tests keep both cores busy (two workers), so beside them the typecheck
  // gained nothing and slowed their jsdom forms past their timeouts on a machine with two real cores.
  // In CI a file that failed to load runs once more (filesThatDidNotLoad), as a failed test does; locally all shows.
  [{ ...vitestStage('web unit', 60, 'web', 'web-unit.json'), rerunUnloaded: Boolean(process.env.CI) }],
  // The typecheck (TypeScript 7's native compiler, scripts/typecheck.mjs) beside the web build: measured on the 2-core
  // machine, the two together 83 s, the web build alone 68 s, and with TypeScript 5.9's compiler 107 s. Beside the
  // server tests on PGlite instead (both cores busy), it took their CPU and lengthened that stage by its own.
  [
    { name: 'typecheck', budget: 60, command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'web build', budget: 60, command: 'npm', args: ['run', '--silent', 'build', '-w', 'web'] },
  ],
  [
    {
      ...vitestStage('server (PGlite)', 260, 'server', 'server-pglite.json', SHARED_SWEEP, SERVER_WORKERS),
      baseEnv: envWithoutTestDatabase,
    },
  ],
  [e2eStage('end to end, shared', 700, 'e2e-shared', 'e2e-shared.json')],
  [
    // One browser at a time leaves a core to the PostgreSQL stage, which waits on its database besides.
    // Without the captcha server: its one walk (login-captcha.spec.ts) is a shared one.
    e2eStage('end to end, exclusive', 240, 'e2e', 'e2e-exclusive.json', ['--no-deps'], { E2E_CAPTCHA_SERVER: 'off' }),
    ...(TEST_DATABASE_URL
      ? [vitestStage('server (PostgreSQL)', 240, 'server', 'server-postgres.json', SHARED_SWEEP, SERVER_WORKERS)]
      : []),
  ],
];
const stages = steps.flat();
/** The whole run's budget: 20 minutes on the 2-core CI machine. Stages side by side share it. */
const TOTAL_BUDGET = 1200;

/** Runs a stage; `held` collects its output instead of printing it. Resolves to its exit code. */
function run(stage, held) {
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      cwd: stage.cwd ?? root,
      env: { ...(stage.baseEnv ?? process.env), ...stage.env },
      stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
    });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('error', (err) => {
      console.error(`Could not run ${stage.command}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(signal ? 1 : code));
  });
}

/**
 * The test files of a Vitest report that failed with no failed test: a file that could not load, or whose set-up
 * failed. With the web unit tests' shared module graph, a cold clone's first run has lost such a file now and then to
 * a module that was still loading when an earlier file's environment closed ("Cannot load … after the environment was
 * torn down"); its tests never ran, and Vitest's own retry covers only tests.
 */
function filesThatDidNotLoad(report) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8'));
  if (r.numFailedTests > 0) return [];
  return r.testResults
    .filter((f) => f.status === 'failed')
    .map((f) => ({
      file: f.name,
      message: why(f.message || f.assertionResults.find((t) => t.failureMessages?.length)?.failureMessages[0]),
    }));
}

async function runStage(stage, held) {
  if (stage.report) fs.rmSync(stage.report, { force: true });
  const stageStart = Date.now();
  const exitCode = await run(stage, held);
  let result = { name: stage.name, ok: exitCode === 0, exitCode, ms: 0, budget: stage.budget };
  if (stage.report && fs.existsSync(stage.report)) result.counts = stage.counts(stage.report);
  if (!result.ok && stage.rerunUnloaded && result.counts) result = await rerunUnloaded(stage, held, result);
  result.ms = Date.now() - stageStart;
  return result;
}

/**
 * The stage's files that did not load (filesThatDidNotLoad) run once more, as CI retries a failed test once: the
 * stage passes only if they all pass now, and its counts are the first run's other files and the second run's.
 */
async function rerunUnloaded(stage, held, result) {
  const unloaded = filesThatDidNotLoad(stage.report);
  if (!unloaded.length) return result;
  const again = `${stage.report.replace(/\.json$/, '')}-again.json`;
  const files = unloaded.map(({ file }) => path.relative(stage.cwd ?? root, file));
  console.log(
    `\n${stage.name}: ${files.length} test file(s) did not load; running them once more: ${files.join(', ')}`,
  );
  const args = stage.args.map((arg) => (arg.startsWith('--outputFile=') ? `--outputFile=${again}` : arg));
  fs.rmSync(again, { force: true });
  const exitCode = await run({ ...stage, args: [...args, ...files] }, held);
  if (!fs.existsSync(again)) return { ...result, exitCode, ok: exitCode === 0 };
  const first = stage.counts(stage.report, new Set(unloaded.map(({ file }) => file)));
  const second = stage.counts(again);
  const told = unloaded.map(
    ({ file, message }) => `${path.relative(root, file)} (did not load on the first run)${message}`,
  );
  return {
    ...result,
    ok: exitCode === 0,
    exitCode,
    counts: {
      passed: first.passed + second.passed,
      failed: first.failed + second.failed,
      skipped: first.skipped + second.skipped,
      failures: [...first.failures, ...second.failures],
      flaky: exitCode === 0 ? told : [],
    },
  };
}

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

fs.mkdirSync(reports, { recursive: true });
const results = [];
const started = Date.now();

for (const step of steps) {
  console.log(`\n=== ${step.map((stage) => stage.name).join(' | ')} ===`);
  const heldOutputs = step.map((_, i) => (i === 0 ? undefined : []));
  const stepResults = await Promise.all(step.map((stage, i) => runStage(stage, heldOutputs[i])));
  step.forEach((stage, i) => {
    if (!heldOutputs[i]) return;
    console.log(`\n=== ${stage.name} (ran beside ${step[0].name}) ===`);
    process.stdout.write(Buffer.concat(heldOutputs[i]));
  });
  results.push(...stepResults);
  const failed = stepResults.find((r) => !r.ok);
  if (failed) {
    console.error(`\nStage "${failed.name}" failed (exit code ${failed.exitCode}); later stages were not run.`);
    break;
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
const overBudget = (r) => r.ms > r.budget * 1000;
console.log('\n=== summary ===');
console.log(`      ${'stage'.padEnd(20)} ${'time'.padStart(8)}  ${'budget'.padStart(7)}`);
for (const r of results) {
  let detail = '';
  if (r.counts) {
    detail = `${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`;
    if (r.counts.passed + r.counts.failed === 0) detail += ' (no tests)';
    total.passed += r.counts.passed;
    total.failed += r.counts.failed;
    total.skipped += r.counts.skipped;
  }
  // A stage that failed without a failing test (a lint error, a crash) still counts as one failure.
  if (!r.ok && !(r.counts && r.counts.failed > 0)) {
    total.failed += 1;
    detail = detail ? `${detail}; the stage itself failed` : 'stage failed';
  }
  const budget = `${`${r.budget} s`.padStart(7)}${overBudget(r) ? ' OVER' : '     '}`;
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(20)} ${formatSeconds(r.ms).padStart(8)}  ${budget}  ${detail}`,
  );
}
for (const stage of stages.slice(results.length)) console.log(`skip  ${stage.name}`);
if (!TEST_DATABASE_URL) console.log('(server tests on PostgreSQL were not run: TEST_DATABASE_URL is not set)');
const totalMs = Date.now() - started;
console.log(
  `total time ${formatSeconds(totalMs)} (budget ${TOTAL_BUDGET} s${totalMs > TOTAL_BUDGET * 1000 ? ', OVER' : ''})`,
);
// A warning only: the run's result below does not change.
for (const r of results.filter(overBudget)) {
  console.warn(
    `warning: stage "${r.name}" took ${formatSeconds(r.ms)}, over its budget of ${r.budget} s (${Math.round((r.ms / (r.budget * 1000) - 1) * 100)}% over)`,
  );
}
if (totalMs > TOTAL_BUDGET * 1000) {
  console.warn(`warning: the whole run took ${formatSeconds(totalMs)}, over its budget of ${TOTAL_BUDGET} s`);
}

// Named at the end, where a reader of the run's last lines finds them.
const SHOWN = 10;
for (const [word, key] of [
  ['failed', 'failures'],
  ['flaky (passed on a retry)', 'flaky'],
]) {
  const names = results.flatMap((r) => r.counts?.[key] ?? []);
  if (!names.length) continue;
  console.log(`${word}:`);
  for (const name of names.slice(0, SHOWN)) console.log(`  ${name}`);
  if (names.length > SHOWN) console.log(`  … and ${names.length - SHOWN} more`);
}

const allPassed = results.length === stages.length && results.every((r) => r.ok);
if (allPassed && total.passed + total.failed === 0) console.error('No test ran: that is a failure too.');
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(allPassed && total.failed === 0 && total.passed > 0 ? 0 : 1);
