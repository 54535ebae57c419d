import { useMutation, useQuery } from '@tanstack/react-query';
import { Modal, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGrantKeys, type GrantKeys, grantRoles } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';
import { CheckTree } from '../shared/CheckTree.tsx';
import { grantTreeQuery } from '../shared/treeQueries.ts';

interface RoleGrantModalProps {
  roleIds: string[];
  onClose: () => void;
}

const TREES = [
  { key: 'menu', label: 'role.menus' },
  { key: 'dataScope', label: 'role.dataScopes' },
  { key: 'apiScope', label: 'role.apiScopes' },
] as const;

/** 权限设置: menus, data scopes and API scopes of the picked roles, ticked as they hold them now. */
export function RoleGrantModal({ roleIds, onClose }: RoleGrantModalProps) {
  const { t } = useTranslation(['system', 'crud', 'common']);
  const trees = useQuery(grantTreeQuery);
  const held = useQuery({
    queryKey: ['system', 'role-tree-keys', roleIds],
    queryFn: () => fetchGrantKeys(roleIds),
    gcTime: 0,
  });
  // What the user ticked so far, over what the roles hold.
  const [changed, setChanged] = useState<Partial<GrantKeys>>({});
  const keys = held.data && { ...held.data, ...changed };
  const save = useMutation({
    mutationFn: (granted: GrantKeys) => grantRoles(roleIds, granted),
    onSuccess: () => {
      toast.success(t('role.granted'));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('role.grantTitle')}
      width={500}
      onCancel={onClose}
      onOk={() => keys && save.mutate(keys)}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending, disabled: !keys || !trees.data }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {keys ? (
        <Tabs
          items={TREES.map((tree) => ({
            key: tree.key,
            label: t(tree.label),
            children: (
              <CheckTree
                nodes={trees.data?.[tree.key]}
                checked={keys[tree.key]}
                onChange={(checked) => setChanged({ ...changed, [tree.key]: checked })}
              />
            ),
          }))}
        />
      ) : (
        <Spin style={{ display: 'block', padding: 24 }} />
      )}
    </Modal>
  );
}
