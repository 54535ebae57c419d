import http from 'node:http';
import { record } from './figures.ts';
import { countFromEnv } from './server.ts';

/**
 * The slow shapes of a list at a million rows (issue 36, point 4; BENCH_ONLY=scale), over the parameter list's
 * bench rows: a contains-search on a text column (`paramName_like`, a trigram index's work), a sort on a column
 * the catalog may not declare sortable (`descs=param_value`: the server sorts, ignores or refuses it), a deep page
 * (`current=50000`, offset 499,990: served, or refused past a documented cap) and, while SCALE_IN_FLIGHT
 * contains-searches run at once, the detail (which alone takes a few ms). Each one at a time, SCALE_RUNS times:
 * its answer (HTTP status and body code, a refusal is a figure too), median and p99. Targets: every list answer
 * under 50 ms at p99 and the detail under 20 ms with the searches in flight.
 */
const RUNS = countFromEnv('SCALE_RUNS', 20);
const IN_FLIGHT = countFromEnv('SCALE_IN_FLIGHT', 10);
const TARGETS = { listP99Ms: 50, detailP99Ms: 20 };

function log(message: string) {
  console.log(`[bench:scale] ${message}`);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

interface Answered {
  ms: number;
  status: number;
  code: number | undefined;
  msg: string | undefined;
  total: number | undefined;
}

function getOnce(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Answered> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        let body: { code?: number; msg?: string; data?: { total?: number } } = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON: the status says enough
        }
        resolve({ ms, status: res.statusCode ?? 0, code: body.code, msg: body.msg, total: body.data?.total });
      });
    });
    req.on('error', reject);
  });
}

interface Shape {
  name: string;
  path: string;
}

export async function scaleBench(opts: {
  base: string;
  headers: Record<string, string>;
  rows: number;
  detailId: string;
}): Promise<void> {
  const { base, headers, rows } = opts;
  const page = (query: Record<string, string>) =>
    `/api/blade-system/param/page?${new URLSearchParams({ current: '1', size: '10', ...query })}`;
  // The bench rows are named 'Bench parameter <n>': '12345' is in 1 of 10,000ish names at a million rows.
  const deep = Math.max(1, Math.floor(rows / 20));
  const shapes: Shape[] = [
    { name: 'contains-search (paramName_like=12345)', path: page({ paramName_like: '12345' }) },
    { name: 'contains-search, no match (paramName_like=zzzz)', path: page({ paramName_like: 'zzzz' }) },
    { name: 'sort on param_value (descs)', path: page({ descs: 'param_value' }) },
    { name: `deep page (current=${deep})`, path: page({ current: String(deep) }) },
  ];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  console.log('');
  console.log(`Lists at ${rows.toLocaleString('en')} parameter rows, HTTP one at a time, ${RUNS} runs each`);
  console.log('| request | answer | total | median | p99 | p99 target |');
  console.log('| --- | --- | ---: | ---: | ---: | --- |');
  try {
    for (const shape of shapes) {
      const first = await getOnce(agent, base + shape.path, headers);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await getOnce(agent, base + shape.path, headers)).ms);
      times.sort((a, b) => a - b);
      const answer =
        first.status === 200 && first.code === 200
          ? '200'
          : `${first.status}/${first.code ?? '-'} ${String(first.msg ?? '').slice(0, 60)}`;
      const p99 = at(times, 0.99);
      console.log(
        `| ${shape.name} | ${answer} | ${first.total ?? '-'} | ${at(times, 0.5).toFixed(1)} ms | ${p99.toFixed(1)} ms | ${p99 <= TARGETS.listP99Ms ? 'PASS' : 'FAIL'} (<= ${TARGETS.listP99Ms} ms) |`,
      );
      record('scale', `${shape.name} p99`, p99, 'ms');
      log(`${shape.name}: ${answer}`);
    }

    // The detail while contains-searches keep the server and the database busy (each caller its own connection).
    const contains = base + shapes[0].path;
    let stop = false;
    const busy = Array.from({ length: IN_FLIGHT }, async () => {
      const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
      let n = 0;
      while (!stop) {
        await getOnce(own, contains, headers);
        n++;
      }
      own.destroy();
      return n;
    });
    await new Promise((r) => setTimeout(r, 500));
    const detail = `${base}/api/blade-system/param/detail?id=${opts.detailId}`;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = await getOnce(agent, detail, headers);
      if (a.status !== 200) throw new Error(`The detail answered ${a.status} ${a.msg ?? ''}`);
      times.push(a.ms);
    }
    stop = true;
    const searches = (await Promise.all(busy)).reduce((n, c) => n + c, 0);
    times.sort((a, b) => a - b);
    const p99 = at(times, 0.99);
    console.log(
      `| detail with ${IN_FLIGHT} contains-searches in flight (${searches} searched meanwhile) | 200 | - | ${at(times, 0.5).toFixed(1)} ms | ${p99.toFixed(1)} ms | ${p99 <= TARGETS.detailP99Ms ? 'PASS' : 'FAIL'} (<= ${TARGETS.detailP99Ms} ms) |`,
    );
    record('scale', `detail, ${IN_FLIGHT} searches in flight p99`, p99, 'ms');
  } finally {
    agent.destroy();
  }
}
