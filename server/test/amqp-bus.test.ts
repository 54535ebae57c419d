import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { CacheRegistry } from '../src/platform/cache.ts';
import { writtenTables } from '../src/platform/db.ts';
import { seededDatabase } from './harness.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { until } from './until.ts';

/**
 * The RabbitMQ bus (AMQP_URL): an event on one instance reaches every other, and its own handlers at
 * once; an event that reaches the broker twice is heard once; a link that freezes while idle is found.
 */
const BROKER = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
let a: AmqpBus;
let b: AmqpBus;

beforeAll(async () => {
  [a, b] = await Promise.all([AmqpBus.connect(BROKER), AmqpBus.connect(BROKER)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

// Names of this run only: another test run (another checkout's, say) may share the broker at the same time.
const unique = (name: string) => `${name}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}`;

const next = (bus: AmqpBus, topic: string) =>
  new Promise<unknown>((resolve) => {
    const stop = bus.subscribe(topic, (payload) => {
      stop();
      resolve(payload);
    });
  });

describe('AmqpBus', () => {
  it('carries an event to the other instance, and to its own handlers once', async () => {
    const topic = unique('test');
    const heardByB = next(b, topic);
    const heardByA: unknown[] = [];
    a.subscribe(topic, (p) => heardByA.push(p));
    await a.publish(topic, { n: 1 });
    expect(await heardByB).toEqual({ n: 1 });
    expect(heardByA).toEqual([{ n: 1 }]);
    await new Promise((r) => setTimeout(r, 200)); // the broker's copy comes back to a, and is skipped
    expect(heardByA).toEqual([{ n: 1 }]);
  });

  it('drops a cached value on every instance when one invalidates it', async () => {
    const cacheA = new CacheRegistry(a);
    const cacheB = new CacheRegistry(b);
    const thing = unique('thing');
    let loads = 0;
    const load = async () => ++loads;
    await cacheA.get(thing, 'k', load);
    expect(await cacheB.get(thing, 'k', load)).toBe(2);
    const dropped = new Promise<void>((resolve) => {
      const stop = b.subscribe('cache.invalidate', (payload) => {
        if ((payload as { name?: string }).name !== thing) return;
        stop();
        resolve();
      });
    });
    await cacheA.invalidate(thing, 'k');
    await dropped;
    expect(await cacheB.get(thing, 'k', load)).toBe(3);
    expect(await cacheA.get(thing, 'k', load)).toBe(4);
  });

  it('hears once an event the broker got twice (sent again after a late confirmation)', async () => {
    const topic = unique('twice');
    const heard: unknown[] = [];
    b.subscribe(topic, (p) => heard.push(p));
    const connection = await amqp.connect(BROKER);
    try {
      const channel = await connection.createConfirmChannel();
      const event = (n: number, id = randomUUID()) =>
        Buffer.from(JSON.stringify({ id, origin: 'another instance', topic, payload: { n } }));
      const twice = event(1);
      channel.publish('park.events.shared', '', twice);
      channel.publish('park.events.shared', '', twice);
      channel.publish('park.events.shared', '', event(2));
      await channel.waitForConfirms();
      await until('the last event is heard', () => heard.length >= 2, 5000);
      expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await connection.close();
    }
  });
});

describe('AmqpBus installations', () => {
  it('keeps two databases apart on one broker: buses of one hear each other, another hears nothing', async () => {
    // Migrated and seeded, as an installation's: the bus keeps its installation id in the secrets table.
    const copies = await Promise.all([seededDatabase(), seededDatabase()]);
    const databases = copies.map((copy) => copy.db);
    const [first, second] = databases;
    const buses = await Promise.all([first, first, second].map((db) => AmqpBus.connect(BROKER, { db })));
    const [x1, x2, other] = buses;
    try {
      const topic = unique('installation');
      const heardByOther: unknown[] = [];
      other.subscribe(topic, (p) => heardByOther.push(p));
      const heardByX2 = next(x2, topic);
      await x1.publish(topic, { tenantId: '000000', userIds: ['1123598821738675201'] });
      expect(await heardByX2).toEqual({ tenantId: '000000', userIds: ['1123598821738675201'] });
      // The fanout delivers both copies at once: what the other installation would have heard is in by now.
      await new Promise((r) => setTimeout(r, 300));
      expect(heardByOther).toEqual([]);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
      await Promise.all(
        copies.map(async (copy) => {
          await copy.db.close();
          await copy.drop();
        }),
      );
    }
  });
});

describe('AmqpBus through a frozen link (issue 29)', () => {
  it('finds a link frozen while idle within 3 s, says so, and says it once back', async () => {
    const proxy = await new TcpProxy(new URL(BROKER)).listen();
    // The default timings but a short back-off, so the restored link is tried at once.
    const bus = await AmqpBus.connect(proxy.url, { retryMinMs: 50, retryMaxMs: 200, log: () => undefined });
    const states: string[] = [];
    bus.onStateChange((state) => states.push(state));
    try {
      expect(bus.state()).toBe('up');
      const frozen = Date.now();
      proxy.freeze();
      // Nothing is published: only the bus's own probe can find out.
      await until('the bus finds its link frozen', () => !bus.healthy(), 5000);
      expect(Date.now() - frozen).toBeLessThanOrEqual(3000);
      proxy.restore();
      await until('the bus rejoins', () => bus.healthy(), 5000);
      expect(states).toEqual(['degraded', 'up']);
    } finally {
      await proxy.close();
      await bus.close();
    }
  });
});

describe('the outbox claim', () => {
  it('is no write of a table: a locking clause names none', () => {
    expect(
      writtenTables(
        'update park_bus_outbox set claimed_by = $1 where id in (select id from park_bus_outbox for update skip locked)',
      ),
    ).toEqual(['park_bus_outbox']);
    expect(writtenTables('select id from blade_job for no key update of blade_job skip locked')).toEqual([]);
  });
});
