import { REPORT_CYCLE } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { reportPeriod } from '../src/seed/prod-finance-demo.ts';
import {
  ADMIN,
  freshPostgres,
  login,
  onPostgres,
  seededImage,
  serverOf,
  startServer,
  type TestServer,
} from './harness.ts';

/**
 * The park's clock (issue 34): user-info, which the console asks once a session starts, carries the time zone
 * the database runs in (where every rule reads `localtimestamp` and `current_date`) and the database's clock now,
 * so the screens judge "now" and "today" as the server does, whatever the browser's zone or clock. Proven on a
 * server in the default zone and on one whose database runs in America/Los_Angeles.
 */

/** A server like startServer's whose database runs in `timeZone`. */
async function serverIn(timeZone: string): Promise<TestServer> {
  const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
  const seeded = inject('seededDatabases').plain;
  const pgdb = onPostgres ? await freshPostgres(seeded) : undefined;
  const db = await openDatabase(pgdb ? { url: pgdb.url, poolSize: 2, timeZone } : { image: seededImage(), timeZone });
  const platform = await createPlatform(config, db);
  return serverOf(await buildApp(platform), platform, async () => {
    await pgdb?.drop();
  });
}

/** The calendar day in `timeZone` at `ms`, yyyy-MM-dd. */
const dayIn = (timeZone: string, ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);

async function clockOf(server: TestServer) {
  const token = await login(server, ADMIN.account, ADMIN.password);
  const before = Date.now();
  const res = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
  const after = Date.now();
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body.data as { timeZone: string; now: number }), before, after, token };
}

describe('the park’s clock in user-info', () => {
  let server: TestServer;
  let away: TestServer;
  beforeAll(async () => {
    [server, away] = await Promise.all([startServer(), serverIn('America/Los_Angeles')]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), away?.close()]);
  });

  it('names the zone the database runs in and its clock now', async () => {
    const c = await clockOf(server);
    expect(c.timeZone).toBe('Asia/Shanghai');
    expect(typeof c.now).toBe('number');
    // The database's clock, read during the call (the two clocks are one machine's here).
    expect(c.now).toBeGreaterThanOrEqual(c.before - 1000);
    expect(c.now).toBeLessThanOrEqual(c.after + 1000);
  });

  it('follows the zone the server is configured with, and its "today" is that zone’s', async () => {
    const c = await clockOf(away);
    expect(c.timeZone).toBe('America/Los_Angeles');
    // The canteen's week starts on the database's today: the day in the zone user-info names.
    const week = await away.call({ method: 'GET', url: '/api/blade-dhm/order-meal/week', token: c.token });
    expect(week.body.code).toBe(200);
    const [{ today }] = await away.platform.db.scoped('000000', (q) =>
      q.query<{ today: string }>('select current_date::text as today'),
    );
    expect([dayIn(c.timeZone, c.before), dayIn(c.timeZone, c.after)]).toContain(today);
  });
});

describe('report periods are whole calendar periods', () => {
  it('counts weeks, months, quarters and years back from a day', () => {
    expect(reportPeriod(REPORT_CYCLE.quarterly, '2025-08-10')).toEqual(['2025-04-01', '2025-06-30']);
    expect(reportPeriod(REPORT_CYCLE.quarterly, '2025-02-10')).toEqual(['2024-10-01', '2024-12-31']);
    expect(reportPeriod(REPORT_CYCLE.monthly, '2025-01-15', 2)).toEqual(['2024-11-01', '2024-11-30']);
    expect(reportPeriod(REPORT_CYCLE.monthly, '2024-03-31')).toEqual(['2024-02-01', '2024-02-29']);
    expect(reportPeriod(REPORT_CYCLE.yearly, '2025-03-01')).toEqual(['2024-01-01', '2024-12-31']);
    // 2025-06-04 is a Wednesday: the week before runs Monday 26 May to Sunday 1 June.
    expect(reportPeriod(REPORT_CYCLE.weekly, '2025-06-04')).toEqual(['2025-05-26', '2025-06-01']);
  });

  it('gives the demo’s 2季度 report the second quarter, Apr 1 to Jun 30, and every report a whole period', async () => {
    const demo = await startServer({ demoData: true });
    try {
      const rows = await demo.platform.db.scoped('000000', (q) =>
        q.query<{ title: string; cycle: number; from: string; to: string; due: string; handed: string | null }>(
          `select title, report_cycle as cycle, period_start::text as from, period_end::text as to,
                  due_date::text as due, submit_date::text as handed
             from prod_report where remark = '演示数据' order by id`,
        ),
      );
      const q2 = rows.find((r) => r.title === '星河智能2季度生产经营报告');
      expect(q2?.from).toMatch(/^\d{4}-04-01$/);
      expect(q2?.to).toBe(`${q2?.from.slice(0, 4)}-06-30`);
      for (const r of rows) {
        // Each period is the whole period of its cycle that holds its last day, and is handed in after it ends.
        expect([r.from, r.to], r.title).toEqual(reportPeriod(r.cycle, r.to, 0));
        if (r.handed) expect(r.handed > r.to).toBe(true);
      }
    } finally {
      await demo.close();
    }
  });
});
