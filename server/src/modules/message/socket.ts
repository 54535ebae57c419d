import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { badRequest } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { SESSION_REVOKED } from '../../platform/sessions.ts';
import { missedSince } from './inbox.ts';

/**
 * The live channel of a console tab (issue 18): one WebSocket per tab at `SOCKET_PATH`, on which the
 * server pushes what platform/push delivers to the user (new messages). The route is public to the
 * pipeline because a browser cannot put headers on a WebSocket and a token in the URL would end up in
 * logs: the tab authenticates with its first frame, `{"type":"auth","token":"<access token>","since":"<id>"}`,
 * checked as the pipeline checks `Blade-Auth` (signature, expiry, revoked login). The channel carries
 * only the caller's own inbox, which every signed-in user of the tenant may read (route-access SHARED
 * `my/**`, company accounts included), so the token is the whole permission; the tenant and user come
 * from it. `since` (the id of the last message the tab saw) asks for what arrived meanwhile, sent before
 * anything live; then `{"type":"ready","live":true}`. `live` is false while this instance is cut off from
 * the bus: messages saved on other instances do not reach the socket then. When the instance loses or
 * regains the bus, each socket is sent `{"type":"resync","live":…}` (issue 29): the tab asks again with
 * `{"type":"sync","since":"<id>"}`, answered as the first frame is (what it missed, then `ready`), and it
 * does so now and then while live too. The server closes with 1008 (policy violation) a socket that does
 * not authenticate within 5 s or sends anything else, and one whose login is revoked or whose token
 * expires without a new `auth` frame (the tab sends one after each refresh).
 */
export const SOCKET_PATH = '/api/blade-message/ws';

const AUTH_WITHIN_MS = 5_000;
/** A socket that has not answered the previous ping by the next one is dropped. */
const HEARTBEAT_MS = 30_000;
/** The most missed messages a reconnecting tab is sent one by one; the bell's own reload shows the rest. */
const CATCH_UP_LIMIT = 50;
/** Bytes queued for a tab that does not read: past this it is dropped rather than kept in memory. */
const MAX_BUFFERED = 1024 * 1024;
/** setTimeout's longest delay; a longer-lived token's expiry is looked at again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const POLICY_VIOLATION = 1008;
const INTERNAL_ERROR = 1011;

const NOT_A_SOCKET = {
  zh: '此地址只接受 WebSocket 连接',
  en: 'This address takes WebSocket connections only',
};

function textOf(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

type ClientFrame = { type: 'auth'; token: string; since?: unknown } | { type: 'sync'; since?: unknown };

function clientFrame(text: string): ClientFrame | undefined {
  try {
    const frame = JSON.parse(text) as { type?: unknown; token?: unknown } | null;
    if (frame?.type === 'auth' && typeof frame.token === 'string') return frame as ClientFrame;
    return frame?.type === 'sync' ? (frame as ClientFrame) : undefined;
  } catch {
    return undefined;
  }
}

/** The message id a pushed frame tells of, to skip one the catch-up already sent. */
function messageIdOf(frame: string): string | undefined {
  try {
    return (JSON.parse(frame) as { message?: { id?: string } }).message?.id;
  } catch {
    return undefined;
  }
}

