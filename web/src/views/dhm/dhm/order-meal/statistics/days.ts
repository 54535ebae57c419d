import dayjs from 'dayjs';
import type { MealCounts, MealStatistics } from '../../../../../api/dhm.ts';
import { DATE_FORMAT } from '../../../../../crud/dates.ts';

/**
 * The table's rows summed by day: what the chart draws, every day of the range in order, a day without
 * orders as zero (a chart that skipped it would draw two days apart side by side).
 */
export function byDay(rows: MealStatistics['rows'], startDate: string, endDate: string) {
  const days = new Map<string, MealCounts & { revenueYuan: number }>();
  for (let d = dayjs(startDate); !d.isAfter(dayjs(endDate), 'day') && days.size <= 366; d = d.add(1, 'day')) {
    days.set(d.format(DATE_FORMAT), { booked: 0, writtenOff: 0, cancelled: 0, revenue: '0', revenueYuan: 0 });
  }
  for (const r of rows) {
    const d = days.get(r.mealDate) ?? { booked: 0, writtenOff: 0, cancelled: 0, revenue: '0', revenueYuan: 0 };
    d.booked += r.booked;
    d.writtenOff += r.writtenOff;
    d.cancelled += r.cancelled;
    // Cents, so that sums of yuan stay exact.
    d.revenueYuan = Math.round(d.revenueYuan * 100 + Number(r.revenue) * 100) / 100;
    days.set(r.mealDate, d);
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, d]) => ({
      date,
      booked: d.booked,
      writtenOff: d.writtenOff,
      cancelled: d.cancelled,
      revenue: d.revenueYuan.toFixed(2),
    }));
}
