import { SendOutlined } from '@ant-design/icons';
import { policyPush } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { usePermission } from '../../../stores/session.ts';
import { AnalysePushModal } from './AnalysePushModal.tsx';

/**
 * /policy/push (政策推送): the generic list of pushes, each with 分析推送: the enterprises its policy
 * fits, shown in a dialog, then sent on confirmation (POST analysisPush/{id}).
 */
export default function PolicyPushPage() {
  const { t } = useTranslation('policy');
  const mayPush = usePermission('policy_push_edit');
  const [push, setPush] = useState<{ row: Row; reload: () => void }>();
  return (
    <>
      <CrudPage
        entity={policyPush}
        rowActions={(row, { reload }) =>
          mayPush && (
            <Button type="link" size="small" icon={<SendOutlined />} onClick={() => setPush({ row, reload })}>
              {t('analysePush')}
            </Button>
          )
        }
      />
      {push && (
        <AnalysePushModal
          push={push.row}
          onClose={() => setPush(undefined)}
          onSent={() => {
            setPush(undefined);
            push.reload();
          }}
        />
      )}
    </>
  );
}
