import { SettingOutlined } from '@ant-design/icons';
import { topMenu } from '@park/catalog';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../../crud/CrudPage.tsx';
import { MenuRowName, menuInputs } from '../menu/menuFields.tsx';
import { requireSelection } from '../shared/requireSelection.ts';
import { usePermission } from '../shared/usePermission.ts';
import { TopMenuGrantModal } from './TopMenuGrantModal.tsx';

/** /system/topmenu: the tenant's top menus, and the menus each shows (菜单配置). */
export default function TopMenuPage() {
  const { t } = useTranslation('system');
  const canSet = usePermission('topmenu_setting');
  const [granting, setGranting] = useState<string[] | null>(null);
  return (
    <>
      <CrudPage
        entity={topMenu}
        inputs={{ source: menuInputs.source }}
        // Named as the top bar names them: by code, in the user's language.
        columns={[{ key: 'name', render: (_: unknown, row) => <MenuRowName row={row} /> }]}
        toolbar={({ selected }) =>
          canSet && (
            <Button icon={<SettingOutlined />} onClick={() => requireSelection(selected, setGranting)}>
              {t('topmenu.grant')}
            </Button>
          )
        }
      />
      {granting && <TopMenuGrantModal topMenuIds={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
