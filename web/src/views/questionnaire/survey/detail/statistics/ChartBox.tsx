import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartExtensions, type ChartHandle } from '../../../../../components/Chart.tsx';
import { saveChartImage } from '../../../../../components/chartImage.ts';
import { toast } from '../../../../../feedback.ts';
import { fileNameOf } from './filters.ts';
import { useChartImages } from './printing.ts';

/** The chart types and components, fetched with the first chart: this screen is the only one that loads them. */
const chartParts = async (): Promise<ChartExtensions> => (await import('./chartParts.ts')).parts;

/**
 * A chart of the statistics (components/Chart), with 保存图片 (its PNG, named after what it shows), and in its
 * place on paper the image taken of it when printing began.
 */
export function ChartBox({
  chartKey,
  fileName,
  label,
  option,
  height = 260,
}: {
  /** Unique on the screen: the report's images are kept by it. */
  chartKey: string;
  /** What the saved image is called (without .png). */
  fileName: string;
  /** What the chart shows, for screen readers and as the printed image's text. */
  label: string;
  option: EChartsCoreOption;
  height?: number;
}) {
  const { t } = useTranslation('questionnaire');
  const { register, images } = useChartImages();
  const handle = useRef<ChartHandle | null>(null);
  const keep = useCallback(
    (h: ChartHandle | null) => {
      handle.current = h;
      register(chartKey, h);
    },
    [chartKey, register],
  );
  const image = images?.get(chartKey);

  const save = () => {
    if (!saveChartImage(handle.current, fileNameOf(fileName))) toast.warning(t('stats.question.notDrawn'));
  };

  return (
    <div>
      <Flex justify="end" className="wf-no-print">
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={save}
          aria-label={t('stats.question.saveImageOf', { label })}
        >
          {t('stats.question.saveImage')}
        </Button>
      </Flex>
      <div className="qn-screen-only">
        <Chart ref={keep} option={option} extensions={chartParts} label={label} height={height} />
      </div>
      {image && <img className="qn-print-only qn-chart-image" src={image} alt={label} />}
    </div>
  );
}
