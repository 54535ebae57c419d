import { tenant } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fetchDetail } from '../../../api/crud.ts';
import { setTenantLimits } from '../../../api/system.ts';
import { DATETIME_FORMAT } from '../../../crud/dates.ts';
import { FormModal } from '../../../crud/FormModal.tsx';

interface TenantSettingModalProps {
  ids: string[];
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  accountNumber: number;
  expireTime?: Dayjs | null;
}

/** 授权配置: the account limit and expiry of the picked tenants, enforced at login and at user creation. */
export function TenantSettingModal({ ids, onClose, onSaved }: TenantSettingModalProps) {
  const { t } = useTranslation('system');
  // One tenant picked: its licence as it is now; several: the defaults (no limit, no expiry).
  const single = useQuery({
    queryKey: ['crud', tenant.key, 'detail', ids[0]],
    queryFn: () => fetchDetail(tenant, ids[0]),
    enabled: ids.length === 1,
    gcTime: 0,
  });
  const initial: Values = single.data
    ? {
        accountNumber: Number(single.data.accountNumber ?? -1),
        expireTime: single.data.expireTime ? dayjs(String(single.data.expireTime), DATETIME_FORMAT) : null,
      }
    : { accountNumber: -1 };
  return (
    <FormModal<Values>
      title={t('tenant.setting')}
      submit={({ accountNumber, expireTime }) =>
        setTenantLimits(ids, accountNumber, expireTime?.format(DATETIME_FORMAT))
      }
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
      loading={ids.length === 1 && single.isPending}
      labelCol={{ flex: '100px' }}
      initialValues={initial}
    >
      <Form.Item
        name="accountNumber"
        label={t('tenant.accountNumber')}
        extra={t('tenant.accountNumberHelp')}
        rules={[{ required: true, message: t('tenant.accountNumberRequired') }]}
      >
        <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('tenant.expireTime')} extra={t('tenant.expireTimeHelp')}>
        <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
