import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** An open page in the tags bar; the menu code and name let the label follow the language. */
export interface Tag {
  path: string;
  code: string;
  name: string;
}

interface TagsState {
  /** Open pages after the home tag, which is always first and so is not stored. */
  tags: Tag[];
  open(tag: Tag): void;
  close(path: string): void;
  reset(): void;
}

export const useTags = create<TagsState>()(
  persist(
    (set) => ({
      tags: [],
      open: (tag) => set((s) => (s.tags.some((t) => t.path === tag.path) ? s : { tags: [...s.tags, tag] })),
      close: (path) => set((s) => ({ tags: s.tags.filter((t) => t.path !== path) })),
      reset: () => set({ tags: [] }),
    }),
    { name: 'park.tags', partialize: ({ tags }) => ({ tags }) },
  ),
);
