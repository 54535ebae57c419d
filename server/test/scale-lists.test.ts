import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OFFSET } from '../src/resources/conditions.ts';
import { data, refused } from './answers.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * Lists at scale (issue 36 point 4), through the parameter list: a sort the catalog does not declare is ignored
 * (the list keeps its default order, which an index serves), a name that is no field is a 400; a page deeper than
 * MAX_OFFSET rows that still holds rows is a 400 with a clear message, one past the last row is the usual empty page.
 */
let server: TestServer;
let admin: string;
const API = '/api/blade-system/param';

const get = (url: string, headers: Record<string, string> = {}) =>
  server.call({ method: 'GET', url, token: admin, headers });

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  // Values in the opposite order of the keys, saved in key order: each order differs from the others.
  for (const [i, key] of ['sl.a', 'sl.b', 'sl.c'].entries()) {
    await data(
      server.call({
        method: 'POST',
        url: `${API}/submit`,
        token: admin,
        payload: { paramName: key, paramKey: key, paramValue: String(9 - i) },
      }),
    );
  }
});
afterAll(() => server?.close());

const keysOf = async (query: string) =>
  (await data(get(`${API}/page?paramKey_likeright=sl.&${query}`))).records.map((r: { paramKey: string }) => r.paramKey);

describe('sorting', () => {
  it('follows a declared sort either way, ignores an undeclared one and refuses a name that is no field', async () => {
    expect(await keysOf('ascs=paramKey')).toEqual(['sl.a', 'sl.b', 'sl.c']);
    expect(await keysOf('descs=paramKey')).toEqual(['sl.c', 'sl.b', 'sl.a']);
    const byDefault = await keysOf('');
    expect(byDefault).toEqual(['sl.c', 'sl.b', 'sl.a']); // the newest first
    // paramValue is no sort of the catalog: ascending it would be c, b, a; descending a, b, c. Neither is applied.
    expect(await keysOf('descs=paramValue')).toEqual(byDefault);
    expect(await keysOf('ascs=paramValue,paramKey')).toEqual(['sl.a', 'sl.b', 'sl.c']);
    await refused(get(`${API}/page?ascs=nope`), 400, 'nope');
  });
});

describe('deep pages', () => {
  it(`refuse a page past ${MAX_OFFSET} rows that still holds rows, clearly, and answer one past the end`, async () => {
    await server.platform.db.admin.exec(
      `insert into blade_param (id, tenant_id, param_name, param_key, param_value)
         select 9200000000000000000 + g, '000000', 'deep ' || g, 'deep.' || g, g::text
           from generate_series(1, ${MAX_OFFSET + 20}) g`,
    );
    const last = MAX_OFFSET / 10 + 1; // skips exactly MAX_OFFSET rows
    const edge = await data(get(`${API}/page?paramKey_likeright=deep.&current=${last}&size=10`));
    expect(edge).toMatchObject({ total: MAX_OFFSET + 20, current: last });
    expect(edge.records).toHaveLength(10);
    await refused(get(`${API}/page?paramKey_likeright=deep.&current=${last + 1}&size=10`), 400, `${MAX_OFFSET}`);
    await refused(
      get(`${API}/page?current=${last + 1}&size=10`, { 'accept-language': 'en' }),
      400,
      `Only the first ${MAX_OFFSET} rows can be paged through`,
    );
    // Past the last row: the empty page, with the total, as any page past the end.
    const beyond = await data(get(`${API}/page?paramKey_likeright=deep.&current=${last + 2}&size=10`));
    expect(beyond).toMatchObject({ records: [], total: MAX_OFFSET + 20, current: last + 2 });
    const far = await data(get(`${API}/page?paramKey_likeright=deep.&current=10000000&size=1000`));
    expect(far).toMatchObject({ records: [], total: MAX_OFFSET + 20 });
  });
});
