import path from 'node:path';

/** Everything the server reads from its environment; README lists each variable. */
export interface Config {
  port: number;
  host: string;
  /** PGlite files and local file storage live below this folder. */
  dataDir: string;
  /** postgres://... to use a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
  /** HMAC secret for tokens; when absent one is generated once and kept in the database. */
  tokenSecret?: string;
  /** Captcha on the login page (spec part 9: on). CAPTCHA=off turns it off for automated tests. */
  captcha: boolean;
  /** Load the demo data on first start (default on). */
  demoData: boolean;
  /** Folder of the built web app; served for every non-/api path when present. */
  webDir: string;
  logLevel: string;
  /** amqp://... to carry live push and cache invalidation between instances. */
  amqpUrl?: string;
}

export class ConfigError extends Error {}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be on or off, not "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const amqpUrl = env.AMQP_URL || undefined;
  if (amqpUrl && !/^amqps?:\/\//.test(amqpUrl)) throw new ConfigError('AMQP_URL must start with amqp:// or amqps://');
  if (env.TOKEN_SECRET && env.TOKEN_SECRET.length < 32) {
    throw new ConfigError('TOKEN_SECRET must be at least 32 characters long');
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl,
    tokenSecret: env.TOKEN_SECRET || undefined,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    demoData: flag('DEMO_DATA', env.DEMO_DATA, true),
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    amqpUrl,
  };
}
