/**
 * The ECharts chart types and components 企业概览 draws with, named one by one so the build keeps only these.
 * Imported by the screen with a dynamic `import()` only, like ECharts' core.
 */
import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';

export const parts = [
  BarChart,
  LineChart,
  PieChart,
  RadarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  RadarComponent,
];
