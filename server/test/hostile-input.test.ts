import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { MSG } from '../src/platform/errors.ts';
import { BASIC, login, onPostgres, startServer, type TestServer } from './harness.ts';
import { entityOf, idNames, MULTIPART_BODIES, planSweep } from './hostile-calls.ts';

/**
 * Hostile input on every route (the security review's sweep): impossible dates, ids beyond bigint,
 * NUL characters, integers beyond their column, paging overflow, fractions, wrong JSON types, huge
 * strings, deep nesting and `__proto__` keys, in every query and body field the route's catalog entity
 * declares, the generic list parameters, and the parameter names the hand-written routes read.
 * None may answer 5xx, take 5 s, or write an error-log row: bad input is the caller's fault (400),
 * whichever route it reaches, present or future (the routes are read from the app's route table).
 *
 * Sampling (hostile-calls.ts): one hostile value per call, each value of a field's kind once in each
 * field of the route that leads its code (never the cross product), the routes sharing that code a value
 * of each field in turn, the hand-written routes' own parameter names one value each, and the
 * whole-body hostilities once per POST route; four calls at a time. About 44,000 calls, shared by the two databases
 * in `npm test` (below).
 */
let server: TestServer;
let admin: string;

/** Routes the sweep leaves alone, each with its reason. */
const EXCLUDED: Record<string, string> = {
  'GET /api/blade-auth/oauth/logout': 'revokes the sweep’s own session',
  'POST /api/blade-auth/oauth/logout': 'revokes the sweep’s own session',
  'GET /api/blade-auth/logout': 'revokes the sweep’s own session',
  'POST /api/blade-auth/logout': 'revokes the sweep’s own session',
  'POST /api/blade-resource/sms/endpoint/send-message': 'sends real SMS through a provider’s HTTP API',
  'POST /api/blade-develop/datasource/submit': 'opens a network connection to the data source it is given',
};

/**
 * `npm test` runs this file on both databases, PGlite first and PostgreSQL after, and with HOSTILE_SWEEP_SHARED the two
 * stages share one sweep instead of each making all of it: every call is made once per run. The export routes go to
 * PostgreSQL, the production database (each answers a list's or a statistics screen's query, whose own routes are
 * swept, as a workbook of every row: a sixth of the sweep's time on PGlite); the other calls alternate between the
 * two in the plan's order, so a route with several calls meets both databases, half of its values on each. Alone (or in a
 * run with one database) the file makes the whole sweep.
 */
const shared = process.env.HOSTILE_SWEEP_SHARED === '1';
const isExport = (route: string) => route.endsWith('/export');

/**
 * The error log's rows as `uri: exception message`, to name any row a call added; not the browser's
 * own errors, which `blade-log/client/save` keeps there by design (method CLIENT).
 */
async function errorLog(): Promise<string[]> {
  await server.platform.logs.flush();
  const rows = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ line: string }>(
      `select method || ' ' || request_uri || ': ' || exception_name || ' ' || left(message, 200) as line
         from blade_log_error where method <> 'CLIENT' order by id`,
    ),
  );
  return rows.map((r) => r.line);
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});

afterAll(() => server?.close());

/** A refusal in English should not be written in Chinese (a zh-only message, or a label without its English). */
const CJK = /[\u4e00-\u9fff]/;

