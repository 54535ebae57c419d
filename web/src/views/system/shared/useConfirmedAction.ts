import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../feedback.ts';
import { requireSelection } from './requireSelection.ts';

interface ConfirmedAction {
  /** The rows to act on; none is refused with 请选择至少一条数据. */
  ids: string[];
  question: string;
  call: (ids: string[]) => Promise<unknown>;
  /** After success (the list reloads). */
  done: () => void;
}

/** An action on picked rows that asks first, then says 操作成功 or leaves the server's error shown. */
export function useConfirmedAction() {
  const { t } = useTranslation(['system', 'common']);
  const { modal } = App.useApp();
  return ({ ids, question, call, done }: ConfirmedAction) =>
    requireSelection(ids, () =>
      modal.confirm({
        title: t('confirmTitle'),
        content: question,
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        onOk: async () => {
          try {
            await call(ids);
            toast.success(t('done'));
            done();
          } catch {
            // Already shown by the HTTP client.
          }
        },
      }),
    );
}
