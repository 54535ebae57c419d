import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendSms } from '../../../api/resource.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { checkMobiles, isJsonObject } from '../../../utils/validate.ts';

interface Values {
  phones: string;
  params?: string;
}

/**
 * 发送测试: sends a template message through one SMS configuration (its code), to the numbers
 * typed, with the template's variables as a JSON object; the provider's refusal shows as the error.
 */
export function SmsSendModal({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation('resource');
  return (
    <FormModal<Values>
      title={t('sms.sendTitle', { code })}
      okText={t('sms.sendOk')}
      submit={({ phones, params }) => sendSms(code, phones, params?.trim() ?? '')}
      savedMessage={t('sms.sent')}
      onClose={onClose}
      onSaved={onClose}
      layout="vertical"
      initialValues={{ params: '{}' }}
    >
      <Form.Item
        name="phones"
        label={t('sms.phones')}
        extra={t('sms.phonesHelp')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const problem = checkMobiles(value);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder="13800000000,13900000000" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="params"
        label={t('sms.params')}
        extra={t('sms.paramsHelp')}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isJsonObject(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('sms.paramsInvalid'))),
          },
        ]}
      >
        <Input.TextArea rows={4} placeholder='{"code":"1234"}' style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}
