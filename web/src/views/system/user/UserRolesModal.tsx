import { user } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDetail } from '../../../api/crud.ts';
import { grantUserRoles } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { CheckTree } from '../shared/CheckTree.tsx';
import { roleTreeQuery } from '../shared/treeQueries.ts';
import { sharedRoles } from './sharedRoles.ts';

interface UserRolesModalProps {
  userIds: string[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 用户角色配置: the roles the picked users get, replacing the ones they had. It opens with the roles
 * they hold ticked (for several users, the ones they all hold, and says so), so saving without a
 * change keeps them and ticking one more adds it.
 */
export function UserRolesModal({ userIds, onClose, onSaved }: UserRolesModalProps) {
  const { t } = useTranslation('system');
  const roles = useQuery(roleTreeQuery);
  const held = useQuery({
    queryKey: ['system', 'user-roles', userIds],
    queryFn: async () => sharedRoles(await Promise.all(userIds.map((id) => fetchDetail(user, id)))),
    gcTime: 0,
  });
  return (
    <FormModal<{ roleIds: string[] }>
      title={t('user.grantRoleTitle')}
      width={400}
      submit={({ roleIds }) => grantUserRoles(userIds, roleIds)}
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
      loading={held.isPending}
      // Their roles failed to load: saving would take away what the dialog could not show.
      saveDisabled={!held.data}
      initialValues={{ roleIds: held.data ?? [] }}
    >
      {userIds.length > 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('user.grantRoleShared', { count: userIds.length })}
        />
      )}
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
