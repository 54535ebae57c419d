import { CloseCircleFilled } from '@ant-design/icons';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A select's clear button named in the language: antd's `allowClear` names it "Clear" whatever the language. The
 * icon is antd's own, which an `allowClear` object would otherwise replace by a plain ×.
 */
export function useClearable() {
  const { t } = useTranslation('crud');
  const label = t('clearField');
  return useMemo(() => ({ clearIcon: <CloseCircleFilled />, label }), [label]);
}

/** The name antd (rc-select) gives a clear button whatever the locale, unless `allowClear` says another. */
const ANTD_CLEAR = 'Clear';
/** Marks a clear button renamed here, so that a change of language names it again. */
const RENAMED = 'data-clear-named';

/** Names in `label` every clear button below `root` that antd left as "Clear", or that was renamed here before. */
export function nameClearButtons(root: ParentNode, label: string) {
  for (const button of root.querySelectorAll(`.ant-select-clear[aria-label="${ANTD_CLEAR}"], [${RENAMED}]`)) {
    if (button.getAttribute('aria-label') === label) continue;
    button.setAttribute('aria-label', label);
    button.setAttribute(RENAMED, '');
  }
}

/**
 * Every select's clear button named in the language, once for the whole app (issue 34.6): the plain antd Selects,
 * TreeSelects and Cascaders given `allowClear` (no locale names it; `useClearable` does for the catalog's own)
 * are renamed as they appear, and again when the language changes. Rendered once, inside the app's ConfigProvider.
 */
export function ClearButtonNames() {
  const { t } = useTranslation('crud');
  const label = t('clearField');
  useEffect(() => {
    nameClearButtons(document, label);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          const target = record.target as Element;
          if (target.getAttribute('aria-label') === ANTD_CLEAR && target.classList.contains('ant-select-clear')) {
            nameClearButtons(target.parentElement ?? document, label);
          }
          continue;
        }
        for (const node of record.addedNodes) {
          if (node instanceof Element) nameClearButtons(node.parentElement ?? node, label);
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [label]);
  return null;
}
