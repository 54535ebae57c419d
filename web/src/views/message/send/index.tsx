import { DeleteOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
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
import { useCrudPermissions } from '../../../crud/useCrudPermissions.ts';
import { toast } from '../../../feedback.ts';
import { UNREAD } from '../../../shell/messages.ts';
import { PAGE_SIZES, useConfirmed, useTypeName } from '../shared.tsx';
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
            pagination={{ pageSize: PAGE_SIZES[0], pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
            columns={[
              { key: 'realName', title: t('realName'), dataIndex: 'realName' },
              { key: 'account', title: t('account'), dataIndex: 'account' },
              {
                key: 'isRead',
                title: t('state'),
                dataIndex: 'isRead',
                width: 100,
                render: (isRead: number) =>
                  isRead === UNREAD ? (
                    <Badge status="processing" text={t('unread')} />
                  ) : (
                    <Badge status="success" text={t('read')} />
                  ),
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
  const confirmed = useConfirmed();
  const can = useCrudPermissions('message');
  const client = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [filters, setFilters] = useState<Query>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<string>();

  const query = { ...filters, ...page };
  const sent = useQuery({
    queryKey: [...SENT_KEY, query],
    queryFn: () => fetchSent(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: MESSAGE_KEY });

  const remove = (ids: string[]) => {
    if (!ids.length) {
      toast.warning(t('crud:selectAtLeastOne'));
      return;
    }
    confirmed(t('removeConfirm'), async () => {
      await withdrawMessages(ids);
      setSelected([]);
      await refresh();
    });
  };

  return (
    <Card>
      <SearchBar<Query>
        name="sentMessage"
        onSearch={(next) => {
          setFilters(next);
          setPage((before) => ({ ...before, current: 1 }));
        }}
      >
        <Form.Item name="title" label={t('title')}>
          <Input allowClear style={{ width: 200 }} />
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
          <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
            {t('remove')}
          </Button>
        )}
        {selected.length > 0 && (
          <Typography.Text type="secondary">{t('crud:selected', { count: selected.length })}</Typography.Text>
        )}
      </Flex>
      <Table<SentMessage>
        rowKey="id"
        bordered
        loading={sent.isFetching}
        dataSource={sent.data?.records}
        rowSelection={
          can.remove ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: sent.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('crud:total', { total }),
          onChange: (current, size) => setPage({ current, size }),
        }}
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
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row.id])}>
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
            void refresh();
          }}
        />
      )}
      {shown && <SentDetailModal id={shown} onClose={() => setShown(undefined)} />}
    </Card>
  );
}
