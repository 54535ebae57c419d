import { DisconnectOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStaffAccount, type StaffAccount, unbindStaff } from '../../../api/crm.ts';
import { fetchRoleOptions, ownAccountQuery, ownDepartments } from '../../../api/system.ts';
import { ADMINISTRATOR, useAllowed } from '../../../auth/roles.ts';
import { DeptTreeSelect } from '../../../components/DeptTreeSelect.tsx';
import { FormModal } from '../../../crud/FormModal.tsx';
import { useIsCompany } from '../../../stores/session.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { BindExistingAccount } from './BindExistingAccount.tsx';
import type { RowActionProps } from './tabs.ts';

/**
 * Which staff list the account calls act on: the CRM's enterprise staff (company accounts of the
 * enterprise), or the park's own personnel (park accounts, with a role and a department each).
 */
export interface StaffAccounts {
  api: string;
  editButton: string;
  park: boolean;
}

export const CRM_STAFF_ACCOUNTS: StaffAccounts = {
  api: 'blade-crm/staff',
  editButton: 'enterprise_staff_edit',
  park: false,
};
export const PARK_STAFF_ACCOUNTS: StaffAccounts = { api: 'blade-basic/staff', editButton: 'staff_edit', park: true };

/**
 * A staff member's account: one created and bound in one go (create-bind), an existing one bound
 * (user-bind), or the binding removed (unbind).
 */
export function StaffAccountActions({
  row,
  reload,
  accounts = CRM_STAFF_ACCOUNTS,
}: RowActionProps & { accounts?: StaffAccounts }) {
  const { t } = useTranslation('crm');
  const canEdit = usePermission(accounts.editButton);
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
          confirmed({
            ids: [row.id],
            question: t('confirmUnbind'),
            call: ([id]) => unbindStaff(id, accounts.api),
            done: reload,
          })
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
      <BindExistingAccount row={row} reload={reload} accounts={accounts} />
      {creating && (
        <StaffAccountModal
          accounts={accounts}
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
  accounts: StaffAccounts;
  staffId: string;
  name: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 创建账号 (create-bind, spec part 3 "Staff bind payload"): the new account's name, account and password,
 * and its role and department. Park staff pick both; a company account may give only the company role
 * (so it picks none) and one of its own departments, as the server allows.
 */
function StaffAccountModal({ accounts, staffId, name, onClose, onSaved }: StaffAccountModalProps) {
  const { t } = useTranslation('crm');
  const company = useIsCompany();
  return (
    <FormModal<Omit<StaffAccount, 'staffId'>>
      title={t(accounts.park ? 'parkAccountTitle' : 'staffAccountTitle', { name })}
      submit={(values) => createStaffAccount({ staffId, ...values }, accounts.api)}
      savedMessage={t('staffAccountCreated')}
      onClose={onClose}
      onSaved={onSaved}
      name="staffAccount"
      labelCol={{ flex: '100px' }}
      initialValues={{ name }}
    >
      <Form.Item
        name="name"
        label={t('accountName')}
        rules={[{ required: true, whitespace: true, message: t('accountNameRequired') }]}
      >
        <Input maxLength={20} />
      </Form.Item>
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
      {company && !accounts.park ? <CompanyAccountItems /> : <ParkAccountItems required={accounts.park} />}
    </FormModal>
  );
}

/**
 * Park staff: any role but the administrator's (unless they are one), and any department; both
 * required for a park person's own (park) account, as the user screen asks.
 */
function ParkAccountItems({ required }: { required: boolean }) {
  const { t } = useTranslation('crm');
  const administrator = useAllowed([ADMINISTRATOR]);
  const roles = useQuery({ queryKey: ['system', 'role', 'select'], queryFn: fetchRoleOptions });
  const options = (roles.data ?? [])
    .filter((role) => administrator || role.roleAlias !== ADMINISTRATOR)
    .map((role) => ({ value: role.id, label: String(role.roleName) }));
  return (
    <>
      <Form.Item
        name="roleId"
        label={t('accountRole')}
        rules={required ? [{ required: true, message: t('accountRoleRequired') }] : undefined}
      >
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={roles.isPending}
          options={options}
          placeholder={required ? undefined : t('accountRoleDefault')}
        />
      </Form.Item>
      <Form.Item
        name="deptId"
        label={t('accountDept')}
        rules={required ? [{ required: true, message: t('accountDeptRequired') }] : undefined}
      >
        <DeptTreeSelect />
      </Form.Item>
    </>
  );
}

/** A company account: the new account gets the company role, and no department or one of the caller's own. */
function CompanyAccountItems() {
  const { t } = useTranslation('crm');
  const own = useQuery(ownAccountQuery);
  const depts = ownDepartments(own.data);
  return (
    <>
      <Form.Item label={t('accountRole')}>
        <Typography.Text type="secondary">{t('accountRoleCompany')}</Typography.Text>
      </Form.Item>
      {depts.length > 0 && (
        <Form.Item name="deptId" label={t('accountDept')}>
          <Select allowClear options={depts} />
        </Form.Item>
      )}
    </>
  );
}
