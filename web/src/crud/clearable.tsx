import { CloseCircleFilled } from '@ant-design/icons';
import { useMemo } from 'react';
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
