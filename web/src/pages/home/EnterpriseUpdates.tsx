import { ENTERPRISE_UPDATES, type EnterpriseUpdateAction } from '@park/catalog/desk';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchEnterpriseUpdates } from '../../api/desk.ts';
import { useMenuTree } from '../../router/useMenuTree.ts';
import { holdsPath } from './holdsPath.ts';

/** How many updates the card shows. */
const SHOWN = 8;

const COLOUR: Record<EnterpriseUpdateAction, string> = {
  entered: 'success',
  updated: 'processing',
  movedOut: 'default',
};

/**
 * 企业动态 on the home page: the enterprises most recently created or changed, what happened, who and
 * when. Shown, and asked for, only when the user's menus hold a screen that reads the enterprise list
 * (the ones the server opens the call to).
 */
export function EnterpriseUpdates() {
  const { t } = useTranslation('desk');
  const { tree } = useMenuTree();
  const allowed = holdsPath(tree, ENTERPRISE_UPDATES.screens);
  const updates = useQuery({
    // Under the enterprise's queries, so a change on the enterprise screens shows here at once.
    queryKey: ['crud', 'enterprise', 'updates'],
    queryFn: () => fetchEnterpriseUpdates(SHOWN),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card title={t('enterpriseUpdates')} style={{ marginTop: 16 }}>
      <section aria-label={t('enterpriseUpdates')}>
        {updates.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !updates.data?.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noUpdates')} />
        ) : (
          <Flex vertical gap={10} role="list">
            {updates.data.map((update) => (
              <Flex key={update.id} gap={8} align="baseline" wrap role="listitem">
                <Tag color={COLOUR[update.action]}>{t(update.action)}</Tag>
                <Typography.Text strong>{update.enterpriseName}</Typography.Text>
                <Typography.Text type="secondary">
                  {update.operatorName ? t('updateBy', { name: update.operatorName, time: update.time }) : update.time}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </section>
    </Card>
  );
}
