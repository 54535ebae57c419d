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

interface PreferencesState {
  theme: ThemeName;
  primary: string;
  /** Choosing a theme also takes its own accent colour; the colour picker can change it afterwards. */
  setTheme(theme: ThemeName, primary: string): void;
  setPrimary(primary: string): void;
}

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      theme: 'default',
      primary: DEFAULT_PRIMARY,
      setTheme: (theme, primary) => set({ theme, primary }),
      setPrimary: (primary) => set({ primary }),
    }),
    { name: 'park.preferences', partialize: ({ theme, primary }) => ({ theme, primary }) },
  ),
);
