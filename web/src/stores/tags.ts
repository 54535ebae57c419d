import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { movedAddress } from '../router/movedPaths.ts';
import { usePreferences } from './preferences.ts';

/** An open page in the tags bar; the menu code and name let the label follow the language. */
export interface Tag {
  path: string;
  code: string;
  name: string;
  /** The whole address the tab leads back to, when the path alone would lose it (a detail's `?id=`). */
  to?: string;
}

/**
 * The tags within the bar's limit (`limit` tabs, 首页 included, which is not among `tags`): the oldest
 * close first, never the one at `current`.
 */
export function withinLimit(tags: Tag[], limit: number, current: string): Tag[] {
  const kept = [...tags];
  while (kept.length + 1 > limit) {
    const oldest = kept.findIndex((tag) => tag.path !== current);
    if (oldest < 0) break;
    kept.splice(oldest, 1);
  }
  return kept.length === tags.length ? tags : kept;
}

/** A tab of a screen that moved (router/movedPaths.ts) at the screen's new address; any other as it was. */
export function movedTag(tag: Tag): Tag {
  const path = movedAddress(tag.path);
  if (!path) return tag;
  return { ...tag, path, ...(tag.to ? { to: movedAddress(tag.to) ?? tag.to } : {}) };
}

const limitOf = () => usePreferences.getState().tagLimit;

interface TagsState {
  /** Open pages after the home tag, which is always first and so is not stored. */
  tags: Tag[];
  open(tag: Tag): void;
  /** Opens the tag, or brings the open one at its path up to date (a page naming its own tab). */
  keep(tag: Tag): void;
  close(path: string): void;
  /** Closes the oldest tags beyond the limit (it was lowered), keeping the one at `current`. */
  trim(current: string): void;
  reset(): void;
}

export const useTags = create<TagsState>()(
  persist(
    (set) => ({
      tags: [],
      open: (tag) =>
        set((s) =>
          s.tags.some((t) => t.path === tag.path) ? s : { tags: withinLimit([...s.tags, tag], limitOf(), tag.path) },
        ),
      keep: (tag) =>
        set((s) => {
          const open = s.tags.find((t) => t.path === tag.path);
          if (!open) return { tags: withinLimit([...s.tags, tag], limitOf(), tag.path) };
          if (open.code === tag.code && open.name === tag.name && open.to === tag.to) return s;
          return { tags: s.tags.map((t) => (t === open ? tag : t)) };
        }),
      close: (path) => set((s) => ({ tags: s.tags.filter((t) => t.path !== path) })),
      trim: (current) =>
        set((s) => {
          const tags = withinLimit(s.tags, limitOf(), current);
          return tags === s.tags ? s : { tags };
        }),
      reset: () => set({ tags: [] }),
    }),
    {
      name: 'park.tags',
      partialize: ({ tags }) => ({ tags }),
      // Version 1: the tabs of screens that moved to BladeX's paths (router/movedPaths.ts) open them at the new ones.
      version: 1,
      migrate: (stored, version) => {
        const { tags } = (stored ?? {}) as { tags?: Tag[] };
        if (version >= 1 || !Array.isArray(tags)) return stored as TagsState;
        return { tags: tags.map(movedTag) } as TagsState;
      },
    },
  ),
);
