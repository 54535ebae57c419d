import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { startApp } from '../src/start.ts';
import { ADMIN, BASIC, freshPostgres, onPostgres } from './harness.ts';

/**
 * A restart keeps every row and loads the seeds only once: the real start sequence (`startApp`,
 * as main.ts runs it) twice on one database, an embedded one in a data folder or, on the
 * PostgreSQL stage, a new empty database on that server.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-restart-'));
const pgdb = onPostgres ? await freshPostgres('template1') : undefined;
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgdb?.url, CAPTCHA: 'off', WEB_DIR: '/nonexistent' });

afterAll(async () => {
  await pgdb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: each call reads its own answer's shape
type Call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => Promise<any>;

/** Starts the server on the test's database, runs `fn` against it, and stops it again. */
async function withServer<T>(fn: (call: Call) => Promise<T>): Promise<T> {
  const { app, platform } = await startApp(config);
  try {
    return await fn(async (method, url, token, payload) => {
      const res = await app.inject({
        method,
        url,
        payload,
        headers: { authorization: BASIC, ...(token ? { 'blade-auth': `bearer ${token}` } : {}) },
      });
      return JSON.parse(res.body);
    });
  } finally {
    await app.close();
    await platform.close();
  }
}

const md5 = '21232f297a57a5a743894a0e4a801fc3'; // of "admin"
const loginUrl = `/api/blade-auth/oauth/token?tenantId=${ADMIN.tenantId}&username=${ADMIN.account}&password=${md5}&grant_type=password&scope=all&type=account`;

/** What the demo seed made: enterprises, staff, users and menus, as the administrator counts them. */
async function counts(call: Call, token: string) {
  const total = async (url: string) => (await call('GET', url, token)).data.total as number;
  return {
    enterprises: await total('/api/blade-crm/enterprise/page'),
    staff: await total('/api/blade-crm/staff/page'),
    users: await total('/api/blade-user/page'),
    params: await total('/api/blade-system/param/page'),
  };
}

it('keeps a parameter, the token secret and the demo data, and seeds once', { timeout: 120_000 }, async () => {
  const first = await withServer(async (call) => {
    const { access_token: token } = await call('POST', loginUrl);
    const saved = await call('POST', '/api/blade-system/param/submit', token, {
      paramName: '重启测试',
      paramKey: 'restart.kept',
      paramValue: 'still here',
    });
    expect(saved.code).toBe(200);
    return { token, counts: await counts(call, token) };
  });
  expect(first.counts.enterprises).toBeGreaterThan(0);

  await withServer(async (call) => {
    // The secret was kept in the database, so the token signed before the restart still verifies.
    const param = await call('GET', '/api/blade-system/param/detail?paramKey_equal=restart.kept', first.token);
    expect(param.data).toMatchObject({ paramName: '重启测试', paramValue: 'still here' });
    expect(await counts(call, first.token)).toEqual(first.counts);
  });
});
