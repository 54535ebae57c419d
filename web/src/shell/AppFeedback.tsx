import { App as AntApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { bindFeedback } from '../feedback.ts';

/** Lets code outside React (the HTTP client) show toasts through antd's context while it is mounted. */
function FeedbackBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/**
 * Antd's App (the context of App.useApp's toasts and dialogs) with the HTTP client's toasts bound to it: around
 * the signed-in layout and the dialogs outside it, not around the login page, which its code (some 30 kB
 * compressed: messages, notifications, modal dialogs) would weigh on.
 */
export function AppFeedback({ children, bare = false }: { children: ReactNode; bare?: boolean }) {
  return (
    // `bare`: no element of its own (around a dialog, which draws elsewhere).
    <AntApp component={bare ? false : undefined}>
      <FeedbackBinder />
      {children}
    </AntApp>
  );
}
