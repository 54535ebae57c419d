import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { createPlatform, type Platform } from '../src/platform/platform.ts';
import { seed } from '../src/seed/index.ts';
import { SEED } from '../src/seed/platform.ts';

/**
 * A whole server for one test file: a fresh database (PGlite in memory, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL), migrated and
 * seeded, and the app built in-process for inject().
 */
export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestServer {
  app: FastifyInstance;
  platform: Platform;
  /** Calls the API with the client header and, when given, the token. */
  call(
    opts: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `park_test_${process.pid}_${nextId()}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const pgdb = onPostgres ? await freshPostgres() : undefined;
  const config: Config = { ...loadConfig({}), captcha: false, demoData: false, webDir: '/nonexistent', ...overrides };
  const db = await openDatabase({ url: pgdb?.url, poolSize: 4 });
  await migrate(db);
  await seed(db, { demo: config.demoData });
  const platform = await createPlatform(config, db);
  const app = await buildApp(platform);
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
      await pgdb?.drop();
    },
  };
}

/** The seeded administrator of tenant 000000. */
export const ADMIN = { tenantId: '000000', account: 'admin', password: 'admin', userId: SEED.adminUser } as const;
