import { ArrowLeftOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { categoryMeal } from '@park/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Row as GridRow,
  Progress,
  Select,
  Space,
  Statistic,
  Table,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchPage } from '../../../../../api/crud.ts';
import {
  exportMealStatistics,
  fetchMealStatistics,
  type MealCounts,
  type MealStatistics,
} from '../../../../../api/dhm.ts';
import { Chart, type ChartExtensions } from '../../../../../components/Chart.tsx';
import { DATE_FORMAT } from '../../../../../crud/dates.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { saveBlob } from '../../../../../utils/download.ts';
import { ORDER_PATH } from '../../shared.tsx';
import { byDay } from './days.ts';

type Query = { startDate?: string; endDate?: string; categoryMealId?: string };

/** The chart's ECharts parts, fetched with the chart: this screen is the only one that loads them. */
const chartParts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;

/**
 * /dhm/dhm/order-meal/statistics: the orders of a date range (by default the last week and the next)
 * counted by the server from the orders themselves: in total and by status, by day and meal, by enterprise,
 * and a chart of the same rows by day (ECharts, fetched by this screen alone).
 */
export default function MealStatisticsPage() {
  const { t } = useTranslation('dhm');
  const navigate = useNavigate();
  usePageTag(t('statisticsTitle'));
  // Undefined until the user picks: the picker then shows the range the server applied (its default).
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null | undefined>(undefined);
  const [category, setCategory] = useState<string | undefined>();
  const [query, setQuery] = useState<Query>({});
  const [exporting, setExporting] = useState(false);

  const categories = useQuery({
    queryKey: ['crud', categoryMeal.key, 'options', 'all'],
    queryFn: () => fetchPage(categoryMeal, { current: 1, size: 1000 }),
  });
  const stats = useQuery({
    queryKey: ['dhm', 'statistics', query],
    queryFn: () => fetchMealStatistics(query),
    placeholderData: keepPreviousData,
  });
  const data: MealStatistics | undefined = stats.data;
  const totals = data?.totals;
  const all = totals ? totals.booked + totals.writtenOff + totals.cancelled : 0;
  const share = (n: number) => (all ? Math.round((n / all) * 100) : 0);

  const { token } = theme.useToken();
  const days = useMemo(() => (data ? byDay(data.rows, data.startDate, data.endDate) : []), [data]);
  const shownRange: [Dayjs, Dayjs] | null = data ? [dayjs(data.startDate), dayjs(data.endDate)] : null;
  // Booked, written off and cancelled portions stacked per day, and the day's revenue on its own axis.
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.date) },
      yAxis: [
        { type: 'value', name: t('portionsAxis'), minInterval: 1 },
        { type: 'value', name: t('revenue'), splitLine: { show: false } },
      ],
      series: [
        ...(
          [
            ['booked', token.colorPrimary],
            ['writtenOff', token.colorSuccess],
            ['cancelled', token.colorTextTertiary],
          ] as const
        ).map(([k, color]) => ({
          name: t(`${k}Count`),
          type: 'bar',
          stack: 'orders',
          barMaxWidth: 32,
          itemStyle: { color },
          data: days.map((d) => d[k]),
        })),
        {
          name: t('revenue'),
          type: 'line',
          yAxisIndex: 1,
          itemStyle: { color: token.colorWarning },
          data: days.map((d) => Number(d.revenue)),
        },
      ],
    }),
    [days, t, token],
  );
  const chartLabel = data
    ? t('chartLabel', {
        start: data.startDate,
        end: data.endDate,
        days: days.length,
        booked: data.totals.booked,
        writtenOff: data.totals.writtenOff,
        cancelled: data.totals.cancelled,
        revenue: data.totals.revenue,
      })
    : t('statisticsTitle');

  const counts = [
    { key: 'booked', title: t('bookedCount'), dataIndex: 'booked', align: 'right' as const },
    { key: 'writtenOff', title: t('writtenOffCount'), dataIndex: 'writtenOff', align: 'right' as const },
    { key: 'cancelled', title: t('cancelledCount'), dataIndex: 'cancelled', align: 'right' as const },
    { key: 'revenue', title: t('revenue'), dataIndex: 'revenue', align: 'right' as const },
  ];

  return (
    <Card
      title={t('statisticsTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ORDER_PATH)}>
          {t('backToOrders')}
        </Button>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('dateRange')}
          format={DATE_FORMAT}
          value={range === undefined ? shownRange : range}
          onChange={(value) => setRange(value as [Dayjs | null, Dayjs | null] | null)}
        />
        <Select
          allowClear
          aria-label={t('category')}
          style={{ minWidth: 160 }}
          placeholder={t('allCategories')}
          value={category}
          onChange={setCategory}
          options={(categories.data?.records ?? []).map((c) => ({ value: c.id, label: String(c.categoryName) }))}
        />
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() =>
            setQuery({
              startDate: range?.[0]?.format(DATE_FORMAT),
              endDate: range?.[1]?.format(DATE_FORMAT),
              categoryMealId: category,
            })
          }
        >
          {t('query')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              const file = await exportMealStatistics(query);
              saveBlob(file.blob, file.name ?? `${t('statisticsTitle')}.xlsx`);
            } catch {
              // Already shown.
            } finally {
              setExporting(false);
            }
          }}
        >
          {t('export')}
        </Button>
        {data && (
          <span style={{ alignSelf: 'center', opacity: 0.65 }}>
            {data.startDate} ~ {data.endDate}
          </span>
        )}
      </Flex>

      <GridRow gutter={16} style={{ marginBottom: 16 }}>
        {(['booked', 'writtenOff', 'cancelled'] as const).map((k) => (
          <Col key={k} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(`${k}Count`)} value={totals?.[k] ?? 0} />
              <Progress
                aria-label={t(`${k}Count`)}
                percent={share(totals?.[k] ?? 0)}
                size="small"
                status={k === 'cancelled' ? 'exception' : k === 'writtenOff' ? 'success' : 'active'}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('revenue')} value={totals?.revenue ?? '0.00'} precision={2} />
          </Card>
        </Col>
      </GridRow>

      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card size="small" title={t('chartTitle')}>
          <Chart option={option} extensions={chartParts} label={chartLabel} height={300} />
        </Card>
        <Table<MealStatistics['rows'][number]>
          title={() => t('byDay')}
          rowKey={(r) => `${r.mealDate}-${r.mealId}`}
          size="small"
          bordered
          loading={stats.isFetching}
          dataSource={data?.rows}
          pagination={false}
          columns={[
            { key: 'mealDate', title: t('mealDate'), dataIndex: 'mealDate' },
            { key: 'categoryName', title: t('category'), dataIndex: 'categoryName' },
            { key: 'mealName', title: t('meal'), dataIndex: 'mealName' },
            ...counts,
          ]}
          summary={() =>
            totals && (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  {t('total')}
                </Table.Summary.Cell>
                {(['booked', 'writtenOff', 'cancelled', 'revenue'] as (keyof MealCounts)[]).map((k, i) => (
                  <Table.Summary.Cell key={k} index={3 + i} align="right">
                    {totals[k]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
        <Table<MealStatistics['byEnterprise'][number]>
          title={() => t('byEnterprise')}
          rowKey={(r) => r.enterpriseId ?? 'park'}
          size="small"
          bordered
          dataSource={data?.byEnterprise}
          pagination={false}
          columns={[
            {
              key: 'enterpriseName',
              title: t('enterprise'),
              render: (_: unknown, r) => r.enterpriseName ?? t('noEnterprise'),
            },
            ...counts,
          ]}
        />
      </Space>
    </Card>
  );
}
