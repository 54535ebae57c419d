/**
 * A due time or reminder as the drawer edits it (a number and a unit) and as the XML keeps it (an ISO 8601
 * duration, park:dueTime / park:remindBefore / a timer's timeDuration): P2D, PT4H, PT30M.
 */

export const DURATION_UNITS = ['minute', 'hour', 'day'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export interface Amount {
  amount: number;
  unit: DurationUnit;
}

const MINUTES: Record<DurationUnit, number> = { minute: 1, hour: 60, day: 24 * 60 };

export function toDuration({ amount, unit }: Amount): string {
  if (unit === 'day') return `P${amount}D`;
  return `PT${amount}${unit === 'hour' ? 'H' : 'M'}`;
}

const ISO = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/;

/** Whole minutes of a duration in weeks, days, hours and minutes; undefined for anything else (seconds, months, text). */
export function durationMinutes(iso: string): number | undefined {
  const match = ISO.exec(iso.trim());
  if (!match || iso.trim() === 'P' || iso.trim().endsWith('T')) return undefined;
  const [, weeks, days, hours, minutes] = match.map((part) => Number(part ?? 0));
  return ((weeks * 7 + days) * 24 + hours) * 60 + minutes;
}

/** The duration in the largest unit that holds it whole (P1DT4H is 28 hours); undefined when it is not one we write. */
export function fromDuration(iso: string): Amount | undefined {
  const minutes = durationMinutes(iso);
  if (minutes === undefined) return undefined;
  const unit = [...DURATION_UNITS].reverse().find((u) => minutes % MINUTES[u] === 0) ?? 'minute';
  return { amount: minutes / MINUTES[unit], unit };
}
