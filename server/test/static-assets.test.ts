import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The built web app as served: the build's .br/.gz copies for a client that accepts them, hashed
 * assets cached for a year, index.html (and every client-side route) asked again each time, a
 * missing asset 404, and no spelling of an API path answered with the page. Every answer but a hashed
 * asset carries the security headers.
 */
let server: TestServer;
let webDir: string;
let admin: string;
const INDEX = '<!doctype html><html><head><title>park</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('park '.repeat(200))});\n`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const js = path.join(webDir, 'assets/app-abc123.js');
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  server = await startServer({ webDir });
  admin = await login(server, 'admin', 'admin');
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app', () => {
  it('serves brotli to a client that takes it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves gzip to a client that takes only gzip, and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the page and every client-side route with index.html, never cached unasked', async () => {
    for (const url of ['/', '/index.html', '/some/route', '/system/user?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches the other files (the icon) briefly', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset 404, however spelled, not with the page', async () => {
    for (const url of ['/assets/missing.js', '/%61ssets/missing.js', '/ASSETS/missing.js', '//assets//missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>park</title>');
    }
  });

  it('never answers an API path with the page', async () => {
    for (const url of ['/api/nothing', '/%61pi/nothing', '/%61pi/blade-auth/oauth/nothing', '/API/x', '//api//x']) {
      // Without the client header: refused (401) before anything is said about the path.
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ code: 401, success: false });
      const signedIn = await server.call({ method: 'GET', url, token: admin });
      expect(signedIn.status, url).toBe(404);
      expect(signedIn.body, url).toMatchObject({ code: 404, success: false });
    }
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp, what).toContain("img-src 'self' data: blob:");
    expect(csp, what).toContain("frame-ancestors 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).not.toContain('upgrade-insecure-requests');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBeTruthy();
    expect(headers['permissions-policy'], what).toContain('camera=()');
  };

  // The build's hashed assets carry only what a subresource needs, the API's answers the API's set
  // (asset-headers.test.ts).
  it('come with the page and with an answer no route gave', async () => {
    expectHeaders((await get('/')).headers, 'page');
    expectHeaders((await get('/some/route')).headers, 'route');
    expectHeaders((await get('/api/nothing')).headers, '404');
  });

  it('let the page open the WebSocket of its own host only', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/', headers: { host: 'park.example.com:8443' } });
    expect(res.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://park.example.com:8443 wss://park.example.com:8443",
    );
    const odd = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: "x; script-src 'unsafe-inline'" },
    });
    expect(odd.headers['content-security-policy']).toMatch(/connect-src 'self' ?(;|$)/);
    expect(odd.headers['content-security-policy']).not.toContain('unsafe-inline;');
  });
});
