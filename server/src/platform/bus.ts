import { EventEmitter } from 'node:events';

/**
 * Events between modules and between instances: cache invalidation, token revocation,
 * live push. In memory by default; a broker-backed bus (RabbitMQ) implements the same
 * interface when AMQP_URL is set, so every instance hears every event.
 */
export interface Bus {
  /**
   * Delivers to this instance's handlers at once and to the other instances' once the broker
   * takes it; never rejects: a committed write must not fail because the broker is away.
   */
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  /**
   * 'memory': one process, nothing to miss; 'up': joined to the other instances and caught up;
   * 'degraded': cut off from the broker, so events of other instances may be going unheard.
   */
  state(): BusState;
  /** False while cut off ('degraded'): what is cached from other instances' events is then not to be trusted. */
  healthy(): boolean;
  /**
   * Runs `handler` each time the bus joins the broker again (or late, after a start without it),
   * before it counts as healthy: whatever may have been missed is dropped or reloaded there. A
   * handler that fails makes the bus try the connection again later.
   */
  onReconnect(handler: () => unknown): () => void;
  /**
   * Calls `handler` each time the bus is cut off ('degraded') and each time it has joined again and
   * caught up ('up'): whoever was told of other instances' events live (a browser's socket) may have
   * missed some, and checks again.
   */
  onStateChange(handler: (state: BusState) => void): () => void;
  close(): Promise<void>;
}

export type BusState = 'up' | 'degraded' | 'memory';

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

  state(): BusState {
    return 'memory';
  }

  healthy() {
    return true;
  }

  /** One process hears every event it publishes: it is never cut off, so it never reconnects. */
  onReconnect(_handler: () => unknown) {
    return () => undefined;
  }

  /** Always 'memory'. */
  onStateChange(_handler: (state: BusState) => void) {
    return () => undefined;
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}
