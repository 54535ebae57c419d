import { describe, expect, it } from 'vitest';
import { refreshDue } from './tokenRefresh.ts';

describe('refreshDue', () => {
  const issuedAt = 1_000_000;

  it('refreshes a one-hour token once it is 3000 s old (spec tokenTime)', () => {
    expect(refreshDue(issuedAt, 3600, issuedAt + 2_999_000)).toBe(false);
    expect(refreshDue(issuedAt, 3600, issuedAt + 3_000_000)).toBe(true);
  });

  it('refreshes a shorter-lived token before it expires', () => {
    expect(refreshDue(issuedAt, 600, issuedAt + 499_000)).toBe(false);
    expect(refreshDue(issuedAt, 600, issuedAt + 500_000)).toBe(true);
  });
});
