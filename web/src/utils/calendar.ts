/** The calendar helper (spec part 2): a month as 6 full weeks, 42 days, with the neighbours' days around it. */
export const GRID_DAYS = 42;

export interface CalendarDay {
  date: Date;
  /** Whether the day belongs to the month asked for. */
  inMonth: boolean;
}

/**
 * The 42 days shown for `month` (1-12) of `year`, starting on `weekStart` (0 Sunday, 1 Monday, the
 * default for a Chinese calendar). The first row always holds the 1st, so a month starting on the
 * week's first day starts the grid.
 */
export function calendarGrid(year: number, month: number, weekStart = 1): CalendarDay[] {
  const first = new Date(year, month - 1, 1);
  const lead = (first.getDay() - weekStart + 7) % 7;
  return Array.from({ length: GRID_DAYS }, (_, i) => {
    const date = new Date(year, month - 1, 1 - lead + i);
    return { date, inMonth: date.getMonth() === month - 1 };
  });
}
