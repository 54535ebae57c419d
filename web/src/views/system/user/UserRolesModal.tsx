import { useMutation, useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantUserRoles } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';
import { CheckTree } from '../shared/CheckTree.tsx';
import { roleTreeQuery } from '../shared/treeQueries.ts';

interface UserRolesModalProps {
  userIds: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** 用户角色配置: the roles the picked users get, replacing the ones they had. */
export function UserRolesModal({ userIds, onClose, onSaved }: UserRolesModalProps) {
  const { t } = useTranslation(['system', 'crud', 'common']);
  const roles = useQuery(roleTreeQuery);
  const [checked, setChecked] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: () => grantUserRoles(userIds, checked),
    onSuccess: () => {
      toast.success(t('done'));
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={t('user.grantRoleTitle')}
      width={400}
      onCancel={onClose}
      onOk={() => (checked.length ? save.mutate() : toast.warning(t('user.rolesRequired')))}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
    >
      <CheckTree nodes={roles.data} checked={checked} onChange={setChecked} strict />
    </Modal>
  );
}
