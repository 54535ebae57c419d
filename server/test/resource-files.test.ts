import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, login, multipart, startServer, type TestServer } from './harness.ts';

/** The avatar upload (put-file) and the web client's log upload. */
let server: TestServer;
let admin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-files-'));
const PUT = '/api/blade-resource/oss/endpoint/put-file';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeAll(async () => {
  server = await startServer({ dataDir });
  admin = await login(server, ADMIN.account, ADMIN.password);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('put-file', () => {
  it('stores a png and serves it back at data.link, without a token', async () => {
    const res = await server.call({ method: 'POST', url: PUT, token: admin, ...multipart('a.png', PNG, 'image/png') });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const { link, originalName } = res.body.data;
    expect(originalName).toBe('a.png');
    expect(link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\/000000\/[0-9a-f]{32}\.png$/);
    const file = await server.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // An avatar says its own caching (a day, this browser only), over the API's no-store.
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is not a jpg or png, whatever its name says', async () => {
    const res = await server.call({
      method: 'POST',
      url: PUT,
      token: admin,
      ...multipart('a.png', Buffer.from('GIF89a...'), 'image/png'),
    });
    expect(res.body).toMatchObject({ code: 400, msg: '上传图片只能是 JPG 或 PNG 格式!' });
  });

  it('refuses an image above 500 kb', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500 * 1024)]);
    const res = await server.call({ method: 'POST', url: PUT, token: admin, ...multipart('a.jpg', big, 'image/jpeg') });
    expect(res.body).toMatchObject({ code: 400, msg: '上传图片大小不能超过 500KB!' });
  });

  it('needs a token to upload, and serves no other path', async () => {
    const res = await server.call({ method: 'POST', url: PUT, ...multipart('a.png', PNG, 'image/png') });
    expect(res.status).toBe(401);
    const sneaky = await server.app.inject({
      method: 'GET',
      url: '/api/blade-resource/oss/endpoint/file/000000/..%2F..%2Fpark.db',
    });
    expect(sneaky.statusCode).toBe(404);
  });
});

describe('client log upload', () => {
  it('writes each entry to the error log', async () => {
    const entry = {
      type: 'TypeError',
      url: 'http://localhost/system/param',
      message: 'x is undefined',
      stack: 'TypeError: x is undefined\n at f',
      time: '2025-01-01 10:00:00',
      info: 'render',
    };
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-log/client/save',
      token: admin,
      payload: [entry],
    });
    expect(res.body).toMatchObject({ code: 200, data: 1, msg: '发送成功!' });
    await server.platform.logs.flush();
    const list = await server.call({ method: 'GET', url: '/api/blade-log/error/list?method=CLIENT', token: admin });
    expect(list.body.data.records[0]).toMatchObject({
      message: 'x is undefined',
      requestUri: entry.url,
      exceptionName: 'TypeError',
    });
  });

  it('refuses a body that is not a list of entries', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-log/client/save',
      token: admin,
      payload: { list: 'no' },
    });
    expect(res.body.code).toBe(400);
  });
});
