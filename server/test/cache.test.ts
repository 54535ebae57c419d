import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/**
 * A cache dropped inside a save's transaction could be filled again, before the commit, by a
 * read on another connection that still sees the old rows (PostgreSQL), and then keep them:
 * invalidation waits until the transaction has ended.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = tokenFor(server);
});

afterAll(() => server.close());

describe('cache invalidation inside a transaction', () => {
  const loads = (value: string) => async () => value;

  it('runs once the transaction has committed, not before', async () => {
    const { cache, db } = server.platform;
    await cache.get('t', 'k', loads('old'));
    await db.tx(ALL_TENANTS, async () => {
      await cache.invalidate('t');
      // Nested scopes of the same tenant belong to the same transaction.
      await db.scoped(ALL_TENANTS, () => cache.invalidate('t'));
      expect(await cache.get('t', 'k', loads('during'))).toBe('old');
    });
    expect(await cache.get('t', 'k', loads('after'))).toBe('after');
  });

  it('runs when the transaction rolls back too: a read inside it may have cached what never committed', async () => {
    const { cache, db } = server.platform;
    await cache.get('r', 'k', loads('old'));
    const failed = db.tx(ALL_TENANTS, async () => {
      await cache.invalidate('r');
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await cache.get('r', 'k', loads('after'))).toBe('after');
  });

  it('runs at once outside a transaction', async () => {
    const { cache } = server.platform;
    await cache.get('o', 'k', loads('old'));
    await cache.invalidate('o');
    expect(await cache.get('o', 'k', loads('after'))).toBe('after');
  });
});

describe('a dictionary saved while another request reads it', () => {
  it('is read new right after the save, even when the read came between the drop and the commit', async () => {
    const dictionary = async () => {
      const res = await server.call({ method: 'GET', url: '/api/blade-system/dict/dictionary?code=sex', token: admin });
      return res.body.data as { id: string; dictKey: string; dictValue: string }[];
    };
    const male = (await dictionary()).find((e) => e.dictKey === '1')!;
    expect(male.dictValue).toBe('男');

    // The other request: it reads the dictionary the moment the save drops the cache, on its own
    // connection, and the save goes on only once that read is done (a slow commit, in effect).
    let dropped!: () => void;
    const whenDropped = new Promise<void>((resolve) => {
      dropped = resolve;
    });
    const reader = (async () => {
      await whenDropped;
      return dictionary();
    })();
    const bus = server.platform.bus;
    const publish = bus.publish.bind(bus);
    vi.spyOn(bus, 'publish').mockImplementation(async (topic, payload) => {
      await publish(topic, payload);
      if (topic === 'cache.invalidate' && (payload as { name: string }).name === 'dict') {
        dropped();
        await reader;
      }
    });

    const saved = await server.call({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      token: admin,
      payload: { id: male.id, dictValue: '男性' },
    });
    expect(saved.body.code).toBe(200);
    vi.mocked(bus.publish).mockRestore();
    await reader;
    expect((await dictionary()).find((e) => e.dictKey === '1')?.dictValue).toBe('男性');
  });
});
