import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNREAD } from './messages.ts';

/**
 * A message's read state: 未读 with a live dot, 已读 grey, or green where having been read is the
 * point (the recipients of a sent message).
 */
export function ReadState({ isRead, readStatus = 'default' }: { isRead: number; readStatus?: 'default' | 'success' }) {
  const { t } = useTranslation('message');
  return isRead === UNREAD ? (
    <Badge status="processing" text={t('unread')} />
  ) : (
    <Badge status={readStatus} text={t('read')} />
  );
}
