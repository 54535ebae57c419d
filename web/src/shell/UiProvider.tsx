import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { bindFeedback } from '../feedback.ts';
import { useLang } from '../i18n/index.ts';
import { usePreferences } from '../stores/preferences.ts';
import { installErrorCapture } from './errorCapture.ts';
import { antdThemeOf, THEMES } from './themes.ts';

// From the first render on, so errors of the app's start land in the local error log too.
installErrorCapture();

/** Lets code outside React (the HTTP client) show toasts through antd's context. */
function FeedbackBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** Antd's configuration for the whole app: its locale follows the language, its look the chosen theme and colour. */
export function UiProvider({ children }: { children: ReactNode }) {
  const lang = useLang();
  const themeName = usePreferences((s) => s.theme);
  const primary = usePreferences((s) => s.primary);
  const theme = useMemo(() => antdThemeOf(THEMES[themeName] ?? THEMES.default, primary), [themeName, primary]);
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
      theme={theme}
      // Buttons show their label as written: no space inserted between two Chinese characters.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <FeedbackBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
