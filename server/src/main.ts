import path from 'node:path';
import { buildApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { AmqpBus } from './platform/amqp-bus.ts';
import { MemoryBus } from './platform/bus.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createPlatform, filesOf } from './platform/platform.ts';
import { seed } from './seed/index.ts';

/** Reads the configuration, opens and migrates the database, loads the seeds once, listens. */
async function main() {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'pgdata') });
  await migrate(db);
  await seed(db, config.demoData ? { demo: true, files: filesOf(config) } : { demo: false });
  const bus = config.amqpUrl ? await AmqpBus.connect(config.amqpUrl) : new MemoryBus();
  const platform = await createPlatform(config, db, bus);
  const app = await buildApp(platform, { logger: true });
  const shutdown = async () => {
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Park Console is serving on http://localhost:${config.port} (${db.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else console.error(`Park Console could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
