import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { Bus, BusState } from './bus.ts';
import { MemoryBus } from './bus.ts';
import type { Database } from './db.ts';
import { MemoryOutbox, type Outbox, TableOutbox } from './outbox.ts';
import { storedSecret } from './secrets.ts';

/**
 * The bus across instances (ARCHITECTURE.md): every event is published to one fanout
 * exchange on RabbitMQ, and each instance reads it through its own exclusive queue.
 * Handlers on the publishing instance hear the event at once, in process; the copy that
 * comes back from the broker is recognised by its origin and skipped, so a write is never
 * followed by a stale read on the instance that made it.
 *
 * A broker outage is survived (issue 19): `publish` never throws; the event is kept in an outbox
 * (a table shared by the instances on PostgreSQL, memory otherwise), sent to the broker and deleted
 * once the broker has confirmed it. A joined instance sends its own events; those of an instance cut
 * off from the broker are announced by the database (LISTEN/NOTIFY) and sent at once by a connected
 * one (issue 29; see TableOutbox). A lost connection or channel is opened again with exponential
 * back-off and jitter, also when the broker was away at start. A link that goes silent without
 * closing (frozen) is lost once the broker leaves a probe (every 0.5 s) or a confirmation unanswered
 * for 2 s; a wait is judged only after this process has read its sockets, so a blocked event loop is
 * not taken for a silent broker. An instance back from an outage has missed the others' events (its
 * queue went with its connection): before it counts as healthy again its `onReconnect` handlers drop
 * its caches and reload the revoked logins; while it is cut off it reports 'degraded', and the
 * platform does not trust what it caches from the bus. Losing or regaining the broker is told to
 * `onStateChange` handlers (live push resyncs its sockets). Each event carries an id: one that
 * arrives twice (sent again after a late confirmation) is heard once.
 *
 * The exchange is the installation's own (`park.events.<id>`, the id kept in its database): two installations on
 * one broker (staging beside production, or the test suite's many databases) never hear each other's events, such
 * as a live message to a user whose id both seeded alike.
 */
const EXCHANGE = 'park.events';
/** Buses without a database (the bus's own tests) share this one. */
const SHARED_EXCHANGE = `${EXCHANGE}.shared`;

interface Envelope {
  /** The event's own id (absent from an older instance's): a repeat is skipped. */
  id?: string;
  origin: string;
  topic: string;
  payload: unknown;
}

/** How many event ids are remembered to skip repeats: far more than one lease's worth of events. */
const REMEMBERED_EVENTS = 20_000;

export interface AmqpBusOptions {
  /**
   * The database whose outbox table keeps events until the broker has them (PostgreSQL; memory without one), and
   * whose installation id names the exchange.
   */
  db?: Database;
  /** The fanout exchange (default: `park.events.<installation id>` with a database, `park.events.shared` without). */
  exchange?: string;
  /** The first wait before trying the broker again, in ms; doubled per failed attempt (default 500). */
  retryMinMs?: number;
  /**
   * The longest wait between attempts, in ms (default 2 000): a link back is rejoined within it, which leaves most of
   * the 5 s promised to a socket after the link's return (issue 29) to the rejoin's own work on a busy machine.
   */
  retryMaxMs?: number;
  /** How long a connection attempt may take, in ms (default 10 000). */
  timeoutMs?: number;
  /** How long the broker may take to confirm a batch, or answer a probe, before the link counts as lost, in ms (default 2 000). */
  confirmTimeoutMs?: number;
  /** How often a joined bus asks the broker something, to find a link frozen while idle, in ms (default 500). */
  probeMs?: number;
  /** How long an outbox row a sender has claimed is left to it, in ms (default 5 000; more than the confirmation's wait). */
  leaseMs?: number;
  /** How often the outbox is looked at without being woken (rows of an instance that died before sending), in ms (default 5 000). */
  sweepMs?: number;
  /**
   * The AMQP heartbeat asked for, in seconds, unless the URL names one (default 10): either side drops a
   * connection after two heartbeats unheard. Not what finds a frozen link (the probe is): a process busy
   * for a few seconds (an embedded database's long statement) must not have the broker drop it.
   */
  heartbeatSeconds?: number;
  /** Where the bus tells of its outages (default: the console). */
  log?: (message: string) => void;
}

