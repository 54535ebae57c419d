import { Badge, Button, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Message, typeKey, UNREAD, useMessagePage } from './messages.ts';

/** Page-size choices of the message list (spec part 9: 10/20/30/50, default 10). */
const PAGE_SIZES = [10, 20, 30, 50];

/** 'All messages': every message of the user, unread first, 80% wide. */
export function MessageDrawer({
  open,
  onClose,
  onOpenMessage,
  onReadAll,
}: {
  open: boolean;
  onClose(): void;
  onOpenMessage(message: Message): void;
  onReadAll(): void;
}) {
  const { t } = useTranslation('shell');
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const messages = useMessagePage(page.current, page.size, open);
  return (
    <Drawer
      title={t('message.all')}
      open={open}
      onClose={onClose}
      size="80%"
      extra={<Button onClick={onReadAll}>{t('message.readAll')}</Button>}
    >
      <Table<Message>
        rowKey="id"
        size="small"
        loading={messages.isFetching}
        dataSource={messages.data?.records}
        onRow={(message) => ({ onClick: () => onOpenMessage(message), style: { cursor: 'pointer' } })}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: messages.data?.total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            title: t('message.state'),
            dataIndex: 'isRead',
            width: 90,
            render: (isRead: number) =>
              isRead === UNREAD ? (
                <Badge status="processing" text={t('message.unread')} />
              ) : (
                <Badge status="default" text={t('message.read')} />
              ),
          },
          { title: t('message.title'), dataIndex: 'title' },
          { title: t('message.type'), dataIndex: 'type', width: 120, render: (type: number) => t(typeKey(type)) },
          { title: t('message.sender'), dataIndex: 'senderName', width: 140 },
          { title: t('message.time'), dataIndex: 'createTime', width: 180 },
        ]}
      />
    </Drawer>
  );
}
