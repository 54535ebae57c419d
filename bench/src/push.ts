/// <reference path="../../server/src/ws.d.ts" />
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
// The WebSocket library of the server's @fastify/websocket, as a browser tab's socket would be.
import WebSocket from 'ws';
import { BASIC, freePort, loginAdmin, startServer } from './server.ts';

/**
 * Live push across instances (issue 18, point 5): two server instances on one PostgreSQL database and
 * RabbitMQ (`BENCH_AMQP_URL`, else AMQP_URL, else the local broker), `clients` sockets of the
 * administrator split between them, then `messages` messages saved one after the other through
 * instance A's API. Measured: for each message and each socket on instance B, the time from the save
 * request's start to the message's arrival on that socket (p50, p99; the goal is p99 <= 100 ms), and at
 * the end the sockets each instance holds and its memory (RSS). Any socket that misses a message
 * fails the run.
 */
const TENANT = '000000';
const SOCKET_PATH = '/api/blade-message/ws';
/** Sockets opened at once while connecting. */
const CONNECT_CONCURRENCY = 50;
/** How long one message may take to reach every socket before the run fails. */
const ARRIVAL_TIMEOUT_MS = 30_000;
export const PUSH_TARGET_P99_MS = 100;

export interface PushOptions {
  databaseUrl: string;
  /** The checkout whose server runs (another commit's worktree with --compare); this one by default. */
  root?: string;
  amqpUrl: string;
  /** Sockets in all, half on each instance. */
  clients: number;
  messages: number;
}

export interface PushResult {
  samples: number;
  p50: number;
  p99: number;
  sockets: { a: number; b: number };
  rssMb: { a: number; b: number };
}

function log(message: string) {
  console.log(`[bench:push] ${message}`);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** A process's resident memory in MB, from /proc (Linux). */
function rssMbOf(pid: number | undefined): number {
  const status = pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** A socket of the administrator's, authenticated and live; `arrived` is told each message title with its arrival time. */
function openSocket(
  url: string,
  token: string,
  arrived: (title: string, at: number) => void,
): Promise<{ socket: WebSocket; closed: () => boolean }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let closed = false;
    const timer = setTimeout(() => reject(new Error('a socket was not ready within 30 s')), 30_000);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const now = performance.now();
      const frame = JSON.parse(String(data)) as { type: string; message?: { title: string } };
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve({ socket, closed: () => closed });
      } else if (frame.type === 'message' && frame.message) arrived(frame.message.title, now);
    });
    socket.on('close', (code) => {
      closed = true;
      clearTimeout(timer);
      reject(new Error(`a socket was closed (${code}) before it was ready`));
    });
    socket.on('error', (err) => reject(err));
  });
}

/** Opens `count` sockets, `CONNECT_CONCURRENCY` at a time. */
async function openSockets(count: number, url: string, token: string, arrived: (title: string, at: number) => void) {
  const sockets: { socket: WebSocket; closed: () => boolean }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, async () => {
      while (next < count) {
        next += 1;
        sockets.push(await openSocket(url, token, arrived));
      }
    }),
  );
  return sockets;
}

export async function pushBench(opts: PushOptions): Promise<PushResult> {
  const [portA, portB] = [await freePort(), await freePort()];
  const env = { DATABASE_URL: opts.databaseUrl, AMQP_URL: opts.amqpUrl, JOBS: 'off' };
  log(
    `starting instance A on port ${portA} and B on port ${portB}, both on ${opts.amqpUrl.replace(/\/\/[^@]*@/, '//')}`,
  );
  const a = await startServer(portA, env, 120_000, opts.root);
  const b = await startServer(portB, env, 120_000, opts.root).catch((err) => {
    a.kill('SIGTERM');
    throw err;
  });
  const all: { socket: WebSocket; closed: () => boolean }[] = [];
  try {
    const baseA = `http://127.0.0.1:${portA}`;
    const token = await loginAdmin(baseA);
    // Per message title: how many B sockets it reached, and when.
    const arrivals = new Map<string, number[]>();
    const onB = (title: string, time: number) => arrivals.get(title)?.push(time);
    const perInstance = Math.ceil(opts.clients / 2);
    log(`connecting ${perInstance} sockets to each instance`);
    const socketsB = await openSockets(perInstance, `ws://127.0.0.1:${portB}${SOCKET_PATH}`, token, onB);
    const socketsA = await openSockets(perInstance, `ws://127.0.0.1:${portA}${SOCKET_PATH}`, token, () => undefined);
    all.push(...socketsA, ...socketsB);

    const adminHeaders = { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': TENANT };
    const { userId } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { userId: string };
    const samples: number[] = [];
    log(`sending ${opts.messages} messages through A, one after the other`);
    for (let i = 0; i < opts.messages; i++) {
      const title = `push bench ${Date.now()} #${i}`;
      const times: number[] = [];
      arrivals.set(title, times);
      const started = performance.now();
      const res = await fetch(`${baseA}/api/blade-message/message/save`, {
        method: 'POST',
        headers: { ...adminHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ title, content: 'bench', type: 1, userIds: userId }),
      });
      const body = (await res.json()) as { code: number; msg?: string };
      if (body.code !== 200) throw new Error(`The save answered ${JSON.stringify(body)}`);
      const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
      while (times.length < socketsB.length) {
        if (Date.now() > deadline) {
          throw new Error(`message ${i} reached ${times.length} of ${socketsB.length} sockets on B`);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      samples.push(...times.map((t) => t - started));
      arrivals.delete(title);
    }
    const closed = all.filter((s) => s.closed()).length;
    if (closed > 0) throw new Error(`${closed} sockets were closed during the run`);
    const sorted = samples.sort((x, y) => x - y);
    return {
      samples: sorted.length,
      p50: at(sorted, 0.5),
      p99: at(sorted, 0.99),
      sockets: { a: socketsA.length, b: socketsB.length },
      rssMb: { a: rssMbOf(a.pid), b: rssMbOf(b.pid) },
    };
  } finally {
    for (const { socket } of all) socket.terminate();
    a.kill('SIGTERM');
    b.kill('SIGTERM');
  }
}

/** The push stage's lines of the bench's report. */
export function reportPush(result: PushResult) {
  const ok = result.p99 <= PUSH_TARGET_P99_MS;
  console.log('');
  console.log(
    `Live push: ${result.sockets.a} + ${result.sockets.b} sockets on instances A + B, ${result.samples} arrivals on B`,
  );
  console.log('| save on A to arrival on B | p50 | p99 | sockets A / B | RSS A / B |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(
    `| message (type 1) | ${result.p50.toFixed(1)} ms | ${result.p99.toFixed(1)} ms | ${result.sockets.a} / ${result.sockets.b} | ${result.rssMb.a} MB / ${result.rssMb.b} MB |`,
  );
  console.log(`| push p99 <= ${PUSH_TARGET_P99_MS} ms | ${result.p99.toFixed(1)} ms | ${ok ? 'PASS' : 'FAIL'} |`);
}
