import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTopMenuKeys, fetchTopMenuTree, grantTopMenus } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';
import { CheckTree } from '../shared/CheckTree.tsx';

interface TopMenuGrantModalProps {
  topMenuIds: string[];
  onClose: () => void;
}

/** 菜单配置: the menus the picked top menus show in the sidebar, ticked as they hold them now. */
export function TopMenuGrantModal({ topMenuIds, onClose }: TopMenuGrantModalProps) {
  const { t } = useTranslation(['system', 'crud', 'common']);
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: ['system', 'top-menu-tree'], queryFn: fetchTopMenuTree });
  const held = useQuery({
    queryKey: ['system', 'top-tree-keys', topMenuIds],
    queryFn: () => fetchTopMenuKeys(topMenuIds),
    gcTime: 0,
  });
  // What the user ticked, over what the top menus hold.
  const [changed, setChanged] = useState<string[]>();
  const checked = changed ?? held.data;
  const save = useMutation({
    mutationFn: (menuIds: string[]) => grantTopMenus(topMenuIds, menuIds),
    onSuccess: () => {
      toast.success(t('topmenu.granted'));
      // The sidebar of a picked top menu follows at once.
      void queryClient.invalidateQueries({ queryKey: ['menu', 'routes'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('topmenu.grantTitle')}
      width={500}
      onCancel={onClose}
      onOk={() => checked && save.mutate(checked)}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending, disabled: !checked || !tree.data }}
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {checked ? (
        <CheckTree nodes={tree.data} checked={checked} onChange={setChanged} />
      ) : (
        <Spin style={{ display: 'block', padding: 24 }} />
      )}
    </Modal>
  );
}