class Connection {
  sid?: string;
  private tenantId?: string;
  private userId?: string;
  private exp = 0;
  private alive = true;
  private ended = false;
  private stopListening?: () => void;
  /** Live frames that arrive while the catch-up is being read, sent after it. */
  private held?: string[];
  private readonly authTimer: NodeJS.Timeout;
  private expiryTimer?: NodeJS.Timeout;
  /** Frames are handled one after the other: a refresh's `auth` never overtakes the first. */
  private work = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly platform: Platform,
    private readonly onEnd: (c: Connection) => void,
    private readonly log: (message: string) => void,
  ) {
    this.authTimer = setTimeout(() => this.refuse('authentication timed out'), AUTH_WITHIN_MS);
    socket.on('message', (data, isBinary) => {
      this.work = this.work
        .then(() => this.heard(isBinary ? undefined : clientFrame(textOf(data))))
        .catch((err: Error) => {
          this.log(`Live push could not serve a socket: ${err.message}`);
          this.socket.close(INTERNAL_ERROR, 'server error');
        });
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.end());
  }

  /** Called every heartbeat: a socket silent since the last ping is gone; a login revoked unheard (a broker outage) ends here. */
  beat() {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    if (this.sid && this.platform.sessions.isRevoked(this.sid)) {
      this.refuse('session revoked');
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  refuse(reason: string) {
    this.socket.close(POLICY_VIOLATION, reason);
  }

  /** The bus was lost or regained: what other instances sent meanwhile may not have reached this socket. */
  resync(live: boolean) {
    if (this.userId) this.send(JSON.stringify({ type: 'resync', live }));
  }

  private async heard(frame: ClientFrame | undefined) {
    if (this.ended) return;
    if (frame?.type === 'sync' && this.userId) return this.catchUp(frame.since);
    if (frame?.type !== 'auth') return this.refuse('an auth frame was expected');
    const { signer, sessions } = this.platform;
    const claims = signer.verify(frame.token, 'access');
    if (!claims || (await sessions.isRevokedNow(claims.sid))) return this.refuse('invalid or expired token');
    if (this.ended) return;
    // A refreshed token of the same login's user; anyone else needs a socket of their own.
    if (this.userId && (claims.tenantId !== this.tenantId || claims.userId !== this.userId)) {
      return this.refuse('the token is another user’s');
    }
    this.sid = claims.sid;
    this.exp = claims.exp;
    this.armExpiry();
    if (this.userId) return;

    clearTimeout(this.authTimer);
    this.tenantId = claims.tenantId;
    this.userId = claims.userId;
    this.held = [];
    this.stopListening = this.platform.push.listen(claims.tenantId, claims.userId, (f) =>
      this.held ? this.held.push(f) : this.send(f),
    );
    await this.catchUp(frame.since);
  }

  /**
   * Sends the user's unread messages newer than `since` (live frames arriving meanwhile after them,
   * without repeats), then `ready`, saying whether other instances' messages reach this socket live.
   */
  private async catchUp(since: unknown) {
    const who = { tenantId: this.tenantId as string, userId: this.userId as string };
    this.held ??= [];
    const missed = isId(since)
      ? await this.platform.db.scoped(who.tenantId, (q) => missedSince(q, who, since, CATCH_UP_LIMIT))
      : [];
    if (this.ended) return;
    const caughtUp = new Set(missed.map((e) => e.message.id));
    for (const event of missed) this.send(JSON.stringify(event));
    const held = this.held;
    this.held = undefined;
    for (const f of held) if (caughtUp.size === 0 || !caughtUp.has(messageIdOf(f) ?? '')) this.send(f);
    this.send(JSON.stringify({ type: 'ready', live: this.platform.bus.healthy() }));
  }

  /** Closes the socket when the token it last showed expires, unless a newer one comes first. */
  private armExpiry() {
    clearTimeout(this.expiryTimer);
    const ms = this.exp * 1000 - Date.now();
    if (ms <= 0) return this.refuse('token expired');
    this.expiryTimer = setTimeout(() => this.armExpiry(), Math.min(ms, MAX_TIMER_MS));
  }

  private send(frame: string) {
    if (this.socket.readyState !== 1) return;
    // A tab that stopped reading (a frozen machine) would hold its frames in this server's memory.
    if (this.socket.bufferedAmount > MAX_BUFFERED) {
      this.socket.terminate();
      return;
    }
    this.socket.send(frame);
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.stopListening?.();
    this.onEnd(this);
  }
}

/** The socket route, and what keeps its sockets honest: the heartbeat, closing on revocation, resync on bus changes. */
export function registerSocket(app: FastifyInstance, platform: Platform) {
  const connections = new Set<Connection>();
  const log = (message: string) => app.log.warn(message);

  const heartbeat = setInterval(() => {
    for (const c of connections) c.beat();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const stopHearing = platform.bus.subscribe(SESSION_REVOKED, (payload) => {
    const { sid } = payload as { sid: string };
    for (const c of connections) if (c.sid === sid) c.refuse('session revoked');
  });
  // Cut off or back: every socket is told, and its tab catches up (a socket never silently misses a message).
  const stopWatching = platform.bus.onStateChange((state) => {
    for (const c of connections) c.resync(state !== 'degraded');
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopHearing();
    stopWatching();
  });

  app.route({
    method: 'GET',
    url: SOCKET_PATH,
    config: { public: true, noClient: true, title: '消息推送' },
    // A plain GET (no upgrade) is a client's mistake, said in the envelope.
    handler: async () => {
      throw badRequest(NOT_A_SOCKET);
    },
    wsHandler: (socket) => {
      connections.add(new Connection(socket, platform, (c) => connections.delete(c), log));
    },
  });
}
