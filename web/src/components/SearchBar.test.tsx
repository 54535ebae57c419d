import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { SearchBar } from './SearchBar.tsx';

/** Draws the list again, as its rows coming or a row ticked do: new elements for the same fields. */
let redrawList = () => {};

/** A list's search form, folding, with the given fields. */
function List({ fields }: { fields: string[] }) {
  const [, setDraws] = useState(0);
  redrawList = () => setDraws((n) => n + 1);
  return (
    <SearchBar name="probe" onSearch={() => {}} collapse={{ collapsed: true, onChange: () => {} }}>
      {fields.map((field) => (
        <Form.Item key={field} name={field} label={field}>
          <Input />
        </Form.Item>
      ))}
    </SearchBar>
  );
}

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

  it('measures its folding row again when its fields or their language change, not at every render around it', () => {
    const observed = vi.spyOn(window.ResizeObserver.prototype, 'observe');
    const { rerender } = render(<List fields={['title', 'code']} />);
    const measured = observed.mock.calls.length;
    expect(measured).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) act(() => redrawList());
    expect(observed.mock.calls.length).toBe(measured);
    rerender(<List fields={['title', 'code', 'phone']} />);
    expect(observed.mock.calls.length).toBeGreaterThan(measured);
    const withPhone = observed.mock.calls.length;
    act(() => setLang('en'));
    expect(observed.mock.calls.length).toBeGreaterThan(withPhone);
    observed.mockRestore();
  });
});