const noop = () => undefined;

export class AmqpBus implements Bus {
  private readonly local = new MemoryBus();
  private readonly origin = randomUUID();
  private readonly outbox: Outbox;
  /** Events the outbox table could not take (the database was away too): sent before the table's. */
  private readonly spill = new MemoryOutbox();
  private readonly reconnectHandlers = new Set<() => unknown>();
  private readonly stateHandlers = new Set<(state: BusState) => void>();
  /** Ids of the events heard lately, oldest first. */
  private readonly heardIds = new Set<string>();
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;
  private readonly timeoutMs: number;
  private readonly confirmTimeoutMs: number;
  private readonly probeMs: number;
  private readonly log: (message: string) => void;
  private readonly sweeper: NodeJS.Timeout;
  private readonly url: string;
  private readonly exchange: string;
  /** Stops hearing the database announce outbox rows nobody sends. */
  private stopListening?: () => Promise<void>;

  /** The connection being opened or in use; its 'close' counts only while it is this one. */
  private connection?: amqp.ChannelModel;
  /** Set once joined and caught up; unset while cut off. */
  private channel?: amqp.ConfirmChannel;
  private attempts = 0;
  private retry?: NodeJS.Timeout;
  /** Probes the joined link; stopped when it is lost. */
  private prober?: NodeJS.Timeout;
  private draining?: Promise<void>;
  private drainAgain = false;
  private closed = false;
  /** Told once per outage, not on every attempt. */
  private outageLogged = false;

  private constructor(url: string, opts: AmqpBusOptions) {
    const withHeartbeat = new URL(url);
    if (!withHeartbeat.searchParams.has('heartbeat')) {
      withHeartbeat.searchParams.set('heartbeat', String(opts.heartbeatSeconds ?? 10));
    }
    this.url = withHeartbeat.toString();
    this.exchange = opts.exchange ?? SHARED_EXCHANGE;
    this.confirmTimeoutMs = opts.confirmTimeoutMs ?? 2_000;
    this.probeMs = opts.probeMs ?? 500;
    // An embedded database is one instance's: its events need no table, and a second connection to it would wait on the first.
    this.outbox =
      opts.db?.kind === 'postgres' ? new TableOutbox(opts.db, this.origin, opts.leaseMs ?? 5_000) : new MemoryOutbox();
    this.retryMinMs = opts.retryMinMs ?? 500;
    this.retryMaxMs = opts.retryMaxMs ?? 2_000;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.log = opts.log ?? ((message) => console.error(message));
    this.sweeper = setInterval(() => this.wake(), opts.sweepMs ?? 5_000).unref();
  }

