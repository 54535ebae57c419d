import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { freshPostgres, login, onPostgres, serverOf, type TestServer } from './harness.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { until } from './until.ts';

/**
 * Several instances survive a broker outage (issue 19): two apps on one PostgreSQL database,
 * each with its own RabbitMQ bus reaching the broker through a TCP proxy the test cuts (every
 * socket destroyed, new ones refused) and restores. While cut, the instance keeps answering its
 * writes; once back, nothing either side did during the cut is missed by the other.
 */
const BROKER = new URL(process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
const TENANT = '000000';

interface Instance extends TestServer {
  bus: AmqpBus;
}

/** An app on the shared database with its own bus through `proxy`; back-off kept small. */
async function instance(databaseUrl: string, proxy: TcpProxy): Promise<Instance> {
  const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
  const db = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const bus = await AmqpBus.connect(proxy.url, {
    db,
    retryMinMs: 50,
    retryMaxMs: 400,
    timeoutMs: 3000,
    sweepMs: 1000,
    log: () => undefined,
  });
  const platform = await createPlatform(config, db, bus);
  return { ...serverOf(await buildApp(platform), platform), bus };
}

const userInfo = async (server: TestServer, token: string) =>
  (await server.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token })).status;
const logout = async (server: TestServer, token: string) =>
  (await server.call({ method: 'POST', url: '/api/blade-auth/oauth/logout', token })).status;
const health = async (server: TestServer) => {
  const res = await server.call({ method: 'GET', url: '/api/blade-system/health', headers: { authorization: '' } });
  return { status: res.status, ...res.body.data };
};

/** Saves parameter `key` as `value` (a new row, or the existing one) and answers the status. */
async function saveParam(server: TestServer, token: string, key: string, value: string) {
  const found = await server.call({
    method: 'GET',
    url: `/api/blade-system/param/detail?paramKey_equal=${key}`,
    token,
  });
  const id = found.body.data?.id;
  const res = await server.call({
    method: 'POST',
    url: '/api/blade-system/param/submit',
    token,
    payload: { ...(id ? { id } : {}), paramName: key, paramKey: key, paramValue: value },
  });
  return res.status;
}

