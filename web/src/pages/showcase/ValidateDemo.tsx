import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  creditCodeRule,
  decimalRule,
  landlineRule,
  mobileRule,
  phoneRule,
  rangeRule,
  urlRule,
} from '../../utils/validate.ts';
import { Shown } from './Shown.tsx';

/** A form using every shared validator (spec part 5); each field checks on blur, 校验 checks them all. */
export function ValidateDemo() {
  const { t } = useTranslation('showcase');
  const [passed, setPassed] = useState(false);
  const fields = [
    { name: 'creditCode', rules: [creditCodeRule()] },
    { name: 'mobile', rules: [mobileRule(true)] },
    { name: 'landline', rules: [landlineRule()] },
    { name: 'phone', rules: [phoneRule()] },
    { name: 'decimal', rules: [decimalRule()] },
    { name: 'range', rules: [rangeRule(t('range'))] },
    { name: 'url', rules: [urlRule()] },
  ] as const;
  return (
    <Card title={t('validate')} data-testid="showcase-validate">
      <Form
        layout="vertical"
        name="showcase"
        validateTrigger="onBlur"
        style={{ maxWidth: 480 }}
        onValuesChange={() => setPassed(false)}
        onFinish={() => setPassed(true)}
        onFinishFailed={() => setPassed(false)}
      >
        {fields.map(({ name, rules }) => (
          <Form.Item key={name} name={name} label={t(name)} rules={[...rules]}>
            <Input />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit">
          {t('check')}
        </Button>
      </Form>
      {passed && <Shown testId="validate-value" value={t('passed')} />}
    </Card>
  );
}
