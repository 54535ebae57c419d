import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';

/** Page-size choices of the message lists (spec part 9: 10/20/30/50, default 10). */
export const PAGE_SIZES = [10, 20, 30, 50];

/** The name of a message type (1 ordinary, 2 department broadcast, 3 approval, 4 role broadcast). */
export function useTypeName() {
  const { t } = useTranslation('message');
  return (type: number) =>
    type >= 1 && type <= 4 ? t(`types.${String(type) as '1' | '2' | '3' | '4'}`) : String(type);
}

/**
 * Asks first, then runs the action and says 操作成功！ (spec part 8); a failure was already shown
 * by the request with the server's message.
 */
export function useConfirmed() {
  const { t } = useTranslation(['message', 'crud', 'common']);
  const { modal } = App.useApp();
  return (question: string, action: () => Promise<unknown>) =>
    modal.confirm({
      title: t('crud:confirmTitle'),
      content: question,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await action();
          toast.success(t('message:done'));
        } catch {
          // Shown by the HTTP client.
        }
      },
    });
}
