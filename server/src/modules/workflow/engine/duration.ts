/**
 * ISO 8601 durations as a task's due time and its reminder carry them (park:dueTime="P2D",
 * park:remindBefore="PT4H"): `P[nY][nM][nW][nD][T[nH][nM][n[.n]S]]`, at least one part, longer than nothing.
 */
const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds in each part, a year and a month taken at 365 and 30 days (only to compare two durations). */
const SECONDS = [365 * 86_400, 30 * 86_400, 7 * 86_400, 86_400, 3_600, 60, 1];

/** The duration in seconds, or undefined when the text is no ISO 8601 duration of some length. */
export function durationSeconds(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  // `P` alone and `PT` (a T with nothing after it) say nothing.
  if (!m || /T$/.test(text.trim())) return undefined;
  const parts = m.slice(1);
  if (parts.every((p) => p === undefined)) return undefined;
  const seconds = parts.reduce((sum, p, i) => sum + (p === undefined ? 0 : Number(p) * SECONDS[i]), 0);
  return seconds > 0 ? seconds : undefined;
}
