import { ExportOutlined, UndoOutlined } from '@ant-design/icons';
import { enterprise } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IN_PARK, MOVED_OUT, moveOutEnterprise, restoreEnterprises } from '../../../api/crm.ts';
import type { Row } from '../../../api/crud.ts';
import CrudPage, { type CrudContext } from '../../../crud/CrudPage.tsx';
import { useSession } from '../../../stores/session.ts';
import { useConfirmedAction } from '../../system/shared/useConfirmedAction.ts';
import { usePermission } from '../../system/shared/usePermission.ts';
import { CreateEnterpriseModal } from './CreateEnterpriseModal.tsx';
import { detailPath } from './detailPath.ts';

/**
 * /crm/enterprise: the enterprises, created with their company account, opened in detail (查看 or the
 * name), moved out of the park and restored.
 */
export default function EnterprisePage() {
  const { t } = useTranslation('crm');
  const confirmed = useConfirmedAction();
  // Whether an enterprise is in the park is the park's call: a company account neither moves out nor restores.
  const canEdit = usePermission('enterprise_edit');
  const park = useSession((s) => s.accountType) === 'platform';
  const canMove = canEdit && park;
  const [creating, setCreating] = useState<(() => void) | null>(null);

  const rowActions = (row: Row, { reload }: CrudContext) => (
    <>
      {canMove && row.status === IN_PARK && (
        <Button
          type="link"
          size="small"
          icon={<ExportOutlined />}
          onClick={() =>
            confirmed({
              ids: [row.id],
              question: t('confirmMoveOut'),
              call: ([id]) => moveOutEnterprise(id),
              done: reload,
            })
          }
        >
          {t('moveOut')}
        </Button>
      )}
      {canMove && row.status === MOVED_OUT && (
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
        add={{ label: t('createEnterprise'), open: ({ reload }) => setCreating(() => reload) }}
        rowActions={rowActions}
        detail={{ nameField: 'enterpriseName', path: (row) => detailPath(row.id) }}
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
