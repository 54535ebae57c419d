import { DeleteOutlined, FileAddOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Table,
  type TableColumnType,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parkNow } from '../../../clock.ts';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { sortParams } from '../../../crud/filters.ts';
import { RowActions } from '../../../crud/RowActions.tsx';
import { usePaging } from '../../../crud/usePaging.ts';
import { useSearch } from '../../../crud/useSearch.ts';
import { toast } from '../../../feedback.ts';
import { saveBlob } from '../../../utils/download.ts';
import { formatFileSize } from '../../../utils/format.ts';
import { useConfirmed, useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import {
  downloadReport,
  fetchReports,
  generateReport,
  REPORTS_KEY,
  type ReportFormat,
  type ReportRow,
  type ReportStatus,
  removeReports,
} from './api.ts';

const PAGE_SIZES = [10, 30, 50, 100];
const MONTH = 'YYYY-MM';
/** While a report is being made (by the monthly job, or another user), the list looks again this often. */
const POLL_MS = 3000;

const STATUS_COLORS: Record<ReportStatus, string> = { generating: 'processing', done: 'success', failed: 'error' };

interface SearchValues {
  name?: string;
  period?: Dayjs | null;
}

/** A month after this one may not be picked (the server refuses it too, by its own clock). */
const isFuture = (month: Dayjs) => month.isAfter(parkNow(), 'month');

/**
 * /develop/report (报表管理): the generated reports, today the monthly park operations report, as PDF and Excel.
 * Listed newest first, searched by name and month, ordered by month; 生成报表 makes a month's report (last month
 * unless another is picked; making a month again replaces its files); each finished one downloads as PDF or Excel;
 * removal asks first. Every button follows the role's grants (report_generate, report_view, report_delete).
 */
export default function ReportPage() {
  const { t } = useTranslation(['report', 'crud']);
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const confirmedAction = useConfirmedAction();
  const can = {
    generate: usePermission('report_generate'),
    view: usePermission('report_view'),
    remove: usePermission('report_delete'),
  };
  const { paging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const { filters, searches, search } = useSearch<Record<string, string>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [generating, setGenerating] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);

  const query = { ...paging, ...sort, ...filters };
  const rows = useQuery({
    queryKey: [...REPORTS_KEY, query, searches],
    queryFn: () => fetchReports(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.reportStatus === 'generating') ? POLL_MS : false),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY });

  const download = async (row: ReportRow, format: ReportFormat) => {
    setDownloading(`${row.id}:${format}`);
    try {
      const file = await downloadReport(row.id, format);
      saveBlob(file.blob, file.name ?? `${row.name}.${format}`);
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setDownloading(null);
    }
  };

  const remove = (ids: string[]) => async () => {
    await removeReports(ids);
    setSelected((before) => before.filter((id) => !ids.includes(id)));
    await reload();
  };

  const onTableChange: TableProps<ReportRow>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(sortParams(single?.field as string | undefined, single?.order));
  };

  const columns: TableColumnType<ReportRow>[] = [
    { key: 'name', dataIndex: 'name', title: t('list.name') },
    { key: 'period', dataIndex: 'period', title: t('list.period'), sorter: true },
    {
      key: 'reportStatus',
      dataIndex: 'reportStatus',
      title: t('list.status'),
      render: (_: unknown, row) => (
        <>
          <Tag color={STATUS_COLORS[row.reportStatus]}>{t(`statuses.${row.reportStatus}`)}</Tag>
          {/* A failure says why in the row itself, readable without a pointer. */}
          {row.reportStatus === 'failed' && row.failMessage && (
            <Typography.Paragraph type="danger" style={{ margin: '4px 0 0', maxWidth: 280, fontSize: 12 }}>
              {row.failMessage}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    {
      key: 'pdfSize',
      dataIndex: 'pdfSize',
      title: t('list.pdfSize'),
      align: 'right',
      render: (bytes: unknown) => formatFileSize(bytes),
    },
    {
      key: 'xlsxSize',
      dataIndex: 'xlsxSize',
      title: t('list.xlsxSize'),
      align: 'right',
      render: (bytes: unknown) => formatFileSize(bytes),
    },
    { key: 'createUserName', dataIndex: 'createUserName', title: t('list.createUser') },
    { key: 'createTime', dataIndex: 'createTime', title: t('list.createTime') },
    {
      key: 'actions',
      title: t('crud:actions'),
      fixed: 'right',
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, row) => (
        <RowActions
          onDelete={
            can.remove ? () => confirmed(t('crud:confirmDelete'), remove([row.id]), t('crud:deleted')) : undefined
          }
        >
          {can.view && row.reportStatus === 'done' && (
            <>
              <Button
                type="link"
                size="small"
                icon={<FilePdfOutlined />}
                loading={downloading === `${row.id}:pdf`}
                onClick={() => download(row, 'pdf')}
              >
                {t('actions.downloadPdf')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={<FileExcelOutlined />}
                loading={downloading === `${row.id}:xlsx`}
                onClick={() => download(row, 'xlsx')}
              >
                {t('actions.downloadXlsx')}
              </Button>
            </>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Card>
      <SearchBar<SearchValues>
        name="reportSearch"
        onSearch={(values) => {
          toFirstPage();
          const next: Record<string, string> = {};
          if (values.name?.trim()) next.name = values.name.trim();
          if (values.period) next.period = values.period.format(MONTH);
          search(next);
        }}
      >
        <Form.Item name="name" label={t('list.name')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="period" label={t('list.period')}>
          <DatePicker picker="month" allowClear placeholder={t('list.periodPlaceholder')} />
        </Form.Item>
      </SearchBar>
      <Flex role="toolbar" wrap gap={8} style={{ marginBottom: 12 }}>
        {can.generate && (
          <Button type="primary" icon={<FileAddOutlined />} onClick={() => setGenerating(true)}>
            {t('actions.generate')}
          </Button>
        )}
        {can.remove && (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              confirmedAction({
                ids: selected,
                question: t('crud:confirmDelete'),
                call: (ids) => remove(ids)(),
                done: () => undefined,
                doneMessage: t('crud:deleted'),
              })
            }
          >
            {t('actions.batchDelete')}
          </Button>
        )}
      </Flex>
      {rows.isError && <Alert type="error" showIcon title={t('list.loadFailed')} style={{ marginBottom: 12 }} />}
      <Table<ReportRow>
        rowKey="id"
        bordered
        data-testid="report-list"
        columns={columns}
        dataSource={rows.data?.records}
        loading={rows.isFetching && !rows.isRefetching}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        pagination={pagination(rows.data?.total ?? 0)}
        onChange={onTableChange}
        rowSelection={
          can.remove
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                columnTitle: (checkbox) => <SelectAllTitle>{checkbox}</SelectAllTitle>,
                getTitleCheckboxProps: () => ({ 'aria-label': t('crud:selectAll') }),
                // antd's own name says "Select row N", in English: the report's name instead.
                getCheckboxProps: (row) => ({ 'aria-label': t('crud:selectRow', { name: row.name }) }),
              }
            : undefined
        }
      />
      {generating && (
        <GenerateModal
          onClose={() => setGenerating(false)}
          onDone={async () => {
            setGenerating(false);
            await reload();
          }}
        />
      )}
    </Card>
  );
}

/**
 * The select-all checkbox of the header. antd draws every column title again in the table's hidden measure row
 * (aria-hidden), where the checkbox would stay focusable (axe: aria-hidden-focus): that copy's row is made inert,
 * as the generic list does (crud/CrudPage).
 */
function SelectAllTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current?.closest('tr[aria-hidden="true"]')?.setAttribute('inert', '');
  }, []);
  return <span ref={ref}>{children}</span>;
}

/** 生成报表: a month (last month unless another is picked, never one to come), made on OK. */
function GenerateModal({ onClose, onDone }: { onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<{ period: Dayjs }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ period }: { period: Dayjs }) => {
    setBusy(true);
    try {
      await generateReport(period.format(MONTH));
      toast.success(t('generate.done'));
      await onDone();
    } catch {
      // The server's refusal (a month being made, ...) was shown by the HTTP client; the dialog stays to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('generate.title')}
      okText={t('generate.ok')}
      cancelText={t('generate.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('generate.hint')}</Typography.Paragraph>
      <Form<{ period: Dayjs }>
        form={form}
        name="reportGenerate"
        layout="vertical"
        initialValues={{ period: parkNow().subtract(1, 'month') }}
        onFinish={submit}
      >
        <Form.Item
          name="period"
          label={t('generate.month')}
          rules={[{ required: true, message: t('generate.monthRequired') }]}
        >
          <DatePicker picker="month" disabledDate={isFuture} allowClear={false} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
