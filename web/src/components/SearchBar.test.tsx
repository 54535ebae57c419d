import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { SearchBar } from './SearchBar.tsx';

describe('SearchBar', () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  function show(onSearch: (values: object) => void) {
    render(
      <SearchBar name="probe" onSearch={onSearch}>
        <Form.Item name="title" label="title">
          <Input />
        </Form.Item>
        <Form.Item name="code" label="code">
          <Input />
        </Form.Item>
      </SearchBar>,
    );
  }
  const button = (name: RegExp) => screen.getByRole('button', { name });

  it('searches with the filled fields only, the ids prefixed by its name', async () => {
    const onSearch = vi.fn();
    show(onSearch);
    fireEvent.change(document.querySelector('#probe_title') as HTMLInputElement, { target: { value: '园区' } });
    fireEvent.click(button(/搜\s*索/));
    await waitFor(() => expect(onSearch).toHaveBeenCalledOnce());
    // Exactly: the empty field is left out, not sent as undefined.
    expect(Object.entries(onSearch.mock.calls[0][0])).toEqual([['title', '园区']]);
  });

  it('清空 empties the fields and searches with nothing', async () => {
    const onSearch = vi.fn();
    show(onSearch);
    const title = () => document.querySelector('#probe_title') as HTMLInputElement;
    fireEvent.change(title(), { target: { value: '园区' } });
    fireEvent.click(button(/清\s*空/));
    expect(onSearch).toHaveBeenCalledWith({});
    // A reset mounts the inputs anew.
    await waitFor(() => expect(title().value).toBe(''));
  });
});
