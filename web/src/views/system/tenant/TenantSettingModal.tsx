import { useMutation } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { setTenantLimits } from '../../../api/system.ts';
import { DATETIME_FORMAT } from '../../../crud/dates.ts';
import { toast } from '../../../feedback.ts';

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
  const { t } = useTranslation(['system', 'crud', 'common']);
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: ({ accountNumber, expireTime }: Values) =>
      setTenantLimits(ids, accountNumber, expireTime?.format(DATETIME_FORMAT)),
    onSuccess: () => {
      toast.success(t('done'));
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={t('tenant.setting')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form
        form={form}
        labelCol={{ flex: '100px' }}
        initialValues={{ accountNumber: -1 }}
        onFinish={(values) => save.mutate(values)}
        style={{ paddingTop: 8 }}
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
      </Form>
    </Modal>
  );
}
