import { useEffect } from 'react';

/**
 * Ant Design's tab bars put role="tablist" on a box that also holds the bar's own buttons (the overflow
 * button, the tags bar's menu), and a closable tab holds its close button: ARIA allows a tablist tabs
 * only (axe: aria-required-children). This moves the role to the list of tabs itself, and takes each
 * close button out of the accessibility tree and the Tab order: a closable tab closes with Delete while
 * it has focus (Ant Design's own key; announced by aria-keyshortcuts), and from the tags bar's menu.
 * The mouse still clicks the ×. Idempotent: it only changes what differs.
 */
export function repairTablists(root: ParentNode): void {
  for (const nav of root.querySelectorAll('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    // A tab pinned beside the list (the tags bar's 首页) belongs to it too.
    const pinned = nav.querySelector(':scope > .ant-tabs-extra-content [role="tab"][id]');
    if (pinned && list.getAttribute('aria-owns') !== pinned.id) list.setAttribute('aria-owns', pinned.id);
    list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
  for (const button of root.querySelectorAll('.ant-tabs-tab-remove')) {
    if (button.getAttribute('aria-hidden') !== 'true') button.setAttribute('aria-hidden', 'true');
    if (button.getAttribute('tabindex') !== '-1') button.setAttribute('tabindex', '-1');
    const tab = button.parentElement?.querySelector('[role="tab"]');
    if (tab && tab.getAttribute('aria-keyshortcuts') !== 'Delete') tab.setAttribute('aria-keyshortcuts', 'Delete');
  }
}

/** Keeps every tab bar of the document repaired as React draws and redraws them. */
export function useTablistRepair(): void {
  useEffect(() => {
    repairTablists(document);
    // Ant Design sets a close button's tabindex again when its tab is picked: watched too.
    const observer = new MutationObserver(() => repairTablists(document));
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    });
    return () => observer.disconnect();
  }, []);
}
