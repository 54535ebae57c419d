import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { MemoryBus } from '../src/platform/bus.ts';
import { CacheRegistry } from '../src/platform/cache.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ALL_TENANTS, openDatabase } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { CACHED, PLATFORM_TENANT } from '../src/platform/params.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { data } from './answers.ts';
import { freshPostgres, login, onPostgres, serverOf, startServer, type TestServer } from './harness.ts';
import { until } from './until.ts';

/**
 * Parameters read by key (issue 36 point 4): one row per (tenant, key), the tenant's own before the platform's, kept
 * in a bounded cache that a save on any instance invalidates on every other (through the bus).
 */
const BROKER = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const API = '/api/blade-system/param';

describe('a parameter read by key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('is the tenant’s own value before the platform’s, the latest of several, and nothing for an unknown key', async () => {
    const key = `scale.own.${nextId()}`;
    const row = (tenant: string, value: string, createTime: string) => ({
      id: nextId(),
      tenant_id: tenant,
      param_name: key,
      param_key: key,
      param_value: value,
      create_time: createTime,
    });
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_param', [
        row(PLATFORM_TENANT, 'platform', '2026-01-02 00:00:00'),
        row('123456', 'older', '2026-01-01 00:00:00'),
        row('123456', 'own', '2026-01-03 00:00:00'),
      ]),
    );
    await server.platform.params.invalidate();
    expect(await server.platform.params.get('123456', key)).toBe('own');
    expect(await server.platform.params.get('654321', key)).toBe('platform');
    expect(await server.platform.params.get(PLATFORM_TENANT, key)).toBe('platform');
    expect(await server.platform.params.get('123456', `${key}.none`)).toBeUndefined();
  });

  it('is kept in a cache of at most CACHED entries, the oldest dropped first', async () => {
    const cache = new CacheRegistry(new MemoryBus());
    let loads = 0;
    const load = async () => ++loads;
    for (let i = 0; i <= CACHED; i++) await cache.get('p', `k${i}`, load, CACHED);
    expect(loads).toBe(CACHED + 1);
    expect(await cache.get('p', `k${CACHED}`, load, CACHED)).toBe(CACHED + 1); // kept
    expect(await cache.get('p', 'k1', load, CACHED)).toBe(2); // kept
    expect(await cache.get('p', 'k0', load, CACHED)).toBe(CACHED + 2); // dropped: read again
  });
});

/** Two instances on one PostgreSQL database and the broker (an embedded database is one process's). */
describe.skipIf(!onPostgres)('a parameter saved on one instance', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let a: TestServer;
  let b: TestServer;

  async function instance(url: string): Promise<TestServer> {
    const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
    const db = await openDatabase({ url, poolSize: 2 });
    const bus = await AmqpBus.connect(BROKER, { db, log: () => undefined });
    const platform = await createPlatform(config, db, bus);
    return serverOf(await buildApp(platform), platform);
  }

  beforeAll(async () => {
    database = await freshPostgres(inject('seededDatabases').plain);
    [a, b] = await Promise.all([instance(database.url), instance(database.url)]);
  });
  afterAll(async () => {
    for (const s of [b, a]) await s?.close();
    await database?.drop();
  });

  it('is read with its new value on the other', async () => {
    const admin = await login(a, 'admin', 'admin');
    const key = `scale.shared.${nextId()}`;
    const save = (payload: Record<string, unknown>) =>
      data(a.call({ method: 'POST', url: `${API}/submit`, token: admin, payload }));
    const saved = await save({ paramName: key, paramKey: key, paramValue: 'first' });
    // B reads it (and keeps it); A changes it; B reads the change, not what it kept.
    await until('B reads the first value', async () => (await b.platform.params.get('000000', key)) === 'first');
    expect(await b.platform.params.get('000000', key)).toBe('first');
    await save({ id: saved.id, paramName: key, paramKey: key, paramValue: 'second' });
    await until(
      'B reads the second value',
      async () => (await b.platform.params.get('000000', key)) === 'second',
      3000,
    );
    // And a removal: B no longer finds it.
    await data(a.call({ method: 'POST', url: `${API}/remove?ids=${saved.id}`, token: admin }));
    await until('B finds it removed', async () => (await b.platform.params.get('000000', key)) === undefined, 3000);
  });
});
