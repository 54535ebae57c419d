import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { startServer, type TestServer } from './harness.ts';

/** The health check a load balancer polls: open to anyone, and no api-log row per poll. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const apiLogRows = async () => {
  await server.platform.logs.flush();
  const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ n: string }>(`select count(*) as n from blade_log_api where request_uri like '%/health%'`),
  );
  return Number(row.n);
};

it('answers the database and bus state without client or token, and keeps no log of it', async () => {
  const before = await apiLogRows();
  for (let i = 0; i < 3; i++) {
    const res = await server.call({ method: 'GET', url: '/api/blade-system/health', headers: { authorization: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ database: 'up', bus: 'memory' });
  }
  expect(await apiLogRows()).toBe(before);
});
