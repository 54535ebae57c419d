import { createHash, randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { badRequest } from '../../platform/errors.ts';

/**
 * Passwords as the contract stores them: a slow salted hash of the lower-case MD5 hex of what the user typed.
 * Forms that send a password the way the login does (update-password) send that MD5; a typed password (seeds,
 * resets, imports) is hashed through `hashPlain`.
 *
 * The hash is scrypt (Node's crypto, run on libuv's thread pool, never on the event loop), stored in the PHC
 * string format `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (unpadded base64): a hash verifies at the cost it carries,
 * so a later, higher cost leaves today's hashes valid. Hashes written before (bcrypt, `$2a$`/`$2b$`/`$2y$`)
 * still verify, in a worker thread, and `verifyDigest` asks for them to be rewritten as scrypt at that login.
 * A scrypt hash of a lower cost is left as it is: the benchmark's people share a cheap one on purpose.
 */
const MD5_HEX = /^[0-9a-f]{32}$/;

export function digestParam(value: unknown, missing: { zh: string; en: string }): string {
  const s = String(value ?? '').trim();
  if (!s) throw badRequest(missing);
  if (!MD5_HEX.test(s)) {
    throw badRequest({ zh: '密码须以MD5摘要提交', en: 'The password must be sent as its MD5 digest' });
  }
  return s;
}

/** Today's cost: 2^15 × 8 × 128 B = 32 MiB and about the CPU time of the bcrypt (cost 10) it replaces. */
const COST = { ln: 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** The memory scrypt takes (128·r·N bytes, and 128·r·p): Node refuses above 32 MiB unless told, which today's cost passes. */
const memory = (ln: number, r: number, p: number) => 128 * r * (2 ** ln + p);
const MAX_MEMORY = 128 * 1024 * 1024;

function options(ln: number, r: number, p: number): ScryptOptions {
  return { N: 2 ** ln, r, p, maxmem: memory(ln, r, p) + 1024 * 1024 };
}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

function phc(salt: Buffer, key: Buffer, ln = COST.ln): string {
  return `$scrypt$ln=${ln},r=${COST.r},p=${COST.p}$${b64(salt)}$${b64(key)}`;
}

/**
 * At most this many hashes at once: each holds a core and one of libuv's four threads (which file reads share),
 * so on two cores one hashes while the other serves requests; more logins wait their turn.
 */
const MAX_HASHES = Math.max(1, Math.min(3, availableParallelism() - 1));
let running = 0;
const queue: (() => void)[] = [];

async function derive(secret: string, salt: Buffer, ln: number, r: number, p: number, bytes: number) {
  // A finished hash hands its place to the next in line, so the count never passes the limit.
  if (running < MAX_HASHES) running++;
  else await new Promise<void>((resume) => queue.push(resume));
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(secret, salt, bytes, options(ln, r, p), (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

/** The stored form of the MD5 hex a client sends. */
export async function hashDigest(md5: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return phc(salt, await derive(md5, salt, COST.ln, COST.r, COST.p, KEY_BYTES));
}

/** The stored form of a typed password (its MD5 hex hashed), off the event loop. */
export function hashPlain(plain: string): Promise<string> {
  return hashDigest(createHash('md5').update(plain).digest('hex'));
}

/**
 * The same, blocking: for seeds and tests, which run before the server answers anyone. `ln` below today's cost is for
 * the people of tests and benchmarks only, whose thousands of logins would otherwise spend minutes hashing.
 */
export function hashPlainSync(plain: string, ln = COST.ln): string {
  const salt = randomBytes(SALT_BYTES);
  const md5 = createHash('md5').update(plain).digest('hex');
  return phc(salt, scryptSync(md5, salt, KEY_BYTES, options(ln, COST.r, COST.p)), ln);
}

export interface Verdict {
  ok: boolean;
  /** The password was right and its stored hash is of the kind before (bcrypt): rewrite it with `hashDigest`. */
  upgrade: boolean;
}

/** Checks the MD5 hex a client sent against a stored hash of either kind. */
export async function verifyDigest(md5: string, stored: string): Promise<Verdict> {
  const m = PHC.exec(stored ?? '');
  if (m) {
    const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const expected = Buffer.from(m[5], 'base64');
    // A cost beyond what this server would ever write is not a hash of ours: refused without the work.
    if (ln < 1 || r < 1 || p < 1 || p > 16 || memory(ln, r, p) > MAX_MEMORY || expected.length < 16) {
      return { ok: false, upgrade: false };
    }
    const key = await derive(md5, Buffer.from(m[4], 'base64'), ln, r, p, expected.length);
    return { ok: timingSafeEqual(key, expected), upgrade: false };
  }
  if (BCRYPT.test(stored ?? '')) {
    const ok = await legacyCompare(md5, stored);
    return { ok, upgrade: ok };
  }
  return { ok: false, upgrade: false };
}

export async function digestMatches(md5: string, stored: string): Promise<boolean> {
  return (await verifyDigest(md5, stored)).ok;
}

/**
 * bcrypt hashes written before scrypt, checked in a worker thread with bcryptjs (pure JavaScript, whose "async"
 * compare still runs each round on the calling thread). Each account needs this once: its login rewrites the hash.
 * One worker, started on first need, holding the process open only while a check is in flight.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, md5, stored }) => {
  let ok = false;
  try { ok = bcrypt.compareSync(md5, stored); } catch {}
  parentPort.postMessage({ id, ok });
});`;

let worker: Worker | undefined;
let nextCheck = 0;
const pending = new Map<number, { resolve: (ok: boolean) => void; reject: (err: Error) => void }>();

function legacyWorker(): Worker {
  if (worker) return worker;
  const bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');
  const w = new Worker(WORKER_CODE, { eval: true, workerData: { bcryptjs } });
  w.on('message', ({ id, ok }: { id: number; ok: boolean }) => {
    pending.get(id)?.resolve(ok);
    pending.delete(id);
    if (!pending.size) w.unref();
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`The password worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

function legacyCompare(md5: string, stored: string): Promise<boolean> {
  const w = legacyWorker();
  const id = nextCheck++;
  w.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, md5, stored });
  });
}
