import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * An idle server gives back the garbage of its last burst (platform/idle-gc.ts). In a process of its own, so that
 * nothing else allocates meanwhile: a burst leaves 60-odd MB of dropped objects in the old generation, then the
 * process idles. V8 alone never collects them while nothing is allocated; with the collector they are gone within
 * its interval. A busy loop is left alone.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const module = path.join(serverDir, 'src/platform/idle-gc.ts');

async function run(script: string): Promise<Record<string, number>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: serverDir, timeout: 30_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

/**
 * A burst: objects held long enough to reach the old generation, then dropped. A full collection while they are
 * still held finishes any cycle V8 had begun, so that V8 alone has no reason to collect again while the process idles.
 */
const BURST = `
  import v8 from 'node:v8';
  import vm from 'node:vm';
  v8.setFlagsFromString('--expose-gc');
  const settle = vm.runInNewContext('gc');
  const used = () => v8.getHeapStatistics().used_heap_size;
  let kept = [];
  for (let i = 0; i < 300_000; i++) kept.push({ i, text: 'row '.repeat(40) + i });
  settle();
  if (kept.length !== 300_000) throw new Error('the burst was collected early');
  kept = null;
  const burst = used();
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
`;

describe('collectWhenIdle', () => {
  it('gives the heap of a burst back once the process is idle', async () => {
    const { burst, idle } = await run(`
      import { collectWhenIdle } from ${JSON.stringify(module)};
      const stop = collectWhenIdle({ intervalMs: 200 });
      ${BURST}
      await sleep(1_000);
      console.log(JSON.stringify({ burst, idle: used() }));
      stop();
    `);
    expect(burst).toBeGreaterThan(60 * 2 ** 20);
    expect(burst - idle).toBeGreaterThan(50 * 2 ** 20);
  });

  it('without it the garbage stays; a busy event loop is not collected', async () => {
    const alone = await run(`${BURST}
      await sleep(1_000);
      console.log(JSON.stringify({ burst, idle: used() }));
    `);
    expect(alone.burst - alone.idle).toBeLessThan(10 * 2 ** 20);

    // The loop blocked 150 ms of every 200: the collector sees it busy and waits.
    const busy = await run(`
      import { collectWhenIdle } from ${JSON.stringify(module)};
      const stop = collectWhenIdle({ intervalMs: 200 });
      ${BURST}
      const until = performance.now() + 1_000;
      while (performance.now() < until) {
        const spin = performance.now() + 150;
        while (performance.now() < spin);
        await sleep(50);
      }
      console.log(JSON.stringify({ burst, busy: used() }));
      stop();
    `);
    expect(busy.burst - busy.busy).toBeLessThan(10 * 2 ** 20);
  });
});
