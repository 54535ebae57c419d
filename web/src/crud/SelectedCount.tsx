import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The toolbar's 已选择 N 项 (every page's picks), shown once rows are picked, and 取消选择 when it can clear them. */
export function SelectedCount({ count, onClear }: { count: number; onClear?: () => void }) {
  const { t } = useTranslation('crud');
  if (count === 0) return null;
  return (
    <Space size={4}>
      <Typography.Text type="secondary" data-testid="selected-count">
        {t('selected', { count })}
      </Typography.Text>
      {onClear && (
        <Button type="link" size="small" onClick={onClear}>
          {t('clearSelection')}
        </Button>
      )}
    </Space>
  );
}
