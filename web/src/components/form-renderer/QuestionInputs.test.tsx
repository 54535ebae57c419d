import type { FormSchema } from '@park/catalog/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { FormRenderer, filledValues, type RenderMode } from './FormRenderer.tsx';

/** A questionnaire with every question type the renderer adds: "other" choices, rating, NPS, matrices, ranking. */
const SURVEY: FormSchema = {
  version: 1,
  fields: [
    {
      id: 'f_src',
      type: 'radio',
      name: 'source',
      label: '来源',
      required: true,
      options: [
        { label: '官网', value: 'web' },
        { label: '其他渠道', value: 'other', other: true },
      ],
    },
    {
      id: 'f_needs',
      type: 'checkbox',
      name: 'needs',
      label: '需求',
      options: [
        { label: '融资', value: 'finance' },
        { label: '其他需求', value: 'other', other: true },
      ],
    },
    { id: 'f_rate', type: 'rating', name: 'overall', label: '满意度', required: true, max: 7 },
    { id: 'f_nps', type: 'nps', name: 'recommend', label: '推荐', required: true },
    {
      id: 'f_m',
      type: 'matrix',
      name: 'service',
      label: '服务',
      required: true,
      rows: [
        { label: '水', value: 'water' },
        { label: '电', value: 'power' },
      ],
      options: [
        { label: '好', value: 'good' },
        { label: '差', value: 'bad' },
      ],
    },
    {
      id: 'f_mm',
      type: 'matrix',
      name: 'used',
      label: '渠道',
      multiple: true,
      rows: [{ label: '一季度', value: 'q1' }],
      options: [
        { label: '电话', value: 'phone' },
        { label: '网站', value: 'site' },
      ],
    },
    {
      id: 'f_rank',
      type: 'ranking',
      name: 'top',
      label: '优先',
      required: true,
      max: 2,
      options: [
        { label: '租金', value: 'rent' },
        { label: '交通', value: 'traffic' },
        { label: '餐饮', value: 'food' },
      ],
    },
  ],
};

