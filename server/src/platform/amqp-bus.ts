import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import type { Bus } from './bus.ts';
import { MemoryBus } from './bus.ts';

/**
 * The bus across instances (ARCHITECTURE.md): every event is published to one fanout
 * exchange on RabbitMQ, and each instance reads it through its own exclusive queue.
 * Handlers on the publishing instance hear the event at once, in process; the copy that
 * comes back from the broker is recognised by its origin and skipped, so a write is never
 * followed by a stale read on the instance that made it.
 */
const EXCHANGE = 'park.events';

interface Envelope {
  origin: string;
  topic: string;
  payload: unknown;
}

export class AmqpBus implements Bus {
  private readonly local = new MemoryBus();
  private readonly origin = randomUUID();

  private constructor(
    private readonly connection: amqp.ChannelModel,
    private readonly channel: amqp.Channel,
  ) {}

  static async connect(url: string): Promise<AmqpBus> {
    const connection = await amqp.connect(url);
    const channel = await connection.createChannel();
    await channel.assertExchange(EXCHANGE, 'fanout', { durable: false });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, EXCHANGE, '');
    const bus = new AmqpBus(connection, channel);
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        const event = JSON.parse(message.content.toString('utf8')) as Envelope;
        if (event.origin !== bus.origin) void bus.local.publish(event.topic, event.payload);
      },
      { noAck: true },
    );
    // A lost broker is logged, not fatal: this instance keeps working on its own events.
    connection.on('error', (err: Error) => console.error('RabbitMQ connection error: %s', err.message));
    return bus;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.local.publish(topic, payload);
    const event: Envelope = { origin: this.origin, topic, payload };
    this.channel.publish(EXCHANGE, '', Buffer.from(JSON.stringify(event)));
  }

  subscribe(topic: string, handler: (payload: unknown) => void): () => void {
    return this.local.subscribe(topic, handler);
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.channel.close().catch(() => undefined);
    await this.connection.close().catch(() => undefined);
  }
}
