import type { Bus } from './bus.ts';
import { ALL_TENANTS, type Database } from './db.ts';

/**
 * Revoked logins. Access tokens are checked against this in-memory set on every
 * request (no database round trip); the set is loaded at start from the session
 * table and kept current on every instance through the bus.
 */
const TOPIC = 'auth.session.revoked';

export class Sessions {
  private readonly revoked = new Map<string, number>();
  private readonly unsubscribe: () => void;
  private readonly sweeper: NodeJS.Timeout;

  private constructor(
    private readonly db: Database,
    private readonly bus: Bus,
  ) {
    this.unsubscribe = bus.subscribe(TOPIC, (p) => {
      const { sid, until } = p as { sid: string; until: number };
      this.revoked.set(sid, until);
    });
    // Forget revocations whose tokens have expired anyway.
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [sid, until] of this.revoked) if (until < now) this.revoked.delete(sid);
    }, 60_000).unref();
  }

  static async load(db: Database, bus: Bus): Promise<Sessions> {
    const sessions = new Sessions(db, bus);
    const rows = await db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string; expires_at: string }>(
        `select id, to_char(expires_at, 'YYYY-MM-DD"T"HH24:MI:SS') as expires_at
           from park_auth_session where revoked_at is not null and expires_at > localtimestamp`,
      ),
    );
    for (const r of rows) sessions.revoked.set(r.id, Date.parse(r.expires_at));
    return sessions;
  }

  isRevoked(sid: string): boolean {
    return this.revoked.has(sid);
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

  close() {
    this.unsubscribe();
    clearInterval(this.sweeper);
  }
}
