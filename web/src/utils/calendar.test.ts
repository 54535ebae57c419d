import { describe, expect, it } from 'vitest';
import { calendarGrid, GRID_DAYS } from './calendar.ts';
import { formatDate } from './date.ts';

const days = (year: number, month: number, weekStart?: number) =>
  calendarGrid(year, month, weekStart).map((d) => formatDate(d.date));

describe('calendarGrid', () => {
  it('always gives 42 consecutive days', () => {
    for (const [year, month] of [
      [2024, 2],
      [2025, 2],
      [2025, 6],
      [2026, 3],
    ]) {
      const grid = calendarGrid(year, month);
      expect(grid).toHaveLength(GRID_DAYS);
      for (let i = 1; i < grid.length; i++) {
        expect(grid[i].date.getTime() - grid[i - 1].date.getTime()).toBeGreaterThan(0);
        expect(grid[i].date.getDate() === 1 || grid[i].date.getDate() === grid[i - 1].date.getDate() + 1).toBe(true);
      }
    }
  });

  it('starts on the week’s first day with the month’s 1st in the first row', () => {
    // 2025-01-01 is a Wednesday.
    expect(days(2025, 1)[0]).toBe('2024-12-30');
    expect(days(2025, 1, 0)[0]).toBe('2024-12-29');
    // 2025-09-01 is a Monday: the grid starts on it.
    expect(days(2025, 9)[0]).toBe('2025-09-01');
  });

  it('marks the days of the month', () => {
    const grid = calendarGrid(2024, 2);
    expect(grid.filter((d) => d.inMonth)).toHaveLength(29);
    expect(formatDate(grid.at(-1)?.date)).toBe('2024-03-10');
  });
});
