import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** SMS and OSS configurations (one enabled at a time, secrets masked) and data sources (tested on save). */
let server: TestServer;
let admin: string;
let other: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '600002');
  other = await login(server, 'admin', 'admin', '600002');
});
afterAll(() => server.close());

const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  server.call({ method: 'POST', url: `/api/${url}`, token, payload });
const get = (url: string, token: string) => server.call({ method: 'GET', url: `/api/${url}`, token });

/** A column as stored, read past the API. */
async function stored(table: string, id: string, column: string) {
  const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query(`select ${column} as v from ${table} where id = $1`, [id]),
  );
  return row?.v;
}

const smsBody = (smsCode: string) => ({
  smsCode,
  category: 3,
  templateId: 'SMS_0001',
  accessKey: 'ak-1',
  secretKey: 'sk-secret-1',
  regionId: 'cn-hangzhou',
  signName: '园区',
});

describe('sms', () => {
  it('is added disabled with its secret masked, and an edit that sends the mask back keeps the secret', async () => {
    const added = await post('blade-resource/sms/submit', admin, { ...smsBody('sms-a'), status: 2 });
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = added.body.data.id;
    expect(added.body.data).toMatchObject({ smsCode: 'sms-a', status: 1, secretKey: '******' });
    expect(await stored('blade_sms', id, 'secret_key')).toBe('sk-secret-1');

    const page = await get('blade-resource/sms/page?smsCode=sms-a', admin);
    expect(page.body.data.records).toHaveLength(1);
    expect(page.body.data.records[0]).toMatchObject({ accessKey: 'ak-1', secretKey: '******' });
    const list = await get('blade-resource/sms/list', admin);
    expect(list.body.data.records.every((r: { secretKey: string }) => r.secretKey === '******')).toBe(true);
    const detail = await get(`blade-resource/sms/detail?id=${id}`, admin);
    expect(detail.body.data).toMatchObject({ id, secretKey: '******', signName: '园区' });

    const kept = await post('blade-resource/sms/submit', admin, { ...detail.body.data, signName: '新签名' });
    expect(kept.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await stored('blade_sms', id, 'secret_key')).toBe('sk-secret-1');
    expect(await stored('blade_sms', id, 'sign_name')).toBe('新签名');

    await post('blade-resource/sms/submit', admin, { id, secretKey: 'sk-secret-2' });
    expect(await stored('blade_sms', id, 'secret_key')).toBe('sk-secret-2');
  });

  it('names what is missing or repeated, and writes nothing then', async () => {
    const { smsCode: _code, ...noCode } = smsBody('x');
    expect((await post('blade-resource/sms/submit', admin, noCode)).body).toMatchObject({
      code: 400,
      msg: '请输入资源编号',
    });
    // The mask is not a secret: a new row must be given a real one.
    const masked = await post('blade-resource/sms/submit', admin, { ...smsBody('sms-m'), secretKey: '******' });
    expect(masked.body).toMatchObject({ code: 400, msg: '请输入SecretKey' });
    await post('blade-resource/sms/submit', admin, smsBody('sms-dup'));
    expect((await post('blade-resource/sms/submit', admin, smsBody('sms-dup'))).body).toMatchObject({
      code: 400,
      msg: '资源编号已存在',
    });
    const rows = await get('blade-resource/sms/list?smsCode=sms-', admin);
    expect(rows.body.data.records.map((r: { smsCode: string }) => r.smsCode).sort()).toEqual(['sms-a', 'sms-dup']);
  });

  it('enables one configuration and disables the tenant’s others in the same step', async () => {
    const a = (await post('blade-resource/sms/submit', admin, smsBody('sms-e1'))).body.data.id;
    const b = (await post('blade-resource/sms/submit', admin, smsBody('sms-e2'))).body.data.id;
    const statuses = async () => {
      const rows = (await get('blade-resource/sms/list', admin)).body.data.records as { id: string; status: number }[];
      return Object.fromEntries(rows.map((r) => [r.id, r.status]));
    };
    expect((await post(`blade-resource/sms/enable?id=${a}`, admin)).body).toMatchObject({ code: 200 });
    expect(await statuses()).toMatchObject({ [a]: 2, [b]: 1 });
    await post(`blade-resource/sms/enable?id=${b}`, admin);
    const now = await statuses();
    expect(now).toMatchObject({ [a]: 1, [b]: 2 });
    expect(Object.values(now).filter((s) => s === 2)).toHaveLength(1);
    // The enabled one is found by the status filter, as the screen's search does.
    const enabled = await get('blade-resource/sms/list?status_equal=2', admin);
    expect(enabled.body.data.records.map((r: { id: string }) => r.id)).toEqual([b]);

    expect((await post('blade-resource/sms/enable?id=abc', admin)).body).toMatchObject({ code: 400 });
    expect((await post('blade-resource/sms/enable?id=123456789', admin)).status).toBe(404);
    await post(`blade-resource/sms/remove?ids=${b}`, admin);
    expect((await post(`blade-resource/sms/enable?id=${b}`, admin)).status).toBe(404);
  });

  it('keeps tenants apart: another tenant neither sees nor enables these rows, and its enable leaves them be', async () => {
    const mine = (await post('blade-resource/sms/submit', admin, smsBody('sms-t'))).body.data.id;
    await post(`blade-resource/sms/enable?id=${mine}`, admin);
    expect((await get('blade-resource/sms/list', other)).body.data.records).toEqual([]);
    expect((await get(`blade-resource/sms/detail?id=${mine}`, other)).status).toBe(404);
    expect((await post(`blade-resource/sms/enable?id=${mine}`, other)).status).toBe(404);
    // Same code in another tenant is no clash.
    const theirs = await post('blade-resource/sms/submit', other, smsBody('sms-t'));
    expect(theirs.body.code).toBe(200);
    await post(`blade-resource/sms/enable?id=${theirs.body.data.id}`, other);
    expect(await stored('blade_sms', mine, 'status')).toBe(2);
    expect(await stored('blade_sms', theirs.body.data.id, 'status')).toBe(2);
  });

  it('refuses writes and enabling to a user without the buttons', async () => {
    await createUserWithButtons(server, '000000', 'smsviewer', ['sms_view']);
    await createUserWithButtons(server, '000000', 'smseditor', ['sms_view', 'sms_edit']);
    const viewer = await login(server, 'smsviewer', 'pass');
    const editor = await login(server, 'smseditor', 'pass');
    const id = (await post('blade-resource/sms/submit', admin, smsBody('sms-p'))).body.data.id;
    expect((await post('blade-resource/sms/submit', viewer, smsBody('sms-v'))).status).toBe(403);
    expect((await post(`blade-resource/sms/enable?id=${id}`, viewer)).status).toBe(403);
    expect((await post(`blade-resource/sms/remove?ids=${id}`, viewer)).status).toBe(403);
    expect((await get(`blade-resource/sms/detail?id=${id}`, viewer)).body.data.secretKey).toBe('******');
    expect((await post(`blade-resource/sms/enable?id=${id}`, editor)).body.code).toBe(200);
    expect((await post(`blade-resource/sms/remove?ids=${id}`, editor)).status).toBe(403);
  });
});

