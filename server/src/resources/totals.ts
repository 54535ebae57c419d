import type { TableWrites } from '../platform/table-writes.ts';

/** How many totals one entity keeps, and for how long at most (should a write elsewhere go unheard). */
const KEPT = 1000;
const LIFETIME_MS = 30_000;

interface Known {
  total: number;
  version: number;
  until: number;
}

/**
 * The totals of an entity's recent pages, by statement and parameters, valid while its table
 * is not written. Counting every matching row is the dearest part of a page over a large
 * table; paging through an unchanged list, or many people opening the same one, then costs
 * only the rows shown.
 */
export class PageTotals {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly writes: TableWrites,
    private readonly table: string,
  ) {}

  /** The table's version now: read it before counting and hand it to `remember`. */
  version(): number {
    return this.writes.version(this.table);
  }

  get(key: string): number | undefined {
    const known = this.known.get(key);
    if (!known) return undefined;
    if (known.version === this.version() && known.until > Date.now()) return known.total;
    this.known.delete(key);
    return undefined;
  }

  /** Keeps a total counted at `version`, unless the table was written while it was counted. */
  remember(key: string, total: number, version: number) {
    if (version !== this.version()) return;
    if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, { total, version, until: Date.now() + LIFETIME_MS });
  }
}

/** How many rows page `current` of `size` holds when the list has `total` rows. */
export function pageLength(total: number, current: number, size: number): number {
  return Math.max(0, Math.min(size, total - (current - 1) * size));
}
