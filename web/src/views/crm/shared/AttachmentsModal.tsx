import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Attachment,
  type AttachmentOwner,
  fetchAttachments,
  removeAttachment,
  uploadAttachment,
} from '../../../api/crm.ts';
import { toast } from '../../../feedback.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';

interface AttachmentsModalProps {
  owner: AttachmentOwner;
  name: string;
  onClose: () => void;
}

/** A row's attachments: listed, uploaded one file at a time and removed (the server checks type and size). */
export function AttachmentsModal({ owner, name, onClose }: AttachmentsModalProps) {
  const { t } = useTranslation(['crm', 'crud']);
  const canEdit = usePermission(`${owner.entity.key}_edit`);
  const confirmed = useConfirmedAction();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const queryKey = ['crud', owner.entity.key, 'attachments', owner.id];
  const files = useQuery({ queryKey, queryFn: () => fetchAttachments(owner) });
  const reload = () => void queryClient.invalidateQueries({ queryKey });

  const upload = async (file: File) => {
    setUploading(true);
    try {
      await uploadAttachment(owner, file);
      toast.success(t('uploaded'));
      reload();
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open title={t('attachmentsTitle', { name })} width={800} footer={null} onCancel={onClose}>
      {canEdit && (
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} style={{ marginBottom: 12 }}>
            {t('upload')}
          </Button>
        </Upload>
      )}
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
            render: (fileName: string, file) => (
              <a href={file.link} target="_blank" rel="noreferrer">
                {fileName}
              </a>
            ),
          },
          { key: 'size', dataIndex: 'attachSize', title: t('fileSize'), render: (bytes: number) => sizeOf(bytes) },
          { key: 'createTime', dataIndex: 'createTime', title: t('uploadTime') },
          ...(canEdit
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
                          done: reload,
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
    </Modal>
  );
}

/** A file size in KB or MB. */
function sizeOf(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
