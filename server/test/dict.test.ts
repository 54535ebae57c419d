import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { seedDictionaryEnglish, seedMinioName } from '../src/seed/dictionaries.ts';
import { insertRows } from '../src/seed/rows.ts';
import { startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/** Dictionary entries for dropdowns: system dictionaries for everyone, business ones per tenant. */
let server: TestServer;
let admin: string;
const OTHER_TENANT = '300001';

async function dictionary(path: 'dict' | 'dict-biz', code: string, token = admin, lang = 'zh-CN') {
  const res = await server.call({
    method: 'GET',
    url: `/api/blade-system/${path}/dictionary?code=${code}`,
    token,
    headers: { 'accept-language': lang },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { dictKey: string; dictValue: string; sort: number; parentId: string }[];
}

/** A dictionary (parent row and entries) in blade_dict, or in blade_dict_biz for a tenant. */
async function addDictionary(
  table: 'blade_dict' | 'blade_dict_biz',
  code: string,
  entries: { key: string; value: string; sort: number; sealed?: boolean; deleted?: boolean }[],
  tenantId?: string,
) {
  const parentId = nextId();
  const tenant = tenantId ? { tenant_id: tenantId } : {};
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, table, [
      { id: parentId, ...tenant, parent_id: 0, code, dict_key: '-1', dict_value: code, sort: 1 },
      ...entries.map((e) => ({
        id: nextId(),
        ...tenant,
        parent_id: parentId,
        code,
        dict_key: e.key,
        dict_value: e.value,
        sort: e.sort,
        is_sealed: e.sealed ? 1 : 0,
        is_deleted: e.deleted ? 1 : 0,
      })),
    ]),
  );
}

beforeAll(async () => {
  server = await startServer();
  admin = tokenFor(server);
});

afterAll(() => server.close());

describe('GET /blade-system/dict/dictionary', () => {
  it('gives the entries of a code, sorted, in the contract shape', async () => {
    const sex = await dictionary('dict', 'sex');
    expect(sex.map((e) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ]);
    expect(Object.keys(sex[0]).sort()).toEqual(['code', 'dictKey', 'dictValue', 'id', 'parentId', 'remark', 'sort']);
    expect(sex[0]).toMatchObject({ code: 'sex', sort: 1 });
    expect(sex[0].parentId).toMatch(/^\d+$/);
  });

  it('hides sealed and deleted entries and orders by sort', async () => {
    await addDictionary('blade_dict', 'test_level', [
      { key: 'c', value: '丙', sort: 3 },
      { key: 'a', value: '甲', sort: 1 },
      { key: 'x', value: '封存', sort: 2, sealed: true },
      { key: 'y', value: '删除', sort: 0, deleted: true },
      { key: 'b', value: '乙', sort: 2 },
    ]);
    expect((await dictionary('dict', 'test_level')).map((e) => e.dictKey)).toEqual(['a', 'b', 'c']);
  });

  it('gives an empty list for an unknown code', async () => {
    expect(await dictionary('dict', 'no_such_code')).toEqual([]);
  });
});

describe('GET /blade-system/dict-biz/dictionary', () => {
  it('gives each tenant its own entries of a code', async () => {
    await addDictionary('blade_dict_biz', 'room_kind', [{ key: 'a', value: '办公', sort: 1 }], '000000');
    await addDictionary(
      'blade_dict_biz',
      'room_kind',
      [
        { key: 'b', value: '厂房', sort: 2 },
        { key: 'c', value: '仓库', sort: 1 },
        { key: 'd', value: '封存', sort: 3, sealed: true },
      ],
      OTHER_TENANT,
    );
    const other = tokenFor(server, { tenantId: OTHER_TENANT, userId: nextId(), roleIds: [], roleAliases: [] });
    expect((await dictionary('dict-biz', 'room_kind')).map((e) => e.dictValue)).toEqual(['办公']);
    expect((await dictionary('dict-biz', 'room_kind', other)).map((e) => e.dictValue)).toEqual(['仓库', '厂房']);
  });
});

describe('refusals', () => {
  it.each(['dict', 'dict-biz'])('/%s/dictionary without a code is a 400 in the asked language', async (path) => {
    const zh = await server.call({ method: 'GET', url: `/api/blade-system/${path}/dictionary`, token: admin });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, msg: '请传入字典编号code' });
    const en = await server.call({
      method: 'GET',
      url: `/api/blade-system/${path}/dictionary?code=%20`,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('The dictionary code (code) is required');
  });

  it.each(['dict', 'dict-biz'])('/%s/dictionary without a token is a 401', async (path) => {
    const res = await server.call({ method: 'GET', url: `/api/blade-system/${path}/dictionary?code=sex` });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, success: false });
  });
});

