import { entities } from '@park/catalog';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MemoryBus } from '../src/platform/bus.ts';
import { loadConfig } from '../src/platform/config.ts';
import { ALL_TENANTS, openDatabase } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { exportSheet } from './exports.ts';
import {
  ADMIN,
  createTenant,
  freshPostgres,
  login,
  onPostgres,
  serverOf,
  startServer,
  type TestServer,
  type TestTenant,
} from './harness.ts';

/**
 * A tenant's own database (issue 38): binding a tenant to a data source moves its business rows there,
 * its requests then read and write there (checked by reading both databases directly), other tenants stay
 * in the main one, a move cut short resumes, writes during a move are refused and never lost, a data
 * source that is down fails only its tenant, row-level security holds there, and unbinding moves back.
 * The data sources are databases of their own on the PostgreSQL server the machine runs (the main
 * database is the run's: PGlite or PostgreSQL).
 */
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function urlOf(database: string) {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(sql: string, database = new URL(SERVER).pathname.slice(1)): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

let server: TestServer;
let admin: string;
const databases: string[] = [];
const A = 'T38A';
const B = 'T38B';
const C = 'T38C';
let tokenA: string;
let tokenB: string;
let tenantA: TestTenant;

/** A new, empty database on the server, and its data source in 数据源管理 (made on `on` by `token`'s holder). */
async function newDataSource(on = server, token = admin): Promise<{ id: string; database: string }> {
  const database = `park_home_${process.pid}_${nextId()}`;
  await onServer(`create database ${database}`);
  databases.push(database);
  const res = await on.call({
    method: 'POST',
    url: '/api/blade-develop/datasource/submit',
    token,
    payload: {
      name: database,
      driverClass: 'org.postgresql.Driver',
      url: `jdbc:postgresql://${new URL(SERVER).host}/${database}`,
      username: new URL(SERVER).username || 'postgres',
      password: 'unused-with-trust',
    },
  });
  expect(res.body).toMatchObject({ code: 200 });
  return { id: res.body.data.id, database };
}

const bind = (tenantId: string, datasourceId: string | null) =>
  server.call({
    method: 'POST',
    url: `/api/blade-system/tenant/datasource?tenantId=${tenantId}${datasourceId ? `&datasourceId=${datasourceId}` : ''}`,
    token: admin,
  });

const post = (token: string, url: string, payload: Record<string, unknown>) =>
  server.call({ method: 'POST', url, token, payload });
const get = (token: string, url: string) => server.call({ method: 'GET', url, token });

/** The tenant's rows of a table in the main database, read past the router. */
async function inMain(table: string, tenantId: string): Promise<number> {
  const [row] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
    q.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [tenantId]),
  );
  return row.n;
}

async function inHome(database: string, table: string, tenantId: string): Promise<number> {
  const [row] = await onServer<{ n: number }>(
    `select count(*)::int as n from ${table} where tenant_id = '${tenantId}'`,
    database,
  );
  return row.n;
}

async function addEnterprise(token: string, name: string) {
  return post(token, '/api/blade-crm/enterprise/submit', { enterpriseName: name });
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  // A is made as an operator makes one (its department, role, admin and workflow buttons provisioned); B and C directly.
  const made = await post(admin, '/api/blade-system/tenant/submit', {
    tenantId: A,
    tenantName: '独立库租户',
    linkman: '王',
  });
  expect(made.body).toMatchObject({ code: 200 });
  const [provisioned] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
    q.query<{ role: string; dept: string }>(
      'select role_id::text as role, dept_id::text as dept from blade_user where tenant_id = $1',
      [A],
    ),
  );
  tenantA = { tenantId: A, adminId: '', adminRole: provisioned.role, deptId: provisioned.dept };
  for (const t of [B, C]) await createTenant(server, t);
  tokenA = await login(server, 'admin', '123456', A);
  tokenB = await login(server, 'admin', 'admin', B);
  for (const [token, name] of [
    [tokenA, 'A企业一'],
    [tokenA, 'A企业二'],
    [tokenB, 'B企业一'],
  ] as const) {
    expect((await addEnterprise(token, name)).body).toMatchObject({ code: 200 });
  }
  expect(
    (await post(tokenA, '/api/blade-basic/news/submit', { title: 'A的新闻', content: '<p>正文</p>' })).body,
  ).toMatchObject({ code: 200 });
});

