import { Cron } from 'croner';

/**
 * Cron schedules (scheduled jobs) read the same way on the server, which runs them, and in the
 * browser, which shows a schedule's next runs as it is typed.
 */

/** The park's clock: schedules are read in it, as every stored time is. */
export const PARK_TIME_ZONE = 'Asia/Shanghai';

/**
 * A schedule as croner reads it: five parts are standard cron (minute first, 0 = Sunday); six or
 * seven are Quartz, as BladeX users write them (seconds first, an optional year, 1 = Sunday, `0/5`).
 */
function cronOf(expression: string): Cron {
  const parts = expression.trim().split(/\s+/).length;
  const quartz = parts > 5;
  return new Cron(expression.trim(), {
    paused: true,
    timezone: PARK_TIME_ZONE,
    mode: quartz ? '6-or-7-parts' : '5-part',
    alternativeWeekdays: quartz,
    sloppyRanges: quartz,
  });
}

/** The next `count` times the schedule fires after `from`; throws on an expression that is not one. */
export function nextRuns(expression: string, count: number, from: Date = new Date()): Date[] {
  return cronOf(expression).nextRuns(count, from);
}

/** What is wrong with a cron expression (a rules.ts message), or undefined when it fires at least once more. */
export function cronProblem(expression: string): 'cronInvalid' | 'cronNever' | undefined {
  try {
    return nextRuns(expression, 1).length ? undefined : 'cronNever';
  } catch {
    return 'cronInvalid';
  }
}

/** A time as the park's clock shows it, `yyyy-MM-dd HH:mm:ss`: how the database stores and answers times. */
export function parkTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PARK_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
