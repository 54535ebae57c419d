import {
  BarChartOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { qnSurvey } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnType,
  type TableProps,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Row } from '../../../api/crud.ts';
import type { Query } from '../../../api/http.ts';
import { parkNow } from '../../../clock.ts';
import { RefSelect } from '../../../components/pickers/RefSelect.tsx';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { fieldColumn, renderCell } from '../../../crud/columns.tsx';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../../crud/dates.ts';
import { sortParams } from '../../../crud/filters.ts';
import { RowActions } from '../../../crud/RowActions.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { usePaging } from '../../../crud/usePaging.ts';
import { useSearch } from '../../../crud/useSearch.ts';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';
import { useIsCompany } from '../../../stores/session.ts';
import { saveBlob } from '../../../utils/download.ts';
import { exportSurveys, fetchSurveyPage, removeSurveys, SURVEYS_KEY, type SurveyRow, setSurveyEnabled } from './api.ts';
import { SURVEY_PATHS } from './paths.ts';
import {
  mergeFilters,
  periodFilters,
  STATE_COLORS,
  SURVEY_STATES,
  type SurveyState,
  stateFilters,
  surveyState,
} from './state.ts';

const PAGE_SIZES = [10, 30, 50, 100];
const field = (name: string) => qnSurvey.fields.find((f) => f.name === name)!;

interface SearchValues {
  title?: string;
  formId?: string;
  state?: SurveyState;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/** The page filters of a search, its state and period as of now. */
function filtersOf(values: Partial<SearchValues>): Record<string, string> {
  const [from, to] = values.period ?? [];
  const own: Record<string, string> = {};
  if (values.title?.trim()) own.title = values.title.trim();
  if (values.formId) own.formId = values.formId;
  const state = values.state ? stateFilters(values.state, parkNow().format(DATETIME_FORMAT)) : {};
  return mergeFilters(
    mergeFilters(own, state),
    periodFilters(from?.format(DATE_FORMAT) ?? undefined, to?.format(DATE_FORMAT) ?? undefined),
  );
}

/**
 * /questionnaire/survey (问卷调查). Those who run surveys (a button of the screen beyond view, never a company
 * account: the server's `managesSurveys`) see every survey: searched, paged, sorted, exported, made and edited on
 * the create screen, enabled (its scope told) and deactivated, answered, counted, its sheets listed, removed. Anyone
 * else sees the surveys that ask them (`mine`), whether they answered, and 填写.
 */
export default function SurveyPage() {
  const company = useIsCompany();
  const can = useCrudPermissions(qnSurvey.key);
  return !company && (can.add || can.edit || can.remove) ? <ManagedSurveys /> : <MySurveys />;
}

/** A table cell of a survey's row. */
const cell = (render: (row: SurveyRow) => ReactNode) => (_: unknown, row: Row) => render(row as SurveyRow);

/** A survey's state as a coloured tag. */
function StateTag({ row }: { row: SurveyRow }) {
  const { t } = useTranslation('questionnaire');
  const state = surveyState(row);
  return <Tag color={STATE_COLORS[state]}>{t(`survey.list.states.${state}`)}</Tag>;
}

/** The period column, sorted by its start. */
function usePeriodColumn() {
  const { t } = useTranslation('questionnaire');
  return {
    key: 'startTime',
    dataIndex: 'startTime',
    title: t('survey.list.period'),
    sorter: true,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } as const }),
    // To the minute, on two lines: the list keeps its width for the other columns.
    render: cell((row) => (
      <>
        <div>{row.startTime.slice(0, 16)}</div>
        <div>{t('survey.list.periodUntil', { end: row.endTime.slice(0, 16) })}</div>
      </>
    )),
  };
}

/** How a survey is answered: anonymous or named, once or several times per person. */
function useAnsweringColumn() {
  const { t } = useTranslation('questionnaire');
  return {
    key: 'answering',
    title: t('survey.list.answering'),
    onCell: () => ({ style: { whiteSpace: 'nowrap' } as const }),
    render: cell((row) => (
      <Flex gap={4}>
        <Tag style={{ marginInlineEnd: 0 }}>
          {t(row.anonymous === 1 ? 'survey.list.anonymousTag' : 'survey.list.namedTag')}
        </Tag>
        <Tag style={{ marginInlineEnd: 0 }}>
          {t(row.allowMultiple === 1 ? 'survey.list.multipleTag' : 'survey.list.onceTag')}
        </Tag>
      </Flex>
    )),
  };
}

