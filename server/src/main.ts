import { hasWebApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { collectWhenIdle } from './platform/idle-gc.ts';
import { setWorkerId } from './platform/ids.ts';
import { startApp } from './start.ts';

/** Reads the configuration, opens and migrates the database, loads the seeds once, listens. */
async function main() {
  const config = loadConfig();
  if (config.workerId !== undefined) setWorkerId(config.workerId);
  if (!hasWebApp(config.webDir)) {
    console.warn(
      `Warning: no built web app in ${config.webDir} (index.html is missing), so only the API under /api is served. ` +
        'Build it with "npm run build" (npm start builds it first), or set WEB_DIR to a build.',
    );
  }
  const { app, platform } = await startApp(config, { logger: true });
  const stopCollecting = collectWhenIdle();
  const shutdown = async () => {
    stopCollecting();
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Park Console is serving on http://localhost:${config.port} (${platform.db.kind}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
  );
}

/** The exit code of a start whose port is taken (Linux's EADDRINUSE), as scripts/start.mjs answers before building. */
const EXIT_PORT_TAKEN = 98;

main().catch((err) => {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `Park Console cannot start: port ${(err as { port?: number }).port ?? ''} is already in use (another Park ` +
        'Console, or another program, listens there). Stop it, or start on another port, e.g. PORT=8081 npm start.',
    );
    process.exit(EXIT_PORT_TAKEN);
  } else console.error(`Park Console could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
