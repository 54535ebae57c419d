import { PaperClipOutlined } from '@ant-design/icons';
import { policy } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { AttachmentsModal } from '../../crm/shared/AttachmentsModal.tsx';

/**
 * /basic/policy (政策管理): the policies with their files (原文附件). The list is 政策资讯's (the
 * articles are written there, on their own pages); here each row's files are listed, downloaded and,
 * with 政策管理's edit button, uploaded and removed (decisions.md).
 */
export default function PolicyFilesPage() {
  const { t } = useTranslation('policy');
  const [owner, setOwner] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={policy}
        viewButton="policy_view"
        rowActions={(row) => (
          <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => setOwner(row)}>
            {t('files')}
          </Button>
        )}
      />
      {owner && (
        <AttachmentsModal
          owner={{ entity: policy, param: 'policyId', id: owner.id }}
          name={String(owner.title)}
          editButton="policy_edit"
          onClose={() => setOwner(undefined)}
        />
      )}
    </>
  );
}
