/**
 * The ECharts chart types and components 控制台 draws with, named one by one so the build keeps only these.
 * Imported by the dashboard with a dynamic `import()` only, like ECharts' core.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';

export const parts = [BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent];
