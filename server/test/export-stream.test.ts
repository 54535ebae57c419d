import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../src/platform/db.ts';
import { ADMIN, BASIC, login, onPostgres, startServer, type TestServer } from './harness.ts';

/**
 * An export streams from the database to the socket (issue 36): a large table is read a batch at a time
 * (a cursor on PostgreSQL, keyset batches on PGlite), written and flushed batch by batch, so the download
 * starts long before it ends, the server's memory stays flat, and every row arrives once, in the list's order.
 * A failure after the first byte cuts the download off; one before it answers the envelope.
 */
// The collector on demand, to read what is alive rather than what V8 has not yet collected.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const ROWS = Number(process.env.EXPORTS_ROWS ?? 200_000);
const WHO = 'stream-test';

let server: TestServer;
let admin: string;
let base: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  // Two rows a second, so that equal creation times are ordered by the id, across batch boundaries too.
  await server.platform.db.admin.exec(
    `insert into blade_log_api (id, tenant_id, type, title, method, request_uri, remote_ip, create_by, time, create_time)
     select 1000000000 + g, '${ADMIN.tenantId}', '1', '导出流', 'GET', '/stream/' || g, '127.0.0.1', '${WHO}', '1',
            timestamp '2024-01-01 00:00:00' + (g / 2) * interval '1 second'
       from generate_series(1, ${ROWS}) g`,
  );
  // As a table that grew over time would have: its statistics (the planner's choice) and its rows' hint bits set.
  await server.platform.db.admin.exec('vacuum analyze blade_log_api');
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 300_000);

afterAll(async () => {
  await server?.close();
});

const exportUrl = (query = `createBy=${WHO}`) => `${base}/api/blade-log/api/export?${query}`;
const headers = () => ({ authorization: BASIC, 'blade-auth': `bearer ${admin}` });

/** The request URIs of a workbook's data rows, read with exceljs' streaming reader (the whole book would not fit). */
async function requestUris(file: Buffer | Readable): Promise<{ header: string[]; uris: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Buffer.isBuffer(file) ? Readable.from([file]) : file, {});
  let header: string[] = [];
  const uris: string[] = [];
  let column = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map((v) => (v === undefined ? '' : String(v)));
      if (row.number === 1) {
        header = values;
        column = header.indexOf('请求地址');
      } else uris.push(values[column]);
    }
  }
  return { header, uris };
}

/** Swaps the database's statement runner for one that fails the `n`th batch read (a cursor fetch, a keyset page). */
function failingBatch(db: Database, n: number, error: Error): () => void {
  const { tx, scoped } = db;
  let seen = 0;
  const watched = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      if (/^fetch forward|"__key0"/.test(sql) && ++seen === n) return Promise.reject(error);
      return q.query(sql, params);
    },
  });
  db.tx = <T>(tenantId: string, fn: (q: Queryable) => Promise<T>) =>
    tx.call(db, tenantId, (q: Queryable) => fn(watched(q))) as Promise<T>;
  db.scoped = <T>(tenantId: string, fn: (q: Queryable) => Promise<T>) =>
    scoped.call(db, tenantId, (q: Queryable) => fn(watched(q))) as Promise<T>;
  return () => {
    db.tx = tx;
    db.scoped = scoped;
  };
}

