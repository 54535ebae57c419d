import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormatDemo } from './FormatDemo.tsx';
import { InputsDemo } from './InputsDemo.tsx';
import { PickersDemo } from './PickersDemo.tsx';
import { ValidateDemo } from './ValidateDemo.tsx';

/**
 * /test/index (spec part 2, "mock menu only"): the shared components and helpers at work, so a
 * developer sees how each behaves and the end-to-end tests can drive the ones no screen uses yet.
 */
export default function ShowcasePage() {
  const { t } = useTranslation('showcase');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </Card>
      <PickersDemo />
      <InputsDemo />
      <ValidateDemo />
      <FormatDemo />
    </Flex>
  );
}
