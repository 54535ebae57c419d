import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchUserBindings, removeUserBindings, type SocialBinding } from '../../../api/social.ts';
import { toast } from '../../../feedback.ts';

/** A user's third-party accounts (issue 37), each removable by an administrator holding user_edit. */
export function UserBindingsModal({
  userId,
  canRemove,
  onClose,
}: {
  userId: string;
  canRemove: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['system', 'common', 'crud']);
  const { modal } = App.useApp();
  const bindings = useQuery({
    queryKey: ['system', 'user', 'bindings', userId],
    queryFn: () => fetchUserBindings(userId),
  });

  const remove = (row: SocialBinding) =>
    modal.confirm({
      title: t('user.bindingRemove'),
      content: `${row.source}: ${row.nickname || row.username || row.uuid}`,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await removeUserBindings([row.id]);
          toast.success(t('user.bindingRemoved'));
          await bindings.refetch();
        } catch {
          // Already shown.
        }
      },
    });

  return (
    <Modal title={t('user.bindings')} open onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table<SocialBinding>
        rowKey="id"
        size="small"
        loading={bindings.isLoading}
        dataSource={bindings.data ?? []}
        locale={{ emptyText: t('user.noBindings') }}
        pagination={false}
        columns={[
          { key: 'source', dataIndex: 'source', title: t('user.bindingSource') },
          {
            key: 'name',
            title: t('user.bindingName'),
            render: (_, row) => row.nickname || row.username || row.uuid,
          },
          { key: 'uuid', dataIndex: 'uuid', title: 'ID' },
          { key: 'createTime', dataIndex: 'createTime', title: t('user.applicationTime') },
          ...(canRemove
            ? [
                {
                  key: 'actions',
                  title: t('crud:actions'),
                  render: (_: unknown, row: SocialBinding) => (
                    <Button type="link" size="small" danger onClick={() => remove(row)}>
                      {t('user.bindingRemove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
