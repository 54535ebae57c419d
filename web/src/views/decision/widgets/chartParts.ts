/**
 * The ECharts chart types and components the decision widgets draw with (驾驶舱, 排行榜, 趋势分析, 决策分析), named
 * one by one so the build keeps only these. Imported with a dynamic `import()` only (./parts.ts), like ECharts' core.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GraphicComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';

export const parts = [
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  GraphicComponent,
];
