import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase, withConnection } from '../src/modules/develop/connection.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createTenant, login, onPostgres, startServer, type TestServer } from './harness.ts';

/**
 * A data source's connection test reaches any host and port the server can, so it is fenced: only the
 * platform tenant manages data sources, every failure reads the same (no port scan by error texts), and
 * the platform's own database is never a data source, by its URL or by its identity behind another name.
 */
let server: TestServer;
let admin: string;
let tenantAdmin: string;
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const source = (url: string) => ({
  name: '探测',
  driverClass: 'org.postgresql.Driver',
  url,
  username: decodeURIComponent(base.username) || 'postgres',
  password: decodeURIComponent(base.password) || 'any-password',
});
const count = async () =>
  Number(
    (
      await server.platform.db.scoped(ALL_TENANTS, (q) =>
        q.query<{ n: string }>('select count(*) as n from blade_datasource'),
      )
    )[0].n,
  );

function submit(token: string, body: object) {
  return server.call({ method: 'POST', url: '/api/blade-develop/datasource/submit', token, payload: body });
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '710001');
  tenantAdmin = await login(server, 'admin', 'admin', '710001');
});
afterAll(() => server?.close());

describe('who manages data sources', () => {
  it("refuses another tenant's administrator (403) and writes nothing, even for a working connection", async () => {
    const before = await count();
    const res = await submit(tenantAdmin, source(`jdbc:postgresql://${base.host}${base.pathname}`));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, success: false });
    const probe = await submit(tenantAdmin, source('jdbc:postgresql://127.0.0.1:1/x'));
    expect(probe.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("keeps another tenant's administrator from removing the platform's data sources", async () => {
    const added = await submit(admin, source(`jdbc:postgresql://${base.host}${base.pathname}`));
    expect(added.body.code).toBe(200);
    const id = added.body.data.id;
    const res = await server.call({
      method: 'POST',
      url: `/api/blade-develop/datasource/remove?ids=${id}`,
      token: tenantAdmin,
    });
    expect(res.body.code).not.toBe(200);
    expect(
      (await server.call({ method: 'GET', url: `/api/blade-develop/datasource/detail?id=${id}`, token: admin })).body
        .data.id,
    ).toBe(id);
  });
});

describe('connection failures', () => {
  it('reads the same for a closed port, an unknown database and a wrong host', async () => {
    const answers = await Promise.all(
      [
        'jdbc:postgresql://127.0.0.1:1/test',
        `jdbc:postgresql://${base.host}/no_such_database_here`,
        'jdbc:postgresql://no-such-host.invalid:5432/x',
      ].map(async (url) => (await submit(admin, source(url))).body),
    );
    for (const body of answers) {
      expect(body).toMatchObject({ code: 400, success: false });
      expect(body.msg).toBe(answers[0].msg);
    }
    expect(answers[0].msg).toBe('数据源连接失败: 请检查连接地址、用户名和密码');
    expect(JSON.stringify(answers)).not.toMatch(/ECONNREFUSED|ENOTFOUND|no_such_database_here|does not exist/);
  });
});

describe("the platform's own database", () => {
  it.skipIf(!onPostgres)('is refused by its identity (same database on the same cluster)', async () => {
    const [{ db }] = await server.platform.db.admin.query<{ db: string }>('select current_database() as db');
    const before = await count();
    const res = await submit(admin, source(`jdbc:postgresql://${base.host}/${db}`));
    expect(res.body).toMatchObject({ code: 400, msg: '不能将平台自身的数据库配置为数据源' });
    expect(await count()).toBe(before);
  });

  it.skipIf(!onPostgres)('is refused by its URL before connecting, under any local host name', async () => {
    const [{ db }] = await server.platform.db.admin.query<{ db: string }>('select current_database() as db');
    const own = ownDatabase(server.platform.db, `postgres://postgres@127.0.0.1:${base.port || 5432}/${db}`);
    let connected = false;
    await expect(
      withConnection(
        source(`jdbc:postgresql://localhost:${base.port || 5432}/${db}`),
        async () => {
          connected = true;
        },
        own,
      ),
    ).rejects.toMatchObject({ code: 400, text: { zh: '不能将平台自身的数据库配置为数据源' } });
    expect(connected).toBe(false);
  });

  it('lets another database on a server through', async () => {
    const own = ownDatabase(server.platform.db, undefined);
    const result = await withConnection(
      source(`jdbc:postgresql://${base.host}${base.pathname}`),
      async (client) => (await client.query('select 1 as one')).rows[0].one,
      own,
    );
    expect(result).toBe(1);
  });
});
