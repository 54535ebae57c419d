import type { SurveyRow } from './api.ts';

/**
 * What a survey's tag says: 未发布 (never enabled), 已结束 (published and past its end), 已停用 (published, then
 * deactivated), 未开始 (enabled, before its start), 进行中 (enabled, within its period).
 */
export const SURVEY_STATES = ['unpublished', 'notStarted', 'ongoing', 'ended', 'deactivated'] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];

/** antd's status colours, whose text keeps its contrast on the tag (the plain green and red do not). */
export const STATE_COLORS: Record<SurveyState, string> = {
  unpublished: 'default',
  notStarted: 'processing',
  ongoing: 'success',
  ended: 'default',
  deactivated: 'error',
};

export function surveyState(row: Pick<SurveyRow, 'status' | 'publishTime' | 'phase'>): SurveyState {
  if (!row.publishTime && row.status !== 1) return 'unpublished';
  if (row.phase === 'ended') return 'ended';
  if (row.status !== 1) return 'deactivated';
  return row.phase === 'notStarted' ? 'notStarted' : 'ongoing';
}

/**
 * The page filters that find the surveys in a state (CONTRACT.md's suffixes), at `now` (yyyy-MM-dd HH:mm:ss, the
 * server's local time as the browser's clock tells it).
 */
export function stateFilters(state: SurveyState, now: string): Record<string, string> {
  switch (state) {
    case 'unpublished':
      return { status_equal: '0', publishTime_null: '1' };
    case 'ended':
      return { publishTime_notnull: '1', endTime_datelt: now };
    case 'deactivated':
      return { status_equal: '0', publishTime_notnull: '1', endTime_datege: now };
    case 'notStarted':
      return { status_equal: '1', startTime_dategt: now };
    case 'ongoing':
      return { status_equal: '1', startTime_datele: now, endTime_datege: now };
  }
}

/** The filters of surveys whose period meets the days from `from` to `to` (yyyy-MM-dd, either may be open). */
export function periodFilters(from?: string, to?: string): Record<string, string> {
  return {
    ...(to ? { startTime_datele: `${to} 23:59:59` } : {}),
    ...(from ? { endTime_datege: `${from} 00:00:00` } : {}),
  };
}

/** Two sets of filters as one: where both bound a date the same way, the narrower bound holds. */
export function mergeFilters(a: Record<string, string>, b: Record<string, string>): Record<string, string> {
  const merged = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const before = merged[key];
    if (before === undefined) merged[key] = value;
    // The dates are yyyy-MM-dd HH:mm:ss: their text sorts as they do.
    else if (/_date(le|lt)$/.test(key)) merged[key] = [value, before].sort()[0];
    else if (/_date(ge|gt)$/.test(key)) merged[key] = [value, before].sort()[1];
    else merged[key] = value;
  }
  return merged;
}
