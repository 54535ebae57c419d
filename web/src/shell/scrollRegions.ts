import { useEffect } from 'react';

/** What the keyboard reaches by itself inside a box. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** The boxes Ant Design's tables scroll in. */
const SCROLLERS = '.ant-table-content, .ant-table-body';
/** On the boxes this made focusable: only those are taken out of the Tab order again. */
const MARK = 'data-scroll-focus';

/**
 * A table wider than its card scrolls in a box of its own. When no row holds a button, a link or a checkbox (a
 * read-only list, such as the payments under 租赁费用 in English), the keyboard cannot reach that box to scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable). Such a box joins the Tab order while it overflows, and leaves
 * it when it no longer does. Idempotent: it only changes what differs.
 */
export function repairScrollRegions(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const overflows = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
    const unreachable = overflows && !box.querySelector(FOCUSABLE);
    if (unreachable && !box.hasAttribute(MARK)) {
      box.setAttribute('tabindex', '0');
      box.setAttribute(MARK, '');
    } else if (!unreachable && box.hasAttribute(MARK)) {
      box.removeAttribute('tabindex');
      box.removeAttribute(MARK);
    }
  }
}

/** Keeps every table's scroll box reachable as React draws the tables and the window changes size. */
export function useScrollRegionRepair(): void {
  useEffect(() => {
    // Once a frame at most: reading a box's widths makes the browser lay the page out.
    let frame = 0;
    const schedule = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        repairScrollRegions(document);
      });
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
