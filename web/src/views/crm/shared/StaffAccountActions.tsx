import { DisconnectOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStaffAccount, unbindStaff } from '../../../api/crm.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { BindExistingAccount } from './BindExistingAccount.tsx';
import type { RowActionProps } from './tabs.ts';

/**
 * A staff member's account: one created and bound in one go (create-bind), an existing one bound
 * (user-bind), or the binding removed (unbind).
 */
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
      <BindExistingAccount row={row} reload={reload} />
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
  const { t } = useTranslation('crm');
  return (
    <FormModal<{ account: string; password: string }>
      title={t('staffAccountTitle', { name })}
      submit={(values) => createStaffAccount({ staffId, ...values })}
      savedMessage={t('staffAccountCreated')}
      onClose={onClose}
      onSaved={onSaved}
      name="staffAccount"
      labelCol={{ flex: '100px' }}
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
    </FormModal>
  );
}
