import type { App } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];
type Kind = 'error' | 'success' | 'warning';

/**
 * Toasts for code outside React (the HTTP client). While the signed-in layout binds antd's context-aware
 * instance (so toasts follow the theme), that one; otherwise (the login page) antd's static one, loaded on the
 * first toast so that the login page does not carry it.
 */
let messageApi: Pick<MessageApi, Kind> | undefined;

/** Binds antd's context-aware instance; the function returned unbinds it (the layout unmounting on logout). */
export function bindFeedback(api: MessageApi): () => void {
  messageApi = api;
  return () => {
    if (messageApi === api) messageApi = undefined;
  };
}

function show(kind: Kind, text: string): void {
  if (messageApi) {
    void messageApi[kind](text);
    return;
  }
  import('antd/es/message').then(
    ({ default: message }) => void (messageApi ?? message)[kind](text),
    // Its chunk could not be loaded (the network went, a new release replaced it; in the unit tests, the file
    // that toasted has ended): the text goes to the console rather than nowhere.
    () => console.warn(text),
  );
}

export const toast = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
};
