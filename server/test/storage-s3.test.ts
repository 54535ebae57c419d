import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { certificate } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { OSS_CATEGORY, s3SettingsOf } from '../src/modules/resource/oss-store.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import type { Queryable } from '../src/platform/db.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { S3Objects } from '../src/platform/s3-store.ts';
import { readAll } from '../src/platform/storage.ts';
import { createEnterprise, ok, requiredBody, submit } from './crm-fixtures.ts';
import { ADMIN, BASIC, login, multipart, startServer, type TestServer } from './harness.ts';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3, type TestS3 } from './s3-server.ts';

/**
 * Object storage for real (issue 21), against a real S3-protocol server over HTTP (s3rver behind a
 * SigV4 check, `s3-server.ts`): the tenant's enabled 对象存储 configuration stores its new files, the
 * server-wide S3_* store those of tenants without one, and every stored name stays readable from the
 * store it names, on any instance, after any switch. 测试连接 answers success or the store's error.
 */
const PUT = '/api/blade-resource/oss/endpoint/put-file';
const OSS = '/api/blade-resource/oss';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 0x20)]);

let s3: TestS3;
let server: TestServer;
let admin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-s3-files-'));

/** A 对象存储 configuration saved through the screen's submit; answers its id. */
async function saveOss(code: string, settings: Record<string, unknown>): Promise<string> {
  await ok(server, admin, 'POST', `${OSS}/submit`, {
    ossCode: code,
    category: OSS_CATEGORY.minio,
    endpoint: s3.endpoint,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    region: 'us-east-1',
    ...settings,
  });
  return ossId(code);
}

/** The id of the configuration of that code. */
async function ossId(code: string): Promise<string> {
  const page: { records: { id: string; ossCode: string }[] } = await ok(server, admin, 'GET', `${OSS}/page?size=100`);
  const row = page.records.find((r) => r.ossCode === code);
  if (!row) throw new Error(`no oss row ${code}`);
  return row.id;
}

async function putPng(target: TestServer, token: string, bytes = PNG) {
  const res = await target.call({ method: 'POST', url: PUT, token, ...multipart('头像.png', bytes, 'image/png') });
  return res;
}

/** The key in the bucket of a link `.../file/<store>/<tenant>/<random>.<ext>`. */
const keyOf = (link: string) => link.split('/').slice(-2).join('/');

