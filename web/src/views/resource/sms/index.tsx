import { SendOutlined } from '@ant-design/icons';
import { sms } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../system/shared/usePermission.ts';
import { ENABLED, ProviderPage } from '../shared/ProviderPage.tsx';
import { SmsSendModal } from './SmsSendModal.tsx';

/**
 * /resource/sms: the tenant's SMS accounts, one enabled at a time. The enabled one has 发送测试
 * (button sms_send), which sends a message through it; the server refuses a disabled configuration.
 */
export default function SmsPage() {
  const { t } = useTranslation('resource');
  const canSend = usePermission('sms_send');
  const [sending, setSending] = useState<string | null>(null);
  return (
    <>
      <ProviderPage
        entity={sms}
        rowActions={(row) =>
          canSend &&
          row.status === ENABLED && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => setSending(String(row.smsCode))}>
              {t('sms.send')}
            </Button>
          )
        }
      />
      {sending !== null && <SmsSendModal code={sending} onClose={() => setSending(null)} />}
    </>
  );
}
