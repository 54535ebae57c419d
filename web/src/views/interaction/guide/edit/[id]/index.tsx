import { PaperClipOutlined } from '@ant-design/icons';
import { guide } from '@park/catalog';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RecordPage } from '../../../../../crud/RecordPage.tsx';
import { useLang } from '../../../../../i18n/index.ts';
import { AttachmentsModal } from '../../../../crm/shared/AttachmentsModal.tsx';

/** /interaction/guide/edit/:id: a park guide's editing page, with its files (attach-list) beside the form. */
export default function GuideEditPage() {
  const { t } = useTranslation('interaction');
  const lang = useLang();
  const { id } = useParams();
  const [files, setFiles] = useState(false);
  return (
    <Flex vertical gap={12}>
      <RecordPage key={id} entity={guide} id={id} />
      {id && (
        <Flex>
          <Button icon={<PaperClipOutlined />} onClick={() => setFiles(true)}>
            {t('files')}
          </Button>
        </Flex>
      )}
      {id && files && (
        <AttachmentsModal
          owner={{ entity: guide, param: 'guideId', id }}
          name={guide.label[lang]}
          onClose={() => setFiles(false)}
        />
      )}
    </Flex>
  );
}
