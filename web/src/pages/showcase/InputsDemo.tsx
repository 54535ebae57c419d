import { UploadOutlined } from '@ant-design/icons';
import { user } from '@park/catalog';
import { Button, Card, Flex, Image } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../components/FileUpload.tsx';
import { fieldOf } from '../../components/pickers/pickerColumns.tsx';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, uploadImage } from '../../components/uploadImage.ts';
import { DictSelect } from '../../crud/DictSelect.tsx';
import { toast } from '../../feedback.ts';
import { Shown } from './Shown.tsx';

/** A select fed from a dictionary (the user's sex), and the shared upload sending an image as the avatar's does. */
export function InputsDemo() {
  const { t } = useTranslation('showcase');
  const [sex, setSex] = useState<number>();
  const [link, setLink] = useState<string>();
  // The upload shows its own failure (uploadImage does not go through the toasting client).
  const upload = (file: File) =>
    uploadImage(file)
      .then(setLink)
      .catch((error: Error) => toast.error(error.message));
  return (
    <>
      <Card title={t('dict')} data-testid="showcase-dict">
        <DictSelect
          field={fieldOf(user, 'sex')}
          value={sex}
          onChange={(value: number | undefined) => setSex(value)}
          allowClear
          aria-label={t('dictField')}
          placeholder={t('dictField')}
          style={{ width: 240 }}
        />
        <Shown testId="dict-value" value={sex} />
      </Card>

      <Card title={t('upload')} data-testid="showcase-upload">
        <Flex gap={16} align="center">
          <FileUpload types={IMAGE_EXTENSIONS} maxBytes={MAX_IMAGE_BYTES} upload={upload}>
            {(busy) => (
              <Button icon={<UploadOutlined />} loading={busy}>
                {t('uploadButton')}
              </Button>
            )}
          </FileUpload>
          {link && <Image src={link} width={64} height={64} alt={t('uploaded')} data-testid="uploaded-image" />}
        </Flex>
        <Shown testId="upload-value" label={t('uploaded')} value={link} />
      </Card>
    </>
  );
}
