import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { ClearButtonNames } from '../crud/clearable.tsx';
import { antdLocaleOf, useLang } from '../i18n/index.ts';
import { usePreferences } from '../stores/preferences.ts';
import { installErrorCapture } from './errorCapture.ts';
import { KeptStyles } from './styleCache.tsx';
import { antdThemeOf, THEMES } from './themes.ts';

const REDUCED_MOTION = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

// From the first render on, so errors of the app's start land in the local error log too.
installErrorCapture();

/**
 * Antd's configuration for the whole app: its locale follows the language, its look the chosen theme and colour.
 * Antd's App (toasts, dialogs) is AppFeedback's, around the signed-in layout: the login page does without it.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const lang = useLang();
  const themeName = usePreferences((s) => s.theme);
  const primary = usePreferences((s) => s.primary);
  const theme = useMemo(() => {
    const chosen = antdThemeOf(THEMES[themeName] ?? THEMES.default, primary);
    // A person who asked the system for less motion gets dialogs, drop-downs and toasts without animation.
    return REDUCED_MOTION ? { ...chosen, token: { ...chosen.token, motion: false } } : chosen;
  }, [themeName, primary]);
  return (
    <KeptStyles>
      <ConfigProvider
        locale={antdLocaleOf(lang)}
        theme={theme}
        // Buttons show their label as written: no space inserted between two Chinese characters.
        button={{ autoInsertSpace: false }}
      >
        {/* antd names every select's clear button "Clear" whatever the locale: named in the language here, once. */}
        <ClearButtonNames />
        {children}
      </ConfigProvider>
    </KeptStyles>
  );
}
