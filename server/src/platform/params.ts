import type { CacheRegistry } from './cache.ts';
import { ALL_TENANTS, type Database } from './db.ts';

/**
 * System parameters by key. A tenant's own row wins; otherwise the platform tenant's
 * (000000) value is the default, so platform settings such as `account.failCount`
 * apply to every tenant until one overrides them.
 */
export const PLATFORM_TENANT = '000000';
const CACHE = 'param';

export class Params {
  constructor(
    private readonly db: Database,
    private readonly cache: CacheRegistry,
  ) {}

  async get(tenantId: string, key: string): Promise<string | undefined> {
    const values = await this.cache.get(CACHE, tenantId, () => this.load(tenantId));
    return values.get(key);
  }

  async getInt(tenantId: string, key: string, fallback: number): Promise<number> {
    const value = await this.get(tenantId, key);
    const n = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isFinite(n) ? n : fallback;
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate(CACHE);
  }

  private async load(tenantId: string): Promise<Map<string, string>> {
    const rows = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ param_key: string; param_value: string }>(
        `select param_key, param_value from blade_param
          where tenant_id in ($1, $2) and is_deleted = 0
          order by (tenant_id = $1), create_time`,
        [PLATFORM_TENANT, tenantId],
      ),
    );
    // Platform rows first, the tenant's own after, so the tenant's value wins.
    return new Map(rows.map((r) => [r.param_key, r.param_value]));
  }
}
