import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A demo's current value, read by the user (and by the end-to-end tests through its test id). */
export function Shown({ testId, value, label }: { testId: string; value: unknown; label?: string }) {
  const { t } = useTranslation('showcase');
  const text = value === undefined || value === null || value === '' ? t('none') : String(value);
  return (
    <Typography.Paragraph style={{ margin: '8px 0 0' }}>
      <Typography.Text type="secondary">{label ?? t('value')}: </Typography.Text>
      <Typography.Text code data-testid={testId}>
        {text}
      </Typography.Text>
    </Typography.Paragraph>
  );
}
