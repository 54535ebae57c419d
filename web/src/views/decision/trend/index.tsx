import { DEFAULT_TREND_YEARS, TREND_METRICS } from '@park/catalog';
import { useState } from 'react';
import { PropControls } from '../widgets/PropInput.tsx';
import type { WidgetProps } from '../widgets/renderers.ts';
import { WidgetCard } from '../widgets/WidgetCard.tsx';

/**
 * /decision/trend (趋势分析): one of the park's yearly totals (blade-decision/analyse/trend-<metric>) over the
 * years asked for, with its growth on the year before; the metric and the number of years beside the title.
 */
export default function TrendPage() {
  const [settings, setSettings] = useState<WidgetProps>({ metric: TREND_METRICS[0], years: DEFAULT_TREND_YEARS });
  return (
    <WidgetCard
      widget="trend"
      props={settings}
      height={440}
      extra={<PropControls widget="trend" value={settings} onChange={setSettings} />}
    />
  );
}
