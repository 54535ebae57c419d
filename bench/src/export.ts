import type pg from 'pg';
import { countFromEnv, rssMbOf } from './server.ts';

/**
 * A streamed export at a million rows (issue 36, point 3; BENCH_ONLY=export): the API log's export of
 * 1,000,000 rows of its own (made once by one insert ... select generate_series, reused after), timed to its
 * first byte and to its end, while the server process's RSS is sampled (/proc/<pid>/status) before, during
 * and after it. Holds when the download starts within a second and the server stays under 300 MB. An export
 * of no rows comes first, so that "before" already holds what any first export loads once (the workbook library
 * and its compiled code): after against before is then what this export kept.
 */
/** BENCH_EXPORT_ROWS: fewer for a quick look (the rows are made again whenever their count differs). */
const ROWS = countFromEnv('BENCH_EXPORT_ROWS', 1_000_000);
/** Far below the snowflake ids the server makes, and apart from the parameter rows' range. */
const FIRST_ID = 2_000_000_000_000;
const WHO = 'bench-export';
const TARGETS = { firstByteMs: 1000, peakRssMb: 300 };

function log(message: string) {
  console.log(`[bench] ${message}`);
}

async function ensureLogRows(db: pg.Client, tenantId: string) {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from blade_log_api where tenant_id = $1 and create_by = $2`,
    [tenantId, WHO],
  );
  if (Number(rows[0].n) === ROWS) {
    log(`reusing the ${ROWS.toLocaleString('en')} API log rows of the export already in the database`);
    return;
  }
  log(`generating ${ROWS.toLocaleString('en')} API log rows for the export`);
  const started = performance.now();
  await db.query(`delete from blade_log_api where create_by = $1`, [WHO]);
  await db.query(
    `insert into blade_log_api
       (id, tenant_id, service_id, server_host, server_ip, env, type, title, method, request_uri, user_agent,
        remote_ip, params, time, create_by, create_time)
     select $1::bigint + g, $2, 'park-console', 'bench-host', '10.0.0.1', 'prod', '1', '参数分页', 'GET',
            '/api/blade-system/param/page?current=' || g, 'Mozilla/5.0 (bench)', '10.0.' || (g % 250) || '.' || (g % 200),
            'current=' || g, (g % 97)::text, $3, localtimestamp(0) - make_interval(secs => g)
       from generate_series(1, $4::int) as g`,
    [FIRST_ID, tenantId, WHO, ROWS],
  );
  await db.query('vacuum analyze blade_log_api');
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface ExportFigures {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** Before the export, after the export of no rows. */
  idleRssMb: number;
  peakRssMb: number;
  afterRssMb: number;
  /** Before the export of no rows. */
  freshRssMb: number;
}

export async function exportBench(opts: {
  base: string;
  db: pg.Client;
  headers: Record<string, string>;
  serverPid: number;
  tenantId: string;
}): Promise<ExportFigures> {
  const { base, db, headers, serverPid, tenantId } = opts;
  await ensureLogRows(db, tenantId);
  const freshRssMb = rssMbOf(serverPid);
  const none = await fetch(`${base}/api/blade-log/api/export?createBy=${WHO}-none`, { headers });
  if (none.status !== 200) throw new Error(`The export of no rows answered ${none.status}`);
  await none.arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRssMb = rssMbOf(serverPid);
  let peakRssMb = idleRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, rssMbOf(serverPid));
  }, 25);
  log(`exporting ${ROWS.toLocaleString('en')} API log rows (server RSS ${idleRssMb.toFixed(0)} MB before)`);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  try {
    const res = await fetch(`${base}/api/blade-log/api/export?createBy=${WHO}`, { headers });
    if (res.status !== 200) throw new Error(`The export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteMs ||= performance.now() - started;
      bytes += chunk.length;
      tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-64);
    }
  } finally {
    clearInterval(sampler);
  }
  const totalMs = performance.now() - started;
  // A whole zip ends with its directory's end record (PK 05 06 and 18 more bytes, no comment).
  if (tail.subarray(-22, -18).toString('hex') !== '504b0506') throw new Error('The export did not end as a whole zip');
  // Given back: the server's RSS a few seconds after the download.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const afterRssMb = rssMbOf(serverPid);
  const figures = { rows: ROWS, bytes, firstByteMs, totalMs, freshRssMb, idleRssMb, peakRssMb, afterRssMb };
  report(figures);
  return figures;
}

function report(f: ExportFigures) {
  const ok = f.firstByteMs <= TARGETS.firstByteMs && f.peakRssMb <= TARGETS.peakRssMb;
  console.log('');
  console.log(
    `export of ${f.rows.toLocaleString('en')} API log rows, streamed (${(f.bytes / 2 ** 20).toFixed(1)} MB .xlsx)`,
  );
  console.log(`  first byte      ${f.firstByteMs.toFixed(0)} ms (target <= ${TARGETS.firstByteMs} ms)`);
  console.log(
    `  all of it       ${(f.totalMs / 1000).toFixed(1)} s (${Math.round(f.rows / (f.totalMs / 1000))} rows/s)`,
  );
  console.log(
    `  server RSS      ${f.freshRssMb.toFixed(0)} MB fresh, ${f.idleRssMb.toFixed(0)} MB after an export of no rows, ` +
      `${f.peakRssMb.toFixed(0)} MB peak ` +
      `(target <= ${TARGETS.peakRssMb} MB), ${f.afterRssMb.toFixed(0)} MB 5 s after`,
  );
  console.log(`  ${ok ? 'PASS' : 'FAIL'}`);
}
