import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { exposedAdminWarning, settleSeededPasswords } from './modules/user/seeded-password.ts';
import { AmqpBus } from './platform/amqp-bus.ts';
import { MemoryBus } from './platform/bus.ts';
import type { Config } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createPlatform, filesOf, type Platform } from './platform/platform.ts';
import { seed } from './seed/index.ts';

/**
 * What a start does before it listens: opens the database (PGlite below DATA_DIR, or
 * DATABASE_URL), migrates it, loads the seeds it has not had yet, and builds the app.
 * main.ts runs it, and the restart test runs it twice on one database.
 */
export async function startApp(
  config: Config,
  opts: { logger?: boolean } = {},
): Promise<{ app: FastifyInstance; platform: Platform }> {
  const db = await openDatabase({
    url: config.databaseUrl,
    dir: path.join(config.dataDir, 'pgdata'),
    statementTimeouts: config.statementTimeouts,
  });
  await migrate(db);
  await seed(db, config.demoData ? { demo: true, files: filesOf(config) } : { demo: false });
  await settleSeededPasswords(db);
  // A broker that is away at start is logged, not fatal: the bus serves this instance alone and keeps trying.
  const bus = config.amqpUrl ? await AmqpBus.connect(config.amqpUrl, { db }) : new MemoryBus();
  const platform = await createPlatform(config, db, bus);
  const app = await buildApp(platform, opts);
  const exposed = await exposedAdminWarning(db, config.host);
  if (exposed) app.log.warn(exposed);
  if (config.jobs) platform.scheduler.start();
  return { app, platform };
}
