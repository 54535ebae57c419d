import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { SOCKET_PATH } from '../src/modules/message/socket.ts';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type Database, openDatabase } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import {
  ADMIN,
  createUserWithButtons,
  freshPostgres,
  login,
  onPostgres,
  seededImage,
  serverOf,
  type TestServer,
} from './harness.ts';
import { Client } from './ws-client.ts';

/**
 * Live push (issue 18) across two instances that share one database and RabbitMQ, each listening on
 * a port of its own: a message saved on A reaches a `ws` client of B, broadcasts included; a socket
 * without a valid token is refused and one whose login is revoked (on the other instance) is closed;
 * a client that reconnects with the id of the last message it saw is sent what it missed, as is an open
 * one that asks (`sync`); a socket that does not authenticate in time, or whose token expires without a
 * new one, is closed (issue 28 point 8).
 */
const BROKER = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

interface Instance extends TestServer {
  url: string;
}

async function instance(db: Database, ownsDatabase: boolean): Promise<Instance> {
  const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
  const bus = await AmqpBus.connect(BROKER, { db, log: () => undefined });
  // The second instance on an embedded database shares the first's, which the first closes.
  const platformDb = ownsDatabase ? db : Object.create(db, { close: { value: async () => undefined } });
  const platform = await createPlatform(config, platformDb, bus);
  const app = await buildApp(platform);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { ...serverOf(app, platform), url: `ws://127.0.0.1:${port}${SOCKET_PATH}` };
}

let a: Instance;
let b: Instance;
let dropDatabase: (() => Promise<void>) | undefined;
let admin: string;
let user: { userId: string; roleId: string };
/** A socket that never authenticates, opened first so that its 5 s run alongside the other tests. */
let silent: Client;
let silentSince: number;

beforeAll(async () => {
  const seeded = inject('seededDatabases').plain;
  if (onPostgres) {
    const database = await freshPostgres(seeded);
    dropDatabase = database.drop;
    a = await instance(await openDatabase({ url: database.url, poolSize: 4 }), true);
    b = await instance(await openDatabase({ url: database.url, poolSize: 4 }), true);
  } else {
    const db = await openDatabase({ image: seededImage() });
    a = await instance(db, true);
    b = await instance(db, false);
  }
  for (const server of [a, b]) expect(server.platform.bus.state()).toBe('up');
  silent = await Client.open(b.url);
  silentSince = Date.now();
  admin = await login(a, ADMIN.account, ADMIN.password);
  user = await createUserWithButtons(a, '000000', 'pushee', []);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await dropDatabase?.();
});

async function sendMessage(body: Record<string, unknown>): Promise<string> {
  const res = await a.call({ method: 'POST', url: '/api/blade-message/message/save', token: admin, payload: body });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data;
}

