import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.ts';
import { digestMatches } from '../src/modules/user/passwords.ts';
import { ALL_TENANTS, type Database, imageOf, openDatabase } from '../src/platform/db.ts';
import { filesOf } from '../src/platform/platform.ts';
import { DEMO_PASSWORD } from '../src/seed/crm-demo.ts';
import { seed } from '../src/seed/index.ts';
import { ADMIN_PASSWORD } from '../src/seed/platform.ts';
import { testPasswordHash } from './test-passwords.ts';

/**
 * Every test file starts a server on a migrated, seeded database of its own. Opening PGlite from
 * nothing and migrating it costs seconds, so this is done once per run: one seeded database without
 * and one with demo data, kept as a PGlite image file or, on PostgreSQL (TEST_DATABASE_URL), as a
 * template database that each file's database is copied from (`harness.ts`).
 */
export type Seeding = 'plain' | 'demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per seeding: the PGlite image's file, or the PostgreSQL template database's name. */
    seededDatabases: Record<Seeding, string>;
    /** The data folder whose file store holds the demo attachments' files, for servers on the demo seeding. */
    demoDataDir: string;
  }
}

const SEEDINGS: Seeding[] = ['plain', 'demo'];

/**
 * The seeded people's hashes written again at the tests' low cost (test-passwords.ts), each for the seed
 * password it verifies: the seeding itself writes today's cost, as `npm start` does.
 */
async function cheapenSeededPasswords(db: Database) {
  await db.tx(ALL_TENANTS, async (q) => {
    const hashes = await q.query<{ password: string }>('select distinct password from blade_user');
    for (const { password } of hashes) {
      for (const plain of [ADMIN_PASSWORD, DEMO_PASSWORD]) {
        if (!(await digestMatches(createHash('md5').update(plain).digest('hex'), password))) continue;
        await q.query('update blade_user set password = $1 where password = $2', [testPasswordHash(plain), password]);
        break;
      }
    }
  });
}

async function onServer(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const made = {} as Record<Seeding, string>;
  const folder = serverUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'park-test-images-'));
  const demoDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'park-test-demo-'));
  for (const seeding of SEEDINGS) {
    let url: string | undefined;
    if (serverUrl) {
      made[seeding] = `park_template_${process.pid}_${seeding}`;
      await onServer(serverUrl, `create database ${made[seeding]}`);
      const template = new URL(serverUrl);
      template.pathname = `/${made[seeding]}`;
      url = template.toString();
    }
    const db = await openDatabase({ url, poolSize: 1 });
    await migrate(db);
    await seed(db, seeding === 'demo' ? { demo: true, files: filesOf({ dataDir: demoDataDir }) } : { demo: false });
    await cheapenSeededPasswords(db);
    if (folder) {
      made[seeding] = path.join(folder, `${seeding}.tar`);
      fs.writeFileSync(made[seeding], await imageOf(db));
    }
    await db.close();
  }
  project.provide('seededDatabases', made);
  project.provide('demoDataDir', demoDataDir);

  return async () => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(demoDataDir, { recursive: true, force: true });
    if (serverUrl) for (const name of Object.values(made)) await onServer(serverUrl, `drop database if exists ${name}`);
  };
}
