import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../i18n/index.ts';
import { UiProvider } from '../shell/UiProvider.tsx';
import { PRIMARY_ACTION, RowActions } from './RowActions.tsx';

/** The row's buttons side by side, by name, in order (更多 among them). */
const inline = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].map((b) => (b.textContent ?? '').replace(/\s+/g, ''));

describe('RowActions', () => {
  beforeEach(() => setLang('zh'));
  afterEach(cleanup);

  it('puts 删除 after the screen’s own buttons', () => {
    const { container } = render(
      <UiProvider>
        <RowActions onView={vi.fn()} onDelete={vi.fn()}>
          <Button>缴费</Button>
        </RowActions>
      </UiProvider>,
    );
    expect(inline(container)).toEqual(['查看', '缴费', '删除']);
  });

  it('keeps 删除 last under 更多, after the row’s own work', async () => {
    const { container } = render(
      <UiProvider>
        <RowActions onView={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()}>
          <Button>缴费</Button>
          <Button>撤销缴费</Button>
        </RowActions>
      </UiProvider>,
    );
    expect(inline(container)).toEqual(['查看', '编辑', '更多']);
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    await waitFor(() => expect(document.querySelector('.ant-dropdown')).toBeTruthy());
    const more = [...(document.querySelector('.ant-dropdown') as HTMLElement).querySelectorAll('button')].map((b) =>
      (b.textContent ?? '').replace(/\s+/g, ''),
    );
    expect(more).toEqual(['缴费', '撤销缴费', '删除']);
  });

  it('keeps a primary button side by side before 编辑, and 删除 last under 更多 (issue 34.4)', async () => {
    const { container } = render(
      <UiProvider>
        <RowActions onView={vi.fn()} onEdit={vi.fn()} onDelete={vi.fn()}>
          <Button>撤销缴费</Button>
          <Button {...PRIMARY_ACTION}>登记缴费</Button>
        </RowActions>
      </UiProvider>,
    );
    expect(inline(container)).toEqual(['查看', '登记缴费', '更多']);
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    await waitFor(() => expect(document.querySelector('.ant-dropdown')).toBeTruthy());
    const more = [...(document.querySelector('.ant-dropdown') as HTMLElement).querySelectorAll('button')].map((b) =>
      (b.textContent ?? '').replace(/\s+/g, ''),
    );
    expect(more).toEqual(['编辑', '撤销缴费', '删除']);
  });

  it('keeps a primary button that is the row’s last, without 删除', () => {
    const { container } = render(
      <UiProvider>
        <RowActions onView={vi.fn()} onEdit={vi.fn()}>
          <Button>迁出</Button>
          <Button {...PRIMARY_ACTION}>附件</Button>
        </RowActions>
      </UiProvider>,
    );
    expect(inline(container)).toEqual(['查看', '附件', '更多']);
  });

  it('offers no 删除 where the screen leaves it out', () => {
    const { container } = render(
      <UiProvider>
        <RowActions onView={vi.fn()}>
          <Button>撤销缴费</Button>
        </RowActions>
      </UiProvider>,
    );
    expect(inline(container)).toEqual(['查看', '撤销缴费']);
  });
});
