import { create } from 'zustand';

/** Where a kept page was last shown: its path and query, which it sees again while hidden. */
export interface KeptPage {
  path: string;
  search: string;
  hash: string;
}

/**
 * The pages kept alive (menu flag isOpen = 2): each stays mounted, hidden, after the user leaves it,
 * so its search fields and page number are there on return. Only in memory: a reload starts afresh.
 */
interface KeptPagesState {
  pages: KeptPage[];
  /** Counts the clears: part of each kept page's key, so a clear remounts even the page on screen. */
  generation: number;
  /** Adds the page, or updates where it is, keeping its place so React keeps its instance. */
  keep(page: KeptPage): void;
  drop(path: string): void;
  clear(): void;
}

export const useKeptPages = create<KeptPagesState>()((set) => ({
  pages: [],
  generation: 0,
  keep: (page) => set((s) => ({ pages: withPage(s.pages, page) })),
  drop: (path) => set((s) => ({ pages: s.pages.filter((p) => p.path !== path) })),
  clear: () => set((s) => ({ pages: [], generation: s.generation + 1 })),
}));

/** `pages` with `page` in its place (or last); the same array when nothing changed. */
export function withPage(pages: KeptPage[], page: KeptPage): KeptPage[] {
  const index = pages.findIndex((p) => p.path === page.path);
  if (index < 0) return [...pages, page];
  const old = pages[index];
  if (old.search === page.search && old.hash === page.hash) return pages;
  return pages.map((p, i) => (i === index ? page : p));
}
