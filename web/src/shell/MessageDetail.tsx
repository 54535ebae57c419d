import { Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Message, useTypeName } from './messages.ts';
import { useOpenLink } from './openLink.ts';

/** One opened message; one about a record (its link) opens the record's screen. */
export function MessageDetail({ message, onClose }: { message: Message | undefined; onClose(): void }) {
  const { t } = useTranslation('message');
  const typeName = useTypeName();
  const openLink = useOpenLink();
  return (
    <Modal
      title={message?.title}
      open={Boolean(message)}
      onCancel={onClose}
      footer={
        openLink.allowed(message?.link) ? (
          <Button
            type="primary"
            data-testid="message-open-record"
            onClick={() => {
              onClose();
              openLink(message?.link);
            }}
          >
            {t('openRecord')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
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