describe(`an export of ${ROWS.toLocaleString('en')} rows (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('arrives complete and in order, starts long before it ends, and keeps the server’s memory flat', async () => {
    gc();
    const before = process.memoryUsage();
    let peak = before.rss;
    let peakLive = before.heapUsed;
    let peakBuffers = before.arrayBuffers;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    // What the export keeps alive, garbage collected first (V8 grows its heap lazily, so RSS alone says little).
    const live = setInterval(() => {
      gc();
      const now = process.memoryUsage();
      peakLive = Math.max(peakLive, now.heapUsed);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    }, 500);
    const started = performance.now();
    let firstByte = 0;
    // To a file: the test holding the download would count in the memory it watches.
    const file = path.join(os.tmpdir(), `export-stream-${process.pid}.xlsx`);
    const saved = fs.createWriteStream(file);
    try {
      const res = await fetch(exportUrl(), { headers: headers() });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        firstByte ||= performance.now() - started;
        if (!saved.write(chunk)) await once(saved, 'drain');
      }
      await new Promise((resolve) => saved.end(resolve));
    } finally {
      clearInterval(sampler);
      clearInterval(live);
    }
    const total = performance.now() - started;
    const grew = (peak - before.rss) / 2 ** 20;
    const kept = (peakLive - before.heapUsed) / 2 ** 20;
    const buffered = (peakBuffers - before.arrayBuffers) / 2 ** 20;
    console.info(
      `export of ${ROWS} rows: first byte ${firstByte.toFixed(0)} ms, all ${total.toFixed(0)} ms, ` +
        `RSS ${(before.rss / 2 ** 20).toFixed(0)} MB before, peak +${grew.toFixed(0)} MB, live heap peak +${kept.toFixed(0)} MB, ` +
        `live buffers peak +${buffered.toFixed(0)} MB`,
    );
    // Streamed: the first bytes come with the first batch, not after the last row was read.
    expect(firstByte).toBeLessThan(total / 4);
    // A batch at a time: read into memory, the 200,000 rows alone stay alive, well over 100 MB.
    expect(kept).toBeLessThan(40);
    // The sheet's text waits in the zip's pipe only until the deflate takes it: a pipe that was never waited on
    // held what the deflate had not reached yet, 75 MB at 200,000 rows and 600 MB at a million.
    expect(buffered).toBeLessThan(16);
    expect(grew).toBeLessThan(200);

    const { header, uris } = await requestUris(fs.createReadStream(file));
    fs.rmSync(file);
    expect(header).toContain('请求地址');
    expect(uris).toHaveLength(ROWS);
    // Newest first, ties by id: row i is /stream/(ROWS - i), none skipped or repeated across batches.
    expect(uris[0]).toBe(`/stream/${ROWS}`);
    expect(uris[ROWS - 1]).toBe('/stream/1');
    const misplaced = uris.findIndex((uri, i) => uri !== `/stream/${ROWS - i}`);
    expect(misplaced).toBe(-1);
  }, 300_000);

  it('is cut off, not completed, when it fails after the download began', async () => {
    const restore = failingBatch(server.platform.db, 3, new Error('the database went away'));
    const chunks: Buffer[] = [];
    try {
      // The connection is dropped: mid-body, or (PGlite reads three batches before the zip's first bytes are
      // out) before the answer's head; either way the download fails.
      const download = (async () => {
        const res = await fetch(exportUrl(), { headers: headers() });
        expect(res.status).toBe(200);
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      })();
      await expect(download).rejects.toThrow();
      // What did arrive is no workbook: the zip's directory at its end never came.
      await expect(new ExcelJS.Workbook().xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer)).rejects.toThrow();
    } finally {
      restore();
    }
    // The connection the export held went back: the list still answers.
    const page = await server.call({ method: 'GET', url: '/api/blade-log/api/page?size=1', token: admin });
    expect(page.status).toBe(200);
  }, 120_000);

  it('answers the envelope when it fails before the first byte (a statement timeout: 400)', async () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const restore = failingBatch(server.platform.db, 1, timeout);
    try {
      const res = await fetch(exportUrl(), { headers: headers() });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, success: false, msg: '查询超时，请缩小查询范围后重试' });
    } finally {
      restore();
    }
  });

  it('gives back its connection when the client goes away mid-download', async () => {
    // More abandoned downloads than the pool has connections (4 in tests): each must have let its own go.
    // node:http, so that leaving closes the socket at once (fetch may keep it a while).
    for (let i = 0; i < 6; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = http.get(exportUrl(), { headers: headers() }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
    }
    const page = await server.call({
      method: 'GET',
      url: `/api/blade-log/api/page?size=1&createBy=${WHO}`,
      token: admin,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(ROWS);
    // And no export is still reading for a client that left (PostgreSQL: no open cursor's transaction lingers).
    if (onPostgres) {
      const reading = async () =>
        (
          await server.platform.db.admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%' and query like 'fetch forward%'`,
          )
        )[0].n;
      await expect.poll(reading, { timeout: 5000 }).toBe(0);
    }
  }, 120_000);

  it('exports the rows picked in the list only, in the same stream', async () => {
    const picked = [1, ROWS / 2, ROWS];
    const ids = picked.map((g) => 1_000_000_000 + g).join(',');
    const res = await fetch(exportUrl(`createBy=${WHO}&ids=${ids}`), { headers: headers() });
    const { uris } = await requestUris(Buffer.from(await res.arrayBuffer()));
    expect(uris).toEqual(picked.reverse().map((g) => `/stream/${g}`));
  });
});