beforeAll(async () => {
  s3 = await startS3();
  for (const bucket of ['park-a', 'park-b', 'park-env']) await s3.createBucket(bucket);
  // The tenants' configurations name the test store on 127.0.0.1: loopback allowed for this server only.
  server = await startServer({ dataDir, outbound: { private: false, loopback: true } });
  admin = await login(server, ADMIN.account, ADMIN.password);
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the tenant’s enabled 对象存储 configuration', () => {
  let localLink: string;
  let aId: string;
  let aLink: string;

  it('leaves files on the local disk while none is enabled', async () => {
    await saveOss('store-a', { bucketName: 'park-a' });
    const res = await putPng(server, admin);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    localLink = res.body.data.link;
    expect(localLink).toMatch(/\/file\/000000\/[0-9a-f]{32}\.png$/);
    expect(await s3.keys('park-a')).toEqual([]);
  });

  it('stores put-file uploads in its bucket once enabled, and streams them back byte for byte', async () => {
    aId = await ossId('store-a');
    await ok(server, admin, 'POST', `${OSS}/enable?id=${aId}`);
    const res = await putPng(server, admin);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    aLink = res.body.data.link;
    expect(aLink).toMatch(new RegExp(`/file/oss-${aId}/000000/[0-9a-f]{32}\\.png$`));
    expect(await s3.keys('park-a')).toEqual([keyOf(aLink)]);
    // Nothing of it on the local disk.
    expect(fs.existsSync(path.join(dataDir, 'files', keyOf(aLink)))).toBe(false);
    const file = await server.app.inject({ method: 'GET', url: aLink });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Number(file.headers['content-length'])).toBe(PNG.length);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The store's address and keys never reach the browser.
    expect(JSON.stringify(res.body)).not.toContain(S3_SECRET_KEY);
    expect(JSON.stringify(res.body)).not.toContain(s3.endpoint);
  });

  it('stores an owner’s save-attach there too, served with its type and the name it was uploaded with', async () => {
    const enterprise = await createEnterprise(server, admin, '存储企业', 'store_ent');
    const cert = await submit(
      server,
      admin,
      certificate.api,
      requiredBody(certificate, { enterpriseId: enterprise.id }),
    );
    const saved = await server.call({
      method: 'POST',
      url: `/api/blade-crm/certificate/save-attach?certificateId=${cert.id}`,
      token: admin,
      ...multipart('租赁合同 2025.pdf', PDF, 'application/pdf'),
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const { link } = saved.body.data;
    expect(link).toMatch(new RegExp(`/file/oss-${aId}/000000/[0-9a-f]{32}\\.pdf$`));
    expect(await s3.keys('park-a')).toContain(keyOf(link));
    const file = await server.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="____ 2025.pdf"; filename*=UTF-8''${encodeURIComponent('租赁合同 2025.pdf')}`,
    );
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The size recorded is what streamed through.
    expect(saved.body.data.attachSize).toBe(PDF.length);
  });

  it('refuses an attachment too large or not what it claims mid-stream: no record, no object', async () => {
    const enterprise = await createEnterprise(server, admin, '拒收企业', 'refuse_ent');
    const cert = await submit(
      server,
      admin,
      certificate.api,
      requiredBody(certificate, { enterpriseId: enterprise.id }),
    );
    const attach = (name: string, bytes: Buffer) =>
      server.call({
        method: 'POST',
        url: `/api/blade-crm/certificate/save-attach?certificateId=${cert.id}`,
        token: admin,
        ...multipart(name, bytes, 'application/pdf'),
      });
    const records = async () =>
      (
        await server.platform.db.scoped('000000', (q) =>
          q.query('select id from park_attachment where business_id = $1', [cert.id]),
        )
      ).length;
    const before = await s3.keys('park-a');
    // Past 5 MB the store takes it in parts: the cut comes after several of them went up.
    const huge = await attach('big.pdf', Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024, 0x20)]));
    expect(huge.body).toMatchObject({ code: 400, msg: '附件大小不能超过 20MB' });
    const exe = await attach('report.pdf', Buffer.from('MZ\x90\x00 this is a program'));
    expect(exe.body).toMatchObject({ code: 400, msg: '附件只能是 PDF、图片(JPG/PNG)、Office 文档或 ZIP 压缩包' });
    const gif = await attach('photo.png', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(2000)]));
    expect(gif.body).toMatchObject({ code: 400, success: false });
    expect(await s3.keys('park-a')).toEqual(before);
    expect(await records()).toBe(0);

    // A record that cannot be written takes its file back out of the bucket.
    const db = server.platform.db;
    const original = db.tx;
    const tx = original.bind(db);
    const failing = (q: Queryable): Queryable => ({
      query: (sql, params) =>
        sql.includes('insert into park_attachment') ? Promise.reject(new Error('disk full')) : q.query(sql, params),
    });
    db.tx = (tenantId, fn) => tx(tenantId, (q) => fn(failing(q)));
    try {
      const failed = await attach('lost.pdf', PDF);
      expect(failed.body.code).not.toBe(200);
    } finally {
      db.tx = original;
    }
    expect(await s3.keys('park-a')).toEqual(before);
    expect(await records()).toBe(0);
  });

  it('keeps the checks: kind by content, size limit; a refused upload leaves nothing in the bucket', async () => {
    const before = await s3.keys('park-a');
    const gif = await server.call({
      method: 'POST',
      url: PUT,
      token: admin,
      ...multipart('a.png', Buffer.from('GIF89a....'), 'image/png'),
    });
    expect(gif.body).toMatchObject({ code: 400, msg: '上传图片只能是 JPG 或 PNG 格式!' });
    const big = await putPng(server, admin, Buffer.concat([PNG, Buffer.alloc(600 * 1024)]));
    expect(big.body).toMatchObject({ code: 400, msg: '上传图片大小不能超过 500KB!' });
    expect(await s3.keys('park-a')).toEqual(before);
  });

  it('is served by a second instance on the same database', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-s3-other-'));
    const platform = await createPlatform({ ...server.platform.config, dataDir: otherDir }, server.platform.db);
    const app = await buildApp(platform);
    try {
      const file = await app.inject({ method: 'GET', url: aLink });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      // The local file stayed on the first instance's disk: the second cannot serve it (why S3 exists).
      expect((await app.inject({ method: 'GET', url: localLink })).statusCode).toBe(404);
      // And what the second stores, the first serves.
      const token = await login(server, ADMIN.account, ADMIN.password);
      const body = multipart('b.png', PNG, 'image/png');
      const res = await app.inject({
        method: 'POST',
        url: PUT,
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, ...body.headers },
        payload: body.payload,
      });
      const link = JSON.parse(res.body).data.link;
      expect(link).toMatch(new RegExp(`/file/oss-${aId}/`));
      const back = await server.app.inject({ method: 'GET', url: link });
      expect(back.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await app.close();
      await platform.logs.close();
      // Its own row among the instances, whose heartbeat would otherwise go on after the shared database closes.
      await platform.instance.close();
      platform.sessions.close();
      await platform.bus.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('sends new files to the newly enabled one after a switch; the old ones stay readable', async () => {
    const bId = await saveOss('store-b', { bucketName: 'park-b' });
    await ok(server, admin, 'POST', `${OSS}/enable?id=${bId}`);
    const res = await putPng(server, admin);
    const bLink = res.body.data.link;
    expect(bLink).toMatch(new RegExp(`/file/oss-${bId}/000000/`));
    expect(await s3.keys('park-b')).toEqual([keyOf(bLink)]);
    expect(await s3.keys('park-a')).not.toContain(keyOf(bLink));
    for (const link of [aLink, localLink, bLink]) {
      const file = await server.app.inject({ method: 'GET', url: link });
      expect(file.statusCode, link).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
    // Even with store-a removed, its files are still found where they are.
    await ok(server, admin, 'POST', `${OSS}/remove?ids=${aId}`);
    expect((await server.app.inject({ method: 'GET', url: aLink })).statusCode).toBe(200);
  });

  it('serves nothing for a name that is not one of ours, or not there', async () => {
    for (const url of [
      `/api/blade-resource/oss/endpoint/file/oss-${aId}/000000/${'0'.repeat(32)}.png`,
      '/api/blade-resource/oss/endpoint/file/oss-1/000000/..%2F..%2Fpark.db',
      `/api/blade-resource/oss/endpoint/file/env/000000/${'0'.repeat(32)}.png`,
      `/api/blade-resource/oss/endpoint/file/s3/000000/${'0'.repeat(32)}.png`,
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('测试连接 (POST /api/blade-resource/oss/test)', () => {
  const typed = () => ({
    category: OSS_CATEGORY.minio,
    endpoint: s3.endpoint,
    bucketName: 'park-b',
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
  });
  const test = (payload: object, query = '') =>
    server.call({ method: 'POST', url: `${OSS}/test${query}`, token: admin, payload });

  it('writes, reads and deletes a probe object with the settings as typed', async () => {
    const res = await test(typed());
    expect(res.body).toMatchObject({ code: 200, data: true, msg: '连接成功：测试文件已写入、读取并删除' });
    expect((await s3.keys('park-b')).filter((k) => k.startsWith('park-connection-test/'))).toEqual([]);
  });

  it('tests a saved configuration by id, its secret taken from the row when the form sends the mask', async () => {
    const id = await ossId('store-b');
    expect((await test({}, `?id=${id}`)).body.code).toBe(200);
    expect((await test({ id, secretKey: '******' })).body.code).toBe(200);
    const wrong = await test({ id, secretKey: 'not-the-secret' });
    expect(wrong.body.code).toBe(400);
  });

  it('answers one plain 400 for a wrong secret, an unknown bucket and an unreachable endpoint alike (issue 28)', async () => {
    const plain = '连接测试失败：无法连接到该存储，请检查地址、端口、空间名与密钥';
    const refusedBefore = s3.refused;
    const wrong = await test({ ...typed(), secretKey: 'wrong-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, msg: plain });
    expect(s3.refused).toBeGreaterThan(refusedBefore);

    const bucket = await test({ ...typed(), bucketName: 'no-such-bucket' });
    expect(bucket.body).toMatchObject({ code: 400, msg: plain });

    const unreachable = await test({ ...typed(), endpoint: 'http://127.0.0.1:9' });
    expect(unreachable.body).toMatchObject({ code: 400, msg: plain });

    const en = await server.call({
      method: 'POST',
      url: `${OSS}/test`,
      token: admin,
      headers: { 'accept-language': 'en-US' },
      payload: { ...typed(), endpoint: 'http://127.0.0.1:9' },
    });
    expect(en.body.msg).toBe(
      'Connection test failed: the store could not be reached; check the address, the port, the bucket and the keys',
    );
  });

  it('says what is missing before trying', async () => {
    const res = await test({ ...typed(), bucketName: '' });
    expect(res.body).toMatchObject({ code: 400, msg: '请输入空间名' });
  });
});

describe('the server-wide store (S3_*)', () => {
  let envServer: TestServer;
  let token: string;
  beforeAll(async () => {
    envServer = await startServer({
      dataDir,
      s3: {
        endpoint: s3.endpoint,
        bucket: 'park-env',
        accessKey: S3_ACCESS_KEY,
        secretKey: S3_SECRET_KEY,
        region: 'us-east-1',
        pathStyle: true,
      },
    });
    token = await login(envServer, ADMIN.account, ADMIN.password);
  });
  afterAll(() => envServer?.close());

  it('stores the files of a tenant without an enabled configuration', async () => {
    const res = await putPng(envServer, token);
    const { link } = res.body.data;
    expect(link).toMatch(/\/file\/env\/000000\/[0-9a-f]{32}\.png$/);
    expect(await s3.keys('park-env')).toContain(keyOf(link));
    const file = await envServer.app.inject({ method: 'GET', url: link });
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('how each provider is reached over S3', () => {
  const keys = { accessKey: 'ak', secretKey: 'sk' };
  it('maps MinIO, Qiniu, Aliyun OSS and Tencent COS', () => {
    expect(s3SettingsOf({ category: 1, endpoint: '127.0.0.1:9000', bucketName: 'b', ...keys })).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      pathStyle: true,
    });
    expect(
      s3SettingsOf({ category: 2, endpoint: 'http://cdn.example.com', bucketName: 'b', region: 'cn-south-1', ...keys }),
    ).toMatchObject({ endpoint: 'https://s3.cn-south-1.qiniucs.com', region: 'cn-south-1', pathStyle: false });
    expect(
      s3SettingsOf({ category: 2, endpoint: 'https://s3.cn-east-1.qiniucs.com', bucketName: 'b', ...keys }),
    ).toMatchObject({ endpoint: 'https://s3.cn-east-1.qiniucs.com', region: 'cn-east-1' });
    expect(
      s3SettingsOf({ category: 3, endpoint: 'oss-cn-hangzhou.aliyuncs.com', bucketName: 'b', ...keys }),
    ).toMatchObject({ endpoint: 'https://s3.oss-cn-hangzhou.aliyuncs.com', region: 'cn-hangzhou', pathStyle: false });
    expect(
      s3SettingsOf({
        category: 3,
        endpoint: 'https://b.oss-cn-beijing-internal.aliyuncs.com',
        bucketName: 'b',
        ...keys,
      }),
    ).toMatchObject({ endpoint: 'https://s3.oss-cn-beijing-internal.aliyuncs.com', region: 'cn-beijing' });
    expect(
      s3SettingsOf({
        category: 4,
        endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
        bucketName: 'park',
        appId: '1250000000',
        ...keys,
      }),
    ).toMatchObject({
      endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
      region: 'ap-guangzhou',
      bucket: 'park-1250000000',
    });
    expect(() =>
      s3SettingsOf({ category: 4, endpoint: 'https://files.example.com', bucketName: 'b', ...keys }),
    ).toThrow(/region/);
  });
});

describe('S3_* in the environment', () => {
  it('is off without S3_BUCKET, and needs it with any other S3_*', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET must be set when S3_ENDPOINT is');
  });

  it('reads the store, path-style by default with an endpoint only', () => {
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://minio:9000/',
        S3_BUCKET: 'park',
        S3_ACCESS_KEY: 'ak',
        S3_SECRET_KEY: 'sk',
      }).s3,
    ).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'park',
      accessKey: 'ak',
      secretKey: 'sk',
      region: 'us-east-1',
      pathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'park', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      pathStyle: false,
    });
    expect(
      loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'p', S3_PATH_STYLE: 'off' }).s3?.pathStyle,
    ).toBe(false);
  });

  it('refuses what makes no sense', () => {
    expect(() => loadConfig({ S3_BUCKET: 'p', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be');
    expect(() => loadConfig({ S3_BUCKET: 'p', S3_ACCESS_KEY: 'ak' })).toThrow('S3_ACCESS_KEY and S3_SECRET_KEY');
    expect(() => loadConfig({ S3_BUCKET: 'p', S3_PATH_STYLE: 'maybe' })).toThrow('S3_PATH_STYLE must be on or off');
  });
});

describe('the S3 store itself', () => {
  const store = () =>
    new S3Objects({
      endpoint: s3.endpoint,
      bucket: 'park-env',
      region: 'us-east-1',
      accessKey: S3_ACCESS_KEY,
      secretKey: S3_SECRET_KEY,
      pathStyle: true,
    });
  /** 12 MB in 64 KB chunks, failing after `failAfter` bytes when given. */
  const big = Buffer.alloc(12 * 1024 * 1024);
  for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
  async function* chunks(failAfter?: number) {
    for (let i = 0; i < big.length; i += 65536) {
      if (failAfter !== undefined && i >= failAfter) throw new Error('the upload broke off');
      yield big.subarray(i, i + 65536);
    }
  }

  it('streams a large file up in parts and back whole', async () => {
    const objects = store();
    await objects.write('000000/large.bin', Readable.from(chunks()), 'application/octet-stream');
    const file = await objects.read('000000/large.bin');
    expect(file?.size).toBe(big.length);
    expect((await readAll(file))?.equals(big)).toBe(true);
    await objects.remove('000000/large.bin');
    expect(await objects.read('000000/large.bin')).toBeUndefined();
    objects.close();
  });

  it('keeps nothing of a stream that fails half way', async () => {
    const objects = store();
    await expect(
      objects.write('000000/broken.bin', Readable.from(chunks(7 * 1024 * 1024)), 'application/octet-stream'),
    ).rejects.toThrow('the upload broke off');
    expect(await s3.keys('park-env')).not.toContain('000000/broken.bin');
    objects.close();
  });
});
