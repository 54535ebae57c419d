import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createUserWithButtons, startServer, type TestServer } from './harness.ts';

/**
 * Wrong passwords lock an account for a while (account.failCount within account.lockMinutes), never for
 * good; the answer to a wrong password is 2001 whether the account is unknown, locked or neither, and only
 * the right password to a locked account hears 2003. One client address gets account.addressFailCount
 * wrong passwords per period, whatever the accounts; the token and captcha endpoints take RATE_LIMIT calls
 * per minute from one address.
 */
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
let server: TestServer;

function token(server: TestServer, account: string, password: string, remoteAddress = '127.0.0.1') {
  return server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=${account}&password=${md5(password)}&grant_type=password&scope=all`,
    remoteAddress,
  });
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

/** Moves the account's last counted failure back, as if that many minutes had passed. */
async function minutesPass(userId: string, minutes: number) {
  await server.platform.db.admin.query(
    'update blade_user set fail_time = fail_time - make_interval(mins => $2) where id = $1',
    [userId, minutes],
  );
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('account lock', () => {
  it('locks after account.failCount wrong passwords, answers 2001 to wrong ones and 2003 only to the right one', async () => {
    await createUserWithButtons(server, '000000', 'locked1', []);
    for (let i = 0; i < 5; i++) expect((await token(server, 'locked1', 'wrong')).body.error_code).toBe(2001);
    const right = await token(server, 'locked1', 'pass');
    expect(right.body).toMatchObject({ success: false, error_code: 2003 });
    // Locked and wrong: the same answer, word for word, as an account that does not exist.
    const lockedWrong = await token(server, 'locked1', 'wrong');
    const unknown = await token(server, 'no-such-account', 'wrong');
    expect(lockedWrong.status).toBe(unknown.status);
    expect(lockedWrong.body).toEqual(unknown.body);
    expect(unknown.body.error_code).toBe(2001);
  });

  it('the lock expires after account.lockMinutes (default 15), without an administrator', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'expiring', []);
    for (let i = 0; i < 5; i++) await token(server, 'expiring', 'wrong');
    expect((await token(server, 'expiring', 'pass')).body.error_code).toBe(2003);
    await minutesPass(userId, 14);
    expect((await token(server, 'expiring', 'pass')).body.error_code).toBe(2003);
    await minutesPass(userId, 2);
    expect((await token(server, 'expiring', 'pass')).status).toBe(200);
  });

  it('takes the period from account.lockMinutes, and failures further apart than it start the count again', async () => {
    const { userId } = await createUserWithButtons(server, '000000', 'period', []);
    await setParam('account.lockMinutes', '2');
    try {
      for (let i = 0; i < 4; i++) await token(server, 'period', 'wrong');
      await minutesPass(userId, 3);
      // The fifth failure comes after the period: it is the first of a new count, so no lock.
      await token(server, 'period', 'wrong');
      expect((await token(server, 'period', 'pass')).status).toBe(200);

      for (let i = 0; i < 5; i++) await token(server, 'period', 'wrong');
      expect((await token(server, 'period', 'pass')).body.error_code).toBe(2003);
      await minutesPass(userId, 3);
      expect((await token(server, 'period', 'pass')).status).toBe(200);
    } finally {
      await server.platform.db.admin.query(`delete from blade_param where param_key = 'account.lockMinutes'`);
      await server.platform.params.invalidate();
    }
  });
});

describe('per-address throttle', () => {
  it('refuses an address after account.addressFailCount wrong passwords, whatever the accounts, and only that address', async () => {
    await createUserWithButtons(server, '000000', 'sprayed', []);
    await setParam('account.addressFailCount', '3');
    try {
      for (const account of ['nobody1', 'nobody2', 'sprayed']) {
        expect((await token(server, account, 'guess', '10.9.9.9')).body.error_code).toBe(2001);
      }
      // Even the right password from that address now waits.
      const refused = await token(server, 'sprayed', 'pass', '10.9.9.9');
      expect(refused.body).toMatchObject({ success: false, error_code: 2003 });
      expect(refused.body.error_description).toBe('登录失败次数过多，请稍后再试');
      expect((await token(server, 'sprayed', 'pass', '10.9.9.10')).status).toBe(200);
    } finally {
      await server.platform.db.admin.query(`delete from blade_param where param_key = 'account.addressFailCount'`);
      await server.platform.params.invalidate();
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
    // The default server of this file runs with the default (120); a server with 0 adds no limit at all.
    const open = await startServer({ rateLimit: 0 });
    try {
      for (let i = 0; i < 5; i++) expect((await token(open, 'nobody', 'x', '10.0.0.4')).status).toBe(400);
    } finally {
      await open.close();
    }
  });
});
