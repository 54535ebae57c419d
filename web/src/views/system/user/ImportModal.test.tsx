import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../feedback.ts';
import { setLang } from '../../../i18n/index.ts';
import { AppFeedback } from '../../../shell/AppFeedback.tsx';
import { UiProvider } from '../../../shell/UiProvider.tsx';
import { ImportModal } from './ImportModal.tsx';

function open() {
  const onImported = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UiProvider>
        <AppFeedback>
          <ImportModal onClose={vi.fn()} onImported={onImported} />
        </AppFeedback>
      </UiProvider>
    </QueryClientProvider>,
  );
  return onImported;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function chooseFile(name = 'users.xlsx') {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
}

describe('ImportModal', () => {
  beforeEach(() => {
    setLang('zh');
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('sends the chosen file as multipart with the overwrite switch, and reports the count', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { code: 200, data: 2, msg: 'ok' }));
    const onImported = open();
    chooseFile();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/blade-user/import-user?isCovered=1');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect((init.headers as Headers).get('Content-Type')).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('成功导入2条数据');
  });

  it('shows the row report of a refused file', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(400, {
        code: 400,
        msg: '导入数据有1处错误, 未导入任何数据',
        data: [{ row: 3, column: '电子邮箱', message: '电子邮箱格式不正确' }],
      }),
    );
    const onImported = open();
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('电子邮箱格式不正确')).toBeTruthy();
    expect(screen.getByText('电子邮箱')).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载错误报告/ })).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file that is not .xlsx and asks for one before importing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    open();
    chooseFile('users.csv');
    expect(toast.warning).toHaveBeenCalledWith('请选择.xlsx格式的Excel文件');
    fireEvent.click(screen.getByRole('button', { name: /开始导入/ }));
    expect(toast.warning).toHaveBeenCalledWith('请先选择要导入的文件');
    expect(fetch).not.toHaveBeenCalled();
  });
});
