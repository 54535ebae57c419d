import { App, Button, Flex, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../api/http.ts';
import { type ErrorLogEntry, useErrorLog } from '../stores/errorLog.ts';

/** The local error log: what was captured, uploaded to the server's error log or cleared after a confirmation. */
export function LogDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const entries = useErrorLog((s) => s.entries);
  const clear = useErrorLog((s) => s.clear);

  const upload = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('log.uploadConfirm'),
      onOk: async () => {
        await request('blade-log/client/save', { method: 'POST', body: entries });
        void message.success(t('log.uploaded'));
      },
    });
  const clearAll = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('log.clearConfirm'),
      onOk: () => {
        clear();
        void message.success(t('log.cleared'));
      },
    });

  return (
    <Modal title={t('log.title')} open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={!entries.length} onClick={upload}>
          {t('log.upload')}
        </Button>
        <Button danger disabled={!entries.length} onClick={clearAll}>
          {t('log.clear')}
        </Button>
      </Flex>
      <Table<ErrorLogEntry>
        rowKey={(entry) => `${entry.time}|${entry.url}|${entry.message}`}
        size="small"
        dataSource={entries}
        locale={{ emptyText: t('log.empty') }}
        pagination={{ pageSize: 10 }}
        columns={[
          {
            title: t('log.type'),
            dataIndex: 'type',
            width: 130,
            render: (type: ErrorLogEntry['type']) => <Tag color="red">{t(`log.types.${type}`)}</Tag>,
          },
          { title: t('log.url'), dataIndex: 'url', width: 220, ellipsis: true },
          { title: t('log.message'), dataIndex: 'message', ellipsis: true },
          {
            title: t('log.stack'),
            dataIndex: 'stack',
            width: 220,
            render: (stack: string, entry) => (
              <Typography.Text ellipsis={{ tooltip: stack || entry.info }} style={{ width: 200 }}>
                {stack || entry.info}
              </Typography.Text>
            ),
          },
          { title: t('log.time'), dataIndex: 'time', width: 170 },
        ]}
      />
    </Modal>
  );
}
