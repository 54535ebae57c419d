import fs from 'node:fs';
import path from 'node:path';
import { APP_ROLE, type Database } from '../platform/db.ts';
import { isBusinessTable, relationsOf } from '../platform/tenant-router.ts';

/**
 * Versioned SQL migrations (`NNNN_name.sql` in ./migrations), applied in order at start,
 * each in its own transaction, under an advisory lock so that several instances
 * starting together apply each file once. A landed file is never edited: add a new one.
 */
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 724_521_001;

export async function migrate(db: Database): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  await ensureAppRole(db);
  await db.admin.exec(
    `create table if not exists park_migration (version text primary key, applied_at timestamp(0) not null default localtimestamp(0))`,
  );
  const applied: string[] = [];
  await db.admin.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    const done = new Set(
      (await db.admin.query<{ version: string }>('select version from park_migration')).map((r) => r.version),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await db.admin
        .exec(`begin;\n${sql}\n;insert into park_migration(version) values ('${file}');\ncommit;`)
        .catch(async (err) => {
          await db.admin.exec('rollback').catch(() => undefined);
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
        });
      applied.push(file);
    }
    await fenceBusinessTables(db);
    await db.admin.exec(
      `grant usage on schema public to ${APP_ROLE};
       grant select, insert, update, delete on all tables in schema public to ${APP_ROLE};
       grant usage, select on all sequences in schema public to ${APP_ROLE};`,
    );
  } finally {
    await db.admin.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
  }
  return applied;
}

/**
 * The restricted role is cluster-wide on a PostgreSQL server and may already exist
 * (another database, a concurrent start); both are fine.
 */
async function ensureAppRole(db: Database) {
  await db.admin.exec(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
      create role ${APP_ROLE} nologin;
    end if;
  exception when duplicate_object or unique_violation then null;
  end $$;`);
  // A non-superuser connecting user must be able to SET ROLE to it.
  await db.admin.exec(`do $$ begin
    if not (select rolsuper from pg_roles where rolname = current_user) then
      execute format('grant ${APP_ROLE} to %I', current_user);
    end if;
  exception when others then null;
  end $$;`);
}

/** Every business table, later ones included, refuses the writes of a tenant fenced off in this database (0197). */
async function fenceBusinessTables(db: Database) {
  const tables = (await relationsOf(db.admin, ['r', 'p'])).filter(isBusinessTable);
  await db.admin.query('select park_fence_tables($1::text[])', [tables]);
}
