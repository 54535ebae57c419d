import type { FormSchema } from '@park/catalog/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { type FieldAuth, FormRenderer, filledValues, type RenderMode } from './FormRenderer.tsx';

/** A leave request: a type, days, a reason shown (and required) beyond 3 days, a sub-table of items. */
const LEAVE: FormSchema = {
  version: 1,
  fields: [
    {
      id: 'f_type',
      type: 'radio',
      name: 'type',
      label: '假期类型',
      required: true,
      options: [
        { label: '年假', value: 'annual' },
        { label: '事假', value: 'personal' },
      ],
    },
    { id: 'f_days', type: 'number', name: 'days', label: '天数', required: true, min: 0.5, defaultValue: 1 },
    { id: 'f_reason', type: 'textarea', name: 'reason', label: '事由', required: true, showIf: 'days > 3' },
    {
      id: 'f_items',
      type: 'table',
      name: 'items',
      label: '行程',
      children: [
        { id: 'f_city', type: 'input', name: 'city', label: '城市', required: true },
        { id: 'f_nights', type: 'number', name: 'nights', label: '晚数', defaultValue: 1 },
      ],
    },
  ],
};

interface Props {
  schema?: FormSchema;
  mode?: RenderMode;
  auth?: FieldAuth;
  values?: Record<string, unknown>;
}

/** The renderer with a 提交 button that validates it, putting what it submits (or the problem count) on screen. */
function Harness({ schema = LEAVE, mode, auth, values, onForm }: Props & { onForm?: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm?.(form);
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <FormRenderer schema={schema} form={form} mode={mode} auth={auth} values={values} />
      <Button
        onClick={() =>
          filledValues(form, schema).then(
            (submitted) => setOutcome(JSON.stringify(submitted)),
            (error: { errorFields: unknown[] }) => setOutcome(`problems: ${error.errorFields.length}`),
          )
        }
      >
        提交
      </Button>
      <output data-testid="outcome">{outcome}</output>
    </>
  );
}

function show(props: Props = {}) {
  let form: FormInstance | undefined;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <Harness
          {...props}
          onForm={(f) => {
            form = f;
          }}
        />
      </UiProvider>
    </QueryClientProvider>,
  );
  return () => form as FormInstance;
}

// A whole antd form redrawn on each change is slow in jsdom on a busy 2-core machine: the waits allow 10 s, a test 60 s.
configure({ asyncUtilTimeout: 10_000 });

const submit = () => fireEvent.click(screen.getByText('提交'));
const outcome = () => screen.getByTestId('outcome').textContent;

describe('FormRenderer', { timeout: 60_000 }, () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  it('shows a field while its show-if holds, re-evaluated as values change, and neither checks nor submits it hidden', async () => {
    show();
    expect(screen.queryByLabelText('事由')).toBeNull();
    fireEvent.click(screen.getByLabelText('年假'));
    submit();
    await waitFor(() => expect(outcome()).toBe('{"type":"annual","days":1}'));

    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '5' } });
    await waitFor(() => expect(screen.getByLabelText('事由')).toBeTruthy());
    submit();
    // Now shown, the reason is required, with the shared validator's words.
    await waitFor(() => expect(screen.getByText('请填写事由')).toBeTruthy());
    expect(outcome()).toBe('problems: 1');

    fireEvent.change(screen.getByLabelText('事由'), { target: { value: '探亲' } });
    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByLabelText('事由')).toBeNull());
    submit();
    // Hidden again, the reason it held is not submitted.
    await waitFor(() => expect(outcome()).toBe('{"type":"annual","days":2}'));
  });

  it('starts from the defaults and says 请填写 under a required field left empty, in the language of the console', async () => {
    show();
    expect((screen.getByLabelText('天数') as HTMLInputElement).value).toBe('1');
    submit();
    await waitFor(() => expect(screen.getByText('请填写假期类型')).toBeTruthy());

    cleanup();
    act(() => setLang('en'));
    show();
    submit();
    await waitFor(() => expect(screen.getByText('假期类型 is required')).toBeTruthy());
    act(() => setLang('zh'));
  });

  it('adds table rows with the columns’ defaults, checks each cell, and removes rows', async () => {
    const form = show({ values: { type: 'personal', days: 1 } });
    const add = screen.getByText('添加一行');
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getByLabelText('晚数（第2行）')).toBeTruthy();
    expect(form().getFieldValue('items')).toEqual([{ nights: 1 }, { nights: 1 }]);

    submit();
    // Each empty 城市 is required under its own cell.
    await waitFor(() => expect(screen.getAllByText('请填写城市')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('城市（第1行）'), { target: { value: '杭州' } });
    fireEvent.click(screen.getByLabelText('删除第2行'));
    await waitFor(() => expect(screen.queryByLabelText('城市（第2行）')).toBeNull());
    submit();
    await waitFor(() => expect(outcome()).toBe('{"type":"personal","days":1,"items":[{"city":"杭州","nights":1}]}'));
  });

  it('reads a filled form in view mode: values as text, options by their labels, tables as rows, no inputs', () => {
    show({
      mode: 'view',
      values: { type: 'annual', days: 5, reason: '探亲', items: [{ city: '杭州', nights: 2 }] },
    });
    expect(document.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(screen.getByText('年假')).toBeTruthy();
    expect(screen.getByText('探亲')).toBeTruthy();
    const table = document.querySelector('table') as HTMLElement;
    expect(within(table).getByText('杭州')).toBeTruthy();
    expect(within(table).getByText('2')).toBeTruthy();
    expect(screen.queryByText('添加一行')).toBeNull();
  });

  it('gives each field the right a task names: editable, read-only (the default) or hidden', async () => {
    show({ values: { type: 'annual', days: 1, items: [] }, auth: { days: 'editable', type: 'hidden' } });
    expect(screen.queryByText('假期类型')).toBeNull();
    expect(screen.getByLabelText('天数')).toBeTruthy();
    // Not named: read, not filled in.
    expect(screen.queryByText('添加一行')).toBeNull();
    fireEvent.change(screen.getByLabelText('天数'), { target: { value: '' } });
    submit();
    await waitFor(() => expect(screen.getByText('请填写天数')).toBeTruthy());
  });
});