describe('dictionary values in English', () => {
  const labels = async (code: string, lang: string, path: 'dict' | 'dict-biz' = 'dict') =>
    (await dictionary(path, code, admin, lang)).map((e) => [e.dictKey, e.dictValue]);

  it('answers dictValue in English to an English request, for every built-in entry', async () => {
    expect(await labels('enterprise_status', 'en-US,en;q=0.9')).toEqual([
      ['1', 'In the park'],
      ['0', 'Moved out'],
    ]);
    expect(await labels('enterprise_status', 'zh-CN')).toEqual([
      ['1', '在园'],
      ['0', '已迁出'],
    ]);
    expect(await labels('account_type', 'en')).toEqual([
      ['platform', 'Platform account'],
      ['web', 'Company account'],
    ]);
    const [untranslated] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: number }>(
        // The built-in rows' ids (seed/dictionaries.ts); the tests above add dictionaries of their own.
        "select count(*)::int as n from blade_dict where id::text like '1123598819738670%' and dict_value_en is null",
      ),
    );
    expect(untranslated.n).toBe(0);
  });

  it('falls back to the Chinese value for an entry without an English one, and follows an edit', async () => {
    await addDictionary('blade_dict_biz', 'lounge_kind', [{ key: 'a', value: '大间', sort: 1 }], '000000');
    expect(await labels('lounge_kind', 'en', 'dict-biz')).toEqual([['a', '大间']]);
    const [entry] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(
        "select id::text as id from blade_dict_biz where code = 'lounge_kind' and dict_key = 'a'",
      ),
    );
    const saved = await server.call({
      method: 'POST',
      url: '/api/blade-system/dict-biz/submit',
      token: admin,
      payload: { id: entry.id, dictValueEn: 'Large room' },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(await labels('lounge_kind', 'en', 'dict-biz')).toEqual([['a', 'Large room']]);
    expect(await labels('lounge_kind', 'zh', 'dict-biz')).toEqual([['a', '大间']]);
  });

  it("gives a database made before English values its built-in ones once, keeping an operator's", async () => {
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await q.query("update blade_dict set dict_value_en = null where code = 'contract_status'");
      await q.query(
        "update blade_dict set dict_value_en = 'Started' where code = 'contract_status' and dict_key = '0'",
      );
      await seedDictionaryEnglish(q);
    });
    await server.platform.cache.invalidate('dict');
    expect(await labels('contract_status', 'en')).toEqual([
      ['0', 'Started'],
      ['1', 'Passed mid-term review'],
      ['2', 'Terminated early'],
      ['3', 'Accepted'],
    ]);
  });

  it('names the object-storage type MinIO like its neighbours, on a database that said minio too', async () => {
    expect((await labels('oss', 'zh')).slice(0, 2)).toEqual([
      ['1', 'MinIO'],
      ['2', '七牛云'],
    ]);
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await q.query("update blade_dict set dict_value = 'minio' where code = 'oss' and dict_key = '1'");
      await seedMinioName(q);
    });
    await server.platform.cache.invalidate('dict');
    expect((await labels('oss', 'zh'))[0]).toEqual(['1', 'MinIO']);
  });
});
