import type { Bus } from './bus.ts';
import type { Database } from './db.ts';
import { OUTBOX_TABLE } from './outbox.ts';

const TOPIC = 'tables.written';

/**
 * A version per table, raised by every write to it on any instance: what a cache of query
 * results compares to tell whether its table changed since it was filled.
 */
export class TableWrites {
  private readonly versions = new Map<string, number>();
  /** Added to every table's version: raised when writes elsewhere may have gone unheard. */
  private base = 0;

  constructor(
    db: Database,
    private readonly bus: Bus,
  ) {
    db.onWritten((written) => {
      // The bus's own outbox is no data anyone caches, and announcing its writes would write it again.
      const tables = written.filter((table) => table !== OUTBOX_TABLE);
      if (!tables.length) return;
      // Here at once, so the writer's next read never meets the old version; elsewhere over the bus.
      this.raise(tables);
      bus.publish(TOPIC, tables).catch((err: Error) => console.error('Could not announce a write: %s', err.message));
    });
    bus.subscribe(TOPIC, (tables) => this.raise(tables as string[]));
    // Back from a broker outage: every table may have been written unheard.
    bus.onReconnect(() => {
      this.base += 1;
    });
  }

  /**
   * The table's version now. While the bus is cut off from the other instances, every call answers
   * a new one: a write elsewhere would go unheard, so nothing is to be kept against a version.
   */
  version(table: string): number {
    if (!this.bus.healthy()) this.base += 1;
    return this.base + (this.versions.get(table) ?? 0);
  }

  private raise(tables: string[]) {
    for (const table of tables) this.versions.set(table, this.version(table) + 1);
  }
}
