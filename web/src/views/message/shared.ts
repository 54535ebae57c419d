import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/http.ts';
import { MESSAGE_KEY } from '../../api/message.ts';
import { usePaging } from '../../crud/usePaging.ts';
import { useSearch } from '../../crud/useSearch.ts';
import { MESSAGE_PAGE_SIZES } from '../../shell/messages.ts';
import { useConfirmedAction } from '../system/shared/useConfirmedAction.ts';

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
  const confirmed = useConfirmedAction();
  const client = useQueryClient();
  const { paging, toFirstPage, pagination } = usePaging(MESSAGE_PAGE_SIZES);
  const { filters, searches, search } = useSearch<Query>({});
  const [selected, setSelected] = useState<string[]>([]);

  const query = { ...filters, ...paging };
  const rows = useQuery({
    queryKey: [...queryKey, query, searches],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });

  return {
    rows,
    selected,
    rowSelection: {
      selectedRowKeys: selected,
      onChange: (keys: Key[]) => setSelected(keys.map(String)),
      getTitleCheckboxProps: () => ({ 'aria-label': t('crud:selectAll') }),
    },
    pagination: pagination(rows.data?.total ?? 0),
    search: (next: Query) => {
      search(next);
      toFirstPage();
    },
    remove: (ids: string[]) =>
      confirmed({
        ids,
        question: t('removeConfirm'),
        call: remove,
        done: () => {
          setSelected([]);
          void client.invalidateQueries({ queryKey: MESSAGE_KEY });
        },
        doneMessage: t('done'),
      }),
  };
}
