import type { EntityDef } from '@park/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { UiProvider } from '../shell/UiProvider.tsx';
import { RecordView } from './RecordView.tsx';

const label = (zh: string) => ({ zh, en: zh });
const ENTITY: EntityDef = {
  key: 'sample',
  module: 'test',
  api: 'blade-test/sample',
  route: '/test/sample',
  table: 'sample',
  label: label('样例'),
  fields: [
    { name: 'capital', type: 'money', label: label('注册资本') },
    { name: 'kind', type: 'string', label: label('类型'), dict: 'sample_kind' },
    { name: 'entryDate', type: 'date', label: label('入驻日期') },
    { name: 'signedAt', type: 'datetime', label: label('签约时间') },
    { name: 'logo', type: 'string', label: label('标志'), image: true },
    { name: 'intro', type: 'text', label: label('简介') },
    { name: 'body', type: 'text', label: label('正文'), richText: true },
    { name: 'hidden', type: 'string', label: label('隐藏'), form: false, list: false },
  ],
};

const ROW = {
  id: '1',
  capital: '1234567.8',
  kind: '2',
  entryDate: '2026-01-05',
  signedAt: '2026-01-05 09:30:00',
  logo: '/files/logo.png',
  intro: `第一行\n第二行${'很长'.repeat(80)}`,
  body: '<p>园区<strong>公告</strong></p>',
  hidden: 'x',
};

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The value cell beside a label of the description list. */
const cell = (name: string) => screen.getByText(name).closest('th')?.nextElementSibling as HTMLElement;

describe('RecordView', () => {
  beforeEach(() => setLang('zh'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('formats each value as the list shows it: money, dictionary label, dates, picture, wrapped and rich text', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('dict/dictionary')
        ? envelope([
            { dictKey: '1', dictValue: '甲类' },
            { dictKey: '2', dictValue: '乙类' },
          ])
        : envelope(ROW),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UiProvider>
          <RecordView entity={ENTITY} id="1" onClose={vi.fn()} />
        </UiProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('注册资本')).toBeTruthy());
    expect(cell('注册资本').textContent).toBe('1,234,567.80');
    await waitFor(() => expect(cell('类型').textContent).toBe('乙类'));
    expect(cell('入驻日期').textContent).toBe('2026-01-05');
    expect(cell('签约时间').textContent).toBe('2026-01-05 09:30:00');
    const picture = cell('标志').querySelector('img') as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/files/logo.png');
    expect(picture.alt).toBe('标志');
    // Long text keeps its lines and wraps, across the whole row.
    const intro = cell('简介').querySelector('div') as HTMLElement;
    expect(intro.textContent).toBe(ROW.intro);
    expect(intro.style.whiteSpace).toBe('pre-wrap');
    expect(intro.style.overflowWrap).toBe('anywhere');
    // Rich text is drawn as HTML, not shown as its tags.
    expect(cell('正文').querySelector('strong')?.textContent).toBe('公告');
    expect(cell('正文').textContent).toBe('园区公告');
    // A field of neither the form nor the list stays out; and nothing is an input.
    expect(screen.queryByText('隐藏')).toBeNull();
    expect(document.querySelector('.ant-modal input, .ant-modal textarea')).toBeNull();
  });
});
