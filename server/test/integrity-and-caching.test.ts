import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { user } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSTRAINT_MESSAGES, CONSTRAINT_MSG, constraintViolationOf } from '../src/platform/constraints.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { SEED } from '../src/seed/platform.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The database's integrity refusals as the rule's 400 (platform/constraints.ts): identical creations at
 * once give one success and the check's own refusal for every other, on PostgreSQL too, where they
 * really run side by side and the unique index refuses the ones that passed the check together. And
 * the caching of answers: every API answer `no-store`, the web app's files their own.
 */
let server: TestServer;
let admin: string;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>park</title>');
  fs.writeFileSync(path.join(webDir, 'assets/app-abc123.js'), 'console.log(1);\n');
  server = await startServer({ webDir });
  admin = await login(server, 'admin', 'admin');
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const count = async (sql: string, params: unknown[]) =>
  (await server.platform.db.scoped(ALL_TENANTS, (q) => q.query<{ n: number }>(sql, params)))[0].n;

/** The same call 30 times at once, in English: the answers' codes and messages. */
async function race(url: string, body: (i: number) => object): Promise<{ status: number; msg: string }[]> {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      server.call({ method: 'POST', url, token: admin, payload: body(i), headers: { 'accept-language': 'en' } }),
    ),
  );
  return answers.map((a) => ({ status: a.status, msg: a.body.msg }));
}

const tally = (answers: { status: number; msg: string }[]) =>
  answers.reduce<Record<string, number>>((t, a) => {
    const key = `${a.status} ${a.status === 200 ? '' : a.msg}`.trim();
    t[key] = (t[key] ?? 0) + 1;
    return t;
  }, {});

describe('the same account created 30 times at once', () => {
  const taken = user.fields.find((f) => f.name === 'account')!.unique!.en;

  it('by blade-user/submit: one user, 29 refusals by the account rule', async () => {
    const answers = await race('/api/blade-user/submit', () => ({
      account: 'race_user',
      name: 'race',
      realName: '竞速',
      password: 'Race#1234',
      roleId: SEED.adminRole,
      deptId: SEED.rootDept,
    }));
    expect(tally(answers)).toEqual({ 200: 1, [`400 ${taken}`]: 29 });
    expect(
      await count(`select count(*)::int as n from blade_user where account = $1 and is_deleted = 0`, ['race_user']),
    ).toBe(1);
  });

  it('by create-enterprise: one enterprise with its account, the 29 others leave nothing behind', async () => {
    const answers = await race('/api/blade-crm/enterprise/create-enterprise', (i) => ({
      enterpriseName: `竞速企业${i}`,
      account: 'race_company',
      password: 'Race#1234',
    }));
    expect(tally(answers)).toEqual({ 200: 1, [`400 ${taken}`]: 29 });
    expect(await count(`select count(*)::int as n from blade_user where account = $1`, ['race_company'])).toBe(1);
    // Each refused creation rolled back whole: its enterprise is not there either.
    expect(
      await count(`select count(*)::int as n from crm_enterprise where enterprise_name like $1`, ['竞速企业%']),
    ).toBe(1);
  });
});

describe('the constraint registry', () => {
  const violation = (code: string, constraint?: string, message = 'x') =>
    constraintViolationOf(Object.assign(new Error(message), { code, constraint }));

  it('says a named constraint with its rule’s message, an unknown one plainly, and leaves other errors alone', () => {
    expect(violation('23505', 'blade_user_account')?.text).toBe(CONSTRAINT_MESSAGES.get('blade_user_account'));
    expect(violation('23505', 'blade_user_account')?.code).toBe(400);
    expect(violation('23505', 'some_table_pkey')?.text).toBe(CONSTRAINT_MSG.unique);
    expect(violation('23P01', 'some_exclusion')?.text).toBe(CONSTRAINT_MSG.conflict);
    const insert = 'insert or update on table "a" violates foreign key constraint "a_b_fkey"';
    expect(violation('23503', 'a_b_fkey', insert)?.text).toBe(CONSTRAINT_MSG.missingLink);
    const remove = 'update or delete on table "b" violates foreign key constraint "a_b_fkey" on table "a"';
    expect(violation('23503', 'a_b_fkey', remove)?.text).toBe(CONSTRAINT_MSG.inUse);
    for (const code of ['22007', '40001', '23502', undefined]) expect(violation(String(code))).toBeUndefined();
    expect(constraintViolationOf(null)).toBeUndefined();
  });

  it('names only constraints the database has', async () => {
    const names = [...CONSTRAINT_MESSAGES.keys()];
    const found = await server.platform.db.admin.query<{ name: string }>(
      `select indexname as name from pg_indexes where indexname = any($1)
       union select conname from pg_constraint where conname = any($1)`,
      [names],
    );
    expect(found.map((r) => r.name).sort()).toEqual(names.sort());
  });

  it('tells a missing link from a row still in use, as the database refuses them', async () => {
    // blade_message_receiver.message_id references blade_message: written here straight, as a handler would.
    const refusal = (sql: string) =>
      server.platform.db
        .tx('000000', (q) => q.query(sql))
        .then(() => undefined)
        .catch((e: unknown) => constraintViolationOf(e)?.text);
    const receipt = `insert into blade_message_receiver (id, tenant_id, message_id, user_id) values (7, '000000', 7, 7)`;
    expect(await refusal(receipt)).toBe(CONSTRAINT_MSG.missingLink);
    await server.platform.db.tx('000000', async (q) => {
      await q.query(`insert into blade_message (id, tenant_id, title) values (7, '000000', 'x')`);
      await q.query(receipt);
    });
    expect(await refusal('delete from blade_message where id = 7')).toBe(CONSTRAINT_MSG.inUse);
  });
});

describe('caching', () => {
  const get = (url: string, token: string | undefined = admin) => server.call({ method: 'GET', url, token });

  it('is no-store on every API answer: a page, an export, a refusal, a 404, a 401', async () => {
    const answers = {
      page: await get('/api/blade-system/param/page'),
      export: await get('/api/blade-user/export-user'),
      refusal: await get('/api/blade-system/param/page?current=1e20'),
      missing: await get('/api/blade-system/no-such-thing'),
      unsigned: await get('/api/blade-system/param/page', ''),
    };
    expect(answers.export.headers['content-type']).toMatch(/spreadsheetml/);
    expect(
      Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, [r.status, r.headers['cache-control']]])),
    ).toEqual({
      page: [200, 'no-store'],
      export: [200, 'no-store'],
      refusal: [400, 'no-store'],
      missing: [404, 'no-store'],
      unsigned: [401, 'no-store'],
    });
  });

  it('leaves the web app’s files their own', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await server.app.inject({ method: 'GET', url: '/system/user' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
