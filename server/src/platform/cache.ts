import type { Bus } from './bus.ts';
import { afterTransaction } from './db.ts';

/**
 * Read-through caches for data that is read on every request and written rarely
 * (clients, parameters, dictionaries, menus, scopes). A write anywhere calls
 * `invalidate(name)`; the bus carries it to every instance once the write's transaction
 * has ended, so that no read can put the old rows back in between.
 */
const TOPIC = 'cache.invalidate';

export class CacheRegistry {
  private readonly stores = new Map<string, Map<string, Promise<unknown>>>();

  constructor(private readonly bus: Bus) {
    bus.subscribe(TOPIC, (payload) => this.drop(payload as { name: string; key?: string }));
    // Back from a broker outage: the invalidations sent meanwhile went unheard, so nothing kept is trusted.
    bus.onReconnect(() => this.clearAll());
  }

  /**
   * The cached value of name/key, loading it once when absent (concurrent callers share the load).
   * While the bus is cut off from the other instances (their invalidations would go unheard), every
   * call loads afresh and nothing is kept. With `max`, the store keeps at most that many keys.
   */
  get<T>(name: string, key: string, load: () => Promise<T>, max = Number.POSITIVE_INFINITY): Promise<T> {
    if (!this.bus.healthy()) return load();
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const hit = store.get(key);
    if (hit) return hit as Promise<T>;
    const loading = load();
    // At most `max` entries: the one kept longest goes first (a Map keeps the order they came in).
    if (store.size >= max) store.delete(store.keys().next().value as string);
    store.set(key, loading);
    loading.catch(() => store.delete(key));
    return loading;
  }

  /**
   * Forgets name (or one key of it) here and on every other instance; inside a transaction (a save
   * hook), once it has ended, as a read before the commit would still load the old rows.
   */
  invalidate(name: string, key?: string): Promise<void> {
    return afterTransaction(() => this.bus.publish(TOPIC, { name, key }));
  }

  /** Forgets everything (the clear-cache endpoint). */
  async invalidateAll(): Promise<void> {
    await Promise.all([...this.stores.keys()].map((name) => this.invalidate(name)));
  }

  /** Forgets everything here, at once (this instance only): what it had cached may have been invalidated unheard. */
  clearAll() {
    this.stores.clear();
  }

  private drop({ name, key }: { name: string; key?: string }) {
    if (key === undefined) this.stores.delete(name);
    else this.stores.get(name)?.delete(key);
  }
}
