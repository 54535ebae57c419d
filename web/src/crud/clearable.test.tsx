import { act, render, waitFor } from '@testing-library/react';
import { Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { ClearButtonNames, useClearable } from './clearable.tsx';

function Picked({ named }: { named: boolean }) {
  const clearable = useClearable();
  return (
    <Select open={false} value="1" options={[{ value: '1', label: '男' }]} allowClear={named ? clearable : true} />
  );
}

const clearName = (container: HTMLElement) => container.querySelector('.ant-select-clear')?.getAttribute('aria-label');

describe('useClearable', () => {
  afterEach(() => setLang('zh'));

  it("names a select's clear button in the language, where antd says Clear", () => {
    expect(clearName(render(<Picked named={false} />).container)).toBe('Clear');
    expect(clearName(render(<Picked named />).container)).toBe('清除内容');
  });

  it('follows the language', () => {
    setLang('en');
    expect(clearName(render(<Picked named />).container)).toBe('Clear');
  });
});

describe('ClearButtonNames', () => {
  afterEach(() => setLang('zh'));

  it("names every plain Select's clear button in the language, as it appears and when the language changes", async () => {
    const { container, rerender } = render(
      <>
        <ClearButtonNames />
        <Select open={false} value="1" options={[{ value: '1', label: '男' }]} allowClear />
      </>,
    );
    await waitFor(() => expect(clearName(container)).toBe('清除内容'));
    // One shown later (a value picked): named as it appears.
    rerender(
      <>
        <ClearButtonNames />
        <Select open={false} value="1" options={[{ value: '1', label: '男' }]} allowClear />
        <Select open={false} value="2" options={[{ value: '2', label: '女' }]} allowClear className="later" />
      </>,
    );
    await waitFor(() =>
      expect(container.querySelector('.later .ant-select-clear')?.getAttribute('aria-label')).toBe('清除内容'),
    );
    act(() => setLang('en'));
    await waitFor(() => expect(clearName(container)).toBe('Clear'));
    act(() => setLang('zh'));
    await waitFor(() => expect(clearName(container)).toBe('清除内容'));
  });
});
