import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback.ts';
import { FileUpload } from '../FileUpload.tsx';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, uploadImage } from '../uploadImage.ts';

/** One attachment of an upload field, as the schema stores it. */
export interface FormFile {
  name: string;
  link: string;
}

export const filesOf = (value: unknown): FormFile[] => (Array.isArray(value) ? (value as FormFile[]) : []);

interface UploadInputProps {
  id?: string;
  value?: FormFile[] | null;
  onChange?: (value: FormFile[] | undefined) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * An upload field: files sent one at a time to the file store (put-file, whose pictures are what it takes today:
 * JPG or PNG up to 500 KB) and listed by name, each removable.
 */
export function UploadInput({ id, value, onChange, disabled, ...aria }: UploadInputProps) {
  const { t } = useTranslation('forms');
  const files = filesOf(value);
  const upload = async (file: File) => {
    try {
      const link = await uploadImage(file);
      onChange?.([...files, { name: file.name, link }]);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  return (
    <Flex vertical gap={4} align="flex-start">
      {!disabled && (
        <FileUpload types={IMAGE_EXTENSIONS} maxBytes={MAX_IMAGE_BYTES} upload={upload}>
          {(busy) => (
            <Button id={id} icon={<UploadOutlined />} loading={busy} aria-label={aria['aria-label']}>
              {t('upload.pick')}
            </Button>
          )}
        </FileUpload>
      )}
      <FileList files={files} onRemove={disabled ? undefined : (i) => onChange?.(files.filter((_, j) => j !== i))} />
    </Flex>
  );
}

/** The files of an upload field, each a link; removable when `onRemove` is given. */
export function FileList({ files, onRemove }: { files: FormFile[]; onRemove?: (index: number) => void }) {
  const { t } = useTranslation('forms');
  return (
    <Flex vertical gap={2}>
      {files.map((file, i) => (
        <Flex key={file.link} gap={4} align="center">
          <PaperClipOutlined aria-hidden />
          <Typography.Link href={file.link} target="_blank" rel="noreferrer">
            {file.name}
          </Typography.Link>
          {onRemove && (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('upload.remove', { name: file.name })}
              onClick={() => onRemove(i)}
            />
          )}
        </Flex>
      ))}
    </Flex>
  );
}
