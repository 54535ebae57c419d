import { PlusOutlined, ProfileOutlined, UndoOutlined } from '@ant-design/icons';
import { enterprise } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { restoreEnterprises } from '../../../api/crm.ts';
import type { Row } from '../../../api/crud.ts';
import CrudPage, { type CrudContext } from '../../../crud/CrudPage.tsx';
import { useSession } from '../../../stores/session.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { CreateEnterpriseModal } from './CreateEnterpriseModal.tsx';
import { detailPath } from './detailPath.ts';

/** The enterprise_status value of an enterprise that moved out of the park. */
const MOVED_OUT = 0;

/** /crm/enterprise: the enterprises, created with their company account, opened in detail, restored when moved out. */
export default function EnterprisePage() {
  const { t } = useTranslation('crm');
  const navigate = useNavigate();
  const confirmed = useConfirmedAction();
  const canAdd = usePermission('enterprise_add');
  // Whether an enterprise is in the park is the park's call: a company account cannot restore.
  const canEdit = usePermission('enterprise_edit');
  const park = useSession((s) => s.accountType) === 'platform';
  const canRestore = canEdit && park;
  const [creating, setCreating] = useState<(() => void) | null>(null);

  const rowActions = (row: Row, { reload }: CrudContext) => (
    <>
      <Button type="link" size="small" icon={<ProfileOutlined />} onClick={() => navigate(detailPath(row.id))}>
        {t('detail')}
      </Button>
      {canRestore && row.status === MOVED_OUT && (
        <Button
          type="link"
          size="small"
          icon={<UndoOutlined />}
          onClick={() =>
            confirmed({ ids: [row.id], question: t('confirmRestore'), call: restoreEnterprises, done: reload })
          }
        >
          {t('restore')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <CrudPage
        entity={enterprise}
        // New enterprises come only with their company account (create-enterprise), never bare.
        addable={false}
        toolbar={({ reload }) =>
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(() => reload)}>
              {t('createEnterprise')}
            </Button>
          )
        }
        rowActions={rowActions}
      />
      {creating && (
        <CreateEnterpriseModal
          onClose={() => setCreating(null)}
          onSaved={() => {
            creating();
            setCreating(null);
          }}
        />
      )}
    </>
  );
}
