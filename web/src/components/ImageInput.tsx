import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../feedback.ts';
import { formatFileSize } from '../utils/format.ts';
import { FileUpload } from './FileUpload.tsx';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, uploadImage } from './uploadImage.ts';

interface ImageInputProps {
  /** The image's link in the file store (what the form saves). */
  value?: string | null;
  onChange?: (link: string) => void;
  /** What the image shows, as its text alternative: the field's label. */
  label: string;
  disabled?: boolean;
  /** The form item's id, given to the upload button so that the field's label leads to it. */
  id?: string;
}

/**
 * A form field whose value is an image in the file store (a dish's picture, a user's avatar): the picture
 * as it is, a button that uploads another through put-file (as 个人信息's avatar does) and one that clears it.
 */
export function ImageInput({ value, onChange, label, disabled = false, id }: ImageInputProps) {
  const { t } = useTranslation('common');
  const limits = { types: IMAGE_EXTENSIONS, maxBytes: MAX_IMAGE_BYTES };
  const upload = (file: File) =>
    uploadImage(file)
      .then((link) => onChange?.(link))
      .catch((error: Error) => void toast.error(error.message));
  return (
    <Flex gap={12} align="center">
      <Avatar
        size={64}
        shape="square"
        src={value || undefined}
        alt={value ? label : undefined}
        icon={<PictureOutlined />}
      />
      {!disabled && (
        <Flex vertical gap={4} align="flex-start">
          <Flex gap={8}>
            <FileUpload {...limits} upload={upload}>
              {(busy) => (
                <Spin spinning={busy} size="small">
                  <Button id={id} icon={<UploadOutlined />}>
                    {t('upload.pick')}
                  </Button>
                </Spin>
              )}
            </FileUpload>
            {value && (
              <Button icon={<DeleteOutlined />} aria-label={t('upload.remove')} onClick={() => onChange?.('')} />
            )}
          </Flex>
          <Typography.Text type="secondary">
            {t('upload.hint', {
              types: IMAGE_EXTENSIONS.map((type) => type.toUpperCase()).join('/'),
              size: formatFileSize(MAX_IMAGE_BYTES),
            })}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
