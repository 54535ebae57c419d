import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmqpBus } from '../src/platform/amqp-bus.ts';
import { CacheRegistry } from '../src/platform/cache.ts';

/** The RabbitMQ bus (AMQP_URL): an event on one instance reaches every other, and its own handlers at once. */
const URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
let a: AmqpBus;
let b: AmqpBus;

beforeAll(async () => {
  [a, b] = await Promise.all([AmqpBus.connect(URL), AmqpBus.connect(URL)]);
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
});
