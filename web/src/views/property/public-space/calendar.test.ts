import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type Booking,
  calendarNow,
  calendarToday,
  daySlots,
  mondayOf,
  weekDays,
  weekGrid,
} from './calendar.ts';

const booking = (b: Partial<Booking>): Booking => ({
  id: '1',
  reserveDate: '2030-05-15',
  startTime: '10:00',
  endTime: '11:00',
  reserveStatus: 1,
  ...b,
});

describe('daySlots', () => {
  it('steps from opening to closing by the slot length', () => {
    expect(
      daySlots({ openTime: '08:00', closeTime: '11:00', slotMinutes: 60 }).map((s) => `${s.start}-${s.end}`),
    ).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00']);
    const halves = daySlots({ openTime: '09:30', closeTime: '11:00', slotMinutes: '30' });
    expect(halves.map((s) => s.start)).toEqual(['09:30', '10:00', '10:30']);
    expect(halves[0]).toMatchObject({ startMinute: 570, endMinute: 600 });
  });

  it('runs up to midnight and leaves out a slot that would pass the closing time', () => {
    expect(daySlots({ openTime: '20:00', closeTime: '24:00', slotMinutes: 120 }).map((s) => s.end)).toEqual([
      '22:00',
      '24:00',
    ]);
    expect(daySlots({ openTime: '08:00', closeTime: '09:30', slotMinutes: 60 }).map((s) => s.start)).toEqual(['08:00']);
  });

  it('makes none of a config that cannot make any', () => {
    expect(daySlots({ openTime: '18:00', closeTime: '08:00', slotMinutes: 60 })).toEqual([]);
    expect(daySlots({ openTime: '8:00', closeTime: '18:00', slotMinutes: 60 })).toEqual([]);
    expect(daySlots({ openTime: '08:00', closeTime: '18:00', slotMinutes: 0 })).toEqual([]);
    expect(daySlots({ openTime: null, closeTime: undefined, slotMinutes: 'x' })).toEqual([]);
  });
});

describe('weeks', () => {
  it('starts on Monday, across months and years', () => {
    expect(mondayOf('2030-05-15')).toBe('2030-05-13'); // a Wednesday
    expect(mondayOf('2030-05-13')).toBe('2030-05-13');
    expect(mondayOf('2030-05-19')).toBe('2030-05-13'); // a Sunday belongs to the week before it
    expect(weekDays('2031-01-01')).toEqual([
      '2030-12-30',
      '2030-12-31',
      '2031-01-01',
      '2031-01-02',
      '2031-01-03',
      '2031-01-04',
      '2031-01-05',
    ]);
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
  });
});

describe('weekGrid', () => {
  const config = { openTime: '09:00', closeTime: '12:00', slotMinutes: 60, bookDays: 3 };
  const days = weekDays('2030-05-15');
  const now = '2030-05-14 10:30';

  it('marks the cells a live reservation covers, however long, and leaves cancelled ones free', () => {
    const long = booking({ id: 'long', reserveDate: '2030-05-15', startTime: '09:00', endTime: '11:00', mine: true });
    const gone = booking({ id: 'gone', reserveDate: '2030-05-16', reserveStatus: 2 });
    const grid = weekGrid(config, days, [long, gone], now);
    expect(grid).toHaveLength(3);
    expect(grid.every((row) => row.length === 7)).toBe(true);
    const wednesday = days.indexOf('2030-05-15');
    expect(grid.map((row) => row[wednesday].state)).toEqual(['booked', 'booked', 'free']);
    expect(grid[0][wednesday].booking?.id).toBe('long');
    expect(grid[1][days.indexOf('2030-05-16')].state).toBe('free');
  });

  it('holds a slot for a pending or approved reservation, and frees it for a rejected one (issue 34.5)', () => {
    const pending = booking({
      id: 'pending',
      reserveDate: '2030-05-15',
      startTime: '09:00',
      endTime: '10:00',
      approvalStatus: 1,
    });
    const approved = booking({
      id: 'approved',
      reserveDate: '2030-05-15',
      startTime: '10:00',
      endTime: '11:00',
      approvalStatus: 2,
    });
    const rejected = booking({
      id: 'rejected',
      reserveDate: '2030-05-15',
      startTime: '11:00',
      endTime: '12:00',
      approvalStatus: 3,
    });
    const grid = weekGrid(config, days, [pending, approved, rejected], now);
    const wednesday = days.indexOf('2030-05-15');
    expect(grid.map((row) => row[wednesday].booking?.id ?? row[wednesday].state)).toEqual([
      'pending',
      'approved',
      'free',
    ]);
  });

  it('counts a reservation off the grid (a config changed since) in every slot it touches', () => {
    const off = booking({ reserveDate: '2030-05-16', startTime: '10:30', endTime: '11:15' });
    const grid = weekGrid(config, days, [off], now);
    expect(grid.map((row) => row[days.indexOf('2030-05-16')].state)).toEqual(['free', 'booked', 'booked']);
  });

  it('is past up to now, closed beyond the days ahead, free between', () => {
    const grid = weekGrid(config, days, [], now);
    const col = (date: string) => grid.map((row) => row[days.indexOf(date)].state);
    expect(col('2030-05-13')).toEqual(['past', 'past', 'past']);
    // 10:30 today: the 09:00 and 10:00 slots have started.
    expect(col('2030-05-14')).toEqual(['past', 'past', 'free']);
    expect(col('2030-05-17')).toEqual(['free', 'free', 'free']); // today + 3
    expect(col('2030-05-18')).toEqual(['closed', 'closed', 'closed']);
  });

  it('shows a booking in the past as booked, not past', () => {
    const grid = weekGrid(
      config,
      days,
      [booking({ reserveDate: '2030-05-13', startTime: '09:00', endTime: '10:00' })],
      now,
    );
    expect(grid[0][0].state).toBe('booked');
  });
});

describe('the park’s clock', () => {
  afterEach(() => vi.useRealTimers());

  it('judges past by the park’s time, whatever the browser’s zone', () => {
    // 02:30 UTC is 10:30 in Shanghai: a browser in UTC or Los Angeles still sees 09:00 and 10:00 as past.
    vi.useFakeTimers({ now: Date.UTC(2030, 4, 14, 2, 30) });
    expect(calendarToday()).toBe('2030-05-14');
    expect(calendarNow()).toBe('2030-05-14 10:30');
    const config = { openTime: '09:00', closeTime: '12:00', slotMinutes: 60, bookDays: 3 };
    const days = weekDays(calendarToday());
    const grid = weekGrid(config, days, [], calendarNow());
    expect(grid.map((row) => row[days.indexOf('2030-05-14')].state)).toEqual(['past', 'past', 'free']);
  });
});