  /**
   * A bus on the broker at `url`. Resolves once the first attempt is over: joined, or not (the
   * broker is unreachable, which is logged): then the bus serves this instance alone, reports
   * 'degraded', and keeps trying in the background.
   */
  static async connect(url: string, opts: AmqpBusOptions = {}): Promise<AmqpBus> {
    const exchange =
      opts.exchange ?? (opts.db && `${EXCHANGE}.${await storedSecret(opts.db, 'bus-installation', randomUUID)}`);
    const bus = new AmqpBus(url, { ...opts, exchange });
    if (bus.outbox instanceof TableOutbox) bus.stopListening = await bus.outbox.listen(() => bus.wake());
    await bus.open();
    return bus;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.local.publish(topic, payload);
    } catch (err) {
      this.log(`A handler of ${topic} failed: ${(err as Error).message}`);
    }
    const body = JSON.stringify({ id: randomUUID(), origin: this.origin, topic, payload } satisfies Envelope);
    // Joined: this instance sends it itself; cut off: any connected instance, woken by the database.
    const mine = this.channel !== undefined;
    try {
      await this.outbox.add(body, mine);
      // Lost meanwhile: the claims were given back, perhaps before this row landed.
      if (mine && !this.channel) this.releaseClaims();
    } catch (err) {
      this.log(`The bus outbox could not keep an event (${(err as Error).message}): kept in memory`);
      await this.spill.add(body);
    }
    this.wake();
  }

  subscribe(topic: string, handler: (payload: unknown) => void): () => void {
    return this.local.subscribe(topic, handler);
  }

  state(): BusState {
    return this.channel ? 'up' : 'degraded';
  }

  healthy(): boolean {
    return this.channel !== undefined;
  }

  onReconnect(handler: () => unknown): () => void {
    this.reconnectHandlers.add(handler);
    return () => {
      this.reconnectHandlers.delete(handler);
    };
  }

  onStateChange(handler: (state: BusState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => {
      this.stateHandlers.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.sweeper);
    clearInterval(this.prober);
    await this.stopListening?.();
    await this.draining;
    // What it kept to send and did not: another instance sends it.
    await this.outbox.release().catch(noop);
    await this.local.close();
    const connection = this.connection;
    this.connection = undefined;
    this.channel = undefined;
    // Bounded: over a frozen link the broker's answer to the close never comes.
    await Promise.race([
      connection?.close().catch(noop),
      new Promise((r) => setTimeout(r, this.confirmTimeoutMs).unref()),
    ]);
  }

  /** One attempt to join the broker; on failure, the next one is scheduled. Never throws. */
  private async open(): Promise<void> {
    this.retry = undefined;
    if (this.closed) return;
    let connection: amqp.ChannelModel | undefined;
    try {
      connection = await amqp.connect(this.url, { timeout: this.timeoutMs });
      const self = connection;
      if (this.closed) {
        await self.close().catch(noop);
        return;
      }
      this.connection = self;
      self.on('error', (err: Error) => this.log(`RabbitMQ connection error: ${err.message}`));
      self.on('close', () => this.lost(self, 'the connection closed'));
      const channel = await self.createConfirmChannel();
      channel.on('error', (err: Error) => this.log(`RabbitMQ channel error: ${err.message}`));
      channel.on('close', () => this.lost(self, 'the channel closed'));
      // Gone with the installation's last queue: the test suite's many databases leave no exchange behind.
      await channel.assertExchange(this.exchange, 'fanout', { durable: false, autoDelete: true });
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
      await channel.bindQueue(queue, this.exchange, '');
      await channel.consume(queue, (message) => message && this.heard(message.content), { noAck: true });
      // Listening again; what was published while this instance was away went unheard: forget and reload it.
      for (const handler of [...this.reconnectHandlers]) await handler();
      if (this.connection !== self || this.closed) return; // lost meanwhile: the next attempt is already due
      this.channel = channel;
      this.attempts = 0;
      if (this.outageLogged) this.log('RabbitMQ is reachable again: the bus has rejoined the other instances');
      this.outageLogged = false;
      this.prober = this.probing(self, channel);
      this.tell('up');
      this.wake();
    } catch (err) {
      const why = `could not join RabbitMQ: ${(err as Error).message}`;
      if (!connection) this.schedule(why);
      else if (this.connection === connection) this.lost(connection, why);
      else await connection.close().catch(noop);
    }
  }

  private heard(content: Buffer) {
    let event: Envelope;
    try {
      event = JSON.parse(content.toString('utf8')) as Envelope;
    } catch {
      return;
    }
    if (event.origin === this.origin || this.repeated(event.id)) return;
    void this.local.publish(event.topic, event.payload).catch(noop);
  }

  /** True for an event id heard before (lately); remembers the new ones. */
  private repeated(id: string | undefined): boolean {
    if (id === undefined) return false;
    if (this.heardIds.has(id)) return true;
    this.heardIds.add(id);
    if (this.heardIds.size > REMEMBERED_EVENTS) this.heardIds.delete(this.heardIds.values().next().value as string);
    return false;
  }

  private tell(state: BusState) {
    for (const handler of [...this.stateHandlers]) {
      try {
        handler(state);
      } catch (err) {
        this.log(`A bus state handler failed: ${(err as Error).message}`);
      }
    }
  }

  /** What this instance had claimed to send goes back to the others (the database announces it). */
  private releaseClaims() {
    this.outbox
      .release()
      .catch((err: Error) => this.log(`The bus could not give back its outbox rows: ${err.message}`));
  }

  /** `connection` (if it is still the current one) is gone: the bus is cut off until the next attempt joins. */
  private lost(connection: amqp.ChannelModel, why: string) {
    if (this.connection !== connection) return;
    const wasUp = this.channel !== undefined;
    this.connection = undefined;
    this.channel = undefined;
    clearInterval(this.prober);
    void connection.close().catch(noop);
    if (this.closed) return;
    this.releaseClaims();
    this.schedule(why);
    if (wasUp) this.tell('degraded');
  }

  /**
   * Asks the broker a trivial question (is the exchange there) whenever the last one was answered: a
   * link that stops carrying bytes without closing leaves one unanswered, and is given up.
   */
  private probing(connection: amqp.ChannelModel, channel: amqp.ConfirmChannel): NodeJS.Timeout {
    let waiting = false;
    const timer = setInterval(() => {
      if (waiting || this.channel !== channel) return;
      waiting = true;
      const cancel = deadline(this.confirmTimeoutMs, () =>
        this.lost(connection, 'the broker did not answer in time (a frozen link)'),
      );
      channel.checkExchange(this.exchange).then(
        () => {
          cancel();
          waiting = false;
        },
        // The channel failed: its 'close' tells.
        cancel,
      );
    }, this.probeMs);
    return timer.unref();
  }

  /** The next attempt, after an exponential back-off with jitter (half of it random), so instances do not return together. */
  private schedule(why: string) {
    if (this.closed || this.retry) return;
    const ceiling = Math.min(this.retryMaxMs, this.retryMinMs * 2 ** Math.min(this.attempts, 30));
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.attempts += 1;
    if (!this.outageLogged) {
      this.log(`Bus degraded, ${why}; serving alone, events kept for the broker, retrying with back-off`);
      this.outageLogged = true;
    }
    this.retry = setTimeout(() => void this.open(), delay);
    this.retry.unref();
  }

  /** Starts draining the outbox to the broker if joined; once more after the current drain if one runs. */
  private wake() {
    if (!this.channel || this.closed) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.drainAgain = false;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.drainAgain) this.wake();
    });
  }

  private async drain() {
    const channel = this.channel;
    const connection = this.connection;
    if (!channel || !connection) return;
    const send = (bodies: string[]) => this.send(channel, bodies);
    try {
      while (this.channel === channel && (await this.spill.flush(send))) {}
      while (this.channel === channel && (await this.outbox.flush(send))) {}
    } catch (err) {
      if (err instanceof BrokerError) this.lost(connection, `the broker did not take events: ${err.message}`);
      // The database is away: the events wait in the outbox for the next wake or sweep.
      else this.log(`The bus could not read its outbox: ${(err as Error).message}`);
    }
  }

  /** Publishes `bodies` in order and resolves once the broker has confirmed every one. */
  private send(channel: amqp.ConfirmChannel, bodies: string[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const cancel = deadline(this.confirmTimeoutMs, () => reject(new BrokerError('no confirmation in time')));
      const confirmed = bodies.map(
        (body) =>
          new Promise<void>((ok, nack) => {
            try {
              channel.publish(this.exchange, '', Buffer.from(body), {}, (err) => (err ? nack(err) : ok()));
            } catch (err) {
              nack(err);
            }
          }),
      );
      Promise.all(confirmed).then(
        () => {
          cancel();
          resolve();
        },
        (err: Error) => {
          cancel();
          reject(new BrokerError(err.message));
        },
      );
    });
  }
}

class BrokerError extends Error {}

/**
 * Calls `late` after `ms` unless cancelled (by the answer), judged only once this process has read
 * what its sockets hold (the poll phase runs before setImmediate's): an event loop blocked past `ms`
 * sees the answer that came meanwhile, rather than take its own delay for the broker's silence.
 */
function deadline(ms: number, late: () => void): () => void {
  let cancelled = false;
  const timer = setTimeout(() => setImmediate(() => cancelled || late()), ms);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
