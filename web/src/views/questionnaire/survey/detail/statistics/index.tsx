import '../../../../../components/workflow/print.css';
import './print.css';
import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { QN_SCREENS } from '@park/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Space, Spin, Statistic, Typography, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../../../api/errors.ts';
import { parkMinute } from '../../../../../clock.ts';
import type { ChartHandle } from '../../../../../components/Chart.tsx';
import { schemaOf } from '../../../../../components/form-designer/schemaOf.ts';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { saveBlob } from '../../../../../utils/download.ts';
import { isSurveyId } from '../../../survey-data/api.ts';
import { fetchSurvey } from '../../api.ts';
import { exportAnswers, fetchFiltered, fetchReport, type ReportFacts, type SurveyReport, statsKey } from './api.ts';
import { ChartBox } from './ChartBox.tsx';
import { FilterBar } from './FilterBar.tsx';
import { filterParam, filterQuestions, type PickedFilter, questionFields } from './filters.ts';
import { ChartImagesContext } from './printing.ts';
import { percent, QuestionCard } from './QuestionCard.tsx';

/**
 * /questionnaire/survey/detail/statistics?id=<surveyId>: a survey's statistics and report, for those who run
 * surveys. Its facts (answers, the scope's response rate, first and last answer, answers per day), then per
 * question its counts, shares, averages, NPS, matrix table, ranking scores or free-text answers; a cross-filter
 * narrows all of them to the sheets that gave an answer. Every chart saves as a PNG; 导出答卷 downloads the answers
 * (the filtered ones while a filter is on) as Excel; 打印报告 prints the page, each chart as an image of it.
 */
export default function SurveyStatisticsPage() {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = isSurveyId(id);
  const report = useQuery({ queryKey: statsKey(id, 'report'), queryFn: () => fetchReport(id), enabled: valid });
  usePageTag(report.data ? t('stats.tag', { title: report.data.survey.title }) : t('stats.title'));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(QN_SCREENS.survey)}>
      {t('stats.back')}
    </Button>
  );
  if (!valid) return <Result status="404" title={t('stats.notFound')} extra={back} />;
  if (report.isPending) return <PageSpin />;
  if (report.isError) {
    const code = report.error instanceof ApiError ? report.error.code : 0;
    return (
      <Result
        status={code === 404 ? '404' : code === 403 ? '403' : 'error'}
        title={t(code === 404 ? 'stats.notFound' : code === 403 ? 'stats.forbidden' : 'stats.unavailable')}
        subTitle={report.error.message}
        extra={
          <Space>
            {back}
            {code !== 403 && code !== 404 && (
              <Button icon={<ReloadOutlined />} onClick={() => report.refetch()}>
                {t('stats.reload')}
              </Button>
            )}
          </Space>
        }
      />
    );
  }
  return <Statistics id={id} report={report.data} back={back} />;
}

/** The answers per day as bars. */
function dailyOption(daily: ReportFacts['daily'], axis: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: daily.map((d) => d.date) },
    yAxis: { type: 'value', name: axis, minInterval: 1 },
    series: [{ type: 'bar', name: axis, barMaxWidth: 28, data: daily.map((d) => d.count) }],
  };
}

