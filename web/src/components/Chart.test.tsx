import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { Chart, type ChartExtensions, type ChartHandle } from './Chart.tsx';

// ECharts draws on a canvas jsdom does not have: the core's chunk is stood in for, to see what Chart asks of it.
const chart = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn(), getDataURL: vi.fn() };
const echarts = vi.hoisted(() => ({ init: vi.fn(), use: vi.fn(), renderer: { name: 'canvas' } }));
vi.mock('./echarts.ts', () => echarts);

describe('Chart', () => {
  beforeEach(() => {
    setLang('zh');
    vi.clearAllMocks();
    echarts.init.mockReturnValue(chart);
  });
  afterEach(cleanup);

  const option = { series: [{ type: 'bar', data: [1, 2] }] };
  // A chart type as echarts/charts gives one: an installer.
  const parts: ChartExtensions = [() => undefined];

  it('loads ECharts on first draw with the screen’s parts, draws the option, and disposes of it on unmount', async () => {
    const view = render(<Chart option={option} extensions={async () => parts} label="每日订餐图" />);
    const box = screen.getByRole('img', { name: '每日订餐图' });
    await waitFor(() => expect(chart.setOption).toHaveBeenCalledWith(option, { notMerge: true }));
    expect(echarts.use).toHaveBeenCalledWith([echarts.renderer, ...[parts].flat()]);
    // Drawn inside the named container, with a theme of the page's colours.
    const [el, look] = echarts.init.mock.calls[0];
    expect(box.contains(el)).toBe(true);
    expect(look).toMatchObject({ backgroundColor: 'transparent', textStyle: { color: expect.any(String) } });
    view.rerender(<Chart option={{ ...option }} extensions={async () => parts} label="每日订餐图" />);
    await waitFor(() => expect(chart.setOption).toHaveBeenCalledTimes(2));
    expect(echarts.init).toHaveBeenCalledOnce();
    view.unmount();
    expect(chart.dispose).toHaveBeenCalledOnce();
  });

  it('gives the drawn chart as a PNG through its ref, nothing before it is drawn', async () => {
    const ref = createRef<ChartHandle>();
    render(<Chart ref={ref} option={option} extensions={async () => parts} label="每日订餐图" />);
    expect(ref.current?.toPng()).toBeUndefined();
    await waitFor(() => expect(chart.setOption).toHaveBeenCalled());
    chart.getDataURL.mockReturnValue('data:image/png;base64,AAAA');
    expect(ref.current?.toPng()).toBe('data:image/png;base64,AAAA');
    expect(chart.getDataURL).toHaveBeenCalledWith(expect.objectContaining({ type: 'png', pixelRatio: 2 }));
  });

  it('says so when ECharts cannot be loaded', async () => {
    render(<Chart option={option} extensions={() => Promise.reject(new Error('offline'))} label="每日订餐图" />);
    expect(await screen.findByRole('img', { name: '每日订餐图 图表加载失败，请刷新页面重试' })).toBeTruthy();
    expect(echarts.init).not.toHaveBeenCalled();
  });
});
