import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../src/platform/bus.ts';
import { ALL_TENANTS, type Database, type Queryable, writtenTables } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { TableWrites } from '../src/platform/table-writes.ts';
import { PageTotals, pageLength } from '../src/resources/totals.ts';
import { insertRows } from '../src/seed/rows.ts';
import { startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

describe('writtenTables', () => {
  it('names the tables an insert, update or delete writes, also inside a with', () => {
    expect(writtenTables('insert into blade_param (id) values ($1)')).toEqual(['blade_param']);
    expect(writtenTables('UPDATE "blade_user" set update_time = now()')).toEqual(['blade_user']);
    expect(writtenTables('delete from only blade_dept where id = $1')).toEqual(['blade_dept']);
    expect(
      writtenTables(
        'with recursive d as (select id from blade_dict where parent_id = $1) update blade_dict set is_deleted = 1 where id in (select id from d)',
      ),
    ).toEqual(['blade_dict']);
  });

  it('names none for a read, whatever its column names', () => {
    expect(writtenTables('select update_time, update_user from blade_param where is_deleted = 0')).toEqual([]);
  });
});

describe('PageTotals', () => {
  function fakeDatabase() {
    let listener: (tables: string[]) => void = () => undefined;
    return {
      db: { onWritten: (l: (tables: string[]) => void) => (listener = l) } as unknown as Database,
      write: (...tables: string[]) => listener(tables),
    };
  }

  it('forgets a total once its table is written, here or on another instance', () => {
    const bus = new MemoryBus();
    const here = fakeDatabase();
    const there = fakeDatabase();
    const totals = new PageTotals(new TableWrites(here.db, bus), 'blade_param');
    new TableWrites(there.db, bus);

    totals.remember('k', 7, totals.version());
    expect(totals.get('k')).toBe(7);
    here.write('blade_user');
    expect(totals.get('k')).toBe(7);
    here.write('blade_param');
    expect(totals.get('k')).toBeUndefined();

    totals.remember('k', 8, totals.version());
    there.write('blade_param');
    expect(totals.get('k')).toBeUndefined();
  });

  it('keeps no total counted while the table was being written', () => {
    const { db, write } = fakeDatabase();
    const totals = new PageTotals(new TableWrites(db, new MemoryBus()), 'blade_param');
    const before = totals.version();
    write('blade_param');
    totals.remember('k', 7, before);
    expect(totals.get('k')).toBeUndefined();
  });

  it('knows how long each page is', () => {
    expect(pageLength(25, 1, 10)).toBe(10);
    expect(pageLength(25, 3, 10)).toBe(5);
    expect(pageLength(25, 4, 10)).toBe(0);
    expect(pageLength(0, 1, 10)).toBe(0);
  });
});

describe('a page total', () => {
  let server: TestServer;
  let token: string;
  /** Every statement the engine sends, as the page route runs it. */
  const sent: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    token = tokenFor(server);
    const db = server.platform.db;
    const scoped = db.scoped.bind(db);
    db.scoped = (tenantId, fn) =>
      scoped(tenantId, (q) =>
        fn({
          query: (sql, params) => {
            sent.push(sql);
            return q.query(sql, params);
          },
        } as Queryable),
      );
  });
  afterAll(() => server.close());

  const total = async () => {
    const res = await server.call({
      method: 'GET',
      url: '/api/blade-system/param/page?paramKey_likeright=totals.&size=2',
      token,
    });
    expect(res.body.code).toBe(200);
    return res.body.data.total as number;
  };
  const add = (key: string) =>
    server.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      token,
      payload: { paramName: key, paramKey: key, paramValue: '1' },
    });
  const paramRow = (key: string) => ({
    id: nextId(),
    tenant_id: '000000',
    param_name: key,
    param_key: key,
    param_value: '1',
  });

  it('is counted once and then read with the rows alone while the table is unchanged', async () => {
    await add('totals.a');
    await add('totals.b');
    await add('totals.c');
    sent.length = 0;
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
    const counts = sent.filter((sql) => sql.includes('count(*)'));
    expect(counts).toHaveLength(1);
  });

  it('follows a save through the API', async () => {
    await total();
    await add('totals.d');
    expect(await total()).toBe(4);
  });

  it('follows a write that bypasses the engine, in a transaction or not', async () => {
    await total();
    await server.platform.db.tx(ALL_TENANTS, (q) => insertRows(q, 'blade_param', [paramRow('totals.e')]));
    expect(await total()).toBe(5);
    await server.platform.db.admin.query(
      `insert into blade_param (id, tenant_id, param_name, param_key, param_value) values ($1, '000000', 'f', 'totals.f', '1')`,
      [nextId()],
    );
    expect(await total()).toBe(6);
  });

  it('counted inside a transaction that then rolled back is not kept', async () => {
    await expect(
      server.platform.db.tx('000000', async (q) => {
        await insertRows(q, 'blade_param', [paramRow('totals.g')]);
        // The request runs inside this transaction's scope and sees its uncommitted row.
        expect(await total()).toBe(7);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await total()).toBe(6);
  });
});

describe('the error log page', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = tokenFor(server);
  });
  afterAll(() => server.close());

  it('shows an entry the batched log writer adds after the same search found none', async () => {
    const url = '/api/blade-log/error/page?requestUri_like=%2Fe2e%2Ftotals&size=10';
    const found = async () => (await server.call({ method: 'GET', url, token })).body.data.total as number;
    expect(await found()).toBe(0);
    await server.call({
      method: 'POST',
      url: '/api/blade-log/client/save',
      token,
      payload: [{ url: '/e2e/totals', time: '', type: 'TypeError', message: 'boom', stack: '', info: '' }],
    });
    expect(await found()).toBe(0);
    await server.platform.logs.flush();
    expect(await found()).toBe(1);
  });
});