afterAll(async () => {
  await server?.close();
  for (const database of databases) await onServer(`drop database if exists ${database} with (force)`);
});

describe('a tenant bound to a data source', () => {
  let home: { id: string; database: string };

  it('has its business rows moved there, and the other tenants none', async () => {
    home = await newDataSource();
    const buttons = await inMain('wf_button', A);
    expect(buttons).toBeGreaterThan(0);
    expect((await bind(A, home.id)).body).toMatchObject({ code: 200, success: true });
    expect(await inHome(home.database, 'wf_button', A)).toBe(buttons);
    expect(await inMain('wf_button', A)).toBe(0);
    expect(await inHome(home.database, 'crm_enterprise', A)).toBe(2);
    expect(await inHome(home.database, 'basic_news', A)).toBe(1);
    expect(await inMain('crm_enterprise', A)).toBe(0);
    expect(await inMain('basic_news', A)).toBe(0);
    // Tenant B is untouched, and has nothing in A's database.
    expect(await inMain('crm_enterprise', B)).toBe(1);
    expect(await inHome(home.database, 'crm_enterprise', B)).toBe(0);
    // Platform tables stay in the main one (the home holds only a copy of A's own users for joins).
    expect(await inMain('blade_user', A)).toBe(1);
    expect(await inHome(home.database, 'blade_user', B)).toBe(0);
    const [tenant] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ datasource_id: string }>('select datasource_id::text from blade_tenant where tenant_id = $1', [A]),
    );
    expect(tenant.datasource_id).toBe(home.id);
  });

  it("reads and writes every call of the tenant's business modules there", async () => {
    const page = await get(tokenA, '/api/blade-crm/enterprise/page?current=1&size=10');
    expect(page.body.data.records.map((r: { enterpriseName: string }) => r.enterpriseName).sort()).toEqual([
      'A企业一',
      'A企业二',
    ]);
    const added = await addEnterprise(tokenA, 'A企业三');
    expect(added.body).toMatchObject({ code: 200 });
    const id = added.body.data.id;
    expect(await inHome(home.database, 'crm_enterprise', A)).toBe(3);
    expect(await inMain('crm_enterprise', A)).toBe(0);
    const detail = await get(tokenA, `/api/blade-crm/enterprise/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ enterpriseName: 'A企业三' });
    expect(
      (await post(tokenA, '/api/blade-crm/enterprise/submit', { ...detail.body.data, enterpriseName: 'A企业叁' })).body,
    ).toMatchObject({ code: 200 });
    const [renamed] = await onServer<{ enterprise_name: string }>(
      `select enterprise_name from crm_enterprise where id = ${id}`,
      home.database,
    );
    expect(renamed.enterprise_name).toBe('A企业叁');
    expect(
      (await server.call({ method: 'POST', url: `/api/blade-crm/enterprise/remove?ids=${id}`, token: tokenA })).body,
    ).toMatchObject({ code: 200 });
    const [gone] = await onServer<{ is_deleted: number }>(
      `select is_deleted from crm_enterprise where id = ${id}`,
      home.database,
    );
    expect(gone.is_deleted).toBe(1);
    // Tenant B's calls still go to the main database.
    expect((await addEnterprise(tokenB, 'B企业二')).body).toMatchObject({ code: 200 });
    expect(await inMain('crm_enterprise', B)).toBe(2);
    expect(await inHome(home.database, 'crm_enterprise', B)).toBe(0);
  });

  it('joins the platform rows a business list shows (a new user’s name) from the copy kept there', async () => {
    const feedback = await post(tokenA, '/api/blade-basic/feedback/submit', {
      title: '建议增加车位',
      feedbackType: 1,
      content: '访客车位不足',
    });
    expect(feedback.body).toMatchObject({ code: 200 });
    const user = await post(tokenA, '/api/blade-user/submit', {
      account: 'zhang38',
      name: '张三',
      realName: '张三丰',
      password: 'Abc12345',
      roleId: tenantA.adminRole,
      deptId: tenantA.deptId,
    });
    expect(user.body).toMatchObject({ code: 200 });
    const zhang = await login(server, 'zhang38', 'Abc12345', A);
    expect(
      (await post(zhang, '/api/blade-basic/feedback/reply', { feedbackId: feedback.body.data.id, content: '已安排' }))
        .body,
    ).toMatchObject({ code: 200 });
    const replies = await get(tokenA, `/api/blade-basic/feedback/reply-list?feedbackId=${feedback.body.data.id}`);
    expect(replies.body.data).toEqual([expect.objectContaining({ content: '已安排', createUserName: '张三丰' })]);
    expect(await inHome(home.database, 'basic_feedback_reply', A)).toBe(1);
    expect(await inMain('basic_feedback_reply', A)).toBe(0);
  });

  it('exports its business lists from there and its platform lists from the main database', async () => {
    const enterprises = await exportSheet(server, tokenA, 'blade-crm/enterprise');
    expect(enterprises.values.length).toBe(2);
    // The API log is read through a cursor on PostgreSQL, declared and fetched in the main database.
    await server.platform.logs.flush();
    const calls = await exportSheet(server, tokenA, 'blade-log/api');
    expect(calls.values.length).toBeGreaterThan(0);
  });

  it('answers every list of the catalog, the home page, 控制台 and the cockpit (no statement spans the two databases)', async () => {
    const failed: string[] = [];
    for (const e of entities.filter((x) => x.scope !== 'platform')) {
      const { body } = await get(tokenA, `/api/${e.api}/${e.tree ? 'list' : 'page'}?current=1&size=5`);
      if (body.code !== 200 && body.code !== 403) failed.push(`${e.api}: ${body.code} ${body.msg}`);
    }
    const charts = ['occupancy', 'rent', 'repairs', 'meals', 'reports', 'spaces'].map(
      (c) => `blade-desk/dashboard/${c}`,
    );
    const decision = [
      'cockpit/total',
      'cockpit/statistics-enterprise',
      'cockpit/rank-enterprise',
      'cockpit/getConfigure',
      'analyse/rank-staff',
      'analyse/trend-revenue',
      'analyse/analyse-certificate',
      'overview/list?current=1&size=10',
    ].map((c) => `blade-decision/${c}`);
    for (const path of ['blade-desk/home/summary', ...charts, ...decision]) {
      const { body } = await get(tokenA, `/api/${path}`);
      if (body.code !== 200 && body.code !== 404) failed.push(`${path}: ${body.code} ${body.msg}`);
    }
    expect(failed).toEqual([]);
  });

  it("keeps row-level security in the tenant's database", async () => {
    const client = new pg.Client({ connectionString: urlOf(home.database) });
    await client.connect();
    try {
      await client.query('set role park_app');
      await client.query(`select set_config('park.tenant_id', $1, false)`, [B]);
      expect((await client.query('select count(*)::int as n from crm_enterprise')).rows[0].n).toBe(0);
      await client.query(`select set_config('park.tenant_id', $1, false)`, [A]);
      expect((await client.query('select count(*)::int as n from crm_enterprise')).rows[0].n).toBe(3);
    } finally {
      await client.end();
    }
  });

  it("refuses the tenant's writes in the main database, where an instance that has not heard of the move would send them", async () => {
    const refused = await server.platform.router.main
      .tx(A, (q) =>
        q.query(`insert into crm_enterprise (id, tenant_id, enterprise_name) values ($1, $2, 'stale')`, [nextId(), A]),
      )
      .catch((err: { code?: string }) => err.code);
    expect(refused).toBe('PTF01');
    expect(await inMain('crm_enterprise', A)).toBe(0);
  });

  it('refuses to remove the data source, or the tenant, while the tenant keeps its rows there', async () => {
    const removed = await server.call({
      method: 'POST',
      url: `/api/blade-develop/datasource/remove?ids=${home.id}`,
      token: admin,
    });
    expect(removed.body).toMatchObject({ code: 400, msg: '该数据源正被租户使用，请先解除租户的数据源' });
    const [tenant] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>('select id::text from blade_tenant where tenant_id = $1', [A]),
    );
    const tenantRemoved = await server.call({
      method: 'POST',
      url: `/api/blade-system/tenant/remove?ids=${tenant.id}`,
      token: admin,
    });
    expect(tenantRemoved.body).toMatchObject({ code: 400 });
  });

  it('moves back on unbinding while the tenant writes: every write answered 200 is kept, those during the move are refused', async () => {
    // Six writers (more than the data source's pool of 5) add enterprises one after another, a breath apart, for as
    // long as the move runs.
    let moving = true;
    const answers: { name: string; code: number; msg: string }[] = [];
    const writer = async (w: number) => {
      for (let i = 0; moving; i++) {
        const name = `并发企业${w}-${i}`;
        const { body } = await addEnterprise(tokenA, name);
        answers.push({ name, code: body.code, msg: body.msg });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const writers = [0, 1, 2, 3, 4, 5].map(writer);
    const unbound = await bind(A, null);
    moving = false;
    await Promise.all(writers);
    expect(unbound.body).toMatchObject({ code: 200 });
    const refused = answers.filter((a) => a.code !== 200);
    const kept = answers.filter((a) => a.code === 200).map((a) => a.name);
    // Nothing answered 200 is lost.
    const names = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ enterprise_name: string }>(
        `select enterprise_name from crm_enterprise where tenant_id = $1 and enterprise_name like '并发企业%'`,
        [A],
      ),
    );
    expect(names.map((r) => r.enterprise_name).sort()).toEqual([...kept].sort());
    // Writes landed before the move, were refused during it, and landed after it.
    expect(refused.length).toBeGreaterThan(0);
    expect(kept.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a).toMatchObject({ code: 503, msg: '本租户的数据正在迁移数据源，暂时不能修改，请稍后再试' });
    }
    // Every row is back in the main database and gone from the data source, the copies of A's users too.
    const live = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>(`select count(*)::int as n from crm_enterprise where tenant_id = $1 and is_deleted = 0`, [
        A,
      ]),
    );
    expect(live[0].n).toBe(2 + kept.length);
    expect(await inMain('basic_feedback_reply', A)).toBe(1);
    for (const table of ['crm_enterprise', 'basic_news', 'basic_feedback_reply', 'blade_user']) {
      expect(await inHome(home.database, table, A)).toBe(0);
    }
    const page = await get(tokenA, '/api/blade-crm/enterprise/page?current=1&size=50');
    expect(page.body.data.total).toBe(2 + kept.length);
    expect((await addEnterprise(tokenA, 'A企业四')).body).toMatchObject({ code: 200 });
    expect(await inMain('crm_enterprise', A)).toBe(4 + kept.length);
    // On the embedded database the writers' statements run in the server's own thread and slow the move down.
  }, 90_000);
});

describe('a move cut short', () => {
  it('leaves the rows where they were, refuses writes, and goes on when saved again', async () => {
    const tokenC = await login(server, 'admin', 'admin', C);
    for (const name of ['C企业一', 'C企业二']) expect((await addEnterprise(tokenC, name)).body.code).toBe(200);
    const home = await newDataSource();
    // A row already in the data source under the same id as one of C's stops the copy of that table.
    const [one] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>('select id::text from crm_enterprise where tenant_id = $1 order by id limit 1', [C]),
    );
    // Bound and unbound once, so the data source holds the schema the obstacle below goes into.
    expect((await bind(C, home.id)).body.code).toBe(200);
    expect((await bind(C, null)).body.code).toBe(200);
    await onServer(
      `insert into crm_enterprise (id, tenant_id, enterprise_name) values (${one.id}, 'OTHER', '挡路')`,
      home.database,
    );
    const cut = await bind(C, home.id);
    expect(cut.body.code).not.toBe(200);
    expect(await inMain('crm_enterprise', C)).toBe(2); // nothing removed
    const [store] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ state: string; done_tables: string[] }>(
        'select state, done_tables from park_tenant_store where tenant_id = $1',
        [C],
      ),
    );
    expect(store.state).toBe('moving-in');
    expect(store.done_tables.length).toBeGreaterThan(0);
    expect(store.done_tables).not.toContain('crm_enterprise');
    // Reads go on from the main database; writes are refused until the move has finished.
    expect((await get(tokenC, '/api/blade-crm/enterprise/page?current=1&size=10')).body.data.total).toBe(2);
    expect((await addEnterprise(tokenC, 'C企业三')).body).toMatchObject({ code: 503 });
    await onServer(`delete from crm_enterprise where tenant_id = 'OTHER'`, home.database);
    expect((await bind(C, home.id)).body).toMatchObject({ code: 200 });
    expect(await inHome(home.database, 'crm_enterprise', C)).toBe(2);
    expect(await inMain('crm_enterprise', C)).toBe(0);
    expect((await addEnterprise(tokenC, 'C企业三')).body).toMatchObject({ code: 200 });
    expect(await inHome(home.database, 'crm_enterprise', C)).toBe(3);
  });
});

describe('a move given up', () => {
  it('by choosing no data source before it has finished: the copies go, the tenant writes in the main database again', async () => {
    const D = 'T38D';
    await createTenant(server, D);
    const tokenD = await login(server, 'admin', 'admin', D);
    expect((await addEnterprise(tokenD, 'D企业一')).body.code).toBe(200);
    const home = await newDataSource();
    expect((await bind(D, home.id)).body.code).toBe(200);
    expect((await bind(D, null)).body.code).toBe(200);
    const [one] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>('select id::text from crm_enterprise where tenant_id = $1', [D]),
    );
    await onServer(
      `insert into crm_enterprise (id, tenant_id, enterprise_name) values (${one.id}, 'OTHER', '挡路')`,
      home.database,
    );
    expect((await bind(D, home.id)).body.code).not.toBe(200);
    expect(await inHome(home.database, 'blade_user', D)).toBe(1);
    expect((await bind(D, null)).body).toMatchObject({ code: 200 });
    expect(await inHome(home.database, 'blade_user', D)).toBe(0);
    expect(await inHome(home.database, 'crm_enterprise', 'OTHER')).toBe(1);
    expect(await inMain('crm_enterprise', D)).toBe(1);
    expect((await addEnterprise(tokenD, 'D企业二')).body.code).toBe(200);
    expect(await inMain('crm_enterprise', D)).toBe(2);
    const stores = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query('select 1 from park_tenant_store where tenant_id = $1', [D]),
    );
    expect(stores).toEqual([]);
  });
});

describe('a data source that is down', () => {
  it("fails only its tenant's requests, with a clear message, and serves them again once it is back", async () => {
    const tokenC = await login(server, 'admin', 'admin', C);
    const [store] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ datasource_id: string }>('select datasource_id::text from park_tenant_store where tenant_id = $1', [C]),
    );
    const [{ url }] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ url: string }>('select url from blade_datasource where id = $1', [store.datasource_id]),
    );
    const database = url.split('/').pop() as string;
    // Stopped as far as the server can tell: no connection reaches that database any more.
    await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}'`);
    await onServer(`alter database ${database} rename to ${database}_away`);
    databases.push(`${database}_away`);
    try {
      const down = await get(tokenC, '/api/blade-crm/enterprise/page?current=1&size=10');
      expect(down.body).toMatchObject({
        code: 503,
        msg: '本租户的数据源暂时无法连接，请稍后再试或联系平台管理员',
      });
      expect((await get(tokenB, '/api/blade-crm/enterprise/page?current=1&size=10')).body.data.total).toBe(2);
      expect((await get(admin, '/api/blade-crm/enterprise/page?current=1&size=10')).body.code).toBe(200);
    } finally {
      await onServer(`alter database ${database}_away rename to ${database}`);
    }
    expect((await get(tokenC, '/api/blade-crm/enterprise/page?current=1&size=10')).body.data.total).toBe(3);
  });
});

