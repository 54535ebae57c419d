import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3SettingsOf } from '../src/modules/resource/oss-store.ts';
import { ConfigError, loadConfig } from '../src/platform/config.ts';
import { allowed, callOut, classify, type OutboundPolicy, STRICT } from '../src/platform/outbound.ts';
import { probe, S3Objects } from '../src/platform/s3-store.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The egress guard (issue 28): a tenant's configuration makes the server call only where the
 * platform allows. Loopback, link-local and metadata never; private ranges on the platform's word
 * (OUTBOUND_ALLOW_PRIVATE); every DNS answer checked; redirects not followed; and a failed
 * 测试连接 answers one plain message, whatever was (or was not) at the address.
 */
const PLAIN = { code: 400, success: false, msg: '连接测试失败：无法连接到该存储，请检查地址、端口、空间名与密钥' };

/** A local TCP listener that counts the connections it gets, answering each with `answer` (nothing: it closes). */
async function listener(answer?: string, host = '127.0.0.1') {
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    // Read what comes (unread, the peer's close is never seen and the listener cannot close).
    socket.on('error', () => {}).resume();
    if (answer) socket.end(answer);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  return Object.assign(state, {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

let trap: Awaited<ReturnType<typeof listener>>;
/** A stand-in SMS provider (at SMS_ENDPOINT_OVERRIDE, the operator's own address) that redirects every call to the trap. */
let redirector: http.Server;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  trap = await listener('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n');
  redirector = http.createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${trap.port}/` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  const smsEndpoint = `http://127.0.0.1:${(redirector.address() as net.AddressInfo).port}`;
  server = await startServer({ smsEndpoint });
  admin = await login(server, 'admin', 'admin');
});

afterAll(async () => {
  await server?.close();
  await trap?.close();
  redirector?.close();
});

const SETTINGS = { category: 1, bucketName: 'park', accessKey: 'ak', secretKey: 'sk' };
const ossTest = (endpoint: string) =>
  server.call({
    method: 'POST',
    url: '/api/blade-resource/oss/test',
    token: admin,
    payload: { ...SETTINGS, endpoint },
  });

describe('the classifier', () => {
  it('names each range, IPv4-mapped and NAT64 IPv6 as the IPv4 address they carry', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', 'public'],
      ['172.32.0.1', 'public'],
      ['2400:3200::1', 'public'],
      ['64:ff9b::808:808', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.9.9.9', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['169.254.169.254', 'metadata'],
      ['::ffff:169.254.169.254', 'metadata'],
      ['100.100.100.200', 'metadata'],
      ['fd00:ec2::254', 'metadata'],
      ['169.254.1.1', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['192.168.1.10', 'private'],
      ['100.64.0.1', 'private'],
      ['fd12:3456::1', 'private'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['::7f00:1', 'reserved'],
      ['localhost', 'invalid'],
      ['0x7f.1', 'invalid'],
    ];
    expect(cases.map(([address]) => [address, classify(address)])).toEqual(cases);
  });

  it('allows public always, private only as the platform says, loopback, link-local and metadata never', () => {
    const all: OutboundPolicy = { private: true, loopback: false };
    const lan: OutboundPolicy = { private: ['192.168.10.0/24', 'fd00::/8'], loopback: false };
    expect(['8.8.8.8', '10.0.0.1', '192.168.1.1', 'fd12::1'].map((a) => allowed(a, STRICT))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(['10.0.0.1', '100.64.1.1', 'fd12::1'].every((a) => allowed(a, all))).toBe(true);
    expect(['192.168.10.5', 'fd12::1', '192.168.11.5', '10.0.0.1'].map((a) => allowed(a, lan))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    for (const never of ['127.0.0.1', '::1', '169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '0.0.0.0']) {
      expect(allowed(never, all), never).toBe(false);
      expect(allowed(never, lan), never).toBe(false);
    }
  });

  it('reads OUTBOUND_ALLOW_PRIVATE (off by default) and stops the server on what it cannot take', () => {
    expect(loadConfig({}).outbound).toEqual({ private: false, loopback: false });
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'on' }).outbound.private).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '192.168.10.0/24, 10.1.2.3' }).outbound.private).toEqual([
      '192.168.10.0/24',
      '10.1.2.3/32',
    ]);
    for (const bad of ['maybe', '127.0.0.0/8', '169.254.0.0/16', '8.8.8.0/24', '10.0.0.0/33', 'fd00:ec2::254']) {
      expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('测试连接 to a forbidden address', () => {
  it('is refused before any connection, with the one plain message', async () => {
    for (const endpoint of [
      `http://127.0.0.1:${trap.port}`,
      `http://localhost:${trap.port}`,
      `http://0.0.0.0:${trap.port}`,
      `http://[::1]:${trap.port}`,
      `http://[::ffff:127.0.0.1]:${trap.port}`,
      'http://169.254.169.254',
      'http://10.0.0.1:9000',
      'http://192.168.1.1:9000',
    ]) {
      expect((await ossTest(endpoint)).body, endpoint).toMatchObject(PLAIN);
      // The store under the same policy says why, in the server's log only: the guard refused it.
      const store = new S3Objects(s3SettingsOf({ ...SETTINGS, endpoint }), {
        outbound: server.platform.config.outbound,
      });
      expect((await probe(store))?.message, endpoint).toMatch(/^EOUTBOUNDREFUSED/);
      store.close();
    }
    expect(trap.connections).toBe(0);
  });

  it('checks every DNS answer: one forbidden answer among public ones refuses the name', async () => {
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: never) => {
      (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
    }) as never);
    try {
      const res = await ossTest(`http://rebind.example:${trap.port}`);
      expect(res.body).toMatchObject(PLAIN);
      await expect(
        callOut(
          `http://rebind.example:${trap.port}/`,
          { method: 'GET', headers: {}, body: '', timeoutMs: 2_000 },
          STRICT,
        ),
      ).rejects.toMatchObject({ code: 'EOUTBOUNDREFUSED' });
    } finally {
      lookup.mockRestore();
    }
    expect(trap.connections).toBe(0);
  });

  it('lets a private address through once the platform allows it', async () => {
    // Whatever is at 10.255.255.1 (an answer, a timeout), the guard did not stop the call.
    const outcome = (policy: OutboundPolicy) =>
      callOut('http://10.255.255.1:9/', { method: 'GET', headers: {}, body: '', timeoutMs: 300 }, policy).then(
        () => 'answered',
        (err: { code?: string; name?: string }) => err.code ?? err.name,
      );
    expect(await outcome({ private: true, loopback: false })).not.toBe('EOUTBOUNDREFUSED');
    expect(await outcome({ private: ['10.255.0.0/16'], loopback: false })).not.toBe('EOUTBOUNDREFUSED');
    expect(await outcome(STRICT)).toBe('EOUTBOUNDREFUSED');
  });
});

describe('测试连接 where something answers that is no S3 store', () => {
  it('answers the same plain message for a web page, another protocol and a closed port', async () => {
    const web = await listener('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 13\r\n\r\n<html></html>');
    const redis = await listener('-ERR unknown command\r\n');
    const closed = await listener();
    const before = server.platform.config.outbound;
    // This machine's own services stand in for a LAN's: loopback allowed for this part only.
    server.platform.config.outbound = { private: false, loopback: true };
    try {
      for (const port of [web.port, redis.port, closed.port]) {
        expect((await ossTest(`http://127.0.0.1:${port}`)).body, String(port)).toMatchObject(PLAIN);
      }
      expect(web.connections).toBeGreaterThan(0);
      expect(redis.connections).toBeGreaterThan(0);
    } finally {
      server.platform.config.outbound = before;
      await Promise.all([web.close(), redis.close(), closed.close()]);
    }
  });
});

describe('an SMS provider’s redirect', () => {
  it('is not followed into a forbidden range: the send fails and nothing reaches the redirect’s target', async () => {
    const saved = await server.call({
      method: 'POST',
      url: '/api/blade-resource/sms/submit',
      token: admin,
      payload: {
        smsCode: 'redirect',
        category: 3,
        templateId: 'SMS_1',
        accessKey: 'ak',
        secretKey: 'sk',
        regionId: 'cn-hangzhou',
        signName: '园区',
      },
    });
    expect(saved.body.code).toBe(200);
    await server.call({ method: 'POST', url: `/api/blade-resource/sms/enable?id=${saved.body.data.id}`, token: admin });
    const res = await server.call({
      method: 'POST',
      url: '/api/blade-resource/sms/endpoint/send-message?code=redirect&phones=13800000000',
      token: admin,
    });
    expect(res.body).toMatchObject({
      code: 400,
      success: false,
      msg: expect.stringMatching(/^短信发送失败（阿里云）：/),
    });
    expect(trap.connections).toBe(0);
  });
});
