import { LinkOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindStaffUser } from '../../../api/crm.ts';
import { PersonPicker } from '../../../components/pickers/PersonPicker.tsx';
import { toast } from '../../../feedback.ts';
import type { StaffAccounts } from './StaffAccountActions.tsx';
import type { RowActionProps } from './tabs.ts';

/**
 * 绑定已有账号: an account of the staff member's enterprise (a park account, for the park's personnel),
 * picked with the person picker (one, by radio), bound to the row (user-bind). The server refuses an
 * account bound to someone else.
 */
export function BindExistingAccount({ row, reload, accounts }: RowActionProps & { accounts: StaffAccounts }) {
  const { t } = useTranslation('crm');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        {t('bindExisting')}
      </Button>
      {open && (
        <PersonPicker
          title={t('bindExistingTitle', { name: String(row.staffName ?? '') })}
          baseFilters={accounts.park ? { userType_notequal: '2' } : { enterpriseId: String(row.enterpriseId) }}
          onConfirm={async ([user]) => {
            await bindStaffUser(row.id, user.id, accounts.api);
            toast.success(t('bound'));
            setOpen(false);
            reload();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
