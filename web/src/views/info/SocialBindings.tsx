import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Flex, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { beginBind, fetchOwnBindings, fetchSocialProviders, type SocialBinding, unbindOwn } from '../../api/social.ts';
import { useSession } from '../../stores/session.ts';

/** The user's third-party accounts (issue 37): each binding with its unbind, and a bind button per enabled provider. */
export function SocialBindings() {
  const { t } = useTranslation('info');
  const { message } = App.useApp();
  const tenantId = useSession((s) => s.tenantId);
  const bindings = useQuery({ queryKey: ['social-bindings'], queryFn: fetchOwnBindings });
  const providers = useQuery({
    queryKey: ['social-providers', tenantId],
    queryFn: () => fetchSocialProviders(tenantId),
  });
  const nameOf = (source: string) => providers.data?.find((p) => p.source === source)?.providerName ?? source;
  const bound = new Set((bindings.data ?? []).map((b) => b.source));

  const unbind = async (row: SocialBinding) => {
    await unbindOwn(row.id);
    void message.success(t('socialUnbound'));
    void bindings.refetch();
  };
  const bind = async (source: string) => {
    // The provider's page, then back to /oauth/redirect/:source, which binds and returns here.
    window.location.assign(await beginBind(source));
  };

  return (
    <Flex vertical gap={16} data-testid="social-bindings">
      <Table<SocialBinding>
        rowKey="id"
        size="small"
        pagination={false}
        loading={bindings.isLoading}
        dataSource={bindings.data ?? []}
        locale={{ emptyText: t('socialNone') }}
        columns={[
          { key: 'source', title: t('socialSource'), render: (_, row) => nameOf(row.source) },
          {
            key: 'name',
            title: t('socialName'),
            render: (_, row) => (
              <Flex gap={8} align="center">
                {row.avatar && <Avatar size="small" src={row.avatar} />}
                {row.nickname || row.username || row.uuid}
              </Flex>
            ),
          },
          { key: 'createTime', dataIndex: 'createTime', title: t('socialTime') },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <Popconfirm title={t('socialConfirmUnbind')} onConfirm={() => unbind(row)}>
                <Button type="link" size="small" danger>
                  {t('socialUnbind')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Flex gap={8} wrap>
        {(providers.data ?? [])
          .filter((p) => !bound.has(p.source))
          .map((p) => (
            <Button key={p.source} onClick={() => void bind(p.source)}>
              {t('socialBind')} {p.providerName}
            </Button>
          ))}
      </Flex>
    </Flex>
  );
}