function ManagedSurveys() {
  const { t } = useTranslation(['questionnaire', 'crud', 'common']);
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const can = useCrudPermissions(qnSurvey.key);
  const { paging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const { filters, searches, search } = useSearch<Record<string, string>>({});
  const [exporting, setExporting] = useState(false);
  const periodColumn = usePeriodColumn();
  const answeringColumn = useAnsweringColumn();

  const query = { ...paging, ...sort, ...filters };
  const rows = useQuery({
    queryKey: [...SURVEYS_KEY, 'page', query, searches],
    queryFn: () => fetchSurveyPage(query),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: SURVEYS_KEY });

  const confirm = (content: string, act: () => Promise<void>) =>
    modal.confirm({
      title: t('crud:confirmTitle'),
      content,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await act();
          await reload();
        } catch {
          // The server's refusal is shown by the HTTP client; the dialog closes all the same.
        }
      },
    });

  const setEnabled = (row: SurveyRow, enabled: boolean) =>
    confirm(
      t(enabled ? 'survey.list.enableQuestion' : 'survey.list.deactivateQuestion', { title: row.title }),
      async () => {
        // The server says what it did: 问卷已启用，已通知 N 人.
        toast.success((await setSurveyEnabled(row.id, enabled)).msg);
      },
    );

  const remove = (row: SurveyRow) =>
    confirm(t('survey.list.removeQuestion', { title: row.title }), async () => {
      await removeSurveys([row.id]);
      toast.success(t('crud:deleted'));
    });

  const exportAll = async () => {
    setExporting(true);
    try {
      const file = await exportSurveys(filters as Query);
      saveBlob(file.blob, file.name ?? `${qnSurvey.label[lang]}.xlsx`);
    } catch {
      // Already shown.
    } finally {
      setExporting(false);
    }
  };

  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(sortParams(single?.field as string | undefined, single?.order));
  };

  const formField = field('formId');
  const columns: TableColumnType<Row>[] = [
    fieldColumn(field('title'), lang),
    fieldColumn(formField, lang, (value, row) => (
      <Flex gap={4} align="center">
        {renderCell(formField, value, row)}
        {row.formVersion ? <Tag>{t('survey.list.version', { version: row.formVersion })}</Tag> : null}
      </Flex>
    )),
    periodColumn,
    answeringColumn,
    {
      key: 'state',
      title: t('survey.list.state'),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: cell((row) => <StateTag row={row} />),
    },
    {
      key: 'answerCount',
      dataIndex: 'answerCount',
      title: t('survey.list.answers'),
      align: 'right',
    },
    {
      key: 'actions',
      title: t('crud:actions'),
      fixed: 'right',
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: cell((row) => (
        <RowActions>
          {can.edit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(SURVEY_PATHS.create(row.id))}
            >
              {t('crud:edit')}
            </Button>
          )}
          {can.edit &&
            (row.status === 1 ? (
              <Button type="link" size="small" icon={<PauseCircleOutlined />} onClick={() => setEnabled(row, false)}>
                {t('survey.list.deactivate')}
              </Button>
            ) : (
              <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={() => setEnabled(row, true)}>
                {t('survey.list.enable')}
              </Button>
            ))}
          <Button
            type="link"
            size="small"
            icon={<FormOutlined />}
            onClick={() => navigate(SURVEY_PATHS.answer(row.id))}
          >
            {t('survey.list.answer')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<BarChartOutlined />}
            onClick={() => navigate(SURVEY_PATHS.statistics(row.id))}
          >
            {t('survey.list.statistics')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<FileTextOutlined />}
            onClick={() => navigate(SURVEY_PATHS.sheets(row.id))}
          >
            {t('survey.list.sheets')}
          </Button>
          {can.remove && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('crud:delete')}
            </Button>
          )}
        </RowActions>
      )),
    },
  ];

  return (
    <Card>
      <SearchBar<SearchValues>
        name="surveySearch"
        onSearch={(values) => {
          toFirstPage();
          search(filtersOf(values));
        }}
      >
        <Form.Item name="title" label={t('survey.list.title')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="formId" label={t('survey.list.form')}>
          <RefSelect field={formField} search placeholder={t('survey.list.formPlaceholder')} />
        </Form.Item>
        <Form.Item name="state" label={t('survey.list.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('survey.list.allStates')}
            options={SURVEY_STATES.map((state) => ({ value: state, label: t(`survey.list.states.${state}`) }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('survey.list.period')} style={{ maxWidth: '100%' }}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('survey.list.periodFrom'), t('survey.list.periodTo')]}
            style={{ maxWidth: '100%' }}
          />
        </Form.Item>
      </SearchBar>
      <Flex role="toolbar" wrap gap={8} style={{ marginBottom: 12 }}>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(SURVEY_PATHS.create())}>
            {t('crud:add')}
          </Button>
        )}
        {can.export && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportAll}>
            {t('crud:export')}
          </Button>
        )}
      </Flex>
      {rows.isError && <Alert type="error" showIcon title={t('survey.list.loadFailed')} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey="id"
        bordered
        data-testid="survey-list"
        columns={columns}
        dataSource={rows.data?.records}
        loading={rows.isFetching}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('survey.list.empty') }}
        pagination={pagination(rows.data?.total ?? 0)}
        onChange={onTableChange}
      />
    </Card>
  );
}

