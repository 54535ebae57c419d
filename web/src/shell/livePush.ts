import { useSession } from '../stores/session.ts';

/**
 * Live push (issue 18): one WebSocket per tab to the server's `/api/blade-message/ws`, never to a broker.
 * Its first frame authenticates it with the current access token and the id of the newest message the tab
 * has seen (the server then sends what arrived since); a refreshed token is sent again on the open socket.
 * A lost socket is opened again after an exponential back-off with jitter; failures are only logged
 * (console.debug, spec part 7). While it is down the bell falls back to polling (`isLive`).
 *
 * A socket never silently misses a message (issue 29): the server says `resync` when its instance loses or
 * regains the bus (`live` false: other instances' messages do not reach it meanwhile, so the bell polls),
 * and the tab then asks for what it missed (`sync` with the newest id it has shown), answered by the
 * missed messages and `ready`. It asks the same every `CHECK_MS` while open, in case anything slipped by.
 */
export interface PushedMessage {
  id: string;
  title: string;
  type: number;
  createTime: string;
  /** The record it tells of (an in-app route), when it tells of one. */
  link?: string | null;
}

export interface LivePushHandlers {
  /** A new message for this user (live, or missed while the socket was down). */
  onMessage(message: PushedMessage): void;
  /** Authenticated and caught up (also after each check): whatever the tab shows may be older than what the server has. */
  onReady(): void;
}

const PATH = '/api/blade-message/ws';
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** How often an open socket asks for what it may have missed. */
export const CHECK_MS = 60_000;

/** `live`: whether the server's instance hears the other instances (absent from an older server: it does). */
type Frame =
  | { type: 'ready'; live?: boolean }
  | { type: 'resync'; live: boolean }
  | { type: 'message'; message: PushedMessage };

/** Snowflake ids as decimal strings: the longer is larger, then the text decides. */
export function laterId(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.length !== b.length ? (a.length > b.length ? a : b) : a > b ? a : b;
}

/** The back-off before attempt `attempt` (0 first): doubling from 1 s up to 30 s, half of it random. */
export function retryDelay(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

let live = false;
const liveListeners = new Set<() => void>();

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const listener of liveListeners) listener();
}

/** True while the socket is authenticated and open. */
export function isLive(): boolean {
  return live;
}

/** For useSyncExternalStore: told each time `isLive` changes. */
export function subscribeLive(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

let lastSeen: string | undefined;

/** Notes a message id the tab has shown, so a reconnect asks only for newer ones. */
export function sawMessage(id: string | undefined) {
  lastSeen = laterId(lastSeen, id);
}

class LiveSocket {
  private socket?: WebSocket;
  private authenticated = false;
  private attempts = 0;
  private retry?: ReturnType<typeof setTimeout>;
  private check?: ReturnType<typeof setInterval>;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly handlers: LivePushHandlers) {
    // A refreshed token goes to the open socket at once, before the old one expires there.
    this.unsubscribe = useSession.subscribe((state, previous) => {
      if (state.accessToken === previous.accessToken) return;
      if (!state.accessToken) this.stop();
      else if (this.authenticated) this.sendAuth(state.accessToken);
    });
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.unsubscribe();
    clearTimeout(this.retry);
    clearInterval(this.check);
    this.socket?.close();
    this.socket = undefined;
    setLive(false);
  }

  private connect() {
    this.retry = undefined;
    const token = useSession.getState().accessToken;
    if (this.stopped || !token) return;
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PATH}`);
    this.socket = socket;
    socket.onopen = () => {
      const current = useSession.getState().accessToken;
      if (current) this.sendAuth(current, lastSeen);
    };
    socket.onmessage = (event) => this.heard(event.data);
    socket.onerror = () => console.debug('live push: socket error');
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      console.debug(`live push: closed (${event.code}${event.reason ? ` ${event.reason}` : ''})`);
      this.socket = undefined;
      this.authenticated = false;
      clearInterval(this.check);
      setLive(false);
      this.schedule();
    };
  }

  private sendAuth(token: string, since?: string) {
    this.socket?.send(JSON.stringify({ type: 'auth', token, since }));
  }

  /** Asks for the messages newer than the newest the tab has shown; `ready` follows them. */
  private sync() {
    this.socket?.send(JSON.stringify({ type: 'sync', since: lastSeen }));
  }

  private heard(data: unknown) {
    let frame: Frame;
    try {
      frame = JSON.parse(String(data)) as Frame;
    } catch {
      return;
    }
    if (frame.type === 'ready') {
      if (!this.authenticated) {
        this.authenticated = true;
        this.attempts = 0;
        this.check = setInterval(() => this.sync(), CHECK_MS);
      }
      setLive(frame.live !== false);
      this.handlers.onReady();
    } else if (frame.type === 'resync') {
      setLive(frame.live);
      this.sync();
    } else if (frame.type === 'message') {
      sawMessage(frame.message.id);
      this.handlers.onMessage(frame.message);
    }
  }

  private schedule() {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => this.connect(), retryDelay(this.attempts));
    this.attempts += 1;
  }
}

let current: { socket: LiveSocket; users: number } | undefined;

/**
 * Opens the tab's socket (or shares the one open) and answers how to let it go: the last user closes it.
 * The handlers of the first user serve the tab.
 */
export function startLivePush(handlers: LivePushHandlers): () => void {
  if (!current) current = { socket: new LiveSocket(handlers), users: 0 };
  const mine = current;
  mine.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users === 0 && current === mine) {
      mine.socket.stop();
      current = undefined;
    }
  };
}
