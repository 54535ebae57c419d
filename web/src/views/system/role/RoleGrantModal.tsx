import { useQuery } from '@tanstack/react-query';
import { Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchGrantKeys, type GrantKeys, grantRoles } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { CheckTree, SCROLLING_FORM } from '../shared/CheckTree.tsx';
import { grantTreeQuery } from '../shared/treeQueries.ts';

interface RoleGrantModalProps {
  roleIds: string[];
  onClose: () => void;
}

/** Menus are held with their parents (routes build from them); scopes are the rules alone, never their menus. */
const TREES = [
  { key: 'menu', label: 'role.menus', kind: 'all' },
  { key: 'dataScope', label: 'role.dataScopes', kind: 'leaves' },
  { key: 'apiScope', label: 'role.apiScopes', kind: 'leaves' },
] as const;

/** 权限设置: menus, data scopes and API scopes of the picked roles, ticked as they hold them now. */
export function RoleGrantModal({ roleIds, onClose }: RoleGrantModalProps) {
  const { t } = useTranslation('system');
  const trees = useQuery(grantTreeQuery);
  const held = useQuery({
    queryKey: ['system', 'role-tree-keys', roleIds],
    queryFn: () => fetchGrantKeys(roleIds),
    gcTime: 0,
  });
  return (
    <FormModal<Partial<GrantKeys>>
      title={t('role.grantTitle')}
      width={500}
      // A tab never opened has no field in the form: it keeps what the roles hold.
      submit={(ticked) => grantRoles(roleIds, { ...held.data!, ...ticked })}
      savedMessage={t('role.granted')}
      onClose={onClose}
      onSaved={onClose}
      loading={!held.data}
      saveDisabled={!trees.data}
      initialValues={held.data}
      style={SCROLLING_FORM}
    >
      <Tabs
        items={TREES.map((tree) => ({
          key: tree.key,
          label: t(tree.label),
          children: (
            <Form.Item name={tree.key} noStyle>
              <CheckTree nodes={trees.data?.[tree.key]} kind={tree.kind} />
            </Form.Item>
          ),
        }))}
      />
    </FormModal>
  );
}
