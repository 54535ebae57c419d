import type { Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../crud/dates.ts';
import type { TaskFilters } from './api.ts';

export const TASK_PAGE_SIZES = [10, 20, 50, 100];

/** The query key of every task list: an operation anywhere invalidates them all. */
export const TASKS_KEY = ['workflow', 'tasks'] as const;

/** What the search bar holds: the filters, the dates as a range. */
export interface SearchValues {
  category?: string;
  processDefinitionName?: string;
  startUsername?: string;
  dates?: [Dayjs, Dayjs];
}

/** The search bar's values as the lists take them (yyyy-MM-dd). */
export function taskFiltersOf({ dates, ...rest }: Partial<SearchValues>): TaskFilters {
  return {
    ...rest,
    ...(dates?.[0] && dates[1]
      ? { beginTime: dates[0].format(DATE_FORMAT), endTime: dates[1].format(DATE_FORMAT) }
      : {}),
  };
}
