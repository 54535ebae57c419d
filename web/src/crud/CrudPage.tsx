import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { EntityDef } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Table, type TableColumnType, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportRows, fetchPage, type Row, removeRows } from '../api/crud.ts';
import { toast } from '../feedback.ts';
import { useLang } from '../i18n/index.ts';
import { saveBlob } from '../utils/download.ts';
import { dataColumns } from './columns.tsx';
import { buildFilters, type SearchValues, sortParams } from './filters.ts';
import { RecordModal, type RecordMode } from './RecordModal.tsx';
import { RowActions } from './RowActions.tsx';
import { SearchForm } from './SearchForm.tsx';
import { useCrudPermissions } from './useCrudPermissions.ts';

const PAGE_SIZES = [10, 30, 50, 100, 200];

/** The generic list screen of a catalog entity: search, paged and sorted table, add/edit/view/delete, export. */
export default function CrudPage({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const can = useCrudPermissions(entity.key);

  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [record, setRecord] = useState<RecordMode | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = { ...paging, ...sort, ...filters };
  const page = useQuery({
    queryKey: ['crud', entity.key, 'page', query],
    queryFn: () => fetchPage(entity, query),
    placeholderData: keepPreviousData,
  });

  // Deleting the last rows of the last page leaves it empty: show the page that now is last.
  const pages = page.data?.pages ?? 0;
  const emptyPage = page.data !== undefined && page.data.records.length === 0;
  useEffect(() => {
    if (emptyPage && paging.current > 1) setPaging((p) => ({ ...p, current: Math.max(pages, 1) }));
  }, [emptyPage, pages, paging.current]);

  const reload = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: ['crud', entity.key] });
  };

  const search = (values: SearchValues) => {
    setFilters(buildFilters(entity, values));
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };

  const remove = (ids: string[]) => {
    if (ids.length === 0) {
      toast.warning(t('selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmDelete'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await removeRows(entity, ids);
          toast.success(t('deleted'));
          reload();
        } catch {
          // Already shown; close the dialog all the same.
        }
      },
    });
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const file = await exportRows(entity, filters);
      saveBlob(file.blob, file.name ?? `${entity.label[lang]}.xlsx`);
    } catch {
      // Already shown.
    } finally {
      setExporting(false);
    }
  };

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? PAGE_SIZES[0] });
    setSort(sortParams(single?.field as string | undefined, single?.order));
  };

  const columns: TableColumnType<Row>[] = dataColumns(entity, lang);
  if (can.view || can.edit || can.remove) {
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      width: 220,
      render: (_, row) => (
        <RowActions
          onView={can.view ? () => setRecord({ mode: 'view', id: row.id }) : undefined}
          onEdit={can.edit ? () => setRecord({ mode: 'edit', id: row.id }) : undefined}
          onDelete={can.remove ? () => remove([row.id]) : undefined}
        />
      ),
    });
  }

  return (
    <Card>
      <SearchForm entity={entity} onSearch={search} />
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecord({ mode: 'add' })}>
            {t('add')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('delete')}
          </Button>
        )}
        {can.export && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportAll}>
            {t('export')}
          </Button>
        )}
        {selected.length > 0 && (
          <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>
        )}
      </Flex>
      <Table<Row>
        rowKey="id"
        bordered
        size="middle"
        columns={columns}
        dataSource={page.data?.records}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: page.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
        }}
        onChange={onTableChange}
      />
      {record && (
        <RecordModal
          entity={entity}
          record={record}
          onClose={() => setRecord(null)}
          onSaved={() => {
            setRecord(null);
            reload();
          }}
        />
      )}
    </Card>
  );
}
