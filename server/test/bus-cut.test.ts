import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SOCKET_PATH } from '../src/modules/message/socket.ts';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import {
  ADMIN,
  createUserWithButtons,
  freshPostgres,
  login,
  onPostgres,
  serverOf,
  type TestServer,
} from './harness.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { until } from './until.ts';
import { Client } from './ws-client.ts';

/**
 * The bus and live push through a cut or frozen broker link (issue 29): three instances A, B, C on one
 * PostgreSQL database, each reaching RabbitMQ through a proxy the test cuts (connections reset),
 * freezes (connections open, no byte through) and restores. The buses run with their default timings
 * (but the sweep), so what is asserted is what a deployment gets: a socket on the broken instance is told and misses no
 * message (each within 5 s of the link's return); a frozen link is found within 3 s while the healthy
 * instances' pushes keep their latency; a logout on a cut-off instance is honoured elsewhere within 1 s.
 *
 * PostgreSQL only: several instances share one database only there (an embedded database is one
 * process's), and the outbox table and its NOTIFY are what carries a cut-off instance's events.
 */
const BROKER = new URL(process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');

interface Instance extends TestServer {
  bus: AmqpBus;
  /** Its live-push socket address. */
  url: string;
}

async function instance(databaseUrl: string, proxy: TcpProxy): Promise<Instance> {
  const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
  const db = await openDatabase({ url: databaseUrl, poolSize: 4 });
  // The default timings, but for the sweep: a fallback for the rows of an instance that died, kept out of
  // the way so that what carries a cut-off instance's events here is the database's NOTIFY alone.
  const bus = await AmqpBus.connect(proxy.url, { db, sweepMs: 60_000, log: () => undefined });
  const platform = await createPlatform(config, db, bus);
  const app = await buildApp(platform);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { ...serverOf(app, platform), bus, url: `ws://127.0.0.1:${port}${SOCKET_PATH}` };
}

const busHealth = async (server: TestServer) =>
  (await server.call({ method: 'GET', url: '/api/blade-system/health', headers: { authorization: '' } })).body.data
    ?.bus;

describe.skipIf(!onPostgres)('instances through a cut or frozen broker link', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  const proxies = [new TcpProxy(BROKER), new TcpProxy(BROKER), new TcpProxy(BROKER)];
  const [proxyA] = proxies;
  let a: Instance;
  let b: Instance;
  let c: Instance;
  let admin: string;
  let pushee: string;
  const tabs: Client[] = [];

  beforeAll(async () => {
    database = await freshPostgres(inject('seededDatabases').plain);
    await Promise.all(proxies.map((p) => p.listen()));
    [a, b, c] = await Promise.all(proxies.map((p) => instance(database.url, p)));
    admin = await login(b, ADMIN.account, ADMIN.password);
    pushee = (await createUserWithButtons(b, ADMIN.tenantId, 'cutpushee', [])).userId;
  });

  // A test that fails half way leaves no link cut or frozen for the next one.
  afterEach(async () => {
    for (const proxy of proxies) proxy.restore();
    await until('every instance on the bus', () => [a, b, c].every((server) => server.bus.healthy()));
  });

  afterAll(async () => {
    for (const tab of tabs) tab.close();
    for (const server of [c, b, a]) await server?.close();
    await Promise.all(proxies.map((p) => p.close()));
    await database?.drop();
  });

  /** A new tab of the pushee's on `server` (it asks for what it missed after the newest message it receives). */
  async function tab(server: Instance): Promise<Client> {
    const client = await Client.ready(server.url, await login(server, 'cutpushee', 'pass'));
    tabs.push(client);
    return client;
  }

  /** Saves a message to the pushee on `server` and answers its id. */
  async function send(server: Instance, title: string): Promise<string> {
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-message/message/save',
      token: admin,
      payload: { title, type: 1, userIds: pushee },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data;
  }

  it('honours on B within 1 s a logout made on A while A is cut off from the broker', async () => {
    const token = await login(a, ADMIN.account, ADMIN.password);
    const sid = b.platform.signer.verify(token, 'access')?.sid as string;
    proxyA.cut();
    await until('a sees the broker gone', () => !a.bus.healthy());

    const loggedOut = Date.now();
    expect((await a.call({ method: 'POST', url: '/api/blade-auth/oauth/logout', token })).status).toBe(200);
    // B trusts its memory (its bus is up): only the event, sent by B or C off A's outbox, tells it. Asked
    // without requests to B, whose own writes (the api log) would have B send the outbox anyway.
    await until('b knows the login revoked', () => b.platform.sessions.isRevoked(sid), 5000);
    expect(Date.now() - loggedOut).toBeLessThanOrEqual(1000);
    const userInfo = await b.call({ method: 'GET', url: '/api/blade-auth/oauth/user-info', token });
    expect(userInfo.status).toBe(401);

    proxyA.restore();
    await until('a rejoins', () => a.bus.healthy());
  });

  it('tells the sockets of a cut instance, and brings them what was saved elsewhere within 5 s of the return', async () => {
    const onA = await tab(a);
    const seen = await send(b, `切断前${Date.now()}`);
    await onA.received([seen]);

    proxyA.cut();
    expect(await onA.next((f) => f.type === 'resync')).toEqual({ type: 'resync', live: false });
    // The tab's sync answered first (what it missed, then ready): a message saved on B before that answer was read
    // would come in it, from the database, and no push (on a loaded machine the answer took longer than the sends).
    await onA.next((f) => f.type === 'ready' && f.live === false);
    expect(await busHealth(a)).toBe('degraded');
    const missed: string[] = [];
    for (let i = 0; i < 10; i++) missed.push(await send(b, `切断中${i}`));
    // Saved on B while A was cut: none can have reached A's socket yet.
    expect(missed.filter((id) => onA.arrivals.has(id))).toEqual([]);

    const restored = Date.now();
    proxyA.restore();
    await onA.received(missed);
    expect(onA.frames.filter((f) => f.type === 'resync').map((f) => f.live)).toEqual([false, true]);
    expect(Math.max(...missed.map((id) => onA.arrivals.get(id) as number)) - restored).toBeLessThanOrEqual(5000);
  });

  it('finds a frozen link within 3 s while B and C keep their push latency, and the frozen one misses nothing', async () => {
    const onA = await tab(a);
    const onC = await tab(c);
    /** Saves a message on B and answers how long it took to reach C's socket. */
    const pushed = async (title: string) => {
      const start = Date.now();
      const id = await send(b, title);
      await onC.received([id]);
      return { id, ms: (onC.arrivals.get(id) as number) - start };
    };
    const p99 = (ms: number[]) => [...ms].sort((x, y) => x - y)[Math.ceil(ms.length * 0.99) - 1];
    const before: number[] = [];
    for (let i = 0; i < 10; i++) before.push((await pushed(`冻结前${i}`)).ms);
    await onA.received([...onC.arrivals.keys()]);

    const frozen = Date.now();
    proxyA.freeze();
    // A keeps writing: its own events wait on its frozen link, which must hold up nobody else's.
    const fromA = [await send(a, 'A冻结中')];
    let found: number | undefined;
    const watching = until('a finds its link frozen', () => !a.bus.healthy(), 10_000).then(() => {
      found = Date.now() - frozen;
    });
    const latencies: number[] = [];
    const fromB: string[] = [];
    // B's pushes to C, one every 75 ms, from the freeze until past A finding it: 40 at most, so that
    // A's tab can be sent them all at once after (a catch-up lists at most 50).
    while (latencies.length < 40 && (found === undefined || latencies.length < 30)) {
      const start = Date.now();
      const { id, ms } = await pushed(`B冻结中${latencies.length}`);
      latencies.push(ms);
      fromB.push(id);
      await new Promise((r) => setTimeout(r, Math.max(0, start + 75 - Date.now())));
    }
    await watching;
    expect(found).toBeLessThanOrEqual(3000);
    expect(await busHealth(a)).toBe('degraded');
    // The goal is the benchmark's 100 ms; the bound leaves room for a busy test machine (three instances in
    // one process; thrice what it measured before the freeze), and still fails when a frozen instance holds
    // B's events up (for a confirmation's 2 s).
    expect(
      p99(latencies),
      `B→C push ms, before the freeze: ${before.join(' ')}; during: ${latencies.join(' ')}`,
    ).toBeLessThanOrEqual(Math.max(400, 3 * p99(before)));
    // What A saved reaches C once A has given it back.
    await onC.received(fromA);
    expect(await onA.next((f) => f.type === 'resync')).toEqual({ type: 'resync', live: false });

    const restored = Date.now();
    proxyA.restore();
    await onA.received(fromB);
    expect(Math.max(...fromB.map((id) => onA.arrivals.get(id) as number)) - restored).toBeLessThanOrEqual(5000);
    await until('a rejoins', () => a.bus.healthy());
  });
});
