import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** An open page in the tags bar; the menu code and name let the label follow the language. */
export interface Tag {
  path: string;
  code: string;
  name: string;
  /** The whole address the tab leads back to, when the path alone would lose it (a detail's `?id=`). */
  to?: string;
}

interface TagsState {
  /** Open pages after the home tag, which is always first and so is not stored. */
  tags: Tag[];
  open(tag: Tag): void;
  /** Opens the tag, or brings the open one at its path up to date (a page naming its own tab). */
  keep(tag: Tag): void;
  close(path: string): void;
  reset(): void;
}

export const useTags = create<TagsState>()(
  persist(
    (set) => ({
      tags: [],
      open: (tag) => set((s) => (s.tags.some((t) => t.path === tag.path) ? s : { tags: [...s.tags, tag] })),
      keep: (tag) =>
        set((s) => {
          const open = s.tags.find((t) => t.path === tag.path);
          if (!open) return { tags: [...s.tags, tag] };
          if (open.code === tag.code && open.name === tag.name && open.to === tag.to) return s;
          return { tags: s.tags.map((t) => (t === open ? tag : t)) };
        }),
      close: (path) => set((s) => ({ tags: s.tags.filter((t) => t.path !== path) })),
      reset: () => set({ tags: [] }),
    }),
    { name: 'park.tags', partialize: ({ tags }) => ({ tags }) },
  ),
);
