import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** What went wrong in the browser, kept locally until uploaded or cleared (spec part 2, log dialog). */
export type ErrorLogType = 'error' | 'promise' | 'request';

export interface ErrorLogEntry {
  type: ErrorLogType;
  /** The page (or, for a failed request, the request) where it happened. */
  url: string;
  message: string;
  stack: string;
  /** More detail: the request's method and status, or the source position. */
  info: string;
  /** yyyy-MM-dd HH:mm:ss, local time. */
  time: string;
}

/** The newest entries only: a page stuck in a failing loop must not fill localStorage. */
export const MAX_ENTRIES = 200;

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add(entry: ErrorLogEntry): void;
  clear(): void;
}

export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set) => ({
      entries: [],
      add: (entry) => set((s) => ({ entries: [entry, ...s.entries].slice(0, MAX_ENTRIES) })),
      clear: () => set({ entries: [] }),
    }),
    { name: 'park.errorLog', partialize: ({ entries }) => ({ entries }) },
  ),
);
