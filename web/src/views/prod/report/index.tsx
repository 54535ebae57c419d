import { PaperClipOutlined } from '@ant-design/icons';
import { prodReport } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { AttachmentsModal } from '../../crm/shared/AttachmentsModal.tsx';
import { overdueColumn } from '../shared/safetyFlags.tsx';

/**
 * /prod/report (生产报告): the generic list of the enterprises' reports (是否逾期 computed by the server on every
 * read, searchable, an overdue one tagged orange with its due date) with each report's files: listed and downloaded, and, with prod_report_edit, uploaded and
 * removed (attach-list by reportId, save-attach, remove-attach). A company account sees its own enterprise's.
 */
export default function ProdReportPage() {
  const { t } = useTranslation('crm');
  const [owner, setOwner] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={prodReport}
        columns={[overdueColumn]}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => setOwner(row)}>
            {t('attachments')}
          </Button>
        )}
      />
      {owner && (
        <AttachmentsModal
          owner={{ entity: prodReport, param: 'reportId', id: owner.id }}
          name={String(owner.title)}
          onClose={() => setOwner(undefined)}
        />
      )}
    </>
  );
}
