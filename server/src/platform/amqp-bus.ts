import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { Bus, BusState } from './bus.ts';
import { MemoryBus } from './bus.ts';
import type { Database } from './db.ts';
import { MemoryOutbox, type Outbox, TableOutbox } from './outbox.ts';

/**
 * The bus across instances (ARCHITECTURE.md): every event is published to one fanout
 * exchange on RabbitMQ, and each instance reads it through its own exclusive queue.
 * Handlers on the publishing instance hear the event at once, in process; the copy that
 * comes back from the broker is recognised by its origin and skipped, so a write is never
 * followed by a stale read on the instance that made it.
 *
 * A broker outage is survived (issue 19): `publish` never throws; the event is kept in an outbox
 * (a table shared by the instances on PostgreSQL, memory otherwise) that a connected instance
 * drains to the broker in order, deleting each event once the broker has confirmed it. A lost
 * connection or channel is opened again with exponential back-off and jitter, also when the
 * broker was away at start. An instance back from an outage has missed the others' events (its
 * queue went with its connection): before it counts as healthy again its `onReconnect` handlers
 * drop its caches and reload the revoked logins; while it is cut off it reports 'degraded', and
 * the platform does not trust what it caches from the bus.
 */
const EXCHANGE = 'park.events';

interface Envelope {
  origin: string;
  topic: string;
  payload: unknown;
}

export interface AmqpBusOptions {
  /** The database whose outbox table keeps events until the broker has them (PostgreSQL); memory without one. */
  db?: Database;
  /** The first wait before trying the broker again, in ms; doubled per failed attempt (default 500). */
  retryMinMs?: number;
  /** The longest wait between attempts, in ms (default 30 000). */
  retryMaxMs?: number;
  /** How long a connection attempt, or the broker's confirmation of a batch, may take, in ms (default 10 000). */
  timeoutMs?: number;
  /** How often the outbox is looked at without being woken (rows of an instance that died before draining), in ms (default 30 000). */
  sweepMs?: number;
  /**
   * The AMQP heartbeat asked for, in seconds, unless the URL names one (default 10): how soon a
   * connection that went silent without closing (a host gone, a cable pulled) counts as lost.
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
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;
  private readonly timeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly sweeper: NodeJS.Timeout;
  private readonly url: string;

  /** The connection being opened or in use; its 'close' counts only while it is this one. */
  private connection?: amqp.ChannelModel;
  /** Set once joined and caught up; unset while cut off. */
  private channel?: amqp.ConfirmChannel;
  private attempts = 0;
  private retry?: NodeJS.Timeout;
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
    // An embedded database is one instance's: its events need no table, and a second connection to it would wait on the first.
    this.outbox = opts.db?.kind === 'postgres' ? new TableOutbox(opts.db) : new MemoryOutbox();
    this.retryMinMs = opts.retryMinMs ?? 500;
    this.retryMaxMs = opts.retryMaxMs ?? 30_000;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.log = opts.log ?? ((message) => console.error(message));
    this.sweeper = setInterval(() => this.wake(), opts.sweepMs ?? 30_000).unref();
  }

  /**
   * A bus on the broker at `url`. Resolves once the first attempt is over: joined, or not (the
   * broker is unreachable, which is logged): then the bus serves this instance alone, reports
   * 'degraded', and keeps trying in the background.
   */
  static async connect(url: string, opts: AmqpBusOptions = {}): Promise<AmqpBus> {
    const bus = new AmqpBus(url, opts);
    await bus.open();
    return bus;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.local.publish(topic, payload);
    } catch (err) {
      this.log(`A handler of ${topic} failed: ${(err as Error).message}`);
    }
    const body = JSON.stringify({ origin: this.origin, topic, payload } satisfies Envelope);
    try {
      await this.outbox.add(body);
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

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.sweeper);
    await this.draining;
    await this.local.close();
    const connection = this.connection;
    this.connection = undefined;
    this.channel = undefined;
    await connection?.close().catch(noop);
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
      await channel.assertExchange(EXCHANGE, 'fanout', { durable: false });
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
      await channel.bindQueue(queue, EXCHANGE, '');
      await channel.consume(queue, (message) => message && this.heard(message.content), { noAck: true });
      // Listening again; what was published while this instance was away went unheard: forget and reload it.
      for (const handler of [...this.reconnectHandlers]) await handler();
      if (this.connection !== self || this.closed) return; // lost meanwhile: the next attempt is already due
      this.channel = channel;
      this.attempts = 0;
      if (this.outageLogged) this.log('RabbitMQ is reachable again: the bus has rejoined the other instances');
      this.outageLogged = false;
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
    if (event.origin !== this.origin) void this.local.publish(event.topic, event.payload).catch(noop);
  }

  /** `connection` (if it is still the current one) is gone: the bus is cut off until the next attempt joins. */
  private lost(connection: amqp.ChannelModel, why: string) {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.channel = undefined;
    void connection.close().catch(noop);
    if (!this.closed) this.schedule(why);
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
      const timer = setTimeout(() => reject(new BrokerError('no confirmation in time')), this.timeoutMs);
      const confirmed = bodies.map(
        (body) =>
          new Promise<void>((ok, nack) => {
            try {
              channel.publish(EXCHANGE, '', Buffer.from(body), {}, (err) => (err ? nack(err) : ok()));
            } catch (err) {
              nack(err);
            }
          }),
      );
      Promise.all(confirmed).then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (err: Error) => {
          clearTimeout(timer);
          reject(new BrokerError(err.message));
        },
      );
    });
  }
}

class BrokerError extends Error {}
