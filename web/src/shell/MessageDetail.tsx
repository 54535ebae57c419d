import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Message, useTypeName } from './messages.ts';

/** One opened message. */
export function MessageDetail({ message, onClose }: { message: Message | undefined; onClose(): void }) {
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  return (
    <Modal title={message?.title} open={Boolean(message)} onCancel={onClose} footer={null} destroyOnHidden>
      {message && (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('type')}>{typeName(message.type)}</Descriptions.Item>
            <Descriptions.Item label={t('sender')}>{message.senderName}</Descriptions.Item>
            <Descriptions.Item label={t('time')}>{message.createTime}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
