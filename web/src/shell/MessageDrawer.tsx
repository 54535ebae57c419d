import { Button, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_PAGE_SIZES, type Message, useMessagePage, useTypeName } from './messages.ts';
import { ReadState } from './ReadState.tsx';

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
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  const [page, setPage] = useState({ current: 1, size: MESSAGE_PAGE_SIZES[0] });
  const messages = useMessagePage(page.current, page.size, open);
  return (
    <Drawer
      title={t('bell.all')}
      open={open}
      onClose={onClose}
      size="80%"
      extra={<Button onClick={onReadAll}>{t('readAll')}</Button>}
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
          pageSizeOptions: MESSAGE_PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          {
            title: t('state'),
            dataIndex: 'isRead',
            width: 90,
            render: (isRead: number) => <ReadState isRead={isRead} />,
          },
          { title: t('title'), dataIndex: 'title' },
          { title: t('type'), dataIndex: 'type', width: 120, render: typeName },
          { title: t('sender'), dataIndex: 'senderName', width: 140 },
          { title: t('time'), dataIndex: 'createTime', width: 180 },
        ]}
      />
    </Drawer>
  );
}
