import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureDelay } from '../src/modules/auth/accounts.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createUserWithButtons, startServer, type TestServer } from './harness.ts';

/**
 * Nobody can keep an account's owner out. After account.failCount wrong passwords, each within
 * account.lockMinutes of the one before, the account asks every login for a captcha (even with captchas
 * off, as here) and answers further wrong ones later; a right captcha with the right password always
 * works. An unknown account name does the same, so nothing tells accounts apart. One client address gets
 * account.addressFailCount wrong passwords per period, whatever the accounts, and is then refused before
 * any password is hashed; the token and captcha endpoints take RATE_LIMIT calls per minute from one address.
 */
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const CAPTCHA_REQUIRED = { success: false, error_code: 2007, error_description: '登录失败次数过多，请输入验证码' };
let server: TestServer;

/** Each test gives its own address: the address's count (account.addressFailCount) would otherwise add up. */
function token(
  server: TestServer,
  account: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5(password)}&grant_type=password&scope=all`,
    remoteAddress,
    headers,
  });
}

/** A captcha drawn as the login page does once an account asked for one, answered right (the code read back). */
async function solvedCaptcha(server: TestServer): Promise<Record<string, string>> {
  const drawn = await server.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha?required=true' });
  expect(drawn.body).toMatchObject({ enabled: true, key: expect.any(String) });
  const [{ code }] = await server.platform.db.admin.query<{ code: string }>(
    'select code from park_captcha where key = $1',
    [drawn.body.key],
  );
  return { 'captcha-key': drawn.body.key, 'captcha-code': code };
}

async function setParam(key: string, value: string) {
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await q.query(`delete from blade_param where tenant_id = '000000' and param_key = $1`, [key]);
    await insertRows(q, 'blade_param', [
      { id: nextId(), tenant_id: '000000', param_name: key, param_key: key, param_value: value },
    ]);
  });
  await server.platform.params.invalidate();
}

async function dropParam(key: string) {
  await server.platform.db.admin.query(`delete from blade_param where param_key = $1`, [key]);
  await server.platform.params.invalidate();
}

/** Moves the account's last counted failure back, as if that many minutes had passed. */
async function minutesPass(userId: string, minutes: number) {
  await server.platform.db.admin.query(
    'update blade_user set fail_time = fail_time - make_interval(mins => $2) where id = $1',
    [userId, minutes],
  );
}

async function failCount(userId: string): Promise<number> {
  const [row] = await server.platform.db.admin.query<{ fail_count: number }>(
    'select fail_count from blade_user where id = $1',
    [userId],
  );
  return row.fail_count;
}

beforeAll(async () => {
  // No request rate limit here, so that the login guards themselves meet the flood.
  server = await startServer({ rateLimit: 0 });
});
afterAll(() => server?.close());

describe('account guard', () => {
  it('an address failing 1,000 times leaves the right password from another address working at once', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'owner', []);
    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const code = (await token(server, 'owner', `guess${i}`, '10.6.6.6')).body.error_code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    // Five wrong passwords, then the account's captcha demand, then (past account.addressFailCount, 30) the
    // address itself: all refused before the password is hashed, the last 970 without touching the database.
    expect(Object.fromEntries(codes)).toEqual({ 2001: 5, 2007: 25, 2003: 970 });
    expect(await failCount(userId)).toBe(5);

    // The owner, from an address that never failed, needs the captcha and nothing more, and waits for nothing.
    expect((await token(server, 'owner', 'pass', '10.7.7.7')).body).toEqual(CAPTCHA_REQUIRED);
    const started = Date.now();
    const owner = await token(server, 'owner', 'pass', '10.7.7.7', await solvedCaptcha(server));
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await failCount(userId)).toBe(0);
    expect((await token(server, 'owner', 'pass', '10.7.7.7')).status).toBe(200);

    // The administrator sees the attacker's refusals in the usual log, with the address.
    await server.platform.logs.flush();
    const logged = await server.platform.db.admin.query<{ reason: string; n: number }>(
      `select substring(log_data from '(badCredentials|captchaRequired|throttled)') as reason, count(*)::int as n
         from blade_log_usual where log_id = 'auth.login-refused' and create_by = 'owner' and remote_ip = '10.6.6.6'
        group by 1 order by 1`,
    );
    expect(logged).toEqual([
      { reason: 'badCredentials', n: 5 },
      { reason: 'captchaRequired', n: 25 },
      { reason: 'throttled', n: 970 },
    ]);
  });

  it('asks for a captcha past account.failCount, even with captchas off: a wrong one is refused, a right one with the right password works', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'guarded', []);
    for (let i = 0; i < 4; i++)
      expect((await token(server, 'guarded', 'wrong', '10.1.0.1')).body.error_code).toBe(2001);
    // Below the limit, no captcha: the right password works and clears the count.
    expect((await token(server, 'guarded', 'pass', '10.1.0.1')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await token(server, 'guarded', 'wrong', '10.1.0.1')).body.error_code).toBe(2001);

    expect((await token(server, 'guarded', 'pass', '10.1.0.1')).body).toEqual(CAPTCHA_REQUIRED);
    const wrongCode = await token(server, 'guarded', 'pass', '10.1.0.1', {
      ...(await solvedCaptcha(server)),
      'captcha-code': '0000',
    });
    expect(wrongCode.body).toMatchObject({ error_code: 2007, error_description: '验证码不正确或已失效' });
    // A right captcha with a wrong password is counted at once and answered later (the sixth failure: 500 ms
    // after the count, whatever the hashing took).
    const slowed = token(server, 'guarded', 'wrong', '10.1.0.1', await solvedCaptcha(server));
    while ((await failCount(userId)) < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    const counted = Date.now();
    expect((await slowed).body.error_code).toBe(2001);
    expect(Date.now() - counted).toBeGreaterThanOrEqual(350);
    // A captcha is good once.
    const captcha = await solvedCaptcha(server);
    expect((await token(server, 'guarded', 'pass', '10.1.0.1', captcha)).status).toBe(200);
    expect((await token(server, 'guarded', 'wrong', '10.1.0.1', captcha)).body.error_code).toBe(2001);
  });

  it('asks an unknown account name for a captcha alike, so the demand tells no account apart', async () => {
    await createUserWithButtons(server, '000000', 'known', []);
    for (let i = 0; i < 5; i++) {
      expect((await token(server, 'known', 'wrong', '10.5.5.1')).body.error_code).toBe(2001);
      expect((await token(server, 'unknown-name', 'wrong', '10.5.5.2')).body.error_code).toBe(2001);
    }
    const known = await token(server, 'known', 'wrong', '10.5.5.1');
    const unknown = await token(server, 'unknown-name', 'wrong', '10.5.5.2');
    expect(known.body).toEqual(CAPTCHA_REQUIRED);
    expect(unknown.body).toEqual(known.body);
  });

  it('the demand lapses after account.lockMinutes (default 15), without an administrator', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'expiring', []);
    for (let i = 0; i < 5; i++) await token(server, 'expiring', 'wrong', '10.1.0.2');
    expect((await token(server, 'expiring', 'pass', '10.1.0.2')).body.error_code).toBe(2007);
    await minutesPass(userId, 14);
    expect((await token(server, 'expiring', 'pass', '10.1.0.2')).body.error_code).toBe(2007);
    await minutesPass(userId, 2);
    expect((await token(server, 'expiring', 'pass', '10.1.0.2')).status).toBe(200);
  });

  it('takes the period from account.lockMinutes, and failures further apart than it start the count again', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'period', []);
    await setParam('account.lockMinutes', '2');
    try {
      for (let i = 0; i < 4; i++) await token(server, 'period', 'wrong', '10.1.0.3');
      await minutesPass(userId, 3);
      // The fifth failure comes after the period: it is the first of a new count, so no captcha.
      await token(server, 'period', 'wrong', '10.1.0.3');
      expect(await failCount(userId)).toBe(1);
      expect((await token(server, 'period', 'pass', '10.1.0.3')).status).toBe(200);

      for (let i = 0; i < 5; i++) await token(server, 'period', 'wrong', '10.1.0.3');
      expect((await token(server, 'period', 'pass', '10.1.0.3')).body.error_code).toBe(2007);
      await minutesPass(userId, 3);
      expect((await token(server, 'period', 'pass', '10.1.0.3')).status).toBe(200);
    } finally {
      await dropParam('account.lockMinutes');
    }
  });

  it('answers wrong passwords later only from the limit on: 250 ms, doubling, at most 8 s', () => {
    const policy = { limit: 5, minutes: 15 };
    expect([1, 4, 5, 6, 7, 10, 30].map((n) => failureDelay(n, policy))).toEqual([0, 0, 250, 500, 1000, 8000, 8000]);
    expect(failureDelay(50, { limit: 0, minutes: 15 })).toBe(0);
  });
});

describe('per-address throttle', () => {
  it('refuses an address after account.addressFailCount wrong passwords, whatever the accounts, and only that address', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'sprayed', []);
    await setParam('account.addressFailCount', '3');
    try {
      for (const account of ['nobody1', 'nobody2', 'sprayed']) {
        expect((await token(server, account, 'guess', '10.9.9.9')).body.error_code).toBe(2001);
      }
      // Even the right password from that address now waits.
      const refused = await token(server, 'sprayed', 'pass', '10.9.9.9');
      expect(refused.body).toMatchObject({ success: false, error_code: 2003 });
      expect(refused.body.error_description).toBe('登录失败次数过多，请稍后再试');
      // Refused before the password is checked: further guesses from it never reach the account.
      for (let i = 0; i < 20; i++)
        expect((await token(server, 'sprayed', 'guess', '10.9.9.9')).body.error_code).toBe(2003);
      expect(await failCount(userId)).toBe(1);
      // Another address is not refused, and the account asks it for nothing (one failure is below the limit).
      expect((await token(server, 'sprayed', 'pass', '10.9.9.10')).status).toBe(200);
    } finally {
      await dropParam('account.addressFailCount');
    }
  });
});

describe('RATE_LIMIT', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ rateLimit: 3, captcha: true });
  });
  afterAll(() => limited?.close());

  it('limits the token endpoint per client address (429), and no other route', async () => {
    for (let i = 0; i < 3; i++) expect((await token(limited, 'nobody', 'x', '10.0.0.1')).status).toBe(400);
    const over = await token(limited, 'nobody', 'x', '10.0.0.1');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 429, success: false });
    // Another address has its own count (this server asks for a captcha, hence 2007 and not a token).
    expect((await token(limited, 'admin', 'admin', '10.0.0.2')).body.error_code).toBe(2007);
    // Other routes are not limited.
    for (let i = 0; i < 5; i++) {
      const res = await limited.call({
        method: 'GET',
        url: '/api/blade-system/dict/dictionary?code=sex',
        remoteAddress: '10.0.0.1',
      });
      expect(res.status).not.toBe(429);
    }
  });

  it('limits the captcha endpoint, so anonymous callers cannot fill its table', async () => {
    const draw = () =>
      limited.call({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        remoteAddress: '10.0.0.3',
        headers: { authorization: '' },
      });
    for (let i = 0; i < 3; i++) expect((await draw()).body.key).toBeTruthy();
    expect((await draw()).status).toBe(429);
    const [{ n }] = await limited.platform.db.admin.query<{ n: number }>('select count(*)::int as n from park_captcha');
    expect(n).toBe(3);
  });

  it('is off with RATE_LIMIT=off (rateLimit 0)', async () => {
    // This file's first server runs with 0, which adds no limit at all (its 1,000 logins above got none).
    for (let i = 0; i < 5; i++) expect((await token(server, 'nobody-open', 'x', '10.0.0.4')).status).toBe(400);
  });
});
