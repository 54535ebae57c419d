import { describe, expect, it } from 'vitest';
import { repairTablists } from './tablists.ts';

/** Ant Design's tab bar as it draws it: the role on the whole bar, a closable tab holding its × button. */
function bar(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <div class="ant-tabs-nav" role="tablist" aria-orientation="horizontal">
      <div class="ant-tabs-nav-wrap"><div class="ant-tabs-nav-list">
        <div class="ant-tabs-tab"><div role="tab" tabindex="0">首页</div></div>
        <div class="ant-tabs-tab ant-tabs-tab-with-remove"><div role="tab" tabindex="-1">参数管理</div>
          <button type="button" class="ant-tabs-tab-remove" tabindex="0" aria-label="remove">×</button></div>
      </div></div>
      <div class="ant-tabs-nav-operations"><button class="ant-tabs-nav-more" aria-controls="x">…</button></div>
      <div class="ant-tabs-extra-content"><button aria-label="标签操作"></button></div>
    </div>`;
  return root;
}

describe('repairTablists', () => {
  it('puts the tablist role on the list of tabs alone and takes the close buttons out of the tree and the Tab order', () => {
    const root = bar();
    repairTablists(root);
    const nav = root.querySelector('.ant-tabs-nav') as HTMLElement;
    const list = root.querySelector('.ant-tabs-nav-list') as HTMLElement;
    expect(nav.getAttribute('role')).toBeNull();
    expect(list.getAttribute('role')).toBe('tablist');
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    const close = root.querySelector('.ant-tabs-tab-remove') as HTMLElement;
    expect(close.getAttribute('aria-hidden')).toBe('true');
    expect(close.getAttribute('tabindex')).toBe('-1');
    expect(root.querySelectorAll('[aria-keyshortcuts="Delete"]')).toHaveLength(1);
  });

  it('changes nothing more the second time', () => {
    const root = bar();
    repairTablists(root);
    const once = root.innerHTML;
    repairTablists(root);
    expect(root.innerHTML).toBe(once);
  });
});
