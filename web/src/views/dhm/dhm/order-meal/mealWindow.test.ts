import { describe, expect, it } from 'vitest';
import { mealWindow, onMealDay } from './mealWindow.ts';
import { byDay } from './statistics/days.ts';

describe('a meal’s booking window by the park’s clock', () => {
  const sameDay = { mealDate: '2030-05-15', opensAt: '2030-05-15 00:00', deadline: '2030-05-15 10:00' };
  const ahead = { mealDate: '2030-05-15', opensAt: null, deadline: '2030-05-14 18:00' };

  it('is not open yet before a same-day window opens (and says when), open until its deadline, then closed', () => {
    expect(mealWindow(sameDay, '2030-05-14 23:59:59')).toEqual({ state: 'notOpen', at: '2030-05-15 00:00' });
    expect(mealWindow(sameDay, '2030-05-15 00:00:00')).toEqual({ state: 'open', until: '2030-05-15 10:00' });
    expect(mealWindow(sameDay, '2030-05-15 10:00:00')).toEqual({ state: 'open', until: '2030-05-15 10:00' });
    expect(mealWindow(sameDay, '2030-05-15 10:00:01')).toEqual({ state: 'closed' });
  });

  it('is open any time before a deadline days ahead, and closed on a past day', () => {
    expect(mealWindow(ahead, '2030-05-01 08:00:00')).toEqual({ state: 'open', until: '2030-05-14 18:00' });
    expect(mealWindow(ahead, '2030-05-14 18:00:30')).toEqual({ state: 'closed' });
    expect(mealWindow({ ...sameDay, deadline: '2030-05-15 23:59' }, '2030-05-16 00:00:00')).toEqual({
      state: 'closed',
    });
  });

  it('offers 核销 on the meal day only', () => {
    expect(onMealDay('2030-05-15', '2030-05-15')).toBe(true);
    expect(onMealDay('2030-05-16', '2030-05-15')).toBe(false);
    expect(onMealDay('2030-05-14', '2030-05-15')).toBe(false);
    expect(onMealDay(undefined, '2030-05-15')).toBe(false);
  });
});

describe('the statistics chart’s days', () => {
  const row = (mealDate: string, booked: number, revenue: string) => ({
    mealDate,
    categoryMealId: '1',
    categoryName: '午餐',
    mealId: mealDate,
    mealName: '套餐',
    booked,
    writtenOff: 0,
    cancelled: 0,
    revenue,
  });

  it('has every day of the range in order, a day without orders as zero', () => {
    const days = byDay([row('2030-05-16', 2, '29.00'), row('2030-05-14', 1, '14.50')], '2030-05-13', '2030-05-16');
    expect(days.map((d) => d.date)).toEqual(['2030-05-13', '2030-05-14', '2030-05-15', '2030-05-16']);
    expect(days.map((d) => d.booked)).toEqual([0, 1, 0, 2]);
    expect(days.map((d) => d.revenue)).toEqual(['0.00', '14.50', '0.00', '29.00']);
  });
});
