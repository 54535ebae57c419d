import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { APPROVAL_STATUS, type FieldDef, RESERVE_STATUS } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, Modal, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictLabel, DictSelect } from '../../../crud/DictSelect.tsx';
import { usePaging } from '../../../crud/usePaging.ts';
import { toast } from '../../../feedback.ts';
import { saveBlob } from '../../../utils/download.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { cancelReservation, decideReservation, exportAllReservations, fetchAllReservations } from './api.ts';
import type { Booking } from './calendar.ts';

const PAGE_SIZES = [10, 20, 50, 100];

const STATUS: FieldDef = {
  name: 'reserveStatus',
  type: 'int',
  label: { zh: '预约状态', en: 'Status' },
  dict: 'property_reserve_status',
};

const APPROVAL: FieldDef = {
  name: 'approvalStatus',
  type: 'int',
  label: { zh: '审批状态', en: 'Approval' },
  dict: 'property_approval_status',
};
const APPROVAL_COLOR: Record<number, string> = {
  [APPROVAL_STATUS.pending]: 'warning',
  [APPROVAL_STATUS.approved]: 'success',
  [APPROVAL_STATUS.rejected]: 'error',
};

type Filters = {
  keyword?: string;
  reserveStatus?: string;
  approvalStatus?: string;
  startDate?: string;
  endDate?: string;
};
type Reservation = Booking & { spaceName?: string; createTime?: string };

/**
 * 全部预约 (issue 34.5): every space's reservations, newest first: who booked (person and enterprise), the space,
 * the day and time, the state; searched by a keyword, a state and a date range, paged by the server, exported
 * with the same filters, and cancelled where the server says the caller may (`cancellable`). A reservation of a
 * space that asks for approval shows its state (待审批, 已通过, 已驳回 with the reason) and, where the server says
 * the caller may decide it (`decidable`), 通过 and 驳回 (with a reason) lead its row (issue 34.5).
 */
export function ReservationList() {
  const { t } = useTranslation(['property', 'crud', 'common']);
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const [rejecting, setRejecting] = useState<Reservation | null>(null);
  const [draft, setDraft] = useState<{
    keyword: string;
    status?: string;
    approval?: string;
    range: [Dayjs, Dayjs] | null;
  }>({
    keyword: '',
    range: null,
  });
  const [filters, setFilters] = useState<Filters>({});
  const { paging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
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
      approvalStatus: draft.approval,
      startDate: draft.range?.[0].format('YYYY-MM-DD'),
      endDate: draft.range?.[1].format('YYYY-MM-DD'),
    });
    toFirstPage();
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
  const when = (row: Reservation) => ({ day: row.reserveDate, start: row.startTime, end: row.endTime });
  const approve = (row: Reservation) =>
    confirmed(
      t('spaceApproveQuestion', { ...when(row), subject: row.subject ?? '' }),
      async () => {
        try {
          await decideReservation(row.id, true);
        } finally {
          void reload();
        }
      },
      t('spaceApproved'),
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
        <DictSelect
          field={APPROVAL}
          allowClear
          aria-label={t('spaceApproval')}
          placeholder={t('spaceApproval')}
          style={{ width: 140 }}
          value={draft.approval}
          onChange={(value) => setDraft((d) => ({ ...d, approval: value === undefined ? undefined : String(value) }))}
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
        pagination={pagination(list.data?.total ?? 0)}
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
          {
            key: 'approvalStatus',
            dataIndex: 'approvalStatus',
            title: t('spaceApproval'),
            render: (value: number, row) =>
              value === APPROVAL_STATUS.none ? null : (
                <Flex vertical gap={2} align="flex-start">
                  <Tag color={APPROVAL_COLOR[value]}>
                    <DictLabel field={APPROVAL} value={value} />
                  </Tag>
                  {row.approvalReason && <span>{row.approvalReason}</span>}
                </Flex>
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
            render: (_, row) => (
              <Flex gap={0}>
                {row.decidable && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('spaceApproveLabel', when(row))}
                      onClick={() => approve(row)}
                    >
                      {t('spaceApprove')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('spaceRejectLabel', when(row))}
                      onClick={() => setRejecting(row)}
                    >
                      {t('spaceReject')}
                    </Button>
                  </>
                )}
                {row.cancellable && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={t('spaceCancelLabel', when(row))}
                    onClick={() => cancel(row)}
                  >
                    {t('spaceCancel')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {rejecting && (
        <RejectModal
          row={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}

/** 驳回: the reason (required, 255 characters at most), then the server's decision; a refusal keeps it open. */
function RejectModal({ row, onClose, onDone }: { row: Reservation; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['property', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await decideReservation(row.id, false, reason.trim());
      toast.success(t('spaceRejected'));
      onDone();
    } catch {
      // Shown by the HTTP client with the server's reason; the list may have changed meanwhile.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('spaceRejectTitle', { day: row.reserveDate, start: row.startTime, end: row.endTime })}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="space-reject">
        <Form.Item
          name="reason"
          label={t('spaceRejectReason')}
          rules={[{ required: true, whitespace: true, message: t('spaceRejectReasonRequired') }, { max: 255 }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
