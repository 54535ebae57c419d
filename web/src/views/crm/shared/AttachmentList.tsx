import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Attachment, type AttachmentOwner, fetchAttachments, removeAttachment } from '../../../api/crm.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';

/** The query key of a row's attachments, so an upload elsewhere can reload the list. */
export const attachmentsKey = (owner: AttachmentOwner) => ['crud', owner.entity.key, 'attachments', owner.id];

/**
 * A row's attachments (attach-list): each downloads under its own name; with `removable`, each
 * can be removed after a confirmation (remove-attach).
 */
export function AttachmentList({ owner, removable = false }: { owner: AttachmentOwner; removable?: boolean }) {
  const { t } = useTranslation(['crm', 'crud']);
  const confirmed = useConfirmedAction();
  const queryClient = useQueryClient();
  const queryKey = attachmentsKey(owner);
  const files = useQuery({ queryKey, queryFn: () => fetchAttachments(owner) });

  return (
    <Table<Attachment>
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      loading={files.isFetching}
      dataSource={files.data}
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('fileName'),
          // Same origin, so the browser saves the file under the name it was uploaded with.
          render: (fileName: string, file) => (
            <Typography.Link href={file.link} download={fileName}>
              {fileName}
            </Typography.Link>
          ),
        },
        { key: 'size', dataIndex: 'attachSize', title: t('fileSize'), render: (bytes: number) => sizeOf(bytes) },
        { key: 'createTime', dataIndex: 'createTime', title: t('uploadTime') },
        ...(removable
          ? [
              {
                key: 'actions',
                title: t('crud:actions'),
                render: (_: unknown, file: Attachment) => (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      confirmed({
                        ids: [file.id],
                        question: t('confirmRemoveAttachment'),
                        call: ([id]) => removeAttachment(owner.entity, id),
                        done: () => void queryClient.invalidateQueries({ queryKey }),
                      })
                    }
                  >
                    {t('crud:delete')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A file size in KB or MB. */
function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