describe('oss', () => {
  const ossBody = (ossCode: string) => ({
    ossCode,
    category: 1,
    endpoint: 'http://127.0.0.1:9000',
    accessKey: 'minio',
    secretKey: 'minio-secret',
    bucketName: 'park',
  });

  it('masks the secret, names missing fields and enables one at a time', async () => {
    const { bucketName: _bucket, ...noBucket } = ossBody('x');
    expect((await post('blade-resource/oss/submit', admin, noBucket)).body).toMatchObject({
      code: 400,
      msg: '请输入空间名',
    });
    const a = (await post('blade-resource/oss/submit', admin, ossBody('oss-a'))).body.data;
    const b = (await post('blade-resource/oss/submit', admin, ossBody('oss-b'))).body.data;
    expect(a).toMatchObject({ secretKey: '******', status: 1 });
    expect(await stored('blade_oss', a.id, 'secret_key')).toBe('minio-secret');
    await post(`blade-resource/oss/enable?id=${a.id}`, admin);
    await post(`blade-resource/oss/enable?id=${b.id}`, admin);
    expect(await stored('blade_oss', a.id, 'status')).toBe(1);
    expect(await stored('blade_oss', b.id, 'status')).toBe(2);
    // Enabling SMS is a separate choice: OSS stays as it is.
    const s = (await post('blade-resource/sms/submit', admin, smsBody('sms-o'))).body.data.id;
    await post(`blade-resource/sms/enable?id=${s}`, admin);
    expect(await stored('blade_oss', b.id, 'status')).toBe(2);
    expect((await get(`blade-resource/oss/detail?id=${b.id}`, other)).status).toBe(404);
  });
});

