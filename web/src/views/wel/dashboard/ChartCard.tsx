import { DownloadOutlined, FileExcelOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { request } from '../../../api/http.ts';
import { Chart, type ChartExtensions, type ChartHandle } from '../../../components/Chart.tsx';
import { saveChartImage } from '../../../components/chartImage.ts';
import { toast } from '../../../feedback.ts';
import { saveBlob } from '../../../utils/download.ts';

/** The chart types and components, fetched with the first chart: this screen is the only one that loads them. */
const chartParts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;

export type DashboardRow = Record<string, string | number | null>;
export interface DashboardData {
  rows: DashboardRow[];
  /** The list the chart's figures come from, and the search that filters it. */
  link: { path: string; query?: Record<string, string> };
}

/** One chart's answer (blade-desk/dashboard/<chart>), shared by the cards that draw it. */
export function useDashboard(chart: string) {
  return useQuery({
    queryKey: ['dashboard', chart],
    queryFn: () => request<DashboardData>(`blade-desk/dashboard/${chart}`),
  });
}

/** What a card draws: the option, the data table its export writes, and whether there is anything to draw. */
export interface CardContent {
  option: EChartsCoreOption;
  /** The exported table: the header row, then one row per figure. */
  table: (string | number | null)[][];
  empty: boolean;
}

/** CSV as Excel opens it: a byte-order mark (Chinese text), quoted cells, CRLF lines. */
function csvOf(table: CardContent['table']): Blob {
  const cell = (value: string | number | null) => `"${String(value ?? '').replaceAll('"', '""')}"`;
  return new Blob([`\uFEFF${table.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`], {
    type: 'text/csv;charset=utf-8',
  });
}

/** A file name without the characters file systems refuse. */
const fileName = (title: string) => title.replace(/[\\/:*?"<>|]/g, '_');

/**
 * A dashboard card: its chart (components/Chart), 保存图片 (PNG), 导出数据 (CSV) and the list it links to, with
 * the loading, empty and error states of its call.
 */
export function ChartCard({
  title,
  query,
  content,
}: {
  title: string;
  query: ReturnType<typeof useDashboard>;
  content: (data: DashboardData) => CardContent;
}) {
  const { t } = useTranslation('dashboard');
  const chart = useRef<ChartHandle>(null);
  const shown = query.data ? content(query.data) : undefined;
  const link = query.data?.link;
  const href = link && `${link.path}${link.query ? `?${new URLSearchParams(link.query)}` : ''}`;

  const saveImage = () => {
    if (!saveChartImage(chart.current, fileName(title))) toast.warning(t('notDrawn'));
  };

  const actions = shown && href && (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        onClick={saveImage}
        disabled={shown.empty}
        aria-label={t('saveImageOf', { title })}
      >
        {t('saveImage')}
      </Button>
      <Button
        size="small"
        icon={<FileExcelOutlined />}
        onClick={() => saveBlob(csvOf(shown.table), `${fileName(title)}.csv`)}
        aria-label={t('exportDataOf', { title })}
      >
        {t('exportData')}
      </Button>
      <Link to={href} aria-label={t('openListOf', { title })}>
        <UnorderedListOutlined /> {t('openList')}
      </Link>
    </Flex>
  );

  return (
    <Card title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h2>} extra={actions} data-chart-card={title}>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('failed')}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : shown?.empty ? (
        <Empty description={t('empty')} style={{ height: 280, paddingTop: 80 }} />
      ) : (
        shown && <Chart ref={chart} option={shown.option} extensions={chartParts} label={title} height={280} />
      )}
    </Card>
  );
}
