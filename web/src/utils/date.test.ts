import { describe, expect, it } from 'vitest';
import { CHINESE_DATE_FORMAT, DATE_TIME_FORMAT, formatDate } from './date.ts';

describe('formatDate', () => {
  it('writes yyyy-MM-dd by default and yyyy年MM月dd日 for pickers', () => {
    const date = new Date(2025, 2, 7, 9, 5, 3);
    expect(formatDate(date)).toBe('2025-03-07');
    expect(formatDate(date, CHINESE_DATE_FORMAT)).toBe('2025年03月07日');
    expect(formatDate(date, DATE_TIME_FORMAT)).toBe('2025-03-07 09:05:03');
  });

  it('reads the server’s date-time strings', () => {
    expect(formatDate('2025-12-31 23:59:59', CHINESE_DATE_FORMAT)).toBe('2025年12月31日');
  });

  it('gives an empty string for what is not a date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
