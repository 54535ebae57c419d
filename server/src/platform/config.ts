import net from 'node:net';
import path from 'node:path';
import { STATEMENT_TIMEOUTS, type StatementTimeouts } from './db.ts';
import { type OutboundPolicy, privateCidr } from './outbound.ts';
import type { S3Settings } from './s3-store.ts';

/** Everything the server reads from its environment, checked here and nowhere else; README lists each variable. */
export interface Config {
  port: number;
  host: string;
  /** PGlite files and local file storage live below this folder. */
  dataDir: string;
  /** postgres://... to use a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
  /** HMAC secret for tokens; when absent one is generated once and kept in the database. */
  tokenSecret?: string;
  /**
   * SM2_PRIVATE_KEY (64 hex digits) and SM2_PUBLIC_KEY (its public key, 04 and 128 hex digits; optional, derived when
   * absent): the key pair under which Saber's login form encrypts the password (modules/auth/sm2.ts). When absent one
   * is generated once and kept in the database, as the token secret is.
   */
  sm2PrivateKey?: string;
  sm2PublicKey?: string;
  /** Captcha on the login page (spec part 9: on). CAPTCHA=off turns it off for automated tests. */
  captcha: boolean;
  /** Load the demo data on first start (default on). */
  demoData: boolean;
  /** Folder of the built web app; served for every non-/api path when present. */
  webDir: string;
  logLevel: LogLevel;
  /** amqp://... to carry live push and cache invalidation between instances. */
  amqpUrl?: string;
  /** This instance's part of the generated ids (WORKER_ID), claimed in the database at start; a free one when absent. */
  workerId?: number;
  /** NODE_ENV, as the log tables record it in their `env` column. */
  nodeEnv: string;
  /**
   * SMS_ENDPOINT_OVERRIDE: one http(s) base URL that replaces every SMS provider's own
   * (a local fake provider in tests, a proxy or a regional endpoint); each provider keeps its paths.
   */
  smsEndpoint?: string;
  /** JOBS: whether this instance runs the tenants' scheduled jobs (default on; the database keeps a run to one instance). */
  jobs: boolean;
  /**
   * RATE_LIMIT: how many calls of the login (token) endpoint, and as many of the captcha endpoint,
   * one client address may make per minute on this instance (default 120); 0 or off turns it off.
   */
  rateLimit: number;
  /**
   * TRUST_PROXY, as Fastify's `trustProxy`: whom to believe about the client's address (X-Forwarded-For,
   * -Proto, -Host). false (default): nobody, the socket's peer is the client; true: every proxy;
   * a number: that many hops; addresses/CIDRs (or loopback, linklocal, uniquelocal): those proxies.
   */
  trustProxy: boolean | number | string[];
  /**
   * S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_PATH_STYLE: a server-wide
   * S3-compatible store for the files of every tenant without an enabled 对象存储 configuration
   * (absent: the local disk). Set when S3_BUCKET is.
   */
  s3?: S3Settings;
  /**
   * Where a tenant's configuration (对象存储, SMS) may make the server call besides public addresses:
   * OUTBOUND_ALLOW_PRIVATE (off by default, on, or a comma list of private CIDRs) and, for test runs
   * only, OUTBOUND_ALLOW_LOOPBACK. Link-local and metadata addresses never (outbound.ts).
   */
  outbound: OutboundPolicy;
  /**
   * STATEMENT_TIMEOUT (default 30000) and LONG_STATEMENT_TIMEOUT (default 120000, exports and reports), in
   * milliseconds, 0 for none: how long one statement may run on PostgreSQL before it is cancelled and the
   * request answers 400. PGlite honours neither.
   */
  statementTimeouts: StatementTimeouts;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {}

/** An empty variable counts as unset, so `PORT=` means the default, as it does for every other variable. */
const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const v = given(value);
  if (v === undefined) return fallback;
  if (/^(1|true|on|yes)$/i.test(v)) return true;
  if (/^(0|false|off|no)$/i.test(v)) return false;
  throw new ConfigError(`${name} must be on or off, not "${v}"`);
}

/** A whole number in decimal digits within [min, max]; `Number()` alone would take "0x50", "1e3" or " 80 ". */
function whole(name: string, value: string | undefined, min: number, max: number): number | undefined {
  const v = given(value);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${v}"`);
  }
  return Number(v);
}

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(value: string | undefined): boolean | number | string[] {
  const v = given(value)?.trim();
  if (v === undefined || v === '') return false;
  if (/^(true|on|yes)$/i.test(v)) return true;
  if (/^(false|off|no)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return whole('TRUST_PROXY', v, 0, 100) as number;
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGES.includes(entry) || (family !== 0 && bitsOk && extra === undefined))) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, a hop count or a comma list of addresses or CIDRs, not "${v}" ("${entry}" is none of them)`,
      );
    }
  }
  return entries;
}

function allowPrivate(value: string | undefined): boolean | string[] {
  const v = given(value)?.trim();
  if (v === undefined || v === '') return false;
  if (/^(1|true|on|yes)$/i.test(v)) return true;
  if (/^(0|false|off|no)$/i.test(v)) return false;
  return v.split(',').map((entry) => {
    const cidr = privateCidr(entry.trim());
    if (!cidr) {
      throw new ConfigError(
        `OUTBOUND_ALLOW_PRIVATE must be on, off or a comma list of private addresses or CIDRs (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), not "${v}" ("${entry.trim()}" is none of them)`,
      );
    }
    return cidr;
  });
}

function logLevel(value: string | undefined): LogLevel {
  const v = given(value);
  if (v === undefined) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${v}"`);
  }
  return v as LogLevel;
}

