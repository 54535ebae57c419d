import { CheckOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/http.ts';
import { fetchInbox, MESSAGE_KEY, removeFromInbox } from '../../../api/message.ts';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { SelectedCount } from '../../../crud/SelectedCount.tsx';
import { MessageDetail } from '../../../shell/MessageDetail.tsx';
import { type Message, UNREAD, useOpenMessage, useReadAll, useTypeName } from '../../../shell/messages.ts';
import { ReadState } from '../../../shell/ReadState.tsx';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';
import { useMessageList } from '../shared.ts';

/**
 * /message/my: the caller's inbox, unread first. Opening a message reads it through the bell's own
 * mutation, so this list, the bell's popover and its count refresh together.
 */
export default function MyMessagesPage() {
  const { t } = useTranslation(['message', 'crud']);
  const typeName = useTypeName();
  const confirmed = useConfirmed();
  const inbox = useMessageList({ queryKey: [...MESSAGE_KEY, 'inbox'], load: fetchInbox, remove: removeFromInbox });
  const [shown, setShown] = useState<Message>();
  const openMessage = useOpenMessage();
  const readAll = useReadAll();

  const open = (message: Message) => openMessage.mutate(message.id, { onSuccess: setShown });

  return (
    <Card>
      <SearchBar<Query> name="myMessage" onSearch={inbox.search}>
        <Form.Item name="title" label={t('title')}>
          <Input allowClear placeholder={t('titlePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="isRead" label={t('state')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={[
              { value: UNREAD, label: t('unread') },
              { value: 1 - UNREAD, label: t('read') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          onClick={() => confirmed(t('readAllConfirm'), readAll.mutateAsync, t('done'))}
        >
          {t('readAll')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={() => inbox.remove(inbox.selected)}>
          {t('remove')}
        </Button>
        <SelectedCount count={inbox.selected.length} />
      </Flex>
      <Table<Message>
        rowKey="id"
        bordered
        loading={inbox.rows.isFetching || openMessage.isPending}
        dataSource={inbox.rows.data?.records}
        rowSelection={inbox.rowSelection}
        pagination={inbox.pagination}
        columns={[
          {
            key: 'isRead',
            title: t('state'),
            dataIndex: 'isRead',
            width: 90,
            render: (isRead: number) => <ReadState isRead={isRead} />,
          },
          {
            key: 'title',
            title: t('title'),
            dataIndex: 'title',
            render: (title: string, message) => (
              <Typography.Link strong={message.isRead === UNREAD} onClick={() => open(message)}>
                {title}
              </Typography.Link>
            ),
          },
          { key: 'type', title: t('type'), dataIndex: 'type', width: 120, render: typeName },
          { key: 'senderName', title: t('sender'), dataIndex: 'senderName', width: 140 },
          { key: 'createTime', title: t('time'), dataIndex: 'createTime', width: 180 },
          {
            key: 'actions',
            title: t('crud:actions'),
            width: 160,
            render: (_, message) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => open(message)}>
                  {t('open')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => inbox.remove([message.id])}
                >
                  {t('remove')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <MessageDetail message={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