describe('a write under way when a move begins', () => {
  it('is waited for and moved with the rest, never left behind', async () => {
    const id = nextId();
    let inserted!: () => void;
    const issued = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const slow = server.platform.db.tx(C, async (q) => {
      await q.query(`insert into crm_enterprise (id, tenant_id, enterprise_name) values ($1, $2, '慢事务企业')`, [
        id,
        C,
      ]);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await issued;
    const unbound = bind(C, null);
    await slow;
    expect((await unbound).body).toMatchObject({ code: 200 });
    const [row] = await server.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>('select count(*)::int as n from crm_enterprise where id = $1', [id]),
    );
    expect(row.n).toBe(1);
  });
});

// Several servers on one database: a PostgreSQL server's (the embedded database serves one process).
describe.skipIf(!onPostgres)('several instances', () => {
  const E = 'T38E';
  let drop: () => Promise<void>;
  const started: TestServer[] = [];

  afterAll(async () => {
    for (const s of started.reverse()) await s.close();
    await drop?.();
  });

  it('send the tenant to its data source once one has moved it; one that has not heard cannot write where the rows no longer are', async () => {
    let url: string;
    ({ url, drop } = await freshPostgres(inject('seededDatabases').plain));
    const config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent' };
    // a and b hear each other (one bus, as through the broker); c hears nobody.
    const shared = new MemoryBus();
    const instance = async (bus: MemoryBus) => {
      const platform = await createPlatform(config, await openDatabase({ url, poolSize: 4 }), bus);
      const s = serverOf(await buildApp(platform), platform);
      started.push(s);
      return s;
    };
    const [a, b, c] = [await instance(shared), await instance(shared), await instance(new MemoryBus())];
    const adminA = await login(a, ADMIN.account, ADMIN.password);
    await createTenant(a, E);
    const [onB, onC] = [await login(b, 'admin', 'admin', E), await login(c, 'admin', 'admin', E)];
    const add = (s: TestServer, token: string, name: string) =>
      s.call({ method: 'POST', url: '/api/blade-crm/enterprise/submit', token, payload: { enterpriseName: name } });
    const total = async (s: TestServer, token: string) =>
      (await s.call({ method: 'GET', url: '/api/blade-crm/enterprise/page?current=1&size=10', token })).body.data.total;
    expect((await add(b, onB, 'E企业一')).body.code).toBe(200);

    const { id: sourceId, database: home } = await newDataSource(a, adminA);
    const bound = await a.call({
      method: 'POST',
      url: `/api/blade-system/tenant/datasource?tenantId=${E}&datasourceId=${sourceId}`,
      token: adminA,
    });
    expect(bound.body.code).toBe(200);
    // b heard of it: its reads and writes of E are the data source's.
    await expect.poll(() => total(b, onB)).toBe(1);
    expect((await add(b, onB, 'E企业二')).body.code).toBe(200);
    expect(await inHome(home, 'crm_enterprise', E)).toBe(2);
    // c did not: its write is refused by the fence in the main database, and nothing lands there.
    expect((await add(c, onC, 'E企业三')).body).toMatchObject({ code: 503 });
    const [left] = await a.platform.router.main.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>('select count(*)::int as n from crm_enterprise where tenant_id = $1', [E]),
    );
    expect(left.n).toBe(0);
    // An instance started after the move reads where the rows are.
    const d = await instance(new MemoryBus());
    expect(await total(d, await login(d, 'admin', 'admin', E))).toBe(2);
  });
});

