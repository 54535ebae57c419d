/**
 * ECharts' core and canvas renderer, the part every chart needs. Imported by `Chart` with a dynamic
 * `import()` only: its chunk, and ECharts with it, is fetched when a screen first draws a chart.
 */
import { CanvasRenderer } from 'echarts/renderers';

export { init, use } from 'echarts/core';
export const renderer = CanvasRenderer;
