import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, startServer, type TestServer } from './harness.ts';

/** System and business dictionaries: spec messages, parent and child lists, sealed flag, key uniqueness, cache. */
let server: TestServer;
let admin: string;
let other: string;
const SYS = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '500001');
  other = await login(server, 'admin', 'admin', '500001');
});
afterAll(() => server.close());

const submit = (base: string, token: string, payload: Record<string, unknown>) =>
  server.call({ method: 'POST', url: `${base}/submit`, token, payload });

describe('dictionaries', () => {
  it('refuses a missing field with the spec message', async () => {
    const full = { code: 'park_level', dictValue: '园区等级', dictKey: '-1', sort: 1, isSealed: 0 };
    for (const [field, msg] of [
      ['code', '请输入字典编号'],
      ['dictValue', '请输入字典名称'],
      ['sort', '请输入字典排序'],
      ['isSealed', '请选择封存'],
      ['dictKey', '请输入字典键值'],
    ]) {
      const res = await submit(SYS, admin, { ...full, [field]: '' });
      expect(res.body, field).toMatchObject({ code: 400, msg });
    }
  });

  it('keeps entries under their parent, with its code, as a tree, and refuses a duplicate key', async () => {
    const parent = (
      await submit(SYS, admin, { code: 'park_level', dictValue: '园区等级', dictKey: '-1', sort: 1, isSealed: 0 })
    ).body.data;
    const a = await submit(SYS, admin, {
      code: 'ignored',
      parentId: parent.id,
      dictValue: '国家级',
      dictKey: '1',
      sort: 1,
      isSealed: 0,
    });
    expect(a.body.data.code).toBe('park_level');
    const child = (
      await submit(SYS, admin, {
        code: 'x',
        parentId: a.body.data.id,
        dictValue: '示范',
        dictKey: '11',
        sort: 1,
        isSealed: 0,
      })
    ).body.data;
    await submit(SYS, admin, { code: 'x', parentId: parent.id, dictValue: '省级', dictKey: '2', sort: 2, isSealed: 1 });
    const dup = await submit(SYS, admin, {
      code: 'x',
      parentId: parent.id,
      dictValue: '重复',
      dictKey: '2',
      sort: 3,
      isSealed: 0,
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '当前字典键值已存在' });
    const noParent = await submit(SYS, admin, {
      code: 'x',
      parentId: '42',
      dictValue: 'x',
      dictKey: '9',
      sort: 1,
      isSealed: 0,
    });
    expect(noParent.body).toMatchObject({ code: 400, msg: '上级字典不存在' });

    const parents = await server.call({ method: 'GET', url: `${SYS}/parent-list?code=park_level`, token: admin });
    expect(parents.body.data.records.map((r: { dictValue: string }) => r.dictValue)).toEqual(['园区等级']);
    const children = await server.call({ method: 'GET', url: `${SYS}/child-list?parentId=${parent.id}`, token: admin });
    expect(children.body.data.map((r: { dictValue: string; isSealed: number }) => [r.dictValue, r.isSealed])).toEqual([
      ['国家级', 0],
      ['省级', 1],
    ]);
    expect(children.body.data[0].children.map((r: { id: string }) => r.id)).toEqual([child.id]);
    const tree = await server.call({ method: 'GET', url: `${SYS}/tree?code=park_level`, token: admin });
    expect(tree.body.data).toHaveLength(1);
    expect(tree.body.data[0]).toMatchObject({ title: '园区等级', hasChildren: true });

    // Renaming the dictionary carries its entries along; the dropdown cache sees it at once.
    const before = await server.call({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=park_level',
      token: admin,
    });
    expect(before.body.data.map((e: { dictValue: string }) => e.dictValue)).toContain('国家级');
    await submit(SYS, admin, { id: parent.id, code: 'park_grade' });
    const after = await server.call({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=park_grade',
      token: admin,
    });
    expect(after.body.data.map((e: { dictValue: string }) => e.dictValue)).toContain('国家级');
    const gone = await server.call({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=park_level',
      token: admin,
    });
    expect(gone.body.data ?? []).toEqual([]);

    // Removing the dictionary removes its entries.
    await server.call({ method: 'POST', url: `${SYS}/remove?ids=${parent.id}`, token: admin });
    expect((await server.call({ method: 'GET', url: `${SYS}/detail?id=${child.id}`, token: admin })).status).toBe(404);
  });

  it('lets every tenant read system dictionaries but only the platform administrator change them', async () => {
    const read = await server.call({ method: 'GET', url: `${SYS}/parent-list?code=sex`, token: other });
    expect(read.body.data.total).toBe(1);
    const write = await submit(SYS, other, { code: 'mine', dictValue: '我的', dictKey: '-1', sort: 1, isSealed: 0 });
    expect(write.status).toBe(403);
    const id = read.body.data.records[0].id;
    expect((await server.call({ method: 'POST', url: `${SYS}/remove?ids=${id}`, token: other })).status).toBe(403);
  });

  it('keeps business dictionaries to their tenant', async () => {
    const mine = await submit(BIZ, other, {
      code: 'room_type',
      dictValue: '房型',
      dictKey: '-1',
      sort: 1,
      isSealed: 0,
    });
    expect(mine.body.code).toBe(200);
    // The same code in another tenant is no clash.
    expect(
      (await submit(BIZ, admin, { code: 'room_type', dictValue: '房型', dictKey: '-1', sort: 1, isSealed: 0 })).body
        .code,
    ).toBe(200);
    const theirs = await server.call({ method: 'GET', url: `${BIZ}/parent-list?code=room_type`, token: admin });
    expect(theirs.body.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual(['000000']);
    expect(
      (await server.call({ method: 'GET', url: `${BIZ}/detail?id=${mine.body.data.id}`, token: admin })).status,
    ).toBe(404);
  });
});
