import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/http.ts';
import { MESSAGE_KEY } from '../../api/message.ts';
import { usePaging } from '../../crud/usePaging.ts';
import { toast } from '../../feedback.ts';
import { MESSAGE_PAGE_SIZES } from '../../shell/messages.ts';

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

interface MessageListOptions<R> {
  /** The list's query key, below the bell's `message`. */
  queryKey: readonly unknown[];
  load(query: Query): Promise<{ records: R[]; total: number }>;
  /** Removes the rows of these ids on the server. */
  remove(ids: string[]): Promise<unknown>;
}

/**
 * What both message lists hold: the search's filters, the page, the picked rows, and removal of
 * rows after a confirmation, after which every message query refreshes (the bell's count too).
 */
export function useMessageList<R>({ queryKey, load, remove }: MessageListOptions<R>) {
  const { t } = useTranslation(['message', 'crud']);
  const confirmed = useConfirmed();
  const client = useQueryClient();
  const { paging, toFirstPage, pagination } = usePaging(MESSAGE_PAGE_SIZES);
  const [filters, setFilters] = useState<Query>({});
  const [selected, setSelected] = useState<string[]>([]);

  const query = { ...filters, ...paging };
  const rows = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });

  return {
    rows,
    selected,
    rowSelection: { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(String)) },
    pagination: pagination(rows.data?.total ?? 0),
    search: (next: Query) => {
      setFilters(next);
      toFirstPage();
    },
    remove: (ids: string[]) => {
      if (!ids.length) {
        toast.warning(t('crud:selectAtLeastOne'));
        return;
      }
      confirmed(t('removeConfirm'), async () => {
        await remove(ids);
        setSelected([]);
        await client.invalidateQueries({ queryKey: MESSAGE_KEY });
      });
    },
  };
}
