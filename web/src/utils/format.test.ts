import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatMoneyUnit } from './format.ts';

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

describe('formatMoneyUnit', () => {
  it('keeps 万元 up to 4 digits, 亿元 up to 8, then 亿万', () => {
    expect(formatMoneyUnit(0)).toEqual({ value: '0.00', unit: '万元' });
    expect(formatMoneyUnit(9999)).toEqual({ value: '9,999.00', unit: '万元' });
    expect(formatMoneyUnit(12345)).toEqual({ value: '1.23', unit: '亿元' });
    expect(formatMoneyUnit(123_456_789)).toEqual({ value: '1.23', unit: '亿万' });
  });

  it('chooses the unit after rounding, so an amount rounding up to 10,000 of a unit shows in the next', () => {
    expect(formatMoneyUnit(9_999.994)).toEqual({ value: '9,999.99', unit: '万元' });
    expect(formatMoneyUnit(9_999.995)).toEqual({ value: '1.00', unit: '亿元' });
    expect(formatMoneyUnit(10_000)).toEqual({ value: '1.00', unit: '亿元' });
    expect(formatMoneyUnit(99_999_949)).toEqual({ value: '9,999.99', unit: '亿元' });
    expect(formatMoneyUnit(99_999_950)).toEqual({ value: '1.00', unit: '亿万' });
    expect(formatMoneyUnit(99_999_999)).toEqual({ value: '1.00', unit: '亿万' });
    expect(formatMoneyUnit(100_000_000)).toEqual({ value: '1.00', unit: '亿万' });
    expect(formatMoneyUnit(-9_999.995)).toEqual({ value: '-1.00', unit: '亿元' });
    expect(formatMoneyUnit(-99_999_999)).toEqual({ value: '-1.00', unit: '亿万' });
  });

  it('lets 亿万, the largest unit, grow past 9,999.99', () => {
    expect(formatMoneyUnit(999_999_000_000)).toEqual({ value: '9,999.99', unit: '亿万' });
    expect(formatMoneyUnit(999_999_999_999)).toEqual({ value: '10,000.00', unit: '亿万' });
    expect(formatMoneyUnit(1_234_567_890_123)).toEqual({ value: '12,345.68', unit: '亿万' });
  });

  it('shows -- without a unit for anything that is not an amount', () => {
    expect(formatMoneyUnit('x')).toEqual({ value: '--', unit: '' });
    expect(formatMoneyUnit(null)).toEqual({ value: '--', unit: '' });
  });
});

describe('formatFileSize', () => {
  it('gives KB below a megabyte (at least 1) and MB with one decimal from there', () => {
    expect(formatFileSize(0)).toBe('1 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize('1536')).toBe('2 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
  });

  it('shows -- for anything that is not a size', () => {
    expect(formatFileSize(null)).toBe('--');
    expect(formatFileSize('')).toBe('--');
    expect(formatFileSize('abc')).toBe('--');
    expect(formatFileSize(-1)).toBe('--');
  });
});
