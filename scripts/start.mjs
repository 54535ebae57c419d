/**
 * `npm start` and `npm run serve`: checks the port first (a taken one answers within a second, before any
 * build), brings the server's build (and, for `npm start`, the web app's) up to date when its sources changed
 * (scripts/start-build.mjs), then runs the compiled server, server/dist/main.js, in this process with plain Node.
 *
 *   node scripts/start.mjs                 npm start: port, server build, web build, serve
 *   node scripts/start.mjs --server-only   npm run serve: port, server build, serve (the web app as built)
 *
 * With WEB_DIR set the server serves that folder, so the web app in web/dist is not built.
 * Exit codes: 98 the port is taken (98 is Linux's EADDRINUSE), 1 anything else that stops the start.
 */
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, ROOT } from './start-build.mjs';

export const EXIT_PORT_TAKEN = 98;

/** PORT and HOST as the server reads them (server/src/platform/config.ts); a PORT it would refuse is left to it. */
function address(env = process.env) {
  const raw = env.PORT?.trim() || '8080';
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  return { port: port > 0 && port <= 65535 ? port : undefined, host: env.HOST?.trim() || '0.0.0.0' };
}

/** 'free', 'taken' or 'denied' (a port below 1024 without the right); other failures are the server's to report. */
function probe(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err) => {
      if (err.code === 'EADDRINUSE') resolve('taken');
      else if (err.code === 'EACCES') resolve('denied');
      else resolve('free');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}

async function main() {
  const serverOnly = process.argv.includes('--server-only');
  const { port, host } = address();
  if (port !== undefined) {
    const state = await probe(port, host);
    if (state === 'taken') {
      console.error(
        `Park Console cannot start: port ${port} on ${host} is already in use (another Park Console, or another ` +
          'program, listens there). Stop it, or start on another port, e.g. PORT=8081 npm start.',
      );
      process.exit(EXIT_PORT_TAKEN);
    }
    if (state === 'denied') {
      console.error(
        `Park Console cannot start: listening on port ${port} needs rights this user lacks; set PORT above 1023.`,
      );
      process.exit(1);
    }
  }
  await ensureBuilt('server');
  if (!serverOnly) {
    if (process.env.WEB_DIR)
      console.log(`WEB_DIR is set: serving ${process.env.WEB_DIR} as it is, web/dist is not built.`);
    else await ensureBuilt('web');
  }
  // The server itself, in this process: its own start reads the configuration, migrates and listens.
  await import(pathToFileURL(path.join(ROOT, 'server/dist/main.js')).href);
}

main().catch((err) => {
  console.error(`Park Console could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
