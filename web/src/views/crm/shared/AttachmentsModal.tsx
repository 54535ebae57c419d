import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AttachmentOwner, uploadAttachment } from '../../../api/crm.ts';
import { FileUpload } from '../../../components/FileUpload.tsx';
import { toast } from '../../../feedback.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { AttachmentList, attachmentsKey } from './AttachmentList.tsx';
import { ATTACHMENT_ACCEPT, attachmentProblem } from './attachmentCheck.ts';

interface AttachmentsModalProps {
  owner: AttachmentOwner;
  name: string;
  onClose: () => void;
  /** The button that uploads and removes, when another screen than the owner's keeps its files (default `<key>_edit`). */
  editButton?: string;
}

/** A row's attachments: listed, uploaded one file at a time (type and size checked here, then by the server) and removed. */
export function AttachmentsModal({ owner, name, onClose, editButton }: AttachmentsModalProps) {
  const { t } = useTranslation('crm');
  const canEdit = usePermission(editButton ?? `${owner.entity.key}_edit`);
  const queryClient = useQueryClient();

  const upload = async (file: File) => {
    try {
      await uploadAttachment(owner, file);
      toast.success(t('uploaded'));
      void queryClient.invalidateQueries({ queryKey: attachmentsKey(owner) });
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <Modal open title={t('attachmentsTitle', { name })} width={800} footer={null} onCancel={onClose}>
      {canEdit && (
        <FileUpload upload={upload} accept={ATTACHMENT_ACCEPT} check={attachmentProblem}>
          {(busy) => (
            <Button icon={<UploadOutlined />} loading={busy} style={{ marginBottom: 12 }}>
              {t('upload')}
            </Button>
          )}
        </FileUpload>
      )}
      <AttachmentList owner={owner} removable={canEdit} />
    </Modal>
  );
}