function Statistics({ id, report, back }: { id: string; report: SurveyReport; back: ReactNode }) {
  const { t } = useTranslation('questionnaire');
  const { token } = theme.useToken();
  const { survey, facts } = report;
  // The form version's questions: which may filter, and where the free-text answers are.
  const detail = useQuery({ queryKey: statsKey(id, 'survey'), queryFn: () => fetchSurvey(id) });
  const schema = useMemo(() => schemaOf(detail.data?.content).schema, [detail.data?.content]);
  const fields = useMemo(() => new Map(questionFields(schema).map((f) => [f.name as string, f])), [schema]);
  const choices = useMemo(() => filterQuestions(schema), [schema]);

  const [picked, setPicked] = useState<PickedFilter[]>([]);
  const filter = filterParam(picked);
  const filtered = useQuery({
    queryKey: statsKey(id, 'filtered', filter),
    queryFn: () => fetchFiltered(id, filter),
    enabled: filter !== '',
    placeholderData: keepPreviousData,
  });
  const stats = filter ? filtered.data : report.statistics;

  // 打印报告: every chart's image taken, put in its place for paper, then the print dialog.
  const handles = useRef(new Map<string, ChartHandle>());
  const register = useCallback((key: string, handle: ChartHandle | null) => {
    if (handle) handles.current.set(key, handle);
    else handles.current.delete(key);
  }, []);
  const [images, setImages] = useState<Map<string, string> | null>(null);
  const printing = useMemo(() => ({ register, images }), [register, images]);
  const [printedAt, setPrintedAt] = useState('');
  const print = () => {
    const taken = new Map<string, string>();
    for (const [key, handle] of handles.current) {
      const url = handle.toPng();
      if (url) taken.set(key, url);
    }
    setPrintedAt(parkMinute());
    setImages(taken);
  };
  useEffect(() => {
    if (!images) return;
    const done = () => setImages(null);
    window.addEventListener('afterprint', done, { once: true });
    // Once the images are on the page.
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
    };
  }, [images]);

  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      const file = await exportAnswers(id, filter || undefined);
      saveBlob(file.blob, file.name ?? `${survey.title}.xlsx`);
    } catch {
      // Already shown.
    } finally {
      setExporting(false);
    }
  };

  const daily = useMemo(() => dailyOption(facts.daily, t('stats.daily.axis')), [facts.daily, t]);
  const when = (value: string | null) => value ?? t('stats.facts.none');
  const factCards: { key: string; title: string; value: string | number; hint?: string; time?: boolean }[] = [
    { key: 'responses', title: t('stats.facts.responses'), value: facts.responses },
    { key: 'respondents', title: t('stats.facts.respondents'), value: facts.respondents },
    {
      key: 'rate',
      title: t('stats.facts.responseRate'),
      value: facts.members ? percent(facts.responseRate) : t('stats.facts.none'),
      hint: t('stats.facts.responseRateHint', { answered: facts.answeredMembers, members: facts.members }),
    },
    { key: 'drafts', title: t('stats.facts.drafts'), value: facts.drafts },
    { key: 'first', title: t('stats.facts.first'), value: when(facts.firstSubmit), time: true },
    { key: 'last', title: t('stats.facts.last'), value: when(facts.lastSubmit), time: true },
  ];
  const applied = filter ? filtered.data?.filters : undefined;

  return (
    <ChartImagesContext.Provider value={printing}>
      <div className="wf-print-area qn-report">
        <Card
          title={
            <Typography.Text strong ellipsis={{ tooltip: survey.title }}>
              {t('stats.heading', { title: survey.title })}
            </Typography.Text>
          }
          extra={
            <Space wrap className="wf-no-print">
              {back}
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={download}>
                {filter ? t('stats.exportFiltered') : t('stats.export')}
              </Button>
              <Button icon={<PrinterOutlined />} onClick={print}>
                {t('stats.print')}
              </Button>
            </Space>
          }
        >
          <Flex vertical gap={16}>
            {printedAt && (
              <Typography.Text type="secondary" className="qn-print-only">
                {t('stats.printedAt', { time: printedAt })}
              </Typography.Text>
            )}
            <Row gutter={[16, 16]}>
              {factCards.map((f) => (
                <Col key={f.key} xs={12} md={8} xl={4}>
                  <Card size="small" className="qn-keep" data-testid={`qn-fact-${f.key}`}>
                    <Statistic
                      title={f.title}
                      value={f.value}
                      // A time is read, not compared at a glance: the size of text.
                      styles={f.time ? { content: { fontSize: token.fontSizeLG } } : undefined}
                    />
                    {f.hint && <Typography.Text type="secondary">{f.hint}</Typography.Text>}
                  </Card>
                </Col>
              ))}
            </Row>
            <Card size="small" className="qn-keep" title={t('stats.daily.title')}>
              {facts.daily.length ? (
                <ChartBox
                  chartKey="daily"
                  fileName={`${survey.title}-${t('stats.daily.title')}`}
                  label={t('stats.daily.label', { days: facts.daily.length, total: facts.responses })}
                  option={daily}
                  height={240}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stats.daily.empty')} />
              )}
            </Card>
            <Card size="small" className="wf-no-print" title={t('stats.filter.title')}>
              {detail.isPending ? (
                <Spin size="small" />
              ) : detail.isError ? (
                <Alert type="error" showIcon title={t('stats.filter.failed')} />
              ) : (
                <FilterBar questions={choices} picked={picked} onChange={setPicked} />
              )}
            </Card>
            {filter !== '' && filtered.data && (
              <Alert
                type="info"
                showIcon
                data-testid="qn-filtered"
                title={t('stats.filter.applied', { filtered: filtered.data.filtered, total: filtered.data.total })}
                description={applied?.map((a) => `${a.label}: ${a.valueLabel}`).join(t('stats.question.separator'))}
              />
            )}
            {filter !== '' && filtered.isError && <Alert type="error" showIcon title={t('stats.filter.failed')} />}
            {!stats ? (
              !filtered.isError && <PageSpin />
            ) : stats.sheets === 0 ? (
              <Empty description={filter ? t('stats.filter.noSheets') : t('stats.noSheets')} />
            ) : (
              <Spin spinning={filter !== '' && filtered.isFetching}>
                <Flex vertical gap={16}>
                  {stats.questions.map((q, i) => (
                    <QuestionCard
                      key={q.name}
                      n={i + 1}
                      question={q}
                      field={fields.get(q.name)}
                      surveyId={id}
                      surveyTitle={survey.title}
                      filter={filter}
                    />
                  ))}
                </Flex>
              </Spin>
            )}
          </Flex>
        </Card>
      </div>
    </ChartImagesContext.Provider>
  );
}
