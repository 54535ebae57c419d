import { describe, expect, it } from 'vitest';
import { laterId, retryDelay } from './livePush.ts';

describe('live push', () => {
  it('backs off exponentially from 1 s to 30 s, with half of each wait random', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(n, 1))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5, 1)).toBe(30_000);
    expect(retryDelay(50, 1)).toBe(30_000);
    expect(retryDelay(0, 0)).toBe(500);
    expect(retryDelay(3, 0.5)).toBe(6000);
  });

  it('remembers the newest message id, comparing snowflakes as numbers', () => {
    expect(laterId(undefined, '5')).toBe('5');
    expect(laterId('5', undefined)).toBe('5');
    expect(laterId('99', '100')).toBe('100');
    expect(laterId('2011000000000000001', '2011000000000000000')).toBe('2011000000000000001');
  });
});
