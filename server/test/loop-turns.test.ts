import { afterAll, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { seededDatabase } from './harness.ts';

/**
 * Queued scopes leave the event loop its turns (issue 36: 200 sessions on the embedded database). PGlite answers in
 * the server's own thread without ever yielding, so scopes run back to back used to hold the loop until the last
 * was done: no socket read, no connection accepted (one a turn), and new connections waited over 10 s.
 */
const { db, drop } = await seededDatabase();
afterAll(async () => {
  await db.close();
  await drop();
});

it('gives the event loop turns while 300 scopes wait for the database', async () => {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  const scopes = Array.from({ length: 300 }, () =>
    db.tx(ALL_TENANTS, (q) =>
      q.query('select count(*) from blade_user u join blade_role r on r.tenant_id = u.tenant_id'),
    ),
  );
  setImmediate(tick);
  await Promise.all(scopes);
  running = false;
  // A turn at least every 10 ms of back-to-back scopes (platform/db.ts, TURN_MS); held loosely for a busy machine.
  expect(turns).toBeGreaterThanOrEqual(3);
});
