import { type App, message } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts for code outside React (the HTTP client). Until the app binds antd's context-aware
 * instance (so toasts follow the theme), antd's static one serves.
 */
let messageApi: Pick<MessageApi, 'error' | 'success' | 'warning'> = message;

export function bindFeedback(api: MessageApi): void {
  messageApi = api;
}

export const toast = {
  error: (text: string) => void messageApi.error(text),
  success: (text: string) => void messageApi.success(text),
  warning: (text: string) => void messageApi.warning(text),
};