describe('hostile input on every route', () => {
  it('is never a 5xx, never slow, never an error-log row', { timeout: 900_000 }, async () => {
    const routes = server.app.apiRoutes.filter((r) => !EXCLUDED[`${r.method} ${r.url}`]);
    expect(routes.length).toBeGreaterThan(300);
    // Every exclusion names a route that exists, so none outlives its route unnoticed.
    const known = new Set(server.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(EXCLUDED).filter((r) => !known.has(r))).toEqual([]);

    // Exports first: each row of the api log the sweep writes holds up to 10 KB of hostile parameters,
    // and exporting thousands of those is slow work of its own, not an answer to bad input.
    const planned = planSweep(routes);
    const exports = planned.filter((call) => isExport(call.route));
    const others = planned.filter((call) => !isExport(call.route));
    // Shared: the exports here on PostgreSQL only, every other call on one database by its place in the plan.
    const calls = shared
      ? [...(onPostgres ? exports : []), ...others.filter((_, i) => i % 2 === Number(onPostgres))]
      : [...exports, ...others];
    const before = await errorLog();
    // The log writer says on the console when a batch could not be written (a value the table refused).
    const logFailures: string[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void logFailures.push(args.map(String).join(' ').slice(0, 300));
    const failures: string[] = [];
    /** Refused by the database rather than by a check before the query (errors.ts dataExceptionOf). */
    const lateRefusals: string[] = [];
    const wrongLanguage: string[] = [];
    const slow: string[] = [];
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const call = calls[next++];
        const opts = call.opts();
        const t0 = Date.now();
        const res = await server.app.inject({
          ...opts,
          headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}`, ...opts.headers },
        });
        const ms = Date.now() - t0;
        const line = `${call.route} ${call.what}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        // A hang, not a speed measure (the benchmarks measure speed): on a machine a third as fast as the earlier
        // ones, an export of every user beside the web build took 5.7 s, so the bound is 10 s.
        if (ms > 10_000) slow.push(`${call.route} ${call.what}: ${ms} ms`);
        if (res.statusCode >= 500 || res.statusCode === 401) failures.push(line);
        if (res.statusCode !== 400) continue;
        const msg = String(JSON.parse(res.body).msg ?? '');
        if (msg === MSG.badValue.zh || msg === MSG.badValue.en) lateRefusals.push(line);
        if (opts.headers?.['accept-language'] === 'en' && CJK.test(msg)) wrongLanguage.push(line);
      }
    };
    try {
      await Promise.all(Array.from({ length: 4 }, worker));
    } finally {
      console.error = consoleError;
    }
    const after = (await errorLog()).slice(before.length);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile sweep: ${calls.length} of ${planned.length} calls${shared ? ' (shared with the other database)' : ''} on ${routes.length} routes in ${seconds} s`,
    );
    const report = { failures, lateRefusals, wrongLanguage, slow, logFailures };
    if (Object.values(report).some((list) => list.length)) {
      const file = path.join(os.tmpdir(), `hostile-input-${process.pid}.json`);
      fs.writeFileSync(file, JSON.stringify(report, null, 1));
      console.log(`every finding: ${file}`);
    }
    expect(failures.slice(0, 50), `${failures.length} of ${calls.length} calls failed`).toEqual([]);
    expect(slow).toEqual([]);
    expect(after, 'new error-log rows').toEqual([]);
    expect(logFailures, 'log writes that failed').toEqual([]);
    // The database's refusal is the last wall only: every value is checked before the query.
    expect(lateRefusals.slice(0, 50), `${lateRefusals.length} refused only by the database`).toEqual([]);
    expect(wrongLanguage.slice(0, 50), `${wrongLanguage.length} English refusals in Chinese`).toEqual([]);
  });
});

describe('malformed uploads', () => {
  /** The id of the row each upload route's attachment would belong to, in each owner's table. */
  const OWNER = '1123598821738675301';

  /** A live row of `entityTable` (or of the table below it, for a view) with id OWNER, its required columns filled. */
  async function ownerRow(entityTable: string) {
    const [base] = await server.platform.db.admin.query<{ name: string }>(
      'select table_name as name from information_schema.view_table_usage where view_name = $1',
      [entityTable],
    );
    const table = base?.name ?? entityTable;
    const required = await server.platform.db.admin.query<{ name: string; type: string }>(
      `select column_name as name, data_type as type from information_schema.columns
        where table_name = $1 and is_nullable = 'NO' and column_default is null and column_name not in ('id', 'tenant_id')`,
      [table],
    );
    const value = (type: string) => (/int|numeric/.test(type) ? 1 : /date|time/.test(type) ? '2024-01-01' : 'x');
    const columns = ['id', 'tenant_id', ...required.map((c) => c.name)];
    await server.platform.db.admin.query(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      [OWNER, '000000', ...required.map((c) => value(c.type))],
    );
  }

  it('are a 400 that says what is wrong on every upload route, never an error-log row', async () => {
    const send = (method: string, url: string, body: (typeof MULTIPART_BODIES)[number], lang = 'zh-CN') =>
      server.app.inject({
        method: method as 'POST',
        url,
        payload: body.payload,
        headers: {
          authorization: BASIC,
          'blade-auth': `bearer ${admin}`,
          'content-type': body.type,
          'accept-language': lang,
        },
      });
    // The upload routes, read from the route table: those that take a multipart body at all (the rest: 415).
    const routes = server.app.apiRoutes.filter((r) => r.method !== 'GET' && !EXCLUDED[`${r.method} ${r.url}`]);
    const probes = await Promise.all(routes.map((r) => send(r.method, r.url, MULTIPART_BODIES[0])));
    const uploads = routes.filter((_, i) => probes[i].statusCode !== 415);
    expect(uploads.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/blade-resource/oss/endpoint/put-file',
        '/api/blade-user/import-user',
        ...server.app.apiRoutes.filter((r) => r.url.endsWith('/save-attach')).map((r) => r.url),
      ]),
    );
    // One that refuses before it reads the upload (404) wants the row its file would belong to.
    const owners = uploads.filter((r) => probes[routes.indexOf(r)].statusCode === 404);
    for (const table of new Set(owners.map((r) => entityOf(r.url)!.table))) await ownerRow(table);
    const owner = new URLSearchParams(idNames().map((n): [string, string] => [n, OWNER])).toString();

    const before = await errorLog();
    const wrong: string[] = [];
    await Promise.all(
      uploads.map(async (r) => {
        for (const body of MULTIPART_BODIES) {
          for (const lang of ['zh-CN', 'en']) {
            const res = await send(r.method, `${r.url}?${owner}`, body, lang);
            const msg = String(JSON.parse(res.body).msg ?? '');
            const said = lang === 'en' ? body.says.test(msg) : CJK.test(msg);
            if (res.statusCode !== 400 || !said)
              wrong.push(`${r.url} ${body.what} (${lang}): ${res.statusCode} ${msg}`);
          }
        }
      }),
    );
    expect(wrong).toEqual([]);
    expect((await errorLog()).slice(before.length), 'new error-log rows').toEqual([]);
  });
});

describe("the review's examples", () => {
  const get = (url: string, lang = 'zh-CN') =>
    server.call({ method: 'GET', url, token: admin, headers: { 'accept-language': lang } });

  it('are 400s that say what is wrong, in the caller’s language', async () => {
    const cases: [string, RegExp, RegExp][] = [
      ['/api/blade-system/param/page?createTime=2024-02-30', /2024-02-30.*无效/, /"2024-02-30" is not a valid value/],
      ['/api/blade-system/param/page?createTime_dategt=2024-01-01%2099:99', /无效/, /not a valid value/],
      ['/api/blade-system/param/page?createUser=123456789012345678901234567890', /无效/, /not a valid value/],
      ['/api/blade-system/param/page?paramName=a%00b', /空字符/, /NUL/],
      ['/api/blade-system/param/page?status=99999999999', /无效/, /not a valid value/],
      ['/api/blade-system/param/page?current=1e20', /current必须是正整数/, /current must be a positive whole number/],
      ['/api/blade-system/param/page?current=99999999999999999&size=1000', /current/, /current/],
      ['/api/blade-message/message/my/topList?size=1.5', /size必须是正整数/, /size must be a positive whole number/],
    ];
    for (const [url, zh, en] of cases) {
      const inZh = await get(url);
      expect(inZh.status, url).toBe(400);
      expect(inZh.body.msg, url).toMatch(zh);
      const inEn = await get(url, 'en');
      expect(inEn.status, url).toBe(400);
      expect(inEn.body.msg, url).toMatch(en);
    }
  });

  it('refuse an impossible date in a body before the database sees it', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-system/tenant/setting?ids=1123598821738675299&expireTime=0000-01-01',
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/yyyy-MM-dd HH:mm:ss/);
  });

  it('still take what is right: a real leap day, the last second of a day, a big page number', async () => {
    for (const url of [
      '/api/blade-system/param/page?createTime_dategt=2024-02-29',
      '/api/blade-system/param/page?createTime_datelt=2024-12-31%2023:59:59',
      '/api/blade-system/param/page?createUser=9223372036854775807&status=-1',
      '/api/blade-system/param/page?current=10000000&size=1000',
      '/api/blade-message/message/my/topList?size=50',
    ]) {
      expect((await get(url)).status, url).toBe(200);
    }
  });
});

describe('the database’s refusal of a value', () => {
  it('is a 400 (SQLSTATE class 22), anything else stays a 500', async () => {
    const { dataExceptionOf } = await import('../src/platform/errors.ts');
    for (const code of ['22007', '22008', '22003', '22P02', '22021', '22P05', '22001']) {
      expect(dataExceptionOf(Object.assign(new Error('x'), { code }))?.code, code).toBe(400);
    }
    for (const code of ['23505', '42601', '40001', undefined]) {
      expect(dataExceptionOf(Object.assign(new Error('x'), { code })), String(code)).toBeUndefined();
    }
  });
});
