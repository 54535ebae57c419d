import { Empty, Flex, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileList } from '../form-renderer/UploadInput.tsx';
import type { HistoryEntry } from './api.ts';
import { historyActionColor, historyActionLabel } from './words.ts';

/** An act's tag colour: its own, none for an act we do not know. */
const tagColor = (action: string) => {
  const color = historyActionColor(action);
  return color === 'gray' ? undefined : color;
};

/** 流转记录: each act of the process, oldest first: who, what (in the language), where, when, the comment and files. */
export function HistoryTimeline({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation('workflowRuntime');
  if (history.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />;
  return (
    <Timeline
      data-testid="process-history"
      items={history.map((entry) => ({
        key: entry.id,
        color: historyActionColor(entry.action),
        content: (
          <Flex vertical gap={4} data-testid="history-entry" data-action={entry.action}>
            <Flex gap={8} wrap align="center">
              <Typography.Text strong>{entry.userName ?? ''}</Typography.Text>
              <Tag color={tagColor(entry.action)} style={{ marginInlineEnd: 0 }}>
                {historyActionLabel(entry.action, t)}
              </Tag>
              {entry.nodeName && <Typography.Text>{entry.nodeName}</Typography.Text>}
              {entry.targetName && (
                <Typography.Text type="secondary">{t('detail.target', { name: entry.targetName })}</Typography.Text>
              )}
              <Typography.Text type="secondary">
                <time dateTime={entry.createTime.replace(' ', 'T')}>{entry.createTime}</time>
              </Typography.Text>
            </Flex>
            {entry.comment && (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{entry.comment}</Typography.Paragraph>
            )}
            {entry.attachments && entry.attachments.length > 0 && (
              <Flex gap={8} align="flex-start">
                <Typography.Text type="secondary">{t('detail.attachments')}</Typography.Text>
                <FileList files={entry.attachments} />
              </Flex>
            )}
          </Flex>
        ),
      }))}
    />
  );
}
