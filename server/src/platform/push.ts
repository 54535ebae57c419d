import type { Bus } from './bus.ts';

/**
 * Live push (ARCHITECTURE.md, issue 18): a module calls `toUsers` once, after its write has
 * committed; the event rides the bus (RabbitMQ when AMQP_URL is set, memory otherwise), so every
 * instance hears it, and each writes it to the sockets of those users it holds. No module talks to
 * sockets: the socket route (message module) `listen`s here for its user.
 *
 * Roles and departments are resolved to users by the caller, which knows what a broadcast of its
 * own reaches (the message module's department broadcast includes the departments below).
 */
const TOPIC = 'push';

/** Deliveries written per turn of the event loop: a message to a role of thousands leaves other requests their turn. */
const SLICE = 500;

/** What a tab receives, as JSON: `type` says what it is (`message`: a new message in the inbox). */
export interface PushEvent {
  type: string;
  [field: string]: unknown;
}

/** What travels on the bus: the frame is serialised once, by the sender, not once per socket. */
interface Delivery {
  tenantId: string;
  userIds: string[];
  frame: string;
}

/** Takes one event's frame (JSON text) for the user it listens for. */
export type PushListener = (frame: string) => void;

const keyOf = (tenantId: string, userId: string) => `${tenantId}:${userId}`;

export class Push {
  private readonly listeners = new Map<string, Set<PushListener>>();
  private readonly unsubscribe: () => void;
  private count = 0;

  constructor(
    private readonly bus: Bus,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {
    this.unsubscribe = bus.subscribe(TOPIC, (payload) => void this.deliver(payload as Delivery));
  }

  /**
   * Sends `event` to every open tab of these users of the tenant, on every instance. Never rejects
   * (the bus keeps what the broker cannot take yet); call it once the write it tells of has committed.
   */
  async toUsers(tenantId: string, userIds: readonly string[], event: PushEvent): Promise<void> {
    if (userIds.length === 0) return;
    const delivery: Delivery = { tenantId, userIds: [...new Set(userIds)], frame: JSON.stringify(event) };
    await this.bus.publish(TOPIC, delivery);
  }

  /** Hands this instance's events for the user to `listener` until the answer is called. */
  listen(tenantId: string, userId: string, listener: PushListener): () => void {
    const key = keyOf(tenantId, userId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    this.count += 1;
    return () => {
      const current = this.listeners.get(key);
      if (!current?.delete(listener)) return;
      this.count -= 1;
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  /** How many listeners (open, authenticated sockets) this instance holds. */
  get size(): number {
    return this.count;
  }

  close() {
    this.unsubscribe();
    this.listeners.clear();
    this.count = 0;
  }

  private async deliver({ tenantId, userIds, frame }: Delivery) {
    for (let start = 0; start < userIds.length; start += SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const userId of userIds.slice(start, start + SLICE)) {
        const set = this.listeners.get(keyOf(tenantId, userId));
        if (!set) continue;
        for (const listener of set) {
          try {
            listener(frame);
          } catch (err) {
            // One broken socket must not keep the event from the others.
            this.log(`A push listener failed: ${(err as Error).message}`);
          }
        }
      }
    }
  }
}
