import { DeleteOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/http.ts';
import {
  fetchSent,
  fetchSentDetail,
  MESSAGE_KEY,
  type SentDetail,
  type SentMessage,
  withdrawMessages,
} from '../../../api/message.ts';
import { SearchBar } from '../../../components/SearchBar.tsx';
import { SelectedCount } from '../../../crud/SelectedCount.tsx';
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { MESSAGE_PAGE_SIZES, useTypeName } from '../../../shell/messages.ts';
import { ReadState } from '../../../shell/ReadState.tsx';
import { useMessageList } from '../shared.ts';
import { SendMessageModal } from './SendMessageModal.tsx';

const SENT_KEY = [...MESSAGE_KEY, 'sent'] as const;

/** One sent message: its content and each recipient with whether and when they read it. */
function SentDetailModal({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  const detail = useQuery({ queryKey: [...SENT_KEY, 'detail', id], queryFn: () => fetchSentDetail(id) });
  const message: SentDetail | undefined = detail.data;
  return (
    <Modal open title={t('detail')} width={800} onCancel={onClose} footer={null}>
      {detail.isPending ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : detail.isError || !message ? (
        <Alert type="error" showIcon title={detail.error?.message} />
      ) : (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('title')} span={2}>
              {message.title}
            </Descriptions.Item>
            <Descriptions.Item label={t('type')}>{typeName(message.type)}</Descriptions.Item>
            <Descriptions.Item label={t('time')}>{message.createTime}</Descriptions.Item>
            <Descriptions.Item label={t('readCount')} span={2}>
              <span data-testid="sent-read-count">{`${message.readCount}/${message.receiverCount}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('content')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {message.content}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="userId"
            size="small"
            bordered
            dataSource={message.receivers}
            pagination={{ pageSize: MESSAGE_PAGE_SIZES[0], pageSizeOptions: MESSAGE_PAGE_SIZES, showSizeChanger: true }}
            columns={[
              { key: 'realName', title: t('realName'), dataIndex: 'realName' },
              { key: 'account', title: t('account'), dataIndex: 'account' },
              {
                key: 'isRead',
                title: t('state'),
                dataIndex: 'isRead',
                width: 100,
                render: (isRead: number) => <ReadState isRead={isRead} readStatus="success" />,
              },
              { key: 'readTime', title: t('readTime'), dataIndex: 'readTime', width: 180 },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/** /message/send: the messages the caller sent with how many recipients read them, and 发送消息. */
export default function SentMessagesPage() {
  const { t } = useTranslation(['message', 'crud']);
  const typeName = useTypeName();
  const can = useCrudPermissions('message');
  const client = useQueryClient();
  const sent = useMessageList({ queryKey: SENT_KEY, load: fetchSent, remove: withdrawMessages });
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<string>();

  return (
    <Card>
      <SearchBar<Query> name="sentMessage" onSearch={sent.search}>
        <Form.Item name="title" label={t('title')}>
          <Input allowClear placeholder={t('titlePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 140 }}
            options={[1, 2, 3, 4].map((type) => ({ value: type, label: typeName(type) }))}
          />
        </Form.Item>
      </SearchBar>
      <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
        {can.add && (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)}>
            {t('send')}
          </Button>
        )}
        {can.remove && (
          <Button danger icon={<DeleteOutlined />} onClick={() => sent.remove(sent.selected)}>
            {t('remove')}
          </Button>
        )}
        <SelectedCount count={sent.selected.length} />
      </Flex>
      <Table<SentMessage>
        rowKey="id"
        bordered
        loading={sent.rows.isFetching}
        dataSource={sent.rows.data?.records}
        rowSelection={can.remove ? sent.rowSelection : undefined}
        pagination={sent.pagination}
        columns={[
          {
            key: 'title',
            title: t('title'),
            dataIndex: 'title',
            render: (title: string, row) => <Typography.Link onClick={() => setShown(row.id)}>{title}</Typography.Link>,
          },
          { key: 'type', title: t('type'), dataIndex: 'type', width: 120, render: typeName },
          {
            key: 'readCount',
            title: t('readCount'),
            width: 120,
            render: (_, row) => `${row.readCount}/${row.receiverCount}`,
          },
          { key: 'createTime', title: t('time'), dataIndex: 'createTime', width: 180 },
          {
            key: 'actions',
            title: t('crud:actions'),
            width: 160,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setShown(row.id)}>
                  {t('open')}
                </Button>
                {can.remove && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => sent.remove([row.id])}
                  >
                    {t('remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {sending && (
        <SendMessageModal
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            void client.invalidateQueries({ queryKey: MESSAGE_KEY });
          }}
        />
      )}
      {shown && <SentDetailModal id={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
