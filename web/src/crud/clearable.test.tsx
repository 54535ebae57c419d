import { render } from '@testing-library/react';
import { Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { useClearable } from './clearable.tsx';

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
