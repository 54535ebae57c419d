import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type FieldDef, RESERVE_STATUS } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Input, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictLabel, DictSelect } from '../../../crud/DictSelect.tsx';
import { saveBlob } from '../../../utils/download.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { cancelReservation, exportAllReservations, fetchAllReservations } from './api.ts';
import type { Booking } from './calendar.ts';

const STATUS: FieldDef = {
  name: 'reserveStatus',
  type: 'int',
  label: { zh: '预约状态', en: 'Status' },
  dict: 'property_reserve_status',
};

type Filters = { keyword?: string; reserveStatus?: string; startDate?: string; endDate?: string };
type Reservation = Booking & { spaceName?: string; createTime?: string };

/**
 * 全部预约 (issue 34.5): every space's reservations, newest first: who booked (person and enterprise), the space,
 * the day and time, the state; searched by a keyword, a state and a date range, paged by the server, exported
 * with the same filters, and cancelled where the server says the caller may (`cancellable`).
 */
export function ReservationList() {
  const { t } = useTranslation(['property', 'crud', 'common']);
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const [draft, setDraft] = useState<{ keyword: string; status?: string; range: [Dayjs, Dayjs] | null }>({
    keyword: '',
    range: null,
  });
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    queryKey: ['public-space', 'all-reservations', filters, paging],
    queryFn: () => fetchAllReservations({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const search = () => {
    setFilters({
      keyword: draft.keyword.trim() || undefined,
      reserveStatus: draft.status,
      startDate: draft.range?.[0].format('YYYY-MM-DD'),
      endDate: draft.range?.[1].format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: ['public-space'] });
  const cancel = (row: Reservation) =>
    confirmed(
      t('spaceCancelQuestion', {
        day: row.reserveDate,
        start: row.startTime,
        end: row.endTime,
        subject: row.subject ?? '',
      }),
      async () => {
        try {
          await cancelReservation(row.id);
        } finally {
          void reload();
        }
      },
      t('spaceCancelled'),
    );
  const download = async () => {
    setExporting(true);
    try {
      const { blob, name } = await exportAllReservations(filters);
      saveBlob(blob, name ?? `${t('spaceAllReservations')}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card style={{ marginTop: 16 }} title={t('spaceAllReservations')}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }} role="search">
        <Input
          allowClear
          aria-label={t('spaceKeyword')}
          placeholder={t('spaceKeyword')}
          style={{ width: 240 }}
          maxLength={100}
          value={draft.keyword}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
          onPressEnter={search}
        />
        <DictSelect
          field={STATUS}
          allowClear
          aria-label={t('spaceStatus')}
          placeholder={t('spaceStatus')}
          style={{ width: 140 }}
          value={draft.status}
          onChange={(value) => setDraft((d) => ({ ...d, status: value === undefined ? undefined : String(value) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('spaceDates')}
          value={draft.range}
          onChange={(range) => setDraft((d) => ({ ...d, range: range?.[0] && range[1] ? [range[0], range[1]] : null }))}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('crud:search')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>
          {t('crud:export')}
        </Button>
      </Flex>
      <Table<Reservation>
        rowKey="id"
        size="small"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('crud:total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { key: 'spaceName', dataIndex: 'spaceName', title: t('spaceName') },
          {
            key: 'when',
            title: t('spaceWhen'),
            render: (_, row) => `${row.reserveDate} ${row.startTime}-${row.endTime}`,
          },
          {
            key: 'reserveStatus',
            dataIndex: 'reserveStatus',
            title: t('spaceStatus'),
            render: (value: number) => (
              <Tag color={value === RESERVE_STATUS.booked ? 'processing' : 'default'}>
                <DictLabel field={STATUS} value={value} />
              </Tag>
            ),
          },
          { key: 'subject', dataIndex: 'subject', title: t('spaceSubject') },
          { key: 'userName', dataIndex: 'userName', title: t('spaceBooker') },
          { key: 'enterpriseName', dataIndex: 'enterpriseName', title: t('spaceEnterprise') },
          { key: 'createTime', dataIndex: 'createTime', title: t('spaceBookedAt') },
          {
            key: 'actions',
            title: t('crud:actions'),
            fixed: 'right',
            render: (_, row) =>
              row.cancellable ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={t('spaceCancelLabel', { day: row.reserveDate, start: row.startTime, end: row.endTime })}
                  onClick={() => cancel(row)}
                >
                  {t('spaceCancel')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