describe.skipIf(!onPostgres)('two instances through a broker outage', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  const proxyA = new TcpProxy(BROKER);
  const proxyB = new TcpProxy(BROKER);
  const proxyC = new TcpProxy(BROKER);
  let a: Instance;
  let b: Instance;
  let c: Instance | undefined;

  beforeAll(async () => {
    database = await freshPostgres(inject('seededDatabases').plain);
    await Promise.all([proxyA.listen(), proxyB.listen(), proxyC.listen()]);
    a = await instance(database.url, proxyA);
    b = await instance(database.url, proxyB);
  });

  afterAll(async () => {
    for (const server of [c, b, a]) await server?.close();
    await Promise.all([proxyA.close(), proxyB.close(), proxyC.close()]);
    await database?.drop();
  });

  it('keeps answering writes on the cut instance and misses nothing once it is back', async () => {
    const [tokenA1, tokenA2, tokenA3, tokenA4] = [
      await login(a, 'admin', 'admin'),
      await login(a, 'admin', 'admin'),
      await login(a, 'admin', 'admin'),
      await login(a, 'admin', 'admin'),
    ];
    const [tokenB1, tokenB2] = [await login(b, 'admin', 'admin'), await login(b, 'admin', 'admin')];
    expect(await saveParam(a, tokenA3, 'outage.onA', 'before')).toBe(200);
    expect(await saveParam(a, tokenA3, 'outage.onB', 'before')).toBe(200);
    // Both instances have the parameters cached.
    for (const server of [a, b]) {
      await until('the new parameters are seen', async () => {
        const p = server.platform.params;
        return (await p.get(TENANT, 'outage.onA')) === 'before' && (await p.get(TENANT, 'outage.onB')) === 'before';
      });
    }
    expect(await health(b)).toEqual({ status: 200, database: 'up', bus: 'up' });
    // A cached value and a table version on B that only an event from A could make stale.
    let loads = 0;
    const probe = () => b.platform.cache.get('outage.probe', 'k', async () => ++loads);
    expect(await probe()).toBe(1);
    expect(await probe()).toBe(1);
    const version = b.platform.writes.version('outage_probe');

    proxyB.cut();
    await until('b sees the broker gone', () => !b.bus.healthy());
    expect(await health(b)).toEqual({ status: 200, database: 'up', bus: 'degraded' });
    expect(await health(a)).toMatchObject({ bus: 'up' });

    // B's writes are committed and answered although their events cannot reach the broker now.
    expect(await saveParam(b, tokenB1, 'outage.onB', 'during')).toBe(200);
    expect(await logout(b, tokenB1)).toBe(200);
    // A's go out to a broker B does not hear now.
    expect(await saveParam(a, tokenA3, 'outage.onA', 'during')).toBe(200);
    expect(await logout(a, tokenA1)).toBe(200);
    expect(await logout(a, tokenA4)).toBe(200);
    await a.platform.cache.invalidate('outage.probe');
    // Cut off, B asks the database instead of its caches.
    expect(await userInfo(b, tokenA1)).toBe(401);
    expect(await b.platform.params.get(TENANT, 'outage.onA')).toBe('during');
    expect(await userInfo(b, tokenA3)).toBe(200);

    proxyB.restore();
    await until('b rejoins', () => b.bus.healthy());
    expect(await health(b)).toMatchObject({ bus: 'up' });
    // B dropped what it had cached and raised its table versions on rejoining.
    const reloaded = await probe();
    expect(reloaded).toBeGreaterThan(1);
    expect(await probe()).toBe(reloaded);
    expect(b.platform.writes.version('outage_probe')).not.toBe(version);

    // What either side did during the cut is seen by the other.
    await until('a refuses the token logged out on b during the cut', async () => (await userInfo(a, tokenB1)) === 401);
    expect(await userInfo(b, tokenA1)).toBe(401);
    // B never asked about this one during the cut: it reloaded the revoked logins on rejoining.
    expect(await userInfo(b, tokenA4)).toBe(401);
    await until('a reads the parameter b saved during the cut', async () => {
      return (await a.platform.params.get(TENANT, 'outage.onB')) === 'during';
    });
    expect(await b.platform.params.get(TENANT, 'outage.onA')).toBe('during');
    expect(await b.platform.params.get(TENANT, 'outage.onB')).toBe('during');

    // And after it, a logout on either side is refused on the other.
    expect(await logout(a, tokenA2)).toBe(200);
    await until('b refuses a token logged out on a', async () => (await userInfo(b, tokenA2)) === 401, 5000);
    expect(await logout(b, tokenB2)).toBe(200);
    await until('a refuses a token logged out on b', async () => (await userInfo(a, tokenB2)) === 401, 5000);
    expect(await userInfo(a, tokenA3)).toBe(200);
    expect(await userInfo(b, tokenA3)).toBe(200);
  });

  it('starts while the broker is unreachable, serves, and joins once it is back', async () => {
    proxyC.cut();
    c = await instance(database.url, proxyC);
    expect(c.bus.healthy()).toBe(false);
    expect(await health(c)).toEqual({ status: 200, database: 'up', bus: 'degraded' });
    const token = await login(c, 'admin', 'admin');
    const other = await login(a, 'admin', 'admin');
    expect(await userInfo(c, token)).toBe(200);
    expect(await logout(a, other)).toBe(200);
    expect(await userInfo(c, other)).toBe(401);

    proxyC.restore();
    await until('c joins', () => c?.bus.healthy() === true);
    expect(await health(c)).toMatchObject({ bus: 'up' });
    expect(await userInfo(c, token)).toBe(200);
    expect(await logout(a, token)).toBe(200);
    await until('c refuses a token logged out on a', async () => (await userInfo(c!, token)) === 401, 5000);
    const heard = new Promise((resolve) => a.bus.subscribe('test.outage.joined', resolve));
    await c.bus.publish('test.outage.joined', { from: 'c' });
    expect(await heard).toEqual({ from: 'c' });
  });
});
