import type { CacheRegistry } from './cache.ts';
import { ALL_TENANTS, type Database } from './db.ts';

/**
 * System parameters by key. A tenant's own row wins; otherwise the platform tenant's
 * (000000) value is the default, so platform settings such as `account.failCount`
 * apply to every tenant until one overrides them.
 *
 * Each (tenant, key) is read alone through blade_param_key and kept in a small cache (at most CACHED entries,
 * the oldest dropped first): a tenant with a million parameters costs a login one indexed row, not the table
 * (issue 36). A save anywhere invalidates the cache on every instance through the bus (cache.ts).
 */
export const PLATFORM_TENANT = '000000';
const CACHE = 'param';
/** Entries kept: the keys the code reads (a handful) for every tenant that logs in, with room to spare. */
export const CACHED = 2000;

export class Params {
  constructor(
    private readonly db: Database,
    private readonly cache: CacheRegistry,
  ) {}

  async get(tenantId: string, key: string): Promise<string | undefined> {
    return this.cache.get(CACHE, `${tenantId}\n${key}`, () => this.load(tenantId, key), CACHED);
  }

  async getInt(tenantId: string, key: string, fallback: number): Promise<number> {
    const value = await this.get(tenantId, key);
    const n = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isFinite(n) ? n : fallback;
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate(CACHE);
  }

  private async load(tenantId: string, key: string): Promise<string | undefined> {
    const rows = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ param_value: string }>(
        `select param_value from blade_param
          where tenant_id in ($1, $2) and param_key = $3 and is_deleted = 0
          order by (tenant_id = $2) desc, create_time desc, id desc
          limit 1`,
        [PLATFORM_TENANT, tenantId, key],
      ),
    );
    // The tenant's own row before the platform's; of several, the latest.
    return rows[0]?.param_value;
  }
}
