import { EventEmitter } from 'node:events';

/**
 * Events between modules and between instances: cache invalidation, token revocation,
 * live push. In memory by default; a broker-backed bus (RabbitMQ) implements the same
 * interface when AMQP_URL is set, so every instance hears every event.
 */
export interface Bus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(topic: string, payload: unknown) {
    this.emitter.emit(topic, payload);
  }

  subscribe(topic: string, handler: (payload: unknown) => void) {
    this.emitter.on(topic, handler);
    return () => {
      this.emitter.off(topic, handler);
    };
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}