describe('bad input to 数据源配置', () => {
  it('answers 400 for malformed ids, and one winner when two saves of one tenant meet', async () => {
    const url = (q: string) => ({
      method: 'POST' as const,
      url: `/api/blade-system/tenant/datasource?${q}`,
      token: admin,
    });
    for (const q of [
      'tenantId=a%20b',
      `tenantId=${'x'.repeat(13)}`,
      'tenantId=%00',
      `tenantId=${B}&datasourceId=abc`,
      `tenantId=${B}&datasourceId=99999999999999999999999`,
      `tenantId=${B}&datasourceId=1%00`,
      `tenantId=${B}&datasourceId=${nextId()}`,
    ]) {
      expect((await server.call(url(q))).body.code, q).toBe(400);
    }
    const home = await newDataSource();
    const answers = await Promise.all([1, 2].map(() => server.call(url(`tenantId=${B}&datasourceId=${home.id}`))));
    const codes = answers.map((a) => a.body.code).sort((x, y) => x - y);
    // One moves the rows; the other finds the lease held (400 正在迁移) or, coming after, the tenant bound already.
    expect(codes[0]).toBe(200);
    expect([200, 400]).toContain(codes[1]);
    for (const a of answers.filter((x) => x.body.code === 400)) {
      expect(a.body.msg).toBe('该租户的数据正在迁移，请稍后再试');
    }
    expect(await inHome(home.database, 'crm_enterprise', B)).toBe(2);
    expect(await inMain('crm_enterprise', B)).toBe(0);
    expect((await server.call(url(`tenantId=${B}`))).body.code).toBe(200);
    expect(await inMain('crm_enterprise', B)).toBe(2);
  });
});
