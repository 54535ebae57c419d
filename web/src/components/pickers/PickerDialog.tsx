import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Modal, Table, type TableColumnType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page, PageQuery, Row } from '../../api/crud.ts';
import { rowPickLabel } from '../../crud/rowPickLabel.ts';
import { useSearch } from '../../crud/useSearch.ts';
import { toast } from '../../feedback.ts';
import { SearchBar } from '../SearchBar.tsx';
import { PICKER_PAGE_SIZE } from './sources.ts';

export interface PickerDialogProps {
  title: string;
  /** Checkboxes (several rows) instead of radios (one row). */
  multiple?: boolean;
  columns: TableColumnType<Row>[];
  /** The search form's items; their names are the filters sent. */
  searchItems: ReactNode;
  /** The search form's name, the prefix of its input ids. */
  searchName: string;
  queryKey: readonly unknown[];
  load: (query: PageQuery) => Promise<Page<Row>>;
  /** What confirming with nothing picked says. */
  emptyMessage: string;
  /** Ids picked when the dialog opens (the field's current value). */
  initial?: string[];
  /** Takes the picked rows; a promise keeps the dialog busy until it settles and open if it fails. */
  onConfirm: (rows: Row[]) => unknown;
  onClose: () => void;
}

/**
 * The dialog every picker shares: a search form, a table of 10 rows per page (spec part 9),
 * a radio or checkbox pick kept across pages, and a confirm that refuses an empty pick.
 */
export function PickerDialog({
  title,
  multiple = false,
  columns,
  searchItems,
  searchName,
  queryKey,
  load,
  emptyMessage,
  initial = [],
  onConfirm,
  onClose,
}: PickerDialogProps) {
  const { t } = useTranslation(['crud', 'common', 'pickers']);
  const [current, setCurrent] = useState(1);
  const { filters, searches, search: searchFor } = useSearch<Record<string, string>>({});
  const [picked, setPicked] = useState(() => new Map(initial.map((id) => [id, { id } as Row])));
  const [busy, setBusy] = useState(false);

  const query = { current, size: PICKER_PAGE_SIZE, ...filters };
  const rows = useQuery({
    queryKey: [...queryKey, 'picker', query, searches],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });

  const search = (values: Record<string, unknown>) => {
    searchFor(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
    setCurrent(1);
  };

  // A radio keeps one row; checkboxes add or drop the row, whatever page the others are on.
  const toggle = (row: Row) =>
    setPicked((before) => {
      if (!multiple) return new Map([[row.id, row]]);
      const next = new Map(before);
      if (!next.delete(row.id)) next.set(row.id, row);
      return next;
    });

  const confirm = async () => {
    if (!picked.size) {
      toast.warning(emptyMessage);
      return;
    }
    setBusy(true);
    try {
      await onConfirm([...picked.values()]);
    } catch {
      // The request already showed what went wrong; the dialog stays for another pick.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={1000}
      onCancel={onClose}
      onOk={confirm}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: busy }}
      mask={{ closable: false }}
    >
      <SearchBar name={searchName} onSearch={search}>
        {searchItems}
      </SearchBar>
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        loading={rows.isFetching}
        dataSource={rows.data?.records}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          // Radios have no select-all: the column is named, so each radio's cell has a header (WCAG 1.3.1).
          columnTitle: multiple ? undefined : t('pickers:pick'),
          selectedRowKeys: [...picked.keys()],
          getTitleCheckboxProps: () => ({ 'aria-label': t('crud:selectAll') }),
          getCheckboxProps: (row) => ({ 'aria-label': rowPickLabel(columns, row) }),
          preserveSelectedRowKeys: true,
          onSelect: toggle,
          onSelectAll: (selected, _rows, changed) =>
            setPicked((before) => {
              const next = new Map(before);
              for (const row of changed) {
                if (selected) next.set(row.id, row);
                else next.delete(row.id);
              }
              return next;
            }),
        }}
        onRow={(row) => ({
          // A click on the row picks it too; the radio or checkbox cell handles its own clicks.
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) toggle(row);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current,
          pageSize: PICKER_PAGE_SIZE,
          total: rows.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('crud:total', { total }),
          onChange: setCurrent,
        }}
      />
      {multiple && (
        <Typography.Text type="secondary">{t('pickers:selectedCount', { count: picked.size })}</Typography.Text>
      )}
    </Modal>
  );
}
