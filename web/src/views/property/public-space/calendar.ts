import { APPROVAL_STATUS, clockMinutes, clockText, RESERVE_STATUS } from '@park/catalog';
import type { Dayjs } from 'dayjs';
import { parkNow, parkToday } from '../../../clock.ts';

/**
 * The week calendar of a public space, as data: the slots of a day from the space's config, the seven days of
 * a week, and for each (slot, day) cell the reservation that covers it, or whether it is past or beyond the
 * booking window. Pure, so the grid's rules are tested apart from the screen (calendar.test.ts).
 */

/** The config fields of a space's row (unknown: read as the row carries them, checked here). */
export interface CalendarConfig {
  openTime?: unknown;
  closeTime?: unknown;
  slotMinutes?: unknown;
  bookDays?: unknown;
}

export interface Slot {
  start: string;
  end: string;
  startMinute: number;
  endMinute: number;
}

/** A reservation as reserveRecord answers it. */
export interface Booking {
  id: string;
  reserveDate: string;
  startTime: string;
  endTime: string;
  reserveStatus: number;
  subject?: string | null;
  userName?: string | null;
  enterpriseName?: string | null;
  mine?: boolean;
  cancellable?: boolean;
  /** 0 none needed, 1 pending, 2 approved, 3 rejected (APPROVAL_STATUS); a rejected one holds no slot. */
  approvalStatus?: number;
  approvalReason?: string | null;
  /** Whether the caller may approve or reject it now (the park's space staff, a pending one not started). */
  decidable?: boolean;
}

/** Whether a reservation holds its slot: booked and not rejected (pending, approved or needing no approval). */
export const holdsSlot = (b: Booking) =>
  Number(b.reserveStatus) === RESERVE_STATUS.booked && Number(b.approvalStatus ?? 0) !== APPROVAL_STATUS.rejected;

export type CellState = 'booked' | 'free' | 'past' | 'closed';

export interface Cell {
  date: string;
  slot: Slot;
  state: CellState;
  booking?: Booking;
}

/** The slots of a day: from opening to closing in steps of the slot length; none for a config that makes none. */
export function daySlots(config: CalendarConfig): Slot[] {
  const open = clockMinutes(config.openTime);
  const close = clockMinutes(config.closeTime, true);
  const slot = Number(config.slotMinutes);
  if (open === undefined || close === undefined || !Number.isInteger(slot) || slot <= 0 || open >= close) return [];
  const slots: Slot[] = [];
  // A last slot that would pass the closing time is not offered (the server refuses such a config anyway).
  for (let m = open; m + slot <= close; m += slot) {
    slots.push({ start: clockText(m), end: clockText(m + slot), startMinute: m, endMinute: m + slot });
  }
  return slots;
}

/** `date` (yyyy-MM-dd) moved by `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven days, Monday to Sunday, of the week holding `date`. */
export function weekDays(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The park's today (yyyy-MM-dd) and now (yyyy-MM-dd HH:mm) for the calendar (issue 34): the server judges a slot
 * past by the park's clock, so the grid does too, never by the browser's zone or clock. The screen takes its
 * `now` from `useParkNow()` (web/src/clock.ts: drawn again when the server's clock arrives and as time passes)
 * and passes `calendarNow(now)` to weekGrid, and starts its week on `calendarToday()`.
 */
export const calendarToday = (): string => parkToday();
export const calendarNow = (now: Dayjs = parkNow()): string => now.format('YYYY-MM-DD HH:mm');

/** Whether a live, not rejected reservation covers any part of the slot on the day (one off the grid counts too). */
function covering(bookings: Booking[], date: string, slot: Slot): Booking | undefined {
  return bookings.find((b) => {
    if (b.reserveDate !== date || !holdsSlot(b)) return false;
    const start = clockMinutes(b.startTime);
    const end = clockMinutes(b.endTime, true);
    return start !== undefined && end !== undefined && start < slot.endMinute && slot.startMinute < end;
  });
}

/**
 * The grid: one row per slot, one cell per day. A cell is booked when a live reservation overlaps it, past when
 * it starts at or before `now` (yyyy-MM-dd HH:mm, the park's clock: calendarNow), closed beyond today + bookDays, else free.
 */
export function weekGrid(config: CalendarConfig, days: string[], bookings: Booking[], now: string): Cell[][] {
  const today = now.slice(0, 10);
  const nowMinute = clockMinutes(now.slice(11, 16)) ?? 0;
  const daysAhead = Number(config.bookDays);
  const lastDay = Number.isInteger(daysAhead) && daysAhead > 0 ? addDays(today, daysAhead) : undefined;
  return daySlots(config).map((slot) =>
    days.map((date): Cell => {
      const booking = covering(bookings, date, slot);
      if (booking) return { date, slot, state: 'booked', booking };
      if (date < today || (date === today && slot.startMinute <= nowMinute)) return { date, slot, state: 'past' };
      if (lastDay !== undefined && date > lastDay) return { date, slot, state: 'closed' };
      return { date, slot, state: 'free' };
    }),
  );
}