/** The surveys that ask the caller: their state, the caller's own sheets of them, and 填写. */
function MySurveys() {
  const { t } = useTranslation(['questionnaire', 'crud']);
  const lang = useLang();
  const navigate = useNavigate();
  const { paging, toFirstPage, pagination } = usePaging(PAGE_SIZES);
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const { filters, searches, search } = useSearch<Record<string, string>>({});
  const periodColumn = usePeriodColumn();
  const answeringColumn = useAnsweringColumn();
  const query = { ...paging, ...sort, ...filters, mine: 1 };
  const rows = useQuery({
    queryKey: [...SURVEYS_KEY, 'mine', query, searches],
    queryFn: () => fetchSurveyPage(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnType<Row>[] = [
    fieldColumn(field('title'), lang),
    periodColumn,
    {
      key: 'state',
      title: t('survey.list.state'),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: cell((row) => <StateTag row={row} />),
    },
    answeringColumn,
    {
      key: 'mine',
      title: t('survey.list.mine'),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: cell((row) =>
        row.mySubmitted > 0 ? (
          <Tag color="success">
            {row.allowMultiple === 1
              ? t('survey.list.mineSubmittedTimes', { n: row.mySubmitted })
              : t('survey.list.mineSubmitted')}
          </Tag>
        ) : row.myDraftId ? (
          <Tag color="gold">{t('survey.list.mineDraft')}</Tag>
        ) : (
          <Tag>{t('survey.list.mineNone')}</Tag>
        ),
      ),
    },
    {
      key: 'actions',
      title: t('crud:actions'),
      fixed: 'right',
      width: 1,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: cell((row) => (
        <Button type="link" size="small" icon={<FormOutlined />} onClick={() => navigate(SURVEY_PATHS.answer(row.id))}>
          {row.myDraftId ? t('survey.list.continue') : t('survey.list.answer')}
        </Button>
      )),
    },
  ];

  return (
    <Card>
      <SearchBar<SearchValues>
        name="mySurveySearch"
        onSearch={(values) => {
          toFirstPage();
          search(filtersOf(values));
        }}
      >
        <Form.Item name="title" label={t('survey.list.title')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      {rows.isError && <Alert type="error" showIcon title={t('survey.list.loadFailed')} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey="id"
        bordered
        data-testid="my-survey-list"
        columns={columns}
        dataSource={rows.data?.records}
        loading={rows.isFetching}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('survey.list.mineEmpty') }}
        pagination={pagination(rows.data?.total ?? 0)}
        onChange={(_pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(sortParams(single?.field as string | undefined, single?.order));
        }}
      />
    </Card>
  );
}
