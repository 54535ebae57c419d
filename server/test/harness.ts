import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { ALL_TENANTS, type Database, openDatabase } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { createPlatform, type Platform } from '../src/platform/platform.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { testPasswordHash } from './test-passwords.ts';

/**
 * A whole server for one test file: a fresh database (PGlite in memory, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL), migrated and
 * seeded (a copy of what `global-setup.ts` prepared once), and the app built
 * in-process for inject().
 */
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestServer {
  app: FastifyInstance;
  platform: Platform;
  /** Calls the API with the client header and, when given, the token. */
  call(
    opts: InjectOptions & { token?: string },
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the answer's own shape; typing every one adds nothing
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** A new database on the TEST_DATABASE_URL server, copied from `template`, and how to drop it. */
export async function freshPostgres(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `park_test_${process.pid}_${nextId()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The seedings' PGlite images, each read once per worker: `openDatabase` copies an image for every database. */
const images = new Map<string, Buffer>();

/** The PGlite image of a seeding (global-setup.ts), for `openDatabase({ image })`. */
export function seededImage(seeding: 'plain' | 'demo' = 'plain'): Buffer {
  const file = inject('seededDatabases')[seeding];
  let image = images.get(file);
  if (!image) {
    image = fs.readFileSync(file);
    images.set(file, image);
  }
  return image;
}

/**
 * A migrated, seeded database of the run's kind: a copy of the seeding (PGlite from its image, or a new PostgreSQL
 * database from its template). `drop` removes the PostgreSQL copy once the database is closed (PGlite's goes with it).
 */
export async function seededDatabase(
  seeding: 'plain' | 'demo' = 'plain',
  options: { poolSize?: number; statementTimeouts?: Config['statementTimeouts'] } = {},
): Promise<{ db: Database; drop: () => Promise<void> }> {
  const seeded = inject('seededDatabases')[seeding];
  const pgdb = onPostgres ? await freshPostgres(seeded) : undefined;
  const db = await openDatabase(
    pgdb
      ? { url: pgdb.url, poolSize: options.poolSize ?? 2, statementTimeouts: options.statementTimeouts }
      : { image: seededImage(seeding) },
  );
  return { db, drop: async () => pgdb?.drop() };
}

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const config: Config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent', ...overrides };
  // The demo seeding's attachments name files in the data folder it was seeded with.
  if (config.demoData && !overrides.dataDir) config.dataDir = inject('demoDataDir');
  const { db, drop } = await seededDatabase(config.demoData ? 'demo' : 'plain', {
    poolSize: 4,
    statementTimeouts: config.statementTimeouts,
  });
  const platform = await createPlatform(config, db);
  const app = await buildApp(platform);
  return serverOf(app, platform, drop);
}

/** A built app as the tests call it: with the client header (and a token when given), closed with its platform. */
export function serverOf(app: FastifyInstance, platform: Platform, afterClose?: () => Promise<void>): TestServer {
  return {
    app,
    platform,
    async call({ token, headers, ...opts }) {
      const res = await app.inject({
        ...opts,
        headers: { authorization: BASIC, ...(token ? { 'blade-auth': `bearer ${token}` } : {}), ...headers },
      });
      let body: unknown = res.body;
      try {
        body = JSON.parse(res.body);
      } catch {
        // not JSON (a file): leave the text
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async close() {
      await app.close();
      await platform.close();
      await afterClose?.();
    },
  };
}

/** The seeded administrator of tenant 000000. */
export const ADMIN = { tenantId: '000000', account: 'admin', password: 'admin', userId: SEED.adminUser } as const;

/** Logs in through the real token endpoint and returns the access token. */
export async function login(
  server: TestServer,
  account: string,
  password: string,
  tenantId = '000000',
  accountType?: 'platform' | 'web',
): Promise<string> {
  const md5 = createHash('md5').update(password).digest('hex');
  const res = await server.call({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=${tenantId}&username=${account}&password=${md5}&grant_type=password&scope=all&type=account`,
    headers: { 'tenant-id': tenantId, ...(accountType ? { 'account-type': accountType } : {}) },
  });
  if (res.status !== 200) throw new Error(`login ${tenantId}/${account} failed: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

export interface TestTenant {
  tenantId: string;
  adminId: string;
  adminRole: string;
  deptId: string;
}

/** A second tenant with its own administrator (password `admin`) and department, written straight to the database. */
export async function createTenant(server: TestServer, tenantId: string): Promise<TestTenant> {
  const t = { tenantId, adminId: nextId(), adminRole: nextId(), deptId: nextId() };
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_tenant', [{ id: nextId(), tenant_id: tenantId, tenant_name: `租户${tenantId}` }]);
    await insertRows(q, 'blade_dept', [{ id: t.deptId, tenant_id: tenantId, dept_name: '总部' }]);
    await insertRows(q, 'blade_role', [
      { id: t.adminRole, tenant_id: tenantId, role_name: '管理员', role_alias: 'administrator' },
    ]);
    await insertRows(q, 'blade_user', [
      {
        id: t.adminId,
        tenant_id: tenantId,
        account: 'admin',
        password: testPasswordHash('admin'),
        real_name: '管理员',
        role_id: t.adminRole,
        dept_id: t.deptId,
      },
    ]);
  });
  return t;
}

/** A user of a tenant with one new role that holds exactly the given button codes; password `pass`. */
export async function createUserWithButtons(
  server: TestServer,
  tenantId: string,
  account: string,
  buttons: string[],
  deptId?: string,
): Promise<{ userId: string; roleId: string }> {
  const userId = nextId();
  const roleId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_role', [{ id: roleId, tenant_id: tenantId, role_name: account, role_alias: account }]);
    await insertRows(q, 'blade_user', [
      {
        id: userId,
        tenant_id: tenantId,
        account,
        password: testPasswordHash('pass'),
        real_name: account,
        role_id: roleId,
        dept_id: deptId ?? null,
      },
    ]);
    const menus = await q.query<{ id: string }>('select id from blade_menu where code = any($1)', [buttons]);
    await insertRows(
      q,
      'blade_role_menu',
      menus.map((m) => ({ id: nextId(), menu_id: m.id, role_id: roleId })),
    );
  });
  return { userId, roleId };
}

/** A multipart/form-data body with one file field named `file`, as a browser sends an upload. */
export function multipart(name: string, bytes: Buffer, type: string) {
  const boundary = '----parkboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
