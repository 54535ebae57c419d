import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n/index.ts';
import { UiProvider } from '../../shell/UiProvider.tsx';
import type { ProcessDetail } from './api.ts';
import { ProcessDetailView } from './ProcessDetail.tsx';

/** A leave request at its 部门审批 task, the viewer its assignee. */
const DETAIL: ProcessDetail = {
  process: {
    processInstanceId: 'p1',
    processDefinitionName: '请假申请',
    processDefinitionVersion: 2,
    serialNumber: 'LV20250310001',
    status: 'running',
    startUsername: '张三',
    startTime: '2025-03-10 09:00:00',
  },
  task: {
    taskId: 't1',
    taskName: '部门审批',
    status: 'todo',
    assigneeName: '李经理',
    dueTime: '2000-01-01 00:00:00',
    mine: true,
    claimable: false,
    multiInstance: null,
    buttons: [
      { buttonKey: 'wf_pass', name: '同意' },
      { buttonKey: 'wf_reject', name: '驳回' },
      { buttonKey: 'wf_print', name: '打印' },
    ],
  },
  form: {
    version: 1,
    fields: [
      { id: 'f_days', type: 'number', name: 'days', label: '天数' },
      { id: 'f_secret', type: 'input', name: 'secret', label: '备注' },
      { id: 'f_opinion', type: 'input', name: 'opinion', label: '审批意见' },
    ],
  },
  formData: { days: 3, secret: '不给审批人看', opinion: '' },
  fieldModes: { days: 'readonly', secret: 'hidden', opinion: 'editable' },
  history: [
    { id: 'h1', action: 'start', userName: '张三', nodeName: '开始', createTime: '2025-03-10 09:00:00' },
    {
      id: 'h2',
      action: 'transfer',
      userName: '王经理',
      nodeName: '部门审批',
      targetName: '李经理',
      comment: '请李经理处理',
      attachments: [{ name: '说明.png', link: '/files/a.png' }],
      createTime: '2025-03-10 10:00:00',
    },
  ],
  xml: '',
  nodes: { finished: [], current: [] },
  canWithdraw: false,
  canUrge: false,
};

function show(detail: ProcessDetail = DETAIL) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UiProvider>
          <App>
            <ProcessDetailView
              detail={detail}
              version={1}
              reload={async () => detail}
              backPath="/workflow/process/todo"
            />
          </App>
        </UiProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

configure({ asyncUtilTimeout: 10_000 });

describe('ProcessDetailView', { timeout: 60_000 }, () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  it('heads the detail and offers the task’s buttons, drawing the form with the task’s rights', () => {
    show();
    const header = screen.getByTestId('process-header');
    expect(within(header).getByText('LV20250310001')).toBeTruthy();
    expect(within(header).getByText('张三')).toBeTruthy();
    expect(screen.getByText('审批中')).toBeTruthy();
    // Past due: red, and said.
    expect(within(header).getByLabelText('已超时')).toBeTruthy();

    const bar = screen.getByRole('toolbar', { name: '操作' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['同意', '驳回', '打印']);

    const form = screen.getByTestId('process-form');
    expect(within(form).getByLabelText('审批意见').tagName).toBe('INPUT');
    expect(within(form).getByText('3')).toBeTruthy();
    expect(within(form).queryByText('备注')).toBeNull();
    expect(within(form).queryByText('不给审批人看')).toBeNull();
  });

  it('lists the history with the actions in words, the target, comment and files', async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: '流转记录' }));
    const history = await screen.findByTestId('process-history');
    expect(within(history).getByText('发起')).toBeTruthy();
    expect(within(history).getByText('转办')).toBeTruthy();
    expect(within(history).getByText('（李经理）')).toBeTruthy();
    expect(within(history).getByText('请李经理处理')).toBeTruthy();
    expect(within(history).getByRole('link', { name: '说明.png' }).getAttribute('href')).toBe('/files/a.png');
  });

  it('asks the reason of a rejection before it sends it', async () => {
    show();
    fireEvent.click(within(screen.getByRole('toolbar', { name: '操作' })).getByText('驳回'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('驳回时请填写理由')).toBeTruthy());
  });

  it('leaves a looker only 打印, says the task is not theirs, and names things in English', () => {
    act(() => setLang('en'));
    show({ ...DETAIL, task: { ...(DETAIL.task as NonNullable<ProcessDetail['task']>), mine: false } });
    const bar = screen.getByRole('toolbar', { name: 'Actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['Print']);
    expect(screen.getByText('This task is not yours to handle now')).toBeTruthy();
    expect(document.querySelectorAll('[data-testid="process-form"] input')).toHaveLength(0);
    act(() => setLang('zh'));
  });
});
