/**
 * Wrong passwords per client address, on this instance: after `limit` of them within `minutes`, the
 * address's logins are refused until that window has passed since its first counted failure, whatever
 * account they name, so one address can neither guess many accounts' passwords nor keep many accounts
 * locked. In memory, like the request rate limit: each instance counts its own share.
 */
const MAX_ADDRESSES = 10_000;

interface Failures {
  count: number;
  since: number;
}

export class AddressThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when `address` has used up its wrong passwords for the window. */
  blocked(address: string, limit: number, minutes: number): boolean {
    if (limit <= 0) return false;
    const f = this.current(address, minutes);
    return f !== undefined && f.count >= limit;
  }

  /** Counts a wrong password (or unknown account) from `address`. */
  fail(address: string, minutes: number): void {
    const f = this.current(address, minutes);
    if (f) {
      f.count++;
      return;
    }
    if (this.failures.size >= MAX_ADDRESSES) this.sweep(minutes);
    this.failures.set(address, { count: 1, since: this.now() });
  }

  private current(address: string, minutes: number): Failures | undefined {
    const f = this.failures.get(address);
    if (f && this.now() - f.since >= Math.max(minutes, 1) * 60_000) {
      this.failures.delete(address);
      return undefined;
    }
    return f;
  }

  /** Drops the windows that have passed; when all are live, the oldest half (a flood of addresses). */
  private sweep(minutes: number) {
    const horizon = this.now() - Math.max(minutes, 1) * 60_000;
    for (const [address, f] of this.failures) if (f.since <= horizon) this.failures.delete(address);
    if (this.failures.size < MAX_ADDRESSES) return;
    let drop = Math.floor(this.failures.size / 2);
    for (const address of this.failures.keys()) {
      if (drop-- <= 0) break;
      this.failures.delete(address);
    }
  }
}
