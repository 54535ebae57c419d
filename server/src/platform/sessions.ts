import type { Bus } from './bus.ts';
import { ALL_TENANTS, type Database } from './db.ts';

/**
 * Revoked logins. Access tokens are checked against this in-memory set on every
 * request (no database round trip); the set is loaded at start from the session
 * table and kept current on every instance through the bus.
 */
const TOPIC = 'auth.session.revoked';
/** The bus topic of a revocation (`{ sid, until }`): live push closes the sockets of that login on it. */
export const SESSION_REVOKED = TOPIC;

export class Sessions {
  private readonly revoked = new Map<string, number>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;

  private constructor(
    private readonly db: Database,
    private readonly bus: Bus,
  ) {
    const unsubscribe = bus.subscribe(TOPIC, (p) => {
      const { sid, until } = p as { sid: string; until: number };
      this.revoked.set(sid, until);
    });
    // Back from a broker outage, before the bus counts as healthy: revocations made elsewhere meanwhile went unheard.
    const stopReloading = bus.onReconnect(() => this.reload());
    this.unsubscribe = () => {
      unsubscribe();
      stopReloading();
    };
    // Forget revocations whose tokens have expired anyway.
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [sid, until] of this.revoked) if (until < now) this.revoked.delete(sid);
    }, 60_000).unref();
  }

  static async load(db: Database, bus: Bus): Promise<Sessions> {
    const sessions = new Sessions(db, bus);
    await sessions.reload();
    return sessions;
  }

  /** Adds every revoked, unexpired login of the session table (a revocation is never undone, so nothing is removed). */
  private async reload(): Promise<void> {
    const rows = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string; expires_at: string }>(
        `select id, to_char(expires_at, 'YYYY-MM-DD"T"HH24:MI:SS') as expires_at
           from park_auth_session where revoked_at is not null and expires_at > localtimestamp`,
      ),
    );
    for (const r of rows) this.revoked.set(r.id, Date.parse(r.expires_at));
  }

  isRevoked(sid: string): boolean {
    return this.revoked.has(sid);
  }

  /**
   * `isRevoked`, with no database round trip while the bus is healthy; while it is cut off from
   * the other instances (a logout there would go unheard here), the session table's word.
   */
  async isRevokedNow(sid: string): Promise<boolean> {
    if (this.revoked.has(sid)) return true;
    if (this.bus.healthy()) return false;
    const [row] = await this.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ expires_at: string }>(
        `select to_char(expires_at, 'YYYY-MM-DD"T"HH24:MI:SS') as expires_at
           from park_auth_session where id = $1 and revoked_at is not null`,
        [sid],
      ),
    );
    if (row) this.revoked.set(sid, Date.parse(row.expires_at));
    return row !== undefined;
  }

  /** Revokes a login everywhere; its access and refresh tokens stop working at once. */
  async revoke(sid: string): Promise<void> {
    const rows = await this.db.tx(ALL_TENANTS, (q) =>
      q.query<{ ms: string }>(
        `update park_auth_session set revoked_at = localtimestamp(0) where id = $1 and revoked_at is null
         returning (extract(epoch from expires_at - localtimestamp) * 1000)::bigint as ms`,
        [sid],
      ),
    );
    const until = Date.now() + Number(rows[0]?.ms ?? 0);
    this.revoked.set(sid, until);
    await this.bus.publish(TOPIC, { sid, until });
  }

  /**
   * Revokes every live login of these users everywhere (a role change, a disabled or removed account,
   * a new password), in one statement, except `keep` (the caller's own login when they change their own
   * password). Gives the sessions it revoked. Call it after the change's transaction has ended.
   */
  async revokeUsers(userIds: readonly string[], keep?: string): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.tx(ALL_TENANTS, (q) =>
      q.query<{ id: string; ms: string }>(
        `update park_auth_session set revoked_at = localtimestamp(0)
          where user_id = any($1::bigint[]) and revoked_at is null and expires_at > localtimestamp
            and ($2::bigint is null or id <> $2::bigint)
         returning id::text, (extract(epoch from expires_at - localtimestamp) * 1000)::bigint as ms`,
        [userIds, keep ?? null],
      ),
    );
    const now = Date.now();
    for (const r of rows) this.revoked.set(r.id, now + Number(r.ms));
    await Promise.all(rows.map((r) => this.bus.publish(TOPIC, { sid: r.id, until: now + Number(r.ms) })));
    return rows.map((r) => r.id);
  }

  close() {
    this.unsubscribe();
    clearInterval(this.sweeper);
  }
}
