import { describe, expect, it } from 'vitest';
import { mergeFilters, periodFilters, stateFilters, surveyState } from './state.ts';

const row = (status: number, publishTime: string | null, phase: 'notStarted' | 'ongoing' | 'ended') => ({
  status,
  publishTime,
  phase,
});

describe('surveyState', () => {
  it('names a survey never enabled unpublished, whatever its period', () => {
    expect(surveyState(row(0, null, 'ongoing'))).toBe('unpublished');
    expect(surveyState(row(0, null, 'ended'))).toBe('unpublished');
  });

  it('names an enabled survey by its period', () => {
    expect(surveyState(row(1, '2025-04-01 09:00:00', 'notStarted'))).toBe('notStarted');
    expect(surveyState(row(1, '2025-04-01 09:00:00', 'ongoing'))).toBe('ongoing');
    expect(surveyState(row(1, '2025-04-01 09:00:00', 'ended'))).toBe('ended');
  });

  it('names a published survey deactivated before its end deactivated, after its end ended', () => {
    expect(surveyState(row(0, '2025-04-01 09:00:00', 'ongoing'))).toBe('deactivated');
    expect(surveyState(row(0, '2025-04-01 09:00:00', 'ended'))).toBe('ended');
  });
});

describe('the list filters', () => {
  const now = '2025-05-10 12:00:00';

  it('find each state as surveyState names it', () => {
    expect(stateFilters('ongoing', now)).toEqual({ status_equal: '1', startTime_datele: now, endTime_datege: now });
    expect(stateFilters('ended', now)).toEqual({ publishTime_notnull: '1', endTime_datelt: now });
    expect(stateFilters('unpublished', now)).toEqual({ status_equal: '0', publishTime_null: '1' });
  });

  it('find the surveys whose period meets the picked days', () => {
    expect(periodFilters('2025-05-01', '2025-05-31')).toEqual({
      startTime_datele: '2025-05-31 23:59:59',
      endTime_datege: '2025-05-01 00:00:00',
    });
    expect(periodFilters(undefined, undefined)).toEqual({});
  });

  it('keep the narrower bound where a state and a period bound the same date', () => {
    const merged = mergeFilters(stateFilters('ongoing', now), periodFilters('2025-05-01', '2025-05-31'));
    expect(merged).toEqual({ status_equal: '1', startTime_datele: now, endTime_datege: now });
    const later = mergeFilters(stateFilters('ongoing', now), periodFilters('2025-06-01', '2025-06-30'));
    expect(later.endTime_datege).toBe('2025-06-01 00:00:00');
    expect(later.startTime_datele).toBe(now);
  });
});
