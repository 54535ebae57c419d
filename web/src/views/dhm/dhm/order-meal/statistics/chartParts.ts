/**
 * The ECharts chart types and components the statistics chart draws with, named one by one so the build
 * keeps only these. Imported by the statistics screen with a dynamic `import()` only, like ECharts' core.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';

export const parts = [BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent];
