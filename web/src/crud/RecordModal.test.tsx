import { type EntityDef, param, role } from '@park/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../feedback.ts';
import { setLang } from '../i18n/index.ts';
import { AppFeedback } from '../shell/AppFeedback.tsx';
import { UiProvider } from '../shell/UiProvider.tsx';
import { RecordModal, type RecordMode, type RecordOptions } from './RecordModal.tsx';

function open(record: RecordMode, onSaved = vi.fn(), entity: EntityDef = param, options: RecordOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <AppFeedback>
          <RecordModal {...options} entity={entity} record={record} onClose={vi.fn()} onSaved={onSaved} />
        </AppFeedback>
      </UiProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('RecordModal', () => {
  beforeEach(() => {
    setLang('zh');
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('titles the dialog by its mode and gives each input its field name as id', () => {
    open({ mode: 'add' });
    expect(screen.getByText('新增')).toBeTruthy();
    for (const name of ['paramName', 'paramKey', 'paramValue', 'remark']) {
      expect(document.getElementById(name)).not.toBeNull();
    }
    expect(document.getElementById('createTime')).toBeNull();
  });

  it("shows a required field's message when it is left empty (spec part 5, on blur)", async () => {
    open({ mode: 'add' });
    fireEvent.blur(document.getElementById('paramName') as HTMLElement);
    expect(await screen.findByText('请输入参数名称')).toBeTruthy();
    expect(screen.queryByText('请输入参数键名')).toBeNull();
  });

  it('shows the message in English when the language is English', async () => {
    setLang('en');
    open({ mode: 'add' });
    fireEvent.blur(document.getElementById('paramKey') as HTMLElement);
    expect(await screen.findByText('Please enter the parameter key')).toBeTruthy();
  });

  it('submits a new row without an id and reports 新增成功', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope(null));
    const onSaved = open({ mode: 'add' });
    fireEvent.change(document.getElementById('paramName') as HTMLElement, { target: { value: '园区名称' } });
    fireEvent.change(document.getElementById('paramKey') as HTMLElement, { target: { value: 'park.name' } });
    fireEvent.change(document.getElementById('paramValue') as HTMLElement, { target: { value: '星河科技园' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/blade-system/param/submit');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      paramName: '园区名称',
      paramKey: 'park.name',
      paramValue: '星河科技园',
    });
    expect(toast.success).toHaveBeenCalledWith('新增成功');
  });

  it('takes a number in a required int field (the sort of a role)', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope(null));
    const onSaved = open({ mode: 'add' }, vi.fn(), role);
    fireEvent.change(document.getElementById('roleName') as HTMLElement, { target: { value: '访客' } });
    fireEvent.change(document.getElementById('roleAlias') as HTMLElement, { target: { value: 'guest' } });
    // The number input loads with the first form that has one (crud/fieldInput.tsx).
    fireEvent.change(await screen.findByRole('spinbutton', {}, { timeout: 10_000 }), { target: { value: '9' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText('请输入角色排序')).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ roleAlias: 'guest', sort: 9 });
  });

  it("sends a new row's defaults, a screen's own inputs and its extra items", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(envelope(null));
    const onSaved = open({ mode: 'add' }, vi.fn(), param, {
      defaults: { paramKey: 'park.name', hidden: 'kept' },
      inputs: { paramValue: () => <input data-testid="own-input" /> },
      extra: (mode) => (
        <Form.Item name="note" initialValue={mode}>
          <input />
        </Form.Item>
      ),
    });
    expect(screen.getByTestId('own-input')).toBeTruthy();
    fireEvent.change(document.getElementById('paramName') as HTMLElement, { target: { value: '园区名称' } });
    fireEvent.change(screen.getByTestId('own-input'), { target: { value: '星河科技园' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      paramName: '园区名称',
      paramKey: 'park.name',
      paramValue: '星河科技园',
      hidden: 'kept',
      note: 'add',
    });
  });

  it('loads the row to edit and submits it with its id, reporting 更新成功', async () => {
    const row = {
      id: '1900000000000000001',
      paramName: '园区名称',
      paramKey: 'park.name',
      paramValue: '旧',
      remark: null,
    };
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(envelope(row))
      .mockResolvedValueOnce(envelope(null));
    const onSaved = open({ mode: 'edit', id: row.id });
    expect(screen.getByText('编辑')).toBeTruthy();
    await waitFor(() => expect((document.getElementById('paramKey') as HTMLInputElement).value).toBe('park.name'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/blade-system/param/detail?id=1900000000000000001');

    fireEvent.change(document.getElementById('paramValue') as HTMLElement, { target: { value: '新' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({
      id: row.id,
      paramName: '园区名称',
      paramKey: 'park.name',
      paramValue: '新',
      remark: null,
    });
    expect(toast.success).toHaveBeenCalledWith('更新成功');
  });

  it('shows a row as a description list, no inputs and no save button', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      envelope({ id: '1', paramName: 'a', paramKey: 'b', paramValue: 'c' }),
    );
    open({ mode: 'view', id: '1' });
    expect(screen.getByText('查看')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('参数名称')).toBeTruthy());
    const cell = (label: string) => screen.getByText(label).closest('th')?.nextElementSibling?.textContent;
    expect(cell('参数名称')).toBe('a');
    expect(cell('参数键名')).toBe('b');
    expect(document.querySelector('.ant-modal input, .ant-modal textarea')).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