function s3Store(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const endpoint = given(env.S3_ENDPOINT)?.replace(/\/+$/, '');
  const bucket = given(env.S3_BUCKET);
  const accessKey = given(env.S3_ACCESS_KEY);
  const secretKey = given(env.S3_SECRET_KEY);
  const region = given(env.S3_REGION);
  const pathStyle = flag('S3_PATH_STYLE', env.S3_PATH_STYLE, endpoint !== undefined);
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION', 'S3_PATH_STYLE'].find((n) =>
      given(env[n]),
    );
    if (stray) throw new ConfigError(`S3_BUCKET must be set when ${stray} is`);
    return undefined;
  }
  if (endpoint && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT must be an http:// or https:// URL');
  }
  if (Boolean(accessKey) !== Boolean(secretKey)) {
    throw new ConfigError(
      'S3_ACCESS_KEY and S3_SECRET_KEY must be set together (or neither, for the SDK’s own credentials)',
    );
  }
  return { endpoint, bucket, accessKey, secretKey, region: region ?? 'us-east-1', pathStyle };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = given(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const amqpUrl = given(env.AMQP_URL);
  if (amqpUrl && !/^amqps?:\/\//.test(amqpUrl)) throw new ConfigError('AMQP_URL must start with amqp:// or amqps://');
  const smsEndpoint = given(env.SMS_ENDPOINT_OVERRIDE)?.replace(/\/+$/, '');
  if (smsEndpoint && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(smsEndpoint)) {
    throw new ConfigError('SMS_ENDPOINT_OVERRIDE must be an http:// or https:// URL');
  }
  const tokenSecret = given(env.TOKEN_SECRET);
  if (tokenSecret && tokenSecret.length < 32) {
    throw new ConfigError('TOKEN_SECRET must be at least 32 characters long');
  }
  const sm2PrivateKey = given(env.SM2_PRIVATE_KEY)?.trim().toLowerCase();
  if (sm2PrivateKey && !/^[0-9a-f]{64}$/.test(sm2PrivateKey)) {
    throw new ConfigError('SM2_PRIVATE_KEY must be 64 hexadecimal digits');
  }
  const sm2PublicKey = given(env.SM2_PUBLIC_KEY)?.trim().toLowerCase();
  if (sm2PublicKey && !/^(04)?[0-9a-f]{128}$/.test(sm2PublicKey)) {
    throw new ConfigError('SM2_PUBLIC_KEY must be 04 followed by 128 hexadecimal digits');
  }
  if (sm2PublicKey && !sm2PrivateKey) throw new ConfigError('SM2_PUBLIC_KEY needs SM2_PRIVATE_KEY');
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: whole('PORT', env.PORT, 0, 65535) ?? 8080,
    host: given(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(given(env.DATA_DIR) ?? path.join(root, 'data')),
    databaseUrl,
    tokenSecret,
    sm2PrivateKey,
    sm2PublicKey,
    captcha: flag('CAPTCHA', env.CAPTCHA, true),
    demoData: flag('DEMO_DATA', env.DEMO_DATA, true),
    webDir: path.resolve(given(env.WEB_DIR) ?? path.join(root, 'web/dist')),
    logLevel: logLevel(env.LOG_LEVEL),
    amqpUrl,
    workerId: whole('WORKER_ID', env.WORKER_ID, 0, 1023),
    nodeEnv: given(env.NODE_ENV) ?? 'prod',
    smsEndpoint,
    jobs: flag('JOBS', env.JOBS, true),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimit: /^off$/i.test(given(env.RATE_LIMIT) ?? '')
      ? 0
      : (whole('RATE_LIMIT', env.RATE_LIMIT, 0, 1_000_000) ?? 120),
    s3: s3Store(env),
    outbound: {
      private: allowPrivate(env.OUTBOUND_ALLOW_PRIVATE),
      loopback: flag('OUTBOUND_ALLOW_LOOPBACK', env.OUTBOUND_ALLOW_LOOPBACK, false),
    },
    statementTimeouts: {
      query: whole('STATEMENT_TIMEOUT', env.STATEMENT_TIMEOUT, 0, 86_400_000) ?? STATEMENT_TIMEOUTS.query,
      long: whole('LONG_STATEMENT_TIMEOUT', env.LONG_STATEMENT_TIMEOUT, 0, 86_400_000) ?? STATEMENT_TIMEOUTS.long,
    },
  };
}
