import { notice } from '@park/catalog/notice';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../api/crud.ts';
import { request } from '../../api/http.ts';
import { useMenuTree } from '../../router/useMenuTree.ts';
import { holdsPath } from './holdsPath.ts';

// Loaded when a notice is first opened: the home page's first paint carries none of the drawer.
const NoticeDrawer = lazy(() => import('./NoticeDrawer.tsx'));

/** How many notices the card shows. */
const SHOWN = 5;

interface NoticeRow {
  id: string;
  title: string;
  releaseTime: string;
}

/**
 * 通知公告 on the home page: the latest released notices, newest first, each opening the notice itself in a
 * drawer. Shown, and asked for, only to users whose menus hold the notice screen.
 */
export function NoticeBoard() {
  const { t } = useTranslation('home');
  const { tree } = useMenuTree();
  const [openId, setOpenId] = useState<string>();
  const allowed = holdsPath(tree, [notice.route]);
  const notices = useQuery({
    // Under the notice entity's queries, so a notice published on its screen shows here at once.
    queryKey: ['crud', notice.key, 'home'],
    queryFn: () =>
      request<Page<NoticeRow>>(`${notice.api}/page`, { query: { current: 1, size: SHOWN, descs: 'releaseTime' } }),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card title={t('notices')} style={{ marginTop: 16 }}>
      <section aria-label={t('notices')}>
        {notices.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !notices.data?.records.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotices')} />
        ) : (
          <Flex vertical gap={10} role="list">
            {notices.data.records.map((row) => (
              <Flex key={row.id} justify="space-between" gap={12} role="listitem">
                <Typography.Link
                  ellipsis
                  href={`${notice.route}?id=${row.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpenId(row.id);
                  }}
                >
                  {row.title}
                </Typography.Link>
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {row.releaseTime.slice(0, 10)}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </section>
      {openId !== undefined && (
        <Suspense fallback={null}>
          <NoticeDrawer id={openId} onClose={() => setOpenId(undefined)} />
        </Suspense>
      )}
    </Card>
  );
}
