import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The look the user chose: one of the spec's 11 themes and a primary colour (default blue). */
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'colourful',
  'smart',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const DEFAULT_PRIMARY = '#1677ff';

/** How many tabs the tags bar holds, 首页 included, before the oldest closable one closes. */
export const DEFAULT_TAG_LIMIT = 20;
export const TAG_LIMIT_RANGE = { min: 5, max: 50 } as const;

interface PreferencesState {
  theme: ThemeName;
  primary: string;
  /** Choosing a theme also takes its own accent colour; the colour picker can change it afterwards. */
  setTheme(theme: ThemeName, primary: string): void;
  setPrimary(primary: string): void;
  /** The tags bar's limit (DEFAULT_TAG_LIMIT): opening one more tab closes the oldest closable one. */
  tagLimit: number;
  setTagLimit(limit: number): void;
  /** Opening a sidebar folder closes its siblings (default), so the menu stays short. */
  accordion: boolean;
  setAccordion(accordion: boolean): void;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      theme: 'default',
      primary: DEFAULT_PRIMARY,
      setTheme: (theme, primary) => set({ theme, primary }),
      setPrimary: (primary) => set({ primary }),
      tagLimit: DEFAULT_TAG_LIMIT,
      setTagLimit: (limit) =>
        set({ tagLimit: Math.min(TAG_LIMIT_RANGE.max, Math.max(TAG_LIMIT_RANGE.min, Math.round(limit))) }),
      accordion: true,
      setAccordion: (accordion) => set({ accordion }),
    }),
    {
      name: 'park.preferences',
      partialize: ({ theme, primary, tagLimit, accordion }) => ({ theme, primary, tagLimit, accordion }),
    },
  ),
);
