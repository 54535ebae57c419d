import type { FormSchema } from '@park/catalog/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { FormDesigner } from './FormDesigner.tsx';

const START: FormSchema = { version: 1, fields: [{ id: 'f_a', type: 'input', name: 'field_1', label: '姓名' }] };

let latest: FormSchema = START;

function Harness() {
  const [schema, setSchema] = useState(START);
  latest = schema;
  return <FormDesigner value={schema} onChange={setSchema} height={600} />;
}

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

// The whole designer (three columns of antd, a form of properties) draws slowly in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

describe('FormDesigner', { timeout: 60_000 }, () => {
  beforeEach(() => {
    setLang('zh');
    // The named default values the properties offer (design/form/default-values).
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      envelope({ records: [{ id: '1', name: '发起人姓名', content: 'starter.realName', fieldType: 'input' }] }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('adds a kind with a click after the picked field, and refuses a name another field has', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProvider>
          <Harness />
        </UiProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByText('数字'));
    await waitFor(() => expect(latest.fields.map((f) => f.name)).toEqual(['field_1', 'field_2']));
    expect(latest.fields[1]).toMatchObject({ type: 'number', label: '数字' });

    // The new field is picked: its properties are on the right.
    const name = document.querySelector('#fieldProperties_name') as HTMLInputElement;
    expect(name.value).toBe('field_2');
    fireEvent.change(name, { target: { value: 'field_1' } });
    await waitFor(() => expect(screen.getByText('字段名field_1已被使用')).toBeTruthy());
    // The schema holds what was typed, and its problems say so above the canvas, as the server would refuse it.
    expect(screen.getByText('表单有 1 处问题')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'days' } });
    await waitFor(() => expect(latest.fields[1].name).toBe('days'));
    expect(screen.queryByText('表单有 1 处问题')).toBeNull();

    // A show-if naming a field the form lacks is parsed and warned about as it is typed.
    fireEvent.change(document.querySelector('#fieldProperties_showIf') as HTMLElement, {
      target: { value: 'dayz > 3' },
    });
    await waitFor(() => expect(screen.getByText('表单中没有名为dayz的字段')).toBeTruthy());
    fireEvent.change(document.querySelector('#fieldProperties_showIf') as HTMLElement, {
      target: { value: 'field_1 ==' },
    });
    await waitFor(() => expect(document.querySelector('#fieldProperties_showIf_help')?.textContent).not.toBe(''));
    expect(latest.fields[1].showIf).toBe('field_1 ==');
    expect(screen.getByText('表单有 1 处问题')).toBeTruthy();
  });
});
