import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.ts';

/**
 * The environment is read in one place (loadConfig): a value that makes no sense stops the start
 * with a message naming the variable; an empty one means the default.
 */
describe('loadConfig', () => {
  it('gives the defaults for an empty environment and for empty variables', () => {
    const empty = { PORT: '', WORKER_ID: '', LOG_LEVEL: '', HOST: '', CAPTCHA: '', DATABASE_URL: '', NODE_ENV: '' };
    for (const env of [{}, empty]) {
      expect(loadConfig(env)).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        logLevel: 'info',
        workerId: undefined,
        captcha: true,
        databaseUrl: undefined,
        nodeEnv: 'prod',
      });
    }
  });

  it('reads good values', () => {
    const config = loadConfig({ PORT: '0', WORKER_ID: '1023', LOG_LEVEL: 'warn', NODE_ENV: 'test', CAPTCHA: 'off' });
    expect(config).toMatchObject({ port: 0, workerId: 1023, logLevel: 'warn', nodeEnv: 'test', captcha: false });
    expect(loadConfig({ PORT: '65535', WORKER_ID: '0' })).toMatchObject({ port: 65535, workerId: 0 });
    expect(loadConfig({ SMS_ENDPOINT_OVERRIDE: 'http://127.0.0.1:9100/' }).smsEndpoint).toBe('http://127.0.0.1:9100');
  });

  it('reads TRUST_PROXY as Fastify takes it: nobody by default, everyone, a hop count or the proxies named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  const refused: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535, not "abc"'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ PORT: '0x50' }, 'PORT'],
    [{ PORT: ' 80' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ WORKER_ID: 'abc' }, 'WORKER_ID must be a whole number from 0 to 1023, not "abc"'],
    [{ WORKER_ID: '1024' }, 'WORKER_ID must be a whole number from 0 to 1023, not "1024"'],
    [{ WORKER_ID: '5000' }, 'WORKER_ID'],
    [{ WORKER_ID: '-1' }, 'WORKER_ID'],
    [{ WORKER_ID: '1.5' }, 'WORKER_ID'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, not "verbose"'],
    [{ LOG_LEVEL: 'INFO' }, 'LOG_LEVEL'],
    [{ CAPTCHA: 'maybe' }, 'CAPTCHA must be on or off, not "maybe"'],
    [{ DEMO_DATA: '2' }, 'DEMO_DATA'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ AMQP_URL: 'http://x' }, 'AMQP_URL'],
    [{ TOKEN_SECRET: 'short' }, 'TOKEN_SECRET must be at least 32 characters long'],
    [{ SMS_ENDPOINT_OVERRIDE: 'ftp://x' }, 'SMS_ENDPOINT_OVERRIDE must be an http:// or https:// URL'],
    [
      { TRUST_PROXY: 'maybe' },
      'TRUST_PROXY must be true, false, a hop count or a comma list of addresses or CIDRs, not "maybe"',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '101' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
  ];
  for (const [env, message] of refused) {
    it(`refuses ${JSON.stringify(env)}`, () => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  }
});

/** Runs the real entry point until it exits or prints `until` on stderr; then stops it. */
function runMain(env: Record<string, string>, until?: string): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-config-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', DEMO_DATA: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (until && stderr.includes(until)) child.kill('SIGKILL');
  });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe('the server at start', () => {
  it('stops with the variable named and a non-zero exit code', async () => {
    const { code, stderr } = await runMain({ WORKER_ID: 'abc' });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: WORKER_ID must be a whole number from 0 to 1023, not "abc"');
  });

  it('warns that only /api is served when the web app is not built', async () => {
    const { stderr } = await runMain({ WEB_DIR: '/nonexistent' }, 'npm start builds it first');
    expect(stderr).toContain('no built web app in /nonexistent');
    expect(stderr).toContain('only the API under /api is served');
  });
});
