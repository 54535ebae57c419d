import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TimeRangeInput } from './TimeRangeInput.tsx';

const PLACEHOLDER: [string, string] = ['开始时间', '结束时间'];
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
// Antd's picker loads on first use: in jsdom on a busy machine that can take seconds.
const LOADED = { timeout: 10_000 };
const picker = (container: HTMLElement) => container.querySelector('.ant-picker-range');

describe('TimeRangeInput', () => {
  // The picker's module graph is transformed on its first import: on a clean clone, beside the other worker, that
  // took over 10 s. Loaded once here, the component's own lazy import then resolves from the module cache.
  beforeAll(() => import('antd/es/date-picker'), 60_000);

  it('draws a stand-in with the id and placeholders, and no picker, until the range is reached', () => {
    const { container } = render(
      <TimeRangeInput id="search_createTimeRange" placeholder={PLACEHOLDER} format={FORMAT} />,
    );
    const start = screen.getByPlaceholderText('开始时间');
    expect(start.id).toBe('search_createTimeRange');
    expect(start).toHaveProperty('readOnly', true);
    expect(screen.getByPlaceholderText('结束时间')).toBeTruthy();
    expect(picker(container)).toBeNull();
  });

  it('reached with the keyboard at its end: the picker draws with that end focused, its panel closed', async () => {
    const { container } = render(<TimeRangeInput id="range" placeholder={PLACEHOLDER} format={FORMAT} />);
    fireEvent.focus(screen.getByPlaceholderText('结束时间'));
    await waitFor(() => expect(picker(container)).not.toBeNull(), LOADED);
    const end = container.querySelector<HTMLInputElement>('.ant-picker-range input[placeholder="结束时间"]');
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
  });

  it('pressed with a pointer: the picker draws with its panel open, as a click on it opens it', async () => {
    const { container } = render(<TimeRangeInput id="range" placeholder={PLACEHOLDER} format={FORMAT} />);
    const start = screen.getByPlaceholderText('开始时间');
    fireEvent.pointerDown(start);
    fireEvent.focus(start);
    await waitFor(() => expect(picker(container)).not.toBeNull(), LOADED);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    expect(document.activeElement?.id).toBe('range');
  });

  it('with a range already set (a linked search) draws the picker at once, showing it, and takes no focus', async () => {
    const value: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01 00:00:00'), dayjs('2026-11-30 23:59:59')];
    const { container } = render(<TimeRangeInput id="range" placeholder={PLACEHOLDER} format={FORMAT} value={value} />);
    await waitFor(() => expect(picker(container)).not.toBeNull(), LOADED);
    expect(screen.getByDisplayValue('2026-11-01 00:00:00')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });
});
