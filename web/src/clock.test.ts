import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PARK_ZONE, parkMinute, parkNow, parkToday, setParkClock, useParkClockState } from './clock.ts';

/** 2025-06-30 16:30 UTC: already 2025-07-01 00:30 in Shanghai, still 2025-06-30 09:30 in Los Angeles. */
const INSTANT = Date.UTC(2025, 5, 30, 16, 30);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useParkClockState.setState({ timeZone: DEFAULT_PARK_ZONE, offsetMs: 0, synced: false });
});

describe('the park’s clock', () => {
  it('reads the park’s date and time in its zone, not the browser’s', () => {
    vi.useFakeTimers({ now: INSTANT });
    expect(parkToday()).toBe('2025-07-01');
    expect(parkMinute()).toBe('2025-07-01 00:30');
    setParkClock('America/Los_Angeles', INSTANT, INSTANT, INSTANT);
    expect(parkToday()).toBe('2025-06-30');
    expect(parkMinute()).toBe('2025-06-30 09:30');
  });

  it('follows the server’s clock when the browser’s is wrong, from the middle of the call', () => {
    // The browser is two days and three hours behind; the call took 400 ms.
    const browser = INSTANT - (2 * 24 + 3) * 3600_000;
    vi.useFakeTimers({ now: browser + 400 });
    setParkClock('Asia/Shanghai', INSTANT + 200, browser, browser + 400);
    expect(parkMinute()).toBe('2025-07-01 00:30');
    expect(useParkClockState.getState()).toMatchObject({ synced: true, offsetMs: INSTANT - browser });
    // Time goes on from there.
    vi.setSystemTime(browser + 400 + 90 * 60_000);
    expect(parkMinute()).toBe('2025-07-01 02:00');
  });

  it('compares with what the server and the pickers send: wall times in the browser', () => {
    vi.useFakeTimers({ now: INSTANT });
    // A slot at 00:00 on the park's today has begun; one at 01:00 has not.
    expect(parkNow().isAfter(dayjs('2025-07-01 00:00'))).toBe(true);
    expect(parkNow().isBefore(dayjs('2025-07-01 01:00'))).toBe(true);
    expect(parkNow().startOf('day').format('YYYY-MM-DD HH:mm')).toBe('2025-07-01 00:00');
  });

  it('keeps what it had for a zone or a clock it cannot read', () => {
    vi.useFakeTimers({ now: INSTANT });
    setParkClock('Not/AZone', 'soon', INSTANT, INSTANT);
    expect(useParkClockState.getState()).toMatchObject({ timeZone: DEFAULT_PARK_ZONE, offsetMs: 0, synced: true });
    expect(parkToday()).toBe('2025-07-01');
  });

  it('does not check again the zone it keeps (the check loads the browser’s zone data on a console’s start)', () => {
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    setParkClock(DEFAULT_PARK_ZONE, INSTANT, INSTANT, INSTANT);
    expect(format).not.toHaveBeenCalled();
    setParkClock('America/Los_Angeles', INSTANT, INSTANT, INSTANT);
    expect(format).toHaveBeenCalledTimes(1);
    expect(useParkClockState.getState().timeZone).toBe('America/Los_Angeles');
  });
});
