import type { Bus } from './bus.ts';
import type { Database } from './db.ts';

const TOPIC = 'tables.written';

/**
 * A version per table, raised by every write to it on any instance: what a cache of query
 * results compares to tell whether its table changed since it was filled.
 */
export class TableWrites {
  private readonly versions = new Map<string, number>();

  constructor(db: Database, bus: Bus) {
    db.onWritten((tables) => {
      // Here at once, so the writer's next read never meets the old version; elsewhere over the bus.
      this.raise(tables);
      bus.publish(TOPIC, tables).catch((err: Error) => console.error('Could not announce a write: %s', err.message));
    });
    bus.subscribe(TOPIC, (tables) => this.raise(tables as string[]));
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  private raise(tables: string[]) {
    for (const table of tables) this.versions.set(table, this.version(table) + 1);
  }
}
