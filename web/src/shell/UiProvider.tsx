import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { bindFeedback } from '../feedback.ts';
import { useLang } from '../i18n/index.ts';

/** Lets code outside React (the HTTP client) show toasts through antd's context. */
function FeedbackBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** Antd's configuration for the whole app: its locale follows the language. */
export function UiProvider({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
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