function Harness({ mode, values }: { mode?: RenderMode; values?: Record<string, unknown> }) {
  const [form] = Form.useForm();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <FormRenderer schema={SURVEY} form={form} mode={mode} values={values} />
      <Button
        onClick={() =>
          filledValues(form, SURVEY).then(
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

function show(props: { mode?: RenderMode; values?: Record<string, unknown> } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <Harness {...props} />
      </UiProvider>
    </QueryClientProvider>,
  );
}

/** A wide screen: every min-width breakpoint matches (jsdom's own answers none: a phone). */
function wideScreen(): () => void {
  const narrow = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = narrow;
  };
}

configure({ asyncUtilTimeout: 10_000 });

const submit = () => fireEvent.click(screen.getByText('提交'));
const outcome = () => screen.getByTestId('outcome').textContent ?? '';
const submitted = () => JSON.parse(outcome());

describe('FormRenderer: question types', { timeout: 60_000 }, () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  it('answers every kind on a phone-sized screen and submits the schema’s value shapes', async () => {
    show();
    // A matrix stacks on a phone: each row a group of its choices, no grid.
    expect(document.querySelector('table')).toBeNull();
    expect(within(screen.getByRole('group', { name: '水' })).getAllByRole('radio')).toHaveLength(2);

    fireEvent.click(screen.getByLabelText('其他渠道'));
    const sourceText = await screen.findByLabelText('来源的“其他渠道”内容');
    fireEvent.change(sourceText, { target: { value: '展会' } });
    fireEvent.click(screen.getByLabelText('融资'));
    fireEvent.click(screen.getByRole('radio', { name: '6星' }));
    fireEvent.click(screen.getByLabelText('9'));
    fireEvent.click(screen.getByLabelText('水：好'));
    fireEvent.click(screen.getByLabelText('电：差'));
    fireEvent.click(screen.getByLabelText('一季度：网站'));
    fireEvent.click(screen.getByLabelText('一季度：电话'));
    fireEvent.click(screen.getByRole('button', { name: '将交通排在第1位' }));
    fireEvent.click(screen.getByRole('button', { name: '将租金排在第2位' }));
    // The first two are ranked: the third is offered no more.
    await waitFor(() => expect(screen.queryByRole('button', { name: /餐饮/ })).toBeNull());

    submit();
    await waitFor(() => expect(outcome()).toMatch(/^\{/));
    expect(submitted()).toEqual({
      source: 'other',
      'source:other': '展会',
      needs: ['finance'],
      overall: 6,
      recommend: 9,
      service: { water: 'good', power: 'bad' },
      // Several per row, in the columns' order.
      used: { q1: ['phone', 'site'] },
      top: ['traffic', 'rent'],
    });
  });

  it('says what is missing, in the shared validator’s words: required kinds, a row, the rank count, the other text', async () => {
    show();
    submit();
    for (const label of ['来源', '满意度', '推荐', '服务', '优先']) {
      await waitFor(() => expect(screen.getByText(`请填写${label}`)).toBeTruthy());
    }
    fireEvent.click(screen.getByLabelText('其他渠道'));
    // The text's input comes with the choice (the renderer watches the values; it draws a moment later).
    await screen.findByLabelText('来源的“其他渠道”内容');
    fireEvent.click(screen.getByLabelText('水：好'));
    fireEvent.click(screen.getByRole('button', { name: '将餐饮排在第1位' }));
    submit();
    await waitFor(() => expect(screen.getByText('请填写来源的“其他渠道”内容')).toBeTruthy());
    expect(screen.getByText('请回答服务的“电”')).toBeTruthy();
    expect(screen.getByText('优先应选出前2项并排序')).toBeTruthy();

    // Chosen otherwise, the other text is neither asked nor submitted.
    fireEvent.change(screen.getByLabelText('来源的“其他渠道”内容'), { target: { value: '展会' } });
    fireEvent.click(screen.getByLabelText('官网'));
    await waitFor(() => expect(screen.queryByLabelText('来源的“其他渠道”内容')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: '3星' }));
    fireEvent.click(screen.getByLabelText('0'));
    fireEvent.click(screen.getByLabelText('电：好'));
    fireEvent.click(screen.getByRole('button', { name: '将租金排在第2位' }));
    submit();
    await waitFor(() => expect(outcome()).toMatch(/^\{/));
    expect(submitted()).toEqual({
      source: 'web',
      overall: 3,
      // 0 is an answer.
      recommend: 0,
      service: { water: 'good', power: 'good' },
      top: ['food', 'rent'],
    });
  });

  it('asks the other text of a multiple choice while its other is ticked', async () => {
    show({ values: { source: 'web', overall: 1, recommend: 5, service: { water: 'bad', power: 'bad' } } });
    fireEvent.click(screen.getByLabelText('其他需求'));
    const text = await screen.findByLabelText('需求的“其他需求”内容');
    fireEvent.change(text, { target: { value: '法律咨询' } });
    fireEvent.click(screen.getByRole('button', { name: '将租金排在第1位' }));
    fireEvent.click(screen.getByRole('button', { name: '将餐饮排在第2位' }));
    submit();
    await waitFor(() => expect(outcome()).toMatch(/^\{/));
    expect(submitted()).toMatchObject({ needs: ['other'], 'needs:other': '法律咨询', top: ['rent', 'food'] });
  });

  it('reorders a ranking with its up, down and remove buttons (the keyboard’s and a finger’s way)', async () => {
    show({ values: { top: ['rent', 'traffic'] } });
    const ranked = () =>
      within(screen.getByRole('list', { name: '已排序' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(ranked()).toEqual(['1租金', '2交通']);
    expect((screen.getByRole('button', { name: '上移租金' }) as HTMLButtonElement).disabled).toBe(true);
    // Full: nothing more is offered until one is taken out.
    expect(screen.queryByRole('button', { name: /餐饮/ })).toBeNull();

    screen.getByRole('button', { name: '下移租金' }).focus();
    fireEvent.click(screen.getByRole('button', { name: '下移租金' }));
    await waitFor(() => expect(ranked()).toEqual(['1交通', '2租金']));
    fireEvent.click(screen.getByRole('button', { name: '移出交通' }));
    await waitFor(() => expect(ranked()).toEqual(['1租金']));
    fireEvent.click(screen.getByRole('button', { name: '将餐饮排在第2位' }));
    fireEvent.click(screen.getByRole('button', { name: '上移餐饮' }));
    await waitFor(() => expect(ranked()).toEqual(['1餐饮', '2租金']));
  });

  it('draws a matrix as a grid on a wide screen, scrolling sideways within its field', async () => {
    const restore = wideScreen();
    try {
      show();
      const grid = screen.getByRole('table', { name: '服务' });
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['好', '差']);
      expect(
        within(grid)
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['水', '电']);
      expect((grid.parentElement as HTMLElement).style.overflowX).toBe('auto');
      // One choice per row: a row's radios share a name, so the arrow keys move within the row.
      const water = within(grid).getByLabelText('水：好') as HTMLInputElement;
      const power = within(grid).getByLabelText('电：好') as HTMLInputElement;
      expect(water.name).toBe(within(grid).getByLabelText<HTMLInputElement>('水：差').name);
      expect(water.name).not.toBe(power.name);
      fireEvent.click(water);
      fireEvent.click(within(grid).getByLabelText('水：差'));
      fireEvent.click(power);
      await waitFor(() => expect(water.checked).toBe(false));
      expect(within(grid).getByLabelText<HTMLInputElement>('水：差').checked).toBe(true);
    } finally {
      restore();
    }
  });

  it('reads an answered sheet in view mode, in each kind’s terms', () => {
    show({
      mode: 'view',
      values: {
        source: 'other',
        'source:other': '展会',
        needs: ['finance', 'other'],
        'needs:other': '法律咨询',
        overall: 6,
        recommend: 9,
        service: { water: 'good', power: 'bad' },
        used: { q1: ['phone', 'site'] },
        top: ['traffic', 'rent'],
      },
    });
    expect(document.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(screen.getByText('其他渠道：展会')).toBeTruthy();
    expect(screen.getByText('融资, 其他需求：法律咨询')).toBeTruthy();
    expect(screen.getByText('6/7星')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
    expect(screen.getByText('水：好')).toBeTruthy();
    expect(screen.getByText('电：差')).toBeTruthy();
    expect(screen.getByText('一季度：电话、网站')).toBeTruthy();
    const order = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(order).toEqual(['交通', '租金']);
  });

  it('names the stars and the NPS ends in English', async () => {
    act(() => setLang('en'));
    show();
    expect(screen.getByRole('radio', { name: '7 stars' })).toBeTruthy();
    expect(screen.getByText('0 = not at all likely')).toBeTruthy();
    submit();
    await waitFor(() => expect(screen.getByText('满意度 is required')).toBeTruthy());
    act(() => setLang('zh'));
  });
});
