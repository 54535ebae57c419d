import { DownloadOutlined, FileExcelOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../feedback.ts';
import { saveBlob } from '../../utils/download.ts';
import { Chart, type ChartExtensions, type ChartHandle } from '../Chart.tsx';
import { saveChartImage } from '../chartImage.ts';

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
 * A chart card (控制台, 决策驾驶舱): its chart (components/Chart), 保存图片 (PNG), 导出数据 (CSV) and, where
 * the figures come from a list, a link to it filtered; with the loading, empty and error states of its call.
 */
export function ChartCard<T>({
  title,
  query,
  content,
  extensions,
  link,
  height = 280,
  extra,
}: {
  title: string;
  query: UseQueryResult<T>;
  content: (data: T) => CardContent;
  /** The chart types and components the option uses (components/Chart `extensions`). */
  extensions: () => Promise<ChartExtensions>;
  /** The list the figures come from, with its search, as a path and query string. */
  link?: (data: T) => string | undefined;
  height?: number;
  /** More controls beside the actions (a year, a category). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const chart = useRef<ChartHandle>(null);
  const shown = query.data ? content(query.data) : undefined;
  const href = query.data && link?.(query.data);

  const saveImage = () => {
    if (!saveChartImage(chart.current, fileName(title))) toast.warning(t('chart.notDrawn'));
  };

  const actions = (
    <Flex gap={4} wrap align="center">
      {extra}
      {shown && (
        <>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={saveImage}
            disabled={shown.empty}
            aria-label={t('chart.saveImageOf', { title })}
          >
            {t('chart.saveImage')}
          </Button>
          <Button
            size="small"
            icon={<FileExcelOutlined />}
            onClick={() => saveBlob(csvOf(shown.table), `${fileName(title)}.csv`)}
            aria-label={t('chart.exportDataOf', { title })}
          >
            {t('chart.exportData')}
          </Button>
        </>
      )}
      {href && (
        <Link to={href} aria-label={t('chart.openListOf', { title })}>
          <UnorderedListOutlined /> {t('chart.openList')}
        </Link>
      )}
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
          message={t('chart.failed')}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : shown?.empty ? (
        <Empty description={t('chart.empty')} style={{ height, paddingTop: height / 2 - 60 }} />
      ) : (
        shown && <Chart ref={chart} option={shown.option} extensions={extensions} label={title} height={height} />
      )}
    </Card>
  );
}