describe('datasource', () => {
  // The PostgreSQL the tests run against, or the local one (trust auth) when they run on PGlite.
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const goodUrl = `jdbc:postgresql://${base.host}${base.pathname}`;
  const good = {
    name: '本地库',
    driverClass: 'org.postgresql.Driver',
    url: goodUrl,
    username: decodeURIComponent(base.username) || 'postgres',
    password: decodeURIComponent(base.password) || 'any-password',
  };
  const count = async () =>
    Number(
      (
        await server.platform.db.scoped(ALL_TENANTS, (q) =>
          q.query<{ n: string }>('select count(*) as n from blade_datasource'),
        )
      )[0].n,
    );

  it('saves a data source whose connection works, with the password masked and kept on edit', async () => {
    const added = await post('blade-develop/datasource/submit', admin, good);
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = added.body.data.id;
    expect(added.body.data.password).toBe('******');
    expect(await stored('blade_datasource', id, 'password')).toBe(good.password);

    const detail = (await get(`blade-develop/datasource/detail?id=${id}`, admin)).body.data;
    expect(detail).toMatchObject({ name: '本地库', url: goodUrl, password: '******' });
    const edited = await post('blade-develop/datasource/submit', admin, { ...detail, name: '本地库2' });
    expect(edited.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await stored('blade_datasource', id, 'password')).toBe(good.password);

    // A postgres:// URL is taken as well.
    const plain = await post('blade-develop/datasource/submit', admin, {
      ...good,
      name: 'plain',
      url: `postgresql://${base.host}${base.pathname}`,
    });
    expect(plain.body.code).toBe(200);
    const select = await get('blade-develop/datasource/select', admin);
    expect(select.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['plain', '本地库2']);
    expect(select.body.data.every((r: { password: string }) => r.password === '******')).toBe(true);
    expect((await get('blade-develop/datasource/list', other)).body.data.records).toEqual([]);
  });

  it('refuses a data source that cannot connect with one generic message, and writes nothing', async () => {
    const before = await count();
    const closed = await post('blade-develop/datasource/submit', admin, {
      ...good,
      url: 'jdbc:postgresql://127.0.0.1:1/test',
    });
    expect(closed.body.code).toBe(400);
    expect(closed.body.msg).toMatch(/^数据源连接失败: /);
    // The driver's reason stays in the server's log: a closed port and a missing database read the same.
    expect(closed.body.msg).not.toMatch(/ECONNREFUSED/);
    const noDb = await post('blade-develop/datasource/submit', admin, {
      ...good,
      url: `jdbc:postgresql://${base.host}/no_such_database_here`,
    });
    expect(noDb.body).toMatchObject({ code: 400, msg: closed.body.msg });
    const english = await server.call({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: { ...good, url: 'jdbc:postgresql://127.0.0.1:1/test' },
    });
    expect(english.body.msg).toMatch(/^Could not connect to the data source: /);
    expect(await count()).toBe(before);
  });

  it('refuses drivers it cannot test, malformed URLs and missing fields', async () => {
    const before = await count();
    const mysql = await post('blade-develop/datasource/submit', admin, {
      ...good,
      driverClass: 'com.mysql.cj.jdbc.Driver',
      url: 'jdbc:mysql://127.0.0.1:3306/test',
    });
    expect(mysql.body).toMatchObject({ code: 400, msg: '暂不支持该数据库驱动' });
    const badUrl = await post('blade-develop/datasource/submit', admin, { ...good, url: 'jdbc:mysql://127.0.0.1/x' });
    expect(badUrl.body).toMatchObject({ code: 400, msg: expect.stringContaining('jdbc:postgresql://') });
    const { url: _url, ...noUrl } = good;
    expect((await post('blade-develop/datasource/submit', admin, noUrl)).body).toMatchObject({
      code: 400,
      msg: '请输入连接地址',
    });
    expect(await count()).toBe(before);
  });

  it('tests an edit against the stored values too: breaking a working source is refused', async () => {
    const id = (await post('blade-develop/datasource/submit', admin, { ...good, name: 'edit-me' })).body.data.id;
    const broken = await post('blade-develop/datasource/submit', admin, {
      id,
      url: 'jdbc:postgresql://127.0.0.1:1/test',
    });
    expect(broken.body.msg).toMatch(/^数据源连接失败: /);
    expect(await stored('blade_datasource', id, 'url')).toBe(goodUrl);
    await createUserWithButtons(server, '000000', 'dsviewer', ['datasource_view']);
    const viewer = await login(server, 'dsviewer', 'pass');
    expect((await post('blade-develop/datasource/submit', viewer, { ...good, name: 'v' })).status).toBe(403);
    expect((await post(`blade-develop/datasource/remove?ids=${id}`, viewer)).status).toBe(403);
    expect((await post(`blade-develop/datasource/remove?ids=${id}`, admin)).body.code).toBe(200);
    expect((await get(`blade-develop/datasource/detail?id=${id}`, admin)).status).toBe(404);
  });
});
