import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchTopMenuKeys, fetchTopMenuTree, grantTopMenus } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { CheckTree, SCROLLING_FORM } from '../shared/CheckTree.tsx';

interface TopMenuGrantModalProps {
  topMenuIds: string[];
  onClose: () => void;
}

/** 菜单配置: the menus the picked top menus show in the sidebar, ticked as they hold them now. */
export function TopMenuGrantModal({ topMenuIds, onClose }: TopMenuGrantModalProps) {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: ['system', 'top-menu-tree'], queryFn: fetchTopMenuTree });
  const held = useQuery({
    queryKey: ['system', 'top-tree-keys', topMenuIds],
    queryFn: () => fetchTopMenuKeys(topMenuIds),
    gcTime: 0,
  });
  return (
    <FormModal<{ menuIds: string[] }>
      title={t('topmenu.grantTitle')}
      width={500}
      submit={({ menuIds }) => grantTopMenus(topMenuIds, menuIds)}
      savedMessage={t('topmenu.granted')}
      onClose={onClose}
      onSaved={() => {
        // The sidebar of a picked top menu follows at once, and the bar offers a top menu given its first menus.
        void queryClient.invalidateQueries({ queryKey: ['menu', 'routes'] });
        void queryClient.invalidateQueries({ queryKey: ['crud', 'topmenu'] });
        onClose();
      }}
      loading={!held.data}
      saveDisabled={!tree.data}
      initialValues={{ menuIds: held.data }}
      style={SCROLLING_FORM}
    >
      <Form.Item name="menuIds" noStyle>
        <CheckTree nodes={tree.data} />
      </Form.Item>
    </FormModal>
  );
}
