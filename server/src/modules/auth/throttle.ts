/**
 * Failures counted per key, each key's count living `minutes` from its first failure. The logins keep two
 * (grants.ts): refused captchas and wrong passwords per client address, which past a limit refuse that
 * address's logins whatever account they name, so one address cannot guess many accounts' passwords; and
 * wrong passwords per unknown account name, which then asks for a captcha as a known account does, so the
 * demand reveals no account.
 * In memory, like the request rate limit: each instance counts its own share.
 */
const MAX_KEYS = 10_000;

interface Failures {
  count: number;
  since: number;
}

export class FailureCounter {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when `key` has `limit` failures in its window (never when the limit is 0 or less). */
  reached(key: string, limit: number, minutes: number): boolean {
    if (limit <= 0) return false;
    const f = this.current(key, minutes);
    return f !== undefined && f.count >= limit;
  }

  /** Counts a failure of `key`; answers its count in the window. */
  fail(key: string, minutes: number): number {
    const f = this.current(key, minutes);
    if (f) return ++f.count;
    if (this.failures.size >= MAX_KEYS) this.sweep(minutes);
    this.failures.set(key, { count: 1, since: this.now() });
    return 1;
  }

  private current(key: string, minutes: number): Failures | undefined {
    const f = this.failures.get(key);
    if (f && this.now() - f.since >= Math.max(minutes, 1) * 60_000) {
      this.failures.delete(key);
      return undefined;
    }
    return f;
  }

  /** Drops the windows that have passed; when all are live, the oldest half (a flood of addresses or names). */
  private sweep(minutes: number) {
    const horizon = this.now() - Math.max(minutes, 1) * 60_000;
    for (const [key, f] of this.failures) if (f.since <= horizon) this.failures.delete(key);
    if (this.failures.size < MAX_KEYS) return;
    let drop = Math.floor(this.failures.size / 2);
    for (const key of this.failures.keys()) {
      if (drop-- <= 0) break;
      this.failures.delete(key);
    }
  }
}

/** The failures one token endpoint counts in memory (grants.ts `passwordGrant`). */
export interface LoginFailures {
  addresses: FailureCounter;
  unknownAccounts: FailureCounter;
}

export function loginFailures(): LoginFailures {
  return { addresses: new FailureCounter(), unknownAccounts: new FailureCounter() };
}
