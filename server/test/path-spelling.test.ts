import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, startServer, type TestServer } from './harness.ts';

/**
 * What a request may do is decided on the route the router matched, never on how its URL is
 * spelled: for every API route and many spellings of its path (percent-encoded, doubled slashes,
 * dot segments, trailing dots, upper case, ...), a call without a token is refused with 401 or the
 * path is not found (404); a public route answers as it does to the plain spelling, or 401/404 where the router does not match the spelling. No
 * spelling of an API path gets the web app's index.html. The calls go over real HTTP, as inject()
 * would resolve the dot segments before the server saw them.
 */
let server: TestServer;
let base: { host: string; port: number };
let webDir: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-spelling-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>park</title>');
  server = await startServer({ webDir });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  base = { host: '127.0.0.1', port };
});

afterAll(async () => {
  agent.destroy();
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  type: string;
  body: string;
}

// The length said outright: Node sends a DELETE's body neither chunked nor with a length otherwise.
const JSON_BODY = { 'content-type': 'application/json', 'content-length': '2' };

/** One raw HTTP request: the path goes out exactly as written, with the client header and no token. */
async function send(method: string, rawPath: string): Promise<Answer> {
  try {
    return await sendOnce(method, rawPath);
  } catch {
    // A kept-alive socket the server had just closed: once more; a second failure is a finding (status 0).
    return sendOnce(method, rawPath).catch((e: Error) => ({ status: 0, type: '', body: e.message }));
  }
}

function sendOnce(method: string, rawPath: string): Promise<Answer> {
  const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const req = http.request(
      { ...base, agent, method, path: rawPath, headers: { authorization: BASIC, ...(body ? JSON_BODY : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A concrete path for a route pattern: `:param` and `*` given a value. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*/g, 'x');

/** The same path spelled as a client (or an attacker) might: each must 404 or reach the same checks. */
function spellings(p: string): string[] {
  const segments = p.split('/').slice(1);
  const last = segments.length - 1;
  const encodeFirst = (s: string) => `%${s.charCodeAt(0).toString(16).padStart(2, '0')}${s.slice(1)}`;
  const join = (parts: string[], sep = '/') => `/${parts.join(sep)}`;
  const rest = segments.slice(1);
  return [
    `/%61pi/${rest.join('/')}`,
    `/%2561pi/${rest.join('/')}`,
    join([...segments.slice(0, last), encodeFirst(segments[last])]),
    join(segments.map((s) => s.replace(/[a-z]/g, (c) => `%${c.charCodeAt(0).toString(16)}`))),
    `//${segments.join('//')}`,
    join(segments, '/./'),
    join([...segments.slice(0, last), 'x', '..', segments[last]]),
    join([...segments.slice(0, last), 'x', '%2e%2e', segments[last]]),
    `/x/../${segments.join('/')}`,
    `/api./${rest.join('/')}`,
    `${p}.`,
    `${p}%20`,
    `/API/${rest.join('/')}`,
    `${p}/`,
    `${p};x=1`,
    `/api\\${rest.join('\\')}`,
  ];
}

/** Runs `tasks` with a few at a time (each route and spelling is one request). */
async function pooled<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

const isPage = (a: Answer) => a.type.startsWith('text/html') || a.body.includes('<title>park</title>');

describe('every API route, however its path is spelled', () => {
  it('covers the route table', () => {
    expect(server.app.apiRoutes.length).toBeGreaterThan(100);
  });

  it('refuses a call without a token (401) or does not find it (404); public routes answer as plainly spelled', async () => {
    const problems: string[] = [];
    const calls = server.app.apiRoutes.flatMap((route) => {
      const plain = concrete(route.url);
      // HEAD (Fastify's own for every GET) with a few spellings; every spelling with the route's method.
      const methods = route.method === 'GET' ? ['GET', 'HEAD'] : [route.method];
      return methods.map((method) => async () => {
        const all = spellings(plain);
        const first = await send(method, plain);
        const expected = route.config.public ? first.status : 401;
        if (!route.config.public && first.status !== 401) {
          problems.push(`${method} ${plain} -> ${first.status} without a token`);
        }
        for (const spelled of method === 'HEAD' ? all.slice(0, 3) : all) {
          const a = await send(method, spelled);
          // A spelling the router does not match is an unknown API path: refused (401) or not found (404).
          if (a.status !== expected && a.status !== 401 && a.status !== 404) {
            problems.push(`${method} ${spelled} -> ${a.status} (expected ${expected}, 401 or 404)`);
          } else if (method !== 'HEAD' && isPage(a)) {
            problems.push(`${method} ${spelled} -> the web app's page`);
          }
        }
      });
    });
    await pooled(calls);
    expect(problems).toEqual([]);
  }, 180_000);

  it('gives the well-known bypass 401, not the cleared cache', async () => {
    for (const p of [
      '/%61pi/blade-auth/oauth/clear-cache',
      '/%2561pi/blade-auth/oauth/clear-cache',
      '/api/blade-auth/oauth/%63lear-cache',
      '/api/blade-auth/oauth/clear-cache/',
    ]) {
      const a = await send('GET', p);
      expect([401, 404], `${p}: ${a.status} ${a.body}`).toContain(a.status);
    }
  });

  it('answers an unknown API path as a known one (401 without a token), however spelled, never with the page', async () => {
    for (const p of [
      '/api/nothing/here',
      '/%61pi/nothing',
      '//api//nothing',
      '/API/nothing',
      '/api./x',
      '/x/../api/y',
    ]) {
      const a = await send('GET', p);
      expect(a.status, p).toBe(401);
      expect(JSON.parse(a.body), p).toMatchObject({ code: 401, success: false });
    }
  });

  it('still serves the page for the web app’s own paths', async () => {
    for (const p of ['/', '/system/user', '/apis', '/wel/index']) {
      const a = await send('GET', p);
      expect(a.status, p).toBe(200);
      expect(isPage(a), p).toBe(true);
    }
  });
});
