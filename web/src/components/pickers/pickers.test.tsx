import { type FieldDef, qnTemplate } from '@park/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../feedback.ts';
import { setLang } from '../../i18n/index.ts';
import { AppFeedback } from '../../shell/AppFeedback.tsx';
import { UiProvider } from '../../shell/UiProvider.tsx';
import { EnterpriseSelector } from './EnterpriseSelector.tsx';
import { PersonPicker } from './PersonPicker.tsx';
import { RefSelect } from './RefSelect.tsx';
import { RowPicker } from './RowPicker.tsx';
import { TagInput } from './TagInput.tsx';

function show(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <AppFeedback>{element}</AppFeedback>
      </UiProvider>
    </QueryClientProvider>,
  );
}

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

const PROJECT = {
  id: '11',
  contractStatus: 0,
  projectNo: 'XM-1',
  projectName: '智能控制器关键技术攻关',
  dueTime: '2025-06-30',
  amount: 1000000,
};

describe('RowPicker', () => {
  beforeEach(() => {
    setLang('zh');
    vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows 不被期望的field for a list it does not know, and asks the server nothing', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    show(<RowPicker field="room" onConfirm={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('不被期望的field')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads 10 rows per page, shows dates as yyyy年MM月dd日 and warns 请选择一条数据 on an empty confirm', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).includes('/dict/')
          ? envelope([{ dictKey: '0', dictValue: '立项' }])
          : envelope({ records: [PROJECT], total: 1, size: 10, current: 1, pages: 1 }),
      );
    const onConfirm = vi.fn();
    show(<RowPicker field="project" onConfirm={onConfirm} onClose={vi.fn()} />);

    expect(await screen.findByText('2025年06月30日')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/blade-crm/project/page?current=1&size=10');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    expect(toast.warning).toHaveBeenCalledWith('请选择一条数据');
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('智能控制器关键技术攻关'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ id: '11' })));
  }, 20_000);
});

describe('PersonPicker', () => {
  beforeEach(() => setLang('zh'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a company account's enterprise beside its name", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).includes('search/user')
        ? envelope({
            records: [{ id: '7', realName: '星河联系人', deptName: null, postName: null, enterpriseName: '星河智能' }],
            total: 1,
            size: 10,
            current: 1,
            pages: 1,
          })
        : envelope([]),
    );
    show(<PersonPicker onConfirm={vi.fn()} onClose={vi.fn()} />);
    const cell = await screen.findByText('星河智能');
    expect(cell.closest('tr')?.textContent).toContain('星河联系人');
    expect(screen.getByRole('columnheader', { name: '所属企业' })).toBeTruthy();
  });
});

describe('EnterpriseSelector', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the picked enterprises of a multi-select in one list-by-ids call, an unseen one by its id', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      envelope([
        { id: '21', enterpriseName: '星河智能科技有限公司' },
        { id: '22', enterpriseName: '青禾生物医药有限公司' },
      ]),
    );
    show(<EnterpriseSelector multiple value="21,22,23" />);
    await waitFor(() =>
      expect(screen.getByDisplayValue('星河智能科技有限公司, 青禾生物医药有限公司, 23')).toBeTruthy(),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://host');
    expect(url.pathname).toBe('/api/blade-crm/enterprise/list-by-ids');
    expect(url.searchParams.get('ids')).toBe('21,22,23');
  });
});

describe('TagInput', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows 不被期望的tagKey for an unknown tag key', () => {
    setLang('zh');
    show(<TagInput tagKey="colour" />);
    expect(screen.getByText('不被期望的tagKey')).toBeTruthy();
  });

  it("offers the tag key's options from tag-option/select and adds a typed tag the list lacks", async () => {
    setLang('zh');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).includes('/select')
          ? envelope([{ id: '1', tagKey: 'guide_tag_option', tagValue: '入驻指南' }])
          : envelope([{ id: '2', tagKey: 'guide_tag_option', tagValue: '新标签' }]),
      );
    const onChange = vi.fn();
    show(<TagInput tagKey="guide_tag_option" id="tags" value="入驻指南" onChange={onChange} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const select = new URL(String(fetchMock.mock.calls[0][0]), 'http://host');
    expect(select.pathname).toBe('/api/blade-basic/tag-option/select');
    expect(select.searchParams.get('tagKey')).toBe('guide_tag_option');

    const input = document.getElementById('tags') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '新标签,' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('入驻指南,新标签'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/submit'))).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/submit'))!;
    expect(new URL(String(url), 'http://host').pathname).toBe('/api/blade-basic/tag-option/submit');
    expect(JSON.parse(String(init?.body))).toEqual([{ tagKey: 'guide_tag_option', tagValue: '新标签' }]);
  });
});

describe('RefSelect', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const formIdOf = (entity: typeof qnTemplate) => entity.fields.find((f) => f.name === 'formId') as FieldDef;

  it('offers in the record form only the rows a save accepts, and finds any row in the search form', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => envelope({ records: [{ id: '31', name: '满意度调查' }], total: 1 }));
    const field = formIdOf(qnTemplate);
    show(
      <Form>
        <RefSelect field={field} />
        <RefSelect field={field} search />
      </Form>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const queries = fetchMock.mock.calls.map((call) => new URL(String(call[0]), 'http://host').searchParams);
    expect(queries.map((q) => q.get('version_gt'))).toEqual(expect.arrayContaining(['0', null]));
  });
});
