/**
 * The ECharts chart types and components the survey statistics draw with, named one by one so the build keeps
 * only these. Imported by the statistics screen with a dynamic `import()` only, like ECharts' core.
 */
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';

export const parts = [BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent];
