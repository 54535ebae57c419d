import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { fetchUserInfo } from './api/auth.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The park's clock (issue 34): every "now" and "today" a screen judges by is the park's, as the server keeps it
 * (its time zone and its clock, which user-info reports), never the browser's zone or clock. The server's rules
 * read the database's local time, and the screens send and show the same local wall times as text
 * (yyyy-MM-dd HH:mm), so `parkNow()` answers a dayjs whose date and time read as the park's wall clock: it
 * compares with dates parsed from the server's text and with the pickers' values, wherever the browser is.
 */

/** The zone the server runs in by default (server/src/platform/db.ts), until the server has told its own. */
export const DEFAULT_PARK_ZONE = 'Asia/Shanghai';

interface ParkClock {
  timeZone: string;
  /** The server's clock less the browser's, in milliseconds. */
  offsetMs: number;
  /** Whether the server has told its clock yet. */
  synced: boolean;
}

export const useParkClockState = create<ParkClock>(() => ({
  timeZone: DEFAULT_PARK_ZONE,
  offsetMs: 0,
  synced: false,
}));

function isZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the server's zone and its clock's offset from the browser's: `serverNow` (ms) was read between
 * `sentAt` and `receivedAt` (the browser's ms), so the middle of the call is the best guess of its moment.
 */
export function setParkClock(timeZone: unknown, serverNow: unknown, sentAt: number, receivedAt: number): void {
  const now = Number(serverNow);
  useParkClockState.setState((s) => ({
    // The zone kept is known good: checking it again loads the browser's zone data (about 30 ms of a console's start).
    timeZone: timeZone === s.timeZone || isZone(timeZone) ? timeZone : s.timeZone,
    offsetMs: Number.isFinite(now) && now > 0 ? Math.round(now - (sentAt + receivedAt) / 2) : s.offsetMs,
    synced: true,
  }));
}

const WALL = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** The park's wall clock now (see above): read `.format(...)` for the park's date and time. */
export function parkNow(): Dayjs {
  const { timeZone, offsetMs } = useParkClockState.getState();
  return dayjs(
    dayjs(Date.now() + offsetMs)
      .tz(timeZone)
      .format(WALL),
  );
}

/** The park's today, yyyy-MM-dd. */
export function parkToday(): string {
  return parkNow().format('YYYY-MM-DD');
}

/** The park's now, yyyy-MM-dd HH:mm: the spelling of the server's deadlines and slots. */
export function parkMinute(): string {
  return parkNow().format('YYYY-MM-DD HH:mm');
}

/** Asks the server for its clock and keeps it (user-info carries it). */
async function syncParkClock() {
  const sentAt = Date.now();
  const info = await fetchUserInfo();
  setParkClock(info.timeZone, info.now, sentAt, Date.now());
  return true;
}

/**
 * The signed-in console keeps the park's clock: asked when the console loads and again now and then (a
 * browser's clock drifts, a laptop sleeps). Called once, by the console's frame.
 */
export function useParkClockSync(): void {
  useQuery({
    queryKey: ['park-clock'],
    queryFn: syncParkClock,
    staleTime: 10 * 60_000,
    refetchInterval: 15 * 60_000,
  });
}

/**
 * The park's now for a screen that shows what depends on it: drawn again once the server has told its clock,
 * and every `everyMs` (a window that opens or closes while the screen is open is shown so).
 */
export function useParkNow(everyMs = 30_000): Dayjs {
  // Subscribed to the zone and offset: a change draws the screen again.
  useParkClockState((s) => `${s.timeZone} ${s.offsetMs}`);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => tick((n) => n + 1), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return parkNow();
}
