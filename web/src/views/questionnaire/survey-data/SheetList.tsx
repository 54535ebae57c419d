import { EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { SHEET_STATUS } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  Result,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { DATETIME_FORMAT } from '../../../crud/dates.ts';
import { sortParams } from '../../../crud/filters.ts';
import { usePaging } from '../../../crud/usePaging.ts';
import { useSearch } from '../../../crud/useSearch.ts';
import { fetchSheets, fetchSurveyFacts, SHEETS_KEY, type SheetRow, type SurveyFacts } from './api.ts';
import { SheetDrawer, SheetStatus } from './SheetDrawer.tsx';

const PAGE_SIZES = [10, 30, 50, 100];

/** The search form's values: the sheet's status and a range of submit times. */
interface SheetSearch {
  status?: number;
  submitted?: [Dayjs | null, Dayjs | null] | null;
}

/** The page's filters (CONTRACT.md "Lists and paging"): the range's ends are `submitTime_datege` / `_datele`. */
function filtersOf(values: Partial<SheetSearch>): Record<string, string> {
  const filters: Record<string, string> = {};
  if (values.status !== undefined) filters.status = String(values.status);
  const [from, to] = values.submitted ?? [];
  if (from) filters.submitTime_datege = from.startOf('day').format(DATETIME_FORMAT);
  if (to) filters.submitTime_datele = to.endOf('day').format(DATETIME_FORMAT);
  return filters;
}

/**
 * The answer sheets of one survey (问卷数据, and survey-data/:surveyId): the survey's title and figures on top, a
 * search by status and submit time, the sheets paged and sorted, 查看 opening one read-only. Who answered is a
 * column only where the server says it (never for an anonymous survey).
 */
export function SheetList({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation(['questionnaire', 'crud', 'common']);
  const queryClient = useQueryClient();
  const { paging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
  const { filters, searches, search } = useSearch<Record<string, string>>({});
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [shown, setShown] = useState<string>();

  const facts = useQuery({
    queryKey: [...SHEETS_KEY, 'facts', surveyId],
    queryFn: () => fetchSurveyFacts(surveyId),
  });
  const query = { ...paging, ...sort, ...filters, surveyId };
  const sheets = useQuery({
    queryKey: [...SHEETS_KEY, 'page', query, searches],
    queryFn: () => fetchSheets(query),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: SHEETS_KEY });

  if (facts.isError) {
    const code = facts.error instanceof ApiError ? facts.error.code : 0;
    return (
      <Result
        status={code === 404 ? '404' : code === 403 ? '403' : 'error'}
        title={t(code === 404 ? 'survey.data.notFound' : 'survey.data.loadFailed')}
        subTitle={facts.error.message}
        extra={<Button onClick={() => void facts.refetch()}>{t('common:retry')}</Button>}
      />
    );
  }
  const anonymous = facts.data?.survey.anonymous === 1;

  const onChange: TableProps<SheetRow>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(sortParams(single?.field as string | undefined, single?.order));
  };
  const columns: ColumnsType<SheetRow> = [
    ...(anonymous
      ? []
      : [
          {
            key: 'respondent',
            title: t('survey.data.respondent'),
            render: (_: unknown, row: SheetRow) => (
              <Flex vertical>
                <span>{row.respondentName ?? '—'}</span>
                {row.enterpriseName && <Typography.Text type="secondary">{row.enterpriseName}</Typography.Text>}
              </Flex>
            ),
          },
        ]),
    {
      key: 'formVersion',
      dataIndex: 'formVersion',
      title: t('survey.data.formVersion'),
      sorter: true,
      render: (version: number) => t('survey.data.versionN', { version }),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('survey.data.status'),
      render: (status: number) => <SheetStatus status={status} />,
    },
    { key: 'score', dataIndex: 'score', title: t('survey.data.score'), sorter: true, render: (v) => v ?? '—' },
    {
      key: 'submitTime',
      dataIndex: 'submitTime',
      title: t('survey.data.submitTime'),
      sorter: true,
      render: (v) => v ?? '—',
    },
    {
      key: 'actions',
      title: t('crud:actions'),
      fixed: 'right',
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, row) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setShown(row.id)}>
          {t('crud:view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {facts.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : <SurveyHeader facts={facts.data} />}
      <SearchBar<SheetSearch>
        name="surveySheets"
        onSearch={(values) => {
          search(filtersOf(values));
          toFirstPage();
        }}
      >
        <Form.Item name="status" label={t('survey.data.status')}>
          <Select
            allowClear
            placeholder={t('survey.data.allStatus')}
            style={{ width: 140 }}
            options={[
              { value: SHEET_STATUS.submitted, label: t('survey.data.submitted') },
              { value: SHEET_STATUS.draft, label: t('survey.data.draft') },
            ]}
          />
        </Form.Item>
        <Form.Item name="submitted" label={t('survey.data.submitTime')} style={{ maxWidth: '100%' }}>
          <DatePicker.RangePicker
            placeholder={[t('crud:rangeStart'), t('crud:rangeEnd')]}
            // Either end may stay empty ("since", "until"), and Tab leaves an empty start (no keyboard trap).
            allowEmpty={[true, true]}
            style={{ maxWidth: '100%' }}
          />
        </Form.Item>
      </SearchBar>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{anonymous ? t('survey.data.anonymousNote') : null}</Typography.Text>
        <Tooltip title={t('crud:refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('crud:refresh')}
            loading={sheets.isFetching}
            onClick={reload}
          />
        </Tooltip>
      </Flex>
      <Table<SheetRow>
        rowKey="id"
        bordered
        size="middle"
        data-testid="survey-sheets"
        columns={columns}
        dataSource={sheets.data?.records}
        loading={sheets.isFetching}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        pagination={pagination(sheets.data?.total ?? 0)}
        onChange={onChange}
        locale={{ emptyText: sheets.isError ? t('survey.data.loadFailed') : t('survey.data.noSheets') }}
      />
      {shown && <SheetDrawer sheetId={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}

const PHASE_COLORS = { notStarted: 'default', ongoing: 'processing', ended: 'warning' } as const;

/** The survey's title, state and period, and its figures: answers, drafts, the scope and the response rate. */
function SurveyHeader({ facts: { survey, facts } }: { facts: SurveyFacts }) {
  const { t } = useTranslation('questionnaire');
  const enabled = survey.status === 1;
  return (
    <div data-testid="survey-facts" style={{ marginBottom: 16 }}>
      <Flex wrap gap={8} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {survey.title}
        </Typography.Title>
        <Tag color={enabled ? PHASE_COLORS[survey.phase] : 'error'}>
          {enabled ? t(`survey.data.phase.${survey.phase}`) : t('survey.data.phase.disabled')}
        </Tag>
        {survey.anonymous === 1 && <Tag>{t('survey.data.anonymous')}</Tag>}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
        {t('survey.data.period', { start: survey.startTime, end: survey.endTime })}
      </Typography.Paragraph>
      <Row gutter={[16, 12]}>
        <Col xs={12} sm={8} lg={4}>
          <Statistic title={t('survey.data.responses')} value={facts.responses} />
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Statistic title={t('survey.data.drafts')} value={facts.drafts} />
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Statistic title={t('survey.data.members')} value={facts.members} />
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Statistic title={t('survey.data.answeredMembers')} value={facts.answeredMembers} />
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Statistic
            title={t('survey.data.responseRate')}
            value={Math.round(facts.responseRate * 1000) / 10}
            suffix="%"
          />
        </Col>
      </Row>
    </div>
  );
}
