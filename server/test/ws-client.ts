import WebSocket from 'ws';

/** How long a test waits for a frame or a close before failing. */
const WAIT_MS = 10_000;

export interface Frame {
  type: string;
  live?: boolean;
  message?: { id: string; title: string; type: number; createTime: string };
}

/**
 * A console tab's live-push socket (server/src/modules/message/socket.ts): the frames it received,
 * waited on with a timeout, never a fixed sleep. Like the web client, it answers a `resync` with a
 * `sync` naming the newest message it has seen.
 */
export class Client {
  readonly frames: Frame[] = [];
  /** When each message (by id) arrived, in ms since the epoch. */
  readonly arrivals = new Map<string, number>();
  private newest?: string;
  private closed?: { code: number; reason: string };
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      const id = frame.message?.id;
      if (id) {
        this.arrivals.set(id, Date.now());
        if (!this.newest || BigInt(id) > BigInt(this.newest)) this.newest = id;
      }
      if (frame.type === 'resync') this.send({ type: 'sync', since: this.newest });
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const client = new Client(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** Opens a socket, authenticates it and waits for the server's `ready`. */
  static async ready(url: string, token: string, since?: string): Promise<Client> {
    const client = await Client.open(url);
    client.newest = since;
    client.send({ type: 'auth', token, since });
    await client.next((f) => f.type === 'ready');
    return client;
  }

  send(frame: unknown) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame received (now or later) that `match` accepts. */
  next(match: (f: Frame) => boolean): Promise<Frame> {
    return this.until('a frame', () => this.frames.find(match));
  }

  message(title: string): Promise<Frame> {
    return this.next((f) => f.type === 'message' && f.message?.title === title);
  }

  /** Resolves once every one of these message ids has arrived. */
  received(ids: readonly string[]): Promise<true> {
    return this.until(`messages ${ids.filter((id) => !this.arrivals.has(id)).join(', ')}`, () =>
      ids.every((id) => this.arrivals.has(id)) ? true : undefined,
    );
  }

  /** The close code once the server has closed the socket. */
  async closedWith(): Promise<{ code: number; reason: string }> {
    return this.until('the close', () => this.closed);
  }

  close() {
    this.socket.close();
  }

  private until<T>(what: string, found: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${what} within ${WAIT_MS} ms (frames: ${JSON.stringify(this.frames)})`));
      }, WAIT_MS);
      this.waiters.add(check);
      check();
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }
}
