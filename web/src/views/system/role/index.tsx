import { SafetyOutlined } from '@ant-design/icons';
import { role } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../../crud/CrudPage.tsx';
import { requireSelection } from '../shared/requireSelection.ts';
import { roleTreeQuery } from '../shared/treeQueries.ts';
import { treeTable } from '../shared/treeTable.tsx';
import { usePermission } from '../shared/usePermission.ts';
import { RoleGrantModal } from './RoleGrantModal.tsx';

const roleTable = treeTable(role, roleTreeQuery);

/** /system/role: the roles as a tree table, and the grant of menus, data scopes and API scopes. */
export default function RolePage() {
  const { t } = useTranslation('system');
  const canGrant = usePermission('role_grant');
  const [granting, setGranting] = useState<string[] | null>(null);
  return (
    <>
      <CrudPage
        entity={role}
        {...roleTable}
        toolbar={({ selected }) =>
          canGrant && (
            <Button icon={<SafetyOutlined />} onClick={() => requireSelection(selected, setGranting)}>
              {t('role.grant')}
            </Button>
          )
        }
      />
      {granting && <RoleGrantModal roleIds={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
