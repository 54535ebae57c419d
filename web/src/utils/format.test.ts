import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney('2500')).toBe('2,500.00');
    expect(formatMoney(-0.5)).toBe('-0.50');
  });

  it('shows -- for anything that is not an amount', () => {
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(undefined)).toBe('--');
    expect(formatMoney('')).toBe('--');
    expect(formatMoney('abc')).toBe('--');
  });
});
