import { expect, it } from 'vitest';
import { MemoryBus } from '../src/platform/bus.ts';
import { Push } from '../src/platform/push.ts';

/**
 * Issue 18 point 4: a message to a role of 1,000 users and more is written to their sockets a slice at a
 * time, giving the event loop back between slices, so other requests are served during a large fan-out.
 */
it('writes a fan-out to 1,200 users in slices, letting other work run between them', async () => {
  const push = new Push(new MemoryBus());
  const users = Array.from({ length: 1200 }, (_, i) => `u${i}`);
  const order: string[] = [];
  const delivered = new Set<string>();
  for (const user of users) {
    push.listen('000000', user, (frame) => {
      delivered.add(user);
      order.push(`frame ${(JSON.parse(frame) as { n: number }).n}`);
    });
  }
  // Another listener of an unrelated tenant's user of the same id: a tenant's event never reaches it.
  push.listen('999999', 'u1', () => order.push('other tenant'));

  const done = new Promise<void>((resolve) => {
    const check = () => (delivered.size === users.length ? resolve() : setImmediate(check));
    check();
  });
  await push.toUsers('000000', users, { type: 'message', n: 1 });
  // Work queued while the fan-out runs: a request arriving meanwhile.
  setImmediate(() => order.push('other work'));
  await done;

  expect(delivered.size).toBe(1200);
  expect(order).not.toContain('other tenant');
  const other = order.indexOf('other work');
  // The first slice (500 users) went out at once; the other work ran before the last of the 1,200.
  expect(other).toBeGreaterThanOrEqual(500);
  expect(other).toBeLessThan(order.length - 1);
  push.close();
});
