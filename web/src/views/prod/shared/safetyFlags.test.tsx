import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../../api/crud.ts';
import { setLang } from '../../../i18n/index.ts';
import { overdueColumn, overLimitColumn } from './safetyFlags.tsx';

/** The dictionaries the cells read: yes_no and prod_chemical_unit, answered as the server does. */
const DICTS: Record<string, { dictKey: string; dictValue: string }[]> = {
  yes_no: [
    { dictKey: '0', dictValue: '否' },
    { dictKey: '1', dictValue: '是' },
  ],
  prod_chemical_unit: [{ dictKey: '3', dictValue: '升(L)' }],
};

function cell(column: typeof overLimitColumn, row: Row) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const node = column.render!(undefined, row, 0) as ReactNode;
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('safety flags', () => {
  beforeEach(() => {
    setLang('zh');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const code = new URL(String(url), 'http://x').searchParams.get('code') ?? '';
      return new Response(JSON.stringify({ code: 200, success: true, data: DICTS[code] ?? [] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('tags a chemical over its limit in red with both quantities, not a plain 是', async () => {
    const { container } = cell(overLimitColumn, {
      id: '1',
      overLimit: 1,
      quantity: '18.00',
      maxQuantity: '10.00',
      unit: 3,
    });
    expect(await screen.findByText('超量 18/10 L')).toBeTruthy();
    const tag = container.querySelector('[data-flag="overLimit"]');
    expect(tag?.className).toMatch(/ant-tag-error/);
    expect(tag?.getAttribute('title')).toBe('存量 18 L，超过允许的 10 L');
    expect(container.textContent).not.toBe('是');
  });

  it('tags an overdue report in orange with its due date', () => {
    const { container } = cell(overdueColumn, { id: '2', overdue: 1, dueDate: '2024-05-10' });
    expect(screen.getByText('逾期未交')).toBeTruthy();
    const tag = container.querySelector('[data-flag="overdue"]');
    expect(tag?.className).toMatch(/ant-tag-warning/);
    expect(tag?.getAttribute('title')).toBe('2024-05-10 截止，尚未提交');
  });

  it('leaves a row that is within its limit as the dictionary says', async () => {
    const { container } = cell(overLimitColumn, { id: '3', overLimit: 0, quantity: '5', maxQuantity: '10', unit: 3 });
    expect(await screen.findByText('否')).toBeTruthy();
    expect(container.querySelector('.ant-tag')).toBeNull();
  });

  it('speaks English in English', async () => {
    setLang('en');
    const { container } = cell(overdueColumn, { id: '4', overdue: 1, dueDate: '2024-05-10 00:00:00' });
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(container.querySelector('[data-flag="overdue"]')?.getAttribute('title')).toBe(
      'Due 2024-05-10, not handed in',
    );
  });
});
