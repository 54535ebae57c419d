import { type FormSchema, schemaProblems } from '@park/catalog/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { FormDesigner } from './FormDesigner.tsx';
import type { DesignerKinds } from './palette.ts';

const START: FormSchema = { version: 1, fields: [{ id: 'f_a', type: 'input', name: 'field_1', label: '姓名' }] };

let latest: FormSchema = START;

function Harness({ start = START, kinds }: { start?: FormSchema; kinds?: DesignerKinds }) {
  const [schema, setSchema] = useState(start);
  latest = schema;
  return <FormDesigner value={schema} onChange={setSchema} height={600} kinds={kinds} />;
}

function show(props: { start?: FormSchema; kinds?: DesignerKinds } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UiProvider>
        <Harness {...props} />
      </UiProvider>
    </QueryClientProvider>,
  );
}

const palette = (kind: string) => document.querySelector(`[data-kind="${kind}"]`) as HTMLElement | null;
const canvas = () => screen.getByRole('region', { name: '画布' });
/** Picks a field on the canvas by its label. */
const pick = (label: string) =>
  fireEvent.click(within(canvas()).getByRole('button', { name: new RegExp(`^${label}`) }));
const prop = (name: string) => document.querySelector(`#fieldProperties_${name}`) as HTMLInputElement;

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

  it('offers the questionnaire kinds only in questionnaire mode, and adds each well formed', async () => {
    show();
    for (const kind of ['rating', 'nps', 'matrix', 'ranking']) expect(palette(kind)).toBeNull();
    expect(palette('user')).toBeTruthy();
    cleanup();
    vi.mocked(globalThis.fetch).mockClear();

    show({ start: { version: 1, fields: [] }, kinds: 'questionnaire' });
    // People pickers and tables are a workflow form's.
    for (const kind of ['user', 'dept', 'enterprise', 'table', 'money', 'richText']) expect(palette(kind)).toBeNull();
    expect(screen.getByText('问卷题型')).toBeTruthy();
    const kinds = ['rating', 'nps', 'matrix', 'ranking', 'radio', 'checkbox', 'input', 'date', 'upload'] as const;
    for (const kind of kinds) fireEvent.click(palette(kind) as HTMLElement);
    await waitFor(() => expect(latest.fields.map((f) => f.type)).toEqual([...kinds]));
    expect(latest.fields[2]).toMatchObject({
      label: '矩阵题',
      rows: [
        { label: '行1', value: 'r1' },
        { label: '行2', value: 'r2' },
      ],
    });
    expect(latest.fields[2].options).toHaveLength(3);
    expect(latest.fields[3].options).toHaveLength(3);
    expect(schemaProblems(latest)).toEqual([]);
    // The workflow's preset defaults are not asked for (a questionnaire's screens do not open them).
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  /** A questionnaire of a rating, a matrix, a ranking and a checkbox, as the palette adds them. */
  const QUESTIONS: FormSchema = {
    version: 1,
    fields: [
      { id: 'f_r', type: 'rating', name: 'field_1', label: '评分' },
      {
        id: 'f_m',
        type: 'matrix',
        name: 'field_2',
        label: '矩阵题',
        rows: [
          { label: '行1', value: 'r1' },
          { label: '行2', value: 'r2' },
        ],
        options: [
          { label: '选项1', value: '1' },
          { label: '选项2', value: '2' },
        ],
      },
      {
        id: 'f_k',
        type: 'ranking',
        name: 'field_3',
        label: '排序题',
        options: [
          { label: '选项1', value: '1' },
          { label: '选项2', value: '2' },
          { label: '选项3', value: '3' },
        ],
      },
      {
        id: 'f_c',
        type: 'checkbox',
        name: 'field_4',
        label: '多选',
        options: [
          { label: '选项1', value: '1' },
          { label: '选项2', value: '2' },
        ],
      },
    ],
  };

  it('adds one "other" option to a choice, kept last', async () => {
    show({ start: QUESTIONS, kinds: 'questionnaire' });
    pick('多选');
    fireEvent.click(await screen.findByText('添加“其他”选项'));
    await waitFor(() =>
      expect(latest.fields[3].options?.at(-1)).toEqual({ label: '其他', value: 'other', other: true }),
    );
    expect(await screen.findByText('其他（填写内容）')).toBeTruthy();
    expect((screen.getByText('添加“其他”选项').closest('button') as HTMLButtonElement).disabled).toBe(true);
    // A new option goes before it.
    fireEvent.click(screen.getByText('添加选项'));
    await waitFor(() => expect(latest.fields[3].options?.map((o) => o.value)).toEqual(['1', '2', '3', 'other']));
    expect(schemaProblems(latest)).toEqual([]);
  });

  it('edits a rating’s stars and a ranking’s count', async () => {
    show({ start: QUESTIONS, kinds: 'questionnaire' });
    pick('评分');
    await waitFor(() => expect(screen.getByText('星数（3-10）')).toBeTruthy());
    fireEvent.change(prop('max'), { target: { value: '7' } });
    await waitFor(() => expect(latest.fields[0].max).toBe(7));

    pick('排序题');
    await waitFor(() => expect(screen.getByText('排序项数')).toBeTruthy());
    fireEvent.change(prop('max'), { target: { value: '2' } });
    await waitFor(() => expect(latest.fields[2].max).toBe(2));
    expect(schemaProblems(latest)).toEqual([]);
  });

  it('edits a matrix’s rows and its several per row', async () => {
    show({ start: QUESTIONS, kinds: 'questionnaire' });
    pick('矩阵题');
    await waitFor(() => expect(screen.getByText('每行可多选')).toBeTruthy());
    fireEvent.click(prop('multiple'));
    fireEvent.change(screen.getByLabelText('行1的文字'), { target: { value: '供水' } });
    await waitFor(() => expect(latest.fields[1]).toMatchObject({ multiple: true, rows: [{ label: '供水' }, {}] }));
    expect(schemaProblems(latest)).toEqual([]);
  });

  it('turns scoring on for the form, and then gives options scores', async () => {
    show({ start: QUESTIONS, kinds: 'questionnaire' });
    fireEvent.click(document.querySelector('#formProperties_scoring') as HTMLElement);
    await waitFor(() => expect(latest.scoring).toBe(true));
    pick('多选');
    fireEvent.change(await screen.findByLabelText('选项1的分值'), { target: { value: '3' } });
    await waitFor(() => expect(latest.fields[3].options?.[0]).toEqual({ label: '选项1', value: '1', score: 3 }));
    // Options without a score store none; a ranking's take none.
    expect(latest.fields[3].options?.[1]).toEqual({ label: '选项2', value: '2' });
    pick('排序题');
    await waitFor(() => expect(screen.getByText('排序项数')).toBeTruthy());
    expect(screen.queryByLabelText('选项1的分值')).toBeNull();
    expect(schemaProblems(latest)).toEqual([]);
  });

  it('writes "if this is X, skip to the end" as the show-ifs of the questions after it', async () => {
    show({ start: { version: 1, fields: [] }, kinds: 'questionnaire' });
    for (const kind of ['radio', 'input', 'nps']) fireEvent.click(palette(kind) as HTMLElement);
    await waitFor(() => expect(latest.fields).toHaveLength(3));
    pick('单选');
    await waitFor(() => expect(screen.getByText('跳题')).toBeTruthy());
    fireEvent.mouseDown(screen.getByLabelText('选择此项时'));
    fireEvent.click(await screen.findByTitle('选项2'));
    fireEvent.mouseDown(screen.getByLabelText('跳到'));
    fireEvent.click(await screen.findByTitle('问卷结尾'));
    fireEvent.click(screen.getByText('设置跳题'));
    await waitFor(() =>
      expect(latest.fields.map((f) => f.showIf)).toEqual([undefined, 'field_1 != "2"', 'field_1 != "2"']),
    );
    expect(schemaProblems(latest)).toEqual([]);
  });
});
