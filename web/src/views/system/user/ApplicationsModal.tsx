import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { decideApplications, type PendingApplication, pendingApplications } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';

const KEY = ['system', 'user', 'applications'];

/** Pending account applications of the tenant, each approved (the account is made) or rejected. */
export function ApplicationsModal({
  open,
  onClose,
  onDecided,
}: {
  open: boolean;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation(['system', 'common', 'crud']);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const pending = useQuery({ queryKey: KEY, queryFn: pendingApplications, enabled: open });

  const decide = (row: PendingApplication, approve: boolean) =>
    modal.confirm({
      title: t(approve ? 'user.approve' : 'user.reject'),
      content: `${row.account} (${row.name})`,
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await decideApplications([row.id], approve);
          toast.success(t(approve ? 'user.approve' : 'user.reject'));
          await queryClient.invalidateQueries({ queryKey: KEY });
          onDecided();
        } catch {
          // Already shown.
        }
      },
    });

  return (
    <Modal title={t('user.applications')} open={open} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      <Table<PendingApplication>
        rowKey="id"
        size="small"
        loading={pending.isLoading}
        dataSource={pending.data ?? []}
        locale={{ emptyText: t('user.noApplications') }}
        pagination={false}
        columns={[
          { key: 'account', dataIndex: 'account', title: t('user.applicationAccount') },
          { key: 'name', dataIndex: 'name', title: t('user.applicationName') },
          { key: 'oauthId', dataIndex: 'oauthId', title: t('user.applicationOauth') },
          { key: 'createTime', dataIndex: 'createTime', title: t('user.applicationTime') },
          {
            key: 'actions',
            title: t('crud:actions'),
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => decide(row, true)}>
                  {t('user.approve')}
                </Button>
                <Button type="link" size="small" danger onClick={() => decide(row, false)}>
                  {t('user.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
