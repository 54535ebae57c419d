import { DisconnectOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStaffAccount, unbindStaff } from '../../../api/crm.ts';
import { toast } from '../../../feedback.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import type { RowActionProps } from './tabs.ts';

/** A staff member's account: one created and bound in one go (create-bind), or the binding removed (unbind). */
export function StaffAccountActions({ row, reload }: RowActionProps) {
  const { t } = useTranslation('crm');
  const canEdit = usePermission('enterprise_staff_edit');
  const confirmed = useConfirmedAction();
  const [creating, setCreating] = useState(false);
  if (!canEdit) return null;
  if (row.userId) {
    return (
      <Button
        type="link"
        size="small"
        icon={<DisconnectOutlined />}
        onClick={() =>
          confirmed({ ids: [row.id], question: t('confirmUnbind'), call: ([id]) => unbindStaff(id), done: reload })
        }
      >
        {t('unbind')}
      </Button>
    );
  }
  return (
    <>
      <Button type="link" size="small" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
        {t('staffAccount')}
      </Button>
      {creating && (
        <StaffAccountModal
          staffId={row.id}
          name={String(row.staffName ?? '')}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            reload();
          }}
        />
      )}
    </>
  );
}

interface StaffAccountModalProps {
  staffId: string;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}

function StaffAccountModal({ staffId, name, onClose, onSaved }: StaffAccountModalProps) {
  const { t } = useTranslation(['crm', 'crud', 'common']);
  const [form] = Form.useForm<{ account: string; password: string }>();
  const save = useMutation({
    mutationFn: (values: { account: string; password: string }) => createStaffAccount({ staffId, ...values }),
    onSuccess: () => {
      toast.success(t('staffAccountCreated'));
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={t('staffAccountTitle', { name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name="staffAccount"
        labelCol={{ flex: '100px' }}
        onFinish={(values) => save.mutate(values)}
        style={{ paddingTop: 8 }}
      >
        <Form.Item
          name="account"
          label={t('account')}
          rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}
        >
          <Input maxLength={45} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[{ required: true, whitespace: true, message: t('passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
