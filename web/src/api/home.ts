import { request } from './http.ts';

/** The home page's summary (blade-desk/home/summary, our extension): the caller's work and the day's figures. */
export interface SummaryItem {
  key: string;
  value: number;
  /** The screen that lists what the number counts. */
  path: string;
  unit?: 'yuan' | 'percent';
}

export interface HomeSummary {
  /** The caller's roles by name. */
  roles: string[];
  /** A company account: the figures are its own enterprise's. */
  company: boolean;
  /** Only what waits (a count above 0) on screens the caller opens. */
  work: SummaryItem[];
  /** Only the figures whose screens the caller opens. */
  figures: SummaryItem[];
}

export const fetchHomeSummary = () => request<HomeSummary>('blade-desk/home/summary');

export interface NoticeDetail {
  id: string;
  title: string;
  releaseTime: string;
  content: string | null;
}

export const fetchNotice = (id: string) => request<NoticeDetail>('blade-desk/notice/detail', { query: { id } });
