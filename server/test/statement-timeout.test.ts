import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { dataExceptionOf } from '../src/platform/errors.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, login, onPostgres, startServer, type TestServer } from './harness.ts';

/**
 * Every statement runs under a statement timeout (STATEMENT_TIMEOUT, LONG_STATEMENT_TIMEOUT for exports and
 * reports); one that hits it answers 400 with a clear message, never a 500, and leaves its connection usable.
 * PostgreSQL only: PGlite has no timers in its WebAssembly build and honours no statement_timeout (README).
 * A statement is kept waiting here the way a slow one would be: behind a lock another connection holds.
 */
const TIMEOUT = '查询超时，请缩小查询范围后重试';

describe('the settings', () => {
  it('reads STATEMENT_TIMEOUT and LONG_STATEMENT_TIMEOUT in milliseconds, 30 s and 120 s unless set', () => {
    expect(loadConfig({}).statementTimeouts).toEqual({ query: 30_000, long: 120_000 });
    expect(loadConfig({ STATEMENT_TIMEOUT: '800', LONG_STATEMENT_TIMEOUT: '0' }).statementTimeouts).toEqual({
      query: 800,
      long: 0,
    });
    expect(() => loadConfig({ STATEMENT_TIMEOUT: '5s' })).toThrow(/STATEMENT_TIMEOUT must be a whole number/);
  });

  it('maps a cancelled statement (57014) to 400 with the message, on either database', () => {
    const refusal = dataExceptionOf(
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    );
    expect(refusal?.code).toBe(400);
    expect(refusal?.messageIn('zh')).toBe(TIMEOUT);
  });
});

describe.skipIf(!onPostgres)('a statement over its timeout (PostgreSQL)', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ statementTimeouts: { query: 300, long: 4000 } });
    admin = await login(server, ADMIN.account, ADMIN.password);
    await createEnterprise(server, admin, '超时测试企业', 'timeout_a');
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Runs `fn` while the admin connection (the pool's only one) holds the enterprises' table locked. */
  async function whileLocked<T>(fn: () => Promise<T>, holdMs?: number): Promise<T> {
    const { admin: db } = server.platform.db;
    await db.query('begin');
    await db.query('lock table crm_enterprise in access exclusive mode');
    const release = holdMs === undefined ? undefined : setTimeout(() => db.query('rollback'), holdMs);
    try {
      return await fn();
    } finally {
      if (!release) await db.query('rollback');
    }
  }

  const page = () => server.call({ method: 'GET', url: '/api/blade-crm/enterprise/page?size=5', token: admin });

  it('answers 400 with the message, and every connection of the pool is usable after', async () => {
    // More timeouts than the pool has connections (4): none may leave its connection broken or lost.
    const answers = await whileLocked(async () => {
      const all = [];
      for (let i = 0; i < 6; i++) all.push(await page());
      return all;
    });
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg: TIMEOUT });
    }
    const after = await Promise.all(Array.from({ length: 6 }, page));
    for (const res of after) expect(res.status).toBe(200);
    expect(after[0].body.data.records.length).toBeGreaterThan(0);
  });

  it('lets an export take the long timeout, and no more', async () => {
    // Held 1.5 s: past the usual 300 ms, within the export's 4 s.
    const sheet = await whileLocked(() => exportSheet(server, admin, 'blade-crm/enterprise'), 1500);
    expect(sheet.values.map((v) => v.企业名称)).toContain('超时测试企业');
    // The connection went back to the pool with the usual timeout: `set local` ended with the export's transaction.
    const answers = await whileLocked(async () => Promise.all(Array.from({ length: 4 }, page)));
    for (const res of answers) expect(res.status).toBe(400);
    // Held past the long one: the export answers the envelope (before its first byte), not a 500.
    const late = await whileLocked(
      () => server.call({ method: 'GET', url: '/api/blade-crm/enterprise/export', token: admin }),
      6000,
    );
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 400, msg: TIMEOUT });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await page()).status).toBe(200);
  }, 30_000);
});
