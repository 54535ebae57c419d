import { theme } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { type CSSProperties, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type GlobalToken = ReturnType<typeof theme.useToken>['token'];

/** What `echarts/core`'s `use` takes: the chart types and components a screen draws with. */
export type ChartExtensions = Parameters<typeof import('echarts/core').use>[0];

/** What a screen may ask of a drawn chart (through `ref`). */
export interface ChartHandle {
  /** The chart as a PNG data URL at twice its pixels, on the theme's background; undefined until it is drawn. */
  toPng(): string | undefined;
}

export interface ChartProps {
  /** The ECharts option: the data and series; colours of text, axes and tooltip follow the theme. */
  option: EChartsCoreOption;
  /**
   * The chart types and components the option uses, imported by the screen with a dynamic `import()` of
   * `echarts/charts` and `echarts/components`, so ECharts is fetched only when a screen draws a chart.
   */
  extensions: () => Promise<ChartExtensions>;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  height?: number;
  style?: CSSProperties;
  /** The chart as an image (ECharts' getDataURL): to save it, or to print it. */
  ref?: Ref<ChartHandle>;
}

/** ECharts' theme from antd's tokens: readable on the light and the dark theme alike. */
function themeOf(token: GlobalToken) {
  const axis = {
    axisLine: { lineStyle: { color: token.colorBorder } },
    axisTick: { lineStyle: { color: token.colorBorder } },
    axisLabel: { color: token.colorTextSecondary },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    nameTextStyle: { color: token.colorTextSecondary },
  };
  return {
    backgroundColor: 'transparent',
    color: [token.colorPrimary, token.colorSuccess, token.colorError, token.colorWarning, token.colorInfo],
    textStyle: { color: token.colorText, fontFamily: token.fontFamily },
    legend: { textStyle: { color: token.colorTextSecondary } },
    categoryAxis: axis,
    valueAxis: axis,
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
    },
  };
}

/**
 * A chart of ECharts' modular build, loaded on first use (`echarts/core` and the canvas renderer through
 * ./echarts.ts here, the chart types from the screen), drawn on a canvas that follows the container's size and the theme, and
 * disposed of with the component. The container carries the chart's accessible name.
 */
export function Chart({ option, extensions, label, height = 320, style, ref }: ChartProps) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType>();
  const [failed, setFailed] = useState(false);
  // The latest loader, without making a new one per render start the chart over.
  const load = useRef(extensions);
  load.current = extensions;

  // One chart per theme: ECharts takes its theme when the chart is made.
  const look = JSON.stringify(themeOf(token));
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let made: EChartsType | undefined;
    let gone = false;
    let observer: ResizeObserver | undefined;
    void (async () => {
      try {
        const [core, used] = await Promise.all([import('./echarts.ts'), load.current()]);
        if (gone) return;
        core.use([core.renderer, ...[used].flat()]);
        made = core.init(el, JSON.parse(look), { renderer: 'canvas' });
        observer = new ResizeObserver(() => made?.resize());
        observer.observe(el);
        setFailed(false);
        setChart(made);
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      observer?.disconnect();
      made?.dispose();
      setChart(undefined);
    };
  }, [look]);

  useEffect(() => {
    chart?.setOption(option, { notMerge: true });
  }, [chart, option]);

  const background = token.colorBgContainer;
  useImperativeHandle(
    ref,
    () => ({ toPng: () => chart?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background }) }),
    [chart, background],
  );

  return (
    <div
      role="img"
      // A chart that could not load says so, to everyone.
      aria-label={failed ? `${label} ${t('chartFailed')}` : label}
      data-testid="chart"
      style={{ position: 'relative', width: '100%', height, ...style }}
    >
      <div ref={box} aria-hidden style={{ width: '100%', height: '100%' }} />
      {failed && (
        <div
          aria-hidden
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: token.colorTextDescription,
          }}
        >
          {t('chartFailed')}
        </div>
      )}
    </div>
  );
}
