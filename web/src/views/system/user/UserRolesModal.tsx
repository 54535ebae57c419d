import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { grantUserRoles } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { CheckTree } from '../shared/CheckTree.tsx';
import { roleTreeQuery } from '../shared/treeQueries.ts';

interface UserRolesModalProps {
  userIds: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** 用户角色配置: the roles the picked users get, replacing the ones they had. */
export function UserRolesModal({ userIds, onClose, onSaved }: UserRolesModalProps) {
  const { t } = useTranslation('system');
  const roles = useQuery(roleTreeQuery);
  return (
    <FormModal<{ roleIds: string[] }>
      title={t('user.grantRoleTitle')}
      width={400}
      submit={({ roleIds }) => grantUserRoles(userIds, roleIds)}
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{ roleIds: [] }}
    >
      {/* Checked again as the roles are ticked, not on blur: a tree has none. */}
      <Form.Item
        name="roleIds"
        validateTrigger="onChange"
        rules={[{ required: true, type: 'array', min: 1, message: t('user.rolesRequired') }]}
      >
        <CheckTree nodes={roles.data} strict />
      </Form.Item>
    </FormModal>
  );
}
