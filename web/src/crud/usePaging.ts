import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Paging {
  current: number;
  size: number;
}

/**
 * A paged list's page and page size, starting on the first page at the smallest size, and the
 * table's pagination that shows and changes them: the sizes offered and the total in words.
 */
export function usePaging(sizes: number[]) {
  const { t } = useTranslation('crud');
  const [paging, setPaging] = useState<Paging>({ current: 1, size: sizes[0] });
  return {
    paging,
    setPaging,
    /** Back to the first page, keeping the size (a new search). */
    toFirstPage: () => setPaging((before) => ({ ...before, current: 1 })),
    pagination: (total: number): TablePaginationConfig => ({
      current: paging.current,
      pageSize: paging.size,
      total,
      pageSizeOptions: sizes,
      showSizeChanger: true,
      showTotal: (all) => t('total', { total: all }),
      onChange: (current, size) => setPaging({ current, size }),
    }),
  };
}
