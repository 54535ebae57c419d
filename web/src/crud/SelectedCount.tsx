import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The toolbar's 已选择 N 项, shown once rows are picked. */
export function SelectedCount({ count }: { count: number }) {
  const { t } = useTranslation('crud');
  return count > 0 ? <Typography.Text type="secondary">{t('selected', { count })}</Typography.Text> : null;
}
