import { PaperClipOutlined } from '@ant-design/icons';
import { policy } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { PRIMARY_ACTION } from '../../../crud/RowActions.tsx';
import { AttachmentsModal } from '../../crm/shared/AttachmentsModal.tsx';

/**
 * /basic/policy (政策管理): the operator's one list of policies (issue 34.5), drafts and published alike: 新增 and
 * 编辑 open the add and edit pages (/policy/info/add, /policy/info/edit/:id) and return here; each row's files
 * (原文附件) are listed, downloaded and, with 政策管理's edit button, uploaded and removed. 政策资讯 (/policy/info)
 * is the readers' list of the published ones (views/policy/info).
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
          <Button
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            onClick={() => setOwner(row)}
            {...PRIMARY_ACTION}
          >
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
