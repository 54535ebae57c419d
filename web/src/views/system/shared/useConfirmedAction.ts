import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../feedback.ts';
import { requireSelection } from './requireSelection.ts';

/**
 * Asks first, then runs the action and says it went well (操作成功 unless told otherwise); a
 * failure was already shown by the request with the server's message, and the question closes.
 */
export function useConfirmed() {
  const { t } = useTranslation(['system', 'common']);
  const { modal } = App.useApp();
  /** `doneMessage` null: the action says how it went itself. */
  return (question: string, action: () => Promise<unknown>, doneMessage: string | null = t('done')) =>
    modal.confirm({
      title: t('confirmTitle'),
      content: question,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await action();
          if (doneMessage !== null) toast.success(doneMessage);
        } catch {
          // Already shown by the HTTP client.
        }
      },
    });
}

interface ConfirmedAction {
  /** The rows to act on; none is refused with 请选择至少一条数据. */
  ids: string[];
  question: string;
  call: (ids: string[]) => Promise<unknown>;
  /** After success (the list reloads). */
  done: () => void;
  /** The toast after success, 操作成功 when not given. */
  doneMessage?: string;
}

/** An action on picked rows that asks first, then says 操作成功 or leaves the server's error shown. */
export function useConfirmedAction() {
  const confirmed = useConfirmed();
  return ({ ids, question, call, done, doneMessage }: ConfirmedAction) =>
    requireSelection(ids, () =>
      confirmed(
        question,
        async () => {
          await call(ids);
          done();
        },
        doneMessage,
      ),
    );
}