describe('live push across instances', () => {
  it('brings a message saved on A to the recipient’s socket on B, ordinary and role broadcast alike', async () => {
    const token = await login(b, 'pushee', 'pass');
    const tab = await Client.ready(b.url, token);
    const other = await Client.ready(b.url, admin);
    expect(b.platform.push.size).toBe(2);

    const title = `推送${Date.now()}`;
    const id = await sendMessage({ title, content: '内容', type: 1, userIds: user.userId });
    const frame = await tab.message(title);
    expect(frame.message).toMatchObject({ id, title, type: 1 });
    expect(frame.message?.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const broadcast = `角色广播${Date.now()}`;
    const broadcastId = await sendMessage({ title: broadcast, type: 4, roleIds: user.roleId });
    expect((await tab.message(broadcast)).message?.id).toBe(broadcastId);
    // The administrator holds neither: by the time the broadcast reached the recipient, nothing went to them.
    expect(other.frames.filter((f) => f.type === 'message')).toEqual([]);
    tab.close();
    other.close();
  });

  it('refuses a socket without a valid token, and a plain GET of the address', async () => {
    const forged = await Client.open(b.url);
    forged.send({ type: 'auth', token: `${admin.slice(0, -4)}AAAA` });
    expect((await forged.closedWith()).code).toBe(1008);

    const silent = await Client.open(b.url);
    silent.send({ type: 'hello' });
    expect((await silent.closedWith()).code).toBe(1008);

    const plain = await b.call({ method: 'GET', url: SOCKET_PATH, headers: { 'accept-language': 'en' } });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({
      code: 400,
      success: false,
      msg: 'This address takes WebSocket connections only',
    });
  });

  it('closes a socket when its login is revoked on the other instance, and refuses the token after', async () => {
    const token = await login(b, 'pushee', 'pass');
    const tab = await Client.ready(b.url, token);
    // Another user's token on the same socket is refused too; checked on a socket of its own.
    const swapped = await Client.ready(b.url, token);
    swapped.send({ type: 'auth', token: admin });
    expect((await swapped.closedWith()).code).toBe(1008);

    expect((await a.call({ method: 'POST', url: '/api/blade-auth/oauth/logout', token })).status).toBe(200);
    expect(await tab.closedWith()).toEqual({ code: 1008, reason: 'session revoked' });
    const again = await Client.open(b.url);
    again.send({ type: 'auth', token });
    expect((await again.closedWith()).code).toBe(1008);
  });

  it('sends a reconnecting tab what arrived since the last message it saw, before anything live', async () => {
    const token = await login(b, 'pushee', 'pass');
    const first = await Client.ready(b.url, token);
    const seen = `看过${Date.now()}`;
    const seenId = await sendMessage({ title: seen, type: 1, userIds: user.userId });
    await first.message(seen);
    first.close();
    await first.closedWith();

    const missed = [`错过一${Date.now()}`, `错过二${Date.now()}`];
    const missedIds: string[] = [];
    for (const title of missed) missedIds.push(await sendMessage({ title, type: 1, userIds: user.userId }));

    const back = await Client.ready(b.url, token, seenId);
    const ready = back.frames.findIndex((f) => f.type === 'ready');
    expect(back.frames.slice(0, ready).map((f) => f.message?.id)).toEqual(missedIds);
    // An open socket that asks again (after a resync, or its periodic check) is answered the same way.
    const asked = back.frames.length;
    back.send({ type: 'sync', since: seenId });
    const done = await back.next((f) => f.type === 'ready' && back.frames.indexOf(f) >= asked);
    // A missed message's live copy may still be on its way through the bus and land before, among or after these (the
    // tab drops a repeat by its id): before the answer's end, each frame is one of the missed messages, and the missed
    // messages come in their order.
    const answered = back.frames.slice(asked, back.frames.indexOf(done)).map((f) => f.message?.id);
    expect(answered.filter((id) => !missedIds.includes(id ?? ''))).toEqual([]);
    let next = 0;
    for (const id of answered) if (id === missedIds[next]) next++;
    expect(next, `the missed messages in their order among ${answered.join(', ')}`).toBe(missedIds.length);
    // A tab without `since` (a fresh page, which loads the inbox itself) is sent nothing old.
    const fresh = await Client.ready(b.url, token);
    expect(fresh.frames).toEqual([{ type: 'ready', live: true }]);
    // Asking before authenticating is refused.
    const early = await Client.open(b.url);
    early.send({ type: 'sync', since: seenId });
    expect((await early.closedWith()).code).toBe(1008);
    back.close();
    fresh.close();
  });

  it('closes a socket whose token expires without a new one, and keeps one that sent a new one', async () => {
    const token = await login(b, 'pushee', 'pass');
    const claims = b.platform.signer.verify(token, 'access');
    if (!claims) throw new Error('the login gave no valid token');
    // Expires at the next whole second but one: within 1 to 2 s.
    const short = b.platform.signer.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 });
    const expiring = await Client.ready(b.url, short);
    const renewed = await Client.ready(b.url, short);
    renewed.send({ type: 'auth', token });
    expect(await expiring.closedWith()).toEqual({ code: 1008, reason: 'token expired' });
    const asked = renewed.frames.length;
    renewed.send({ type: 'sync' });
    await renewed.next((f) => f.type === 'ready' && renewed.frames.indexOf(f) >= asked);
    renewed.close();
  });

  it('closes a socket that sends no auth frame within 5 s', async () => {
    expect(await silent.closedWith()).toEqual({ code: 1008, reason: 'authentication timed out' });
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(4900);
  });
});
