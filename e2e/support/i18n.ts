import type { Page } from '@playwright/test';

/** Chinese characters: a label, placeholder or button text holding one was not translated. */
export const CHINESE = /[\u3400-\u9fff]/;

/** The visible headers, labels, placeholders and buttons inside `scope` that hold Chinese; the rows' own data is left out. */
export function untranslatedIn(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ scope, pattern }) => {
      const chinese = new RegExp(pattern);
      const labels = 'th, label, .ant-btn, input[placeholder], .ant-select-selection-placeholder';
      return Array.from(document.querySelectorAll(scope))
        .flatMap((root) => Array.from(root.querySelectorAll<HTMLElement>(labels)))
        .filter((el) => !el.closest('tbody') && el.checkVisibility())
        .map((el) => (el instanceof HTMLInputElement ? el.placeholder : (el.textContent ?? '')))
        .filter((text) => chinese.test(text));
    },
    { scope, pattern: CHINESE.source },
  );
}
