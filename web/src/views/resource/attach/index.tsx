import { DownloadOutlined } from '@ant-design/icons';
import { attach } from '@park/catalog';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { formatFileSize } from '../../../utils/format.ts';

/**
 * /resource/attach: every file attached to the tenant's rows, whatever they belong to: searched by
 * name, type and upload time, downloaded under the name it was uploaded with, removed after a
 * confirmation. Files come in through their owner's upload only, so there is no add or edit.
 */
export default function AttachPage() {
  const { t } = useTranslation('resource');
  // Same origin, so the browser saves the file under the name it was uploaded with.
  const download = (row: Row, text: string) => (
    <Typography.Link href={String(row.link)} download={String(row.name)}>
      {text}
    </Typography.Link>
  );
  return (
    <CrudPage
      entity={attach}
      addable={false}
      editable={false}
      viewable={false}
      columns={[
        { key: 'name', render: (name: unknown, row) => download(row, String(name)) },
        { key: 'attachSize', render: (bytes: unknown) => formatFileSize(bytes) },
      ]}
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          href={String(row.link)}
          download={String(row.name)}
        >
          {t('attach.download')}
        </Button>
      )}
    />
  );
}
