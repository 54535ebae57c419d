import { FEEDBACK_STATUS, feedback } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Modal, Spin, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row } from '../../../api/crud.ts';
import { closeFeedback, fetchReplies, sendReply } from '../../../api/interaction.ts';
import { renderCell } from '../../../crud/columns.tsx';
import { useSave } from '../../../crud/useSave.ts';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';
import { useIsCompany } from '../../../stores/session.ts';
import { AttachmentList } from '../../crm/shared/AttachmentList.tsx';
import { usePermission } from '../../system/shared/usePermission.ts';

const field = (name: string) => feedback.fields.find((f) => f.name === name)!;
const REPLY_MAX = 2000;

interface FeedbackThreadProps {
  id: string;
  title: string;
  onClose: () => void;
}

/**
 * A feedback's thread: what its author wrote (with the files they attached), every reply in order, each
 * said to be the park's or the author's, and, while it is open, a reply box and 关闭反馈. The author (a
 * company account) and park staff with the screen's edit button may reply and close; the server holds
 * the states (a closed feedback takes no reply).
 */
export default function FeedbackThread({ id, title, onClose }: FeedbackThreadProps) {
  const { t } = useTranslation(['interaction', 'crm', 'common']);
  const lang = useLang();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const company = useIsCompany();
  const parkMayAnswer = usePermission(`${feedback.key}_edit`);
  const mayAct = company || parkMayAnswer;

  const detail = useQuery({ queryKey: ['crud', feedback.key, 'detail', id], queryFn: () => fetchDetail(feedback, id) });
  const replies = useQuery({ queryKey: ['crud', feedback.key, 'replies', id], queryFn: () => fetchReplies(id) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['crud', feedback.key] });

  const reply = useSave(
    (values: { content: string }) => sendReply(id, values.content),
    () => {
      toast.success(t('replied'));
      form.resetFields();
      refresh();
    },
  );
  const close = () =>
    modal.confirm({
      title: t('close'),
      content: t('confirmClose'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await closeFeedback(id);
          toast.success(t('closed'));
          refresh();
        } catch {
          // Already shown.
        }
      },
    });

  const row = detail.data as Row | undefined;
  const closed = Number(row?.feedbackStatus) === FEEDBACK_STATUS.closed;
  const shown = (name: string) => renderCell(field(name), row?.[name], row);

  return (
    <Modal
      open
      title={t('threadTitle', { title })}
      width={800}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <span>
            {mayAct && row && !closed && (
              <Button danger onClick={close}>
                {t('close')}
              </Button>
            )}
          </span>
          <Button onClick={onClose}>{t('common:close')}</Button>
        </Flex>
      }
    >
      {detail.isPending ? (
        <Spin style={{ display: 'block', padding: 32 }} />
      ) : detail.isError || !row ? (
        <Alert type="error" showIcon title={detail.error?.message} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'feedbackType', label: field('feedbackType').label[lang], children: shown('feedbackType') },
              { key: 'feedbackStatus', label: field('feedbackStatus').label[lang], children: shown('feedbackStatus') },
              { key: 'createUser', label: field('createUser').label[lang], children: shown('createUser') },
              { key: 'createTime', label: field('createTime').label[lang], children: String(row.createTime ?? '') },
              {
                key: 'content',
                label: field('content').label[lang],
                span: { xs: 1, md: 2 },
                children: <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(row.content)}</div>,
              },
            ]}
          />
          <AttachmentList owner={{ entity: feedback, param: 'feedbackId', id }} />
          <section aria-label={t('thread')}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('thread')}
            </Typography.Title>
            {replies.isPending ? (
              <Spin />
            ) : replies.data?.length ? (
              <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="feedback-thread">
                {replies.data.map((r) => (
                  <li
                    key={r.id}
                    style={{
                      padding: '8px 12px',
                      marginBottom: 8,
                      borderRadius: token.borderRadius,
                      background: r.fromPark ? token.colorPrimaryBg : token.colorFillQuaternary,
                    }}
                  >
                    <Flex gap={8} align="center" wrap>
                      <Tag color={r.fromPark ? 'blue' : 'default'}>{r.fromPark ? t('park') : t('author')}</Tag>
                      <Typography.Text strong>{r.createUserName ?? ''}</Typography.Text>
                      <Typography.Text type="secondary">{r.createTime}</Typography.Text>
                    </Flex>
                    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 4 }}>{r.content}</div>
                  </li>
                ))}
              </ol>
            ) : (
              <Typography.Text type="secondary">{t('noReplies')}</Typography.Text>
            )}
          </section>
          {closed ? (
            <Alert type="info" showIcon title={t('closedNote')} />
          ) : (
            mayAct && (
              <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => reply.mutate(values)}>
                <Form.Item
                  name="content"
                  label={t('replyLabel')}
                  rules={[{ required: true, whitespace: true, message: t('replyRequired') }]}
                >
                  <Input.TextArea rows={3} maxLength={REPLY_MAX} showCount />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={reply.isPending}>
                  {t('send')}
                </Button>
              </Form>
            )
          )}
        </Flex>
      )}
    </Modal>
  );
}
