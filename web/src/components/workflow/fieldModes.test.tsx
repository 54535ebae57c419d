import type { FormSchema } from '@park/catalog/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { FormRenderer } from '../form-renderer/FormRenderer.tsx';
import { editableFieldNames, editedValues, taskFieldAuth } from './fieldModes.ts';

/** An expense claim: an amount and a reason, an approver's opinion in a group, a line of items, a divider. */
const CLAIM: FormSchema = {
  version: 1,
  fields: [
    { id: 'f_title', type: 'divider', label: '报销信息' },
    { id: 'f_amount', type: 'money', name: 'amount', label: '金额', required: true },
    { id: 'f_reason', type: 'textarea', name: 'reason', label: '事由' },
    {
      id: 'f_review',
      type: 'group',
      label: '审核',
      children: [{ id: 'f_opinion', type: 'input', name: 'opinion', label: '审核意见' }],
    },
    {
      id: 'f_items',
      type: 'table',
      name: 'items',
      label: '明细',
      children: [{ id: 'f_item', type: 'input', name: 'item', label: '项目' }],
    },
  ],
};

const MODES = { amount: 'readonly', reason: 'hidden', opinion: 'editable', items: 'editable' } as const;

describe('taskFieldAuth', () => {
  it('keeps the task’s modes for whom may act on it', () => {
    expect(taskFieldAuth(MODES, true)).toEqual(MODES);
  });

  it('makes nothing editable for a looker, and keeps hidden what the task hides', () => {
    expect(taskFieldAuth(MODES, false)).toEqual({
      amount: 'readonly',
      reason: 'hidden',
      opinion: 'readonly',
      items: 'readonly',
    });
    expect(taskFieldAuth(undefined, true)).toEqual({});
    expect(taskFieldAuth(null, false)).toEqual({});
  });
});

describe('editableFieldNames and editedValues', () => {
  it('name the fields a task may change, a group’s among them, a table whole', () => {
    expect(editableFieldNames(CLAIM, MODES)).toEqual(['opinion', 'items']);
    // Unnamed is read-only at a task.
    expect(editableFieldNames(CLAIM, {})).toEqual([]);
    expect(editableFieldNames(CLAIM, taskFieldAuth(MODES, false))).toEqual([]);
  });

  it('send those fields’ values only, the ones the form holds', () => {
    const values = { amount: 99, reason: '出差', opinion: '同意报销', items: [{ item: '车票' }] };
    expect(editedValues(CLAIM, MODES, values)).toEqual({ opinion: '同意报销', items: [{ item: '车票' }] });
    expect(editedValues(CLAIM, MODES, { amount: 99 })).toEqual({});
  });
});

configure({ asyncUtilTimeout: 10_000 });

function show(auth: ReturnType<typeof taskFieldAuth>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <FormRenderer
          schema={CLAIM}
          auth={auth}
          values={{ amount: 128.5, reason: '出差', opinion: '', items: [{ item: '车票' }] }}
        />
      </UiProvider>
    </QueryClientProvider>,
  );
}

describe('a task’s field modes applied to the form', { timeout: 60_000 }, () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  it('draws an editable field as an input, a read-only one as its value, and a hidden one not at all', () => {
    show(taskFieldAuth(MODES, true));
    expect(screen.getByLabelText('审核意见').tagName).toBe('INPUT');
    expect(screen.getByText('添加一行')).toBeTruthy();
    // Read-only: the value, no input.
    expect(screen.getByText('金额')).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText(/128\.50/)).toBeTruthy();
    // Hidden: neither label nor value.
    expect(screen.queryByText('事由')).toBeNull();
    expect(screen.queryByText('出差')).toBeNull();
  });

  it('draws every field read for a looker, the hidden one still hidden', () => {
    show(taskFieldAuth(MODES, false));
    expect(document.querySelectorAll('input, textarea')).toHaveLength(0);
    expect(screen.queryByText('添加一行')).toBeNull();
    expect(screen.getByText('车票')).toBeTruthy();
    expect(screen.queryByText('事由')).toBeNull();
  });
});
