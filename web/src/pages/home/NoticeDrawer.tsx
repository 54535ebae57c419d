import { notice } from '@park/catalog/notice';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchNotice } from '../../api/home.ts';

/** One notice in full: its title, time and text. */
export default function NoticeDrawer({ id, onClose }: { id?: string; onClose: () => void }) {
  const { t } = useTranslation('home');
  const detail = useQuery({
    queryKey: ['crud', notice.key, 'detail', id],
    queryFn: () => fetchNotice(id as string),
    enabled: id !== undefined,
  });
  return (
    <Drawer open={id !== undefined} onClose={onClose} width={560} title={detail.data?.title ?? t('notices')}>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : detail.isError ? (
        <Alert type="error" showIcon message={t('noticeFailed')} />
      ) : (
        <article>
          <Typography.Text type="secondary">{detail.data.releaseTime}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }}>
            {detail.data.content}
          </Typography.Paragraph>
        </article>
      )}
    </Drawer>
  );
}
