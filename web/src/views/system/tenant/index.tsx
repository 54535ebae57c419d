import { DatabaseOutlined, GiftOutlined, SettingOutlined } from '@ant-design/icons';
import { tenant } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import { requireSelection } from '../shared/requireSelection.ts';
import { usePermission } from '../shared/usePermission.ts';
import { packagesQuery } from './packagesQuery.ts';
import { TenantDatasourceModal } from './TenantDatasourceModal.tsx';
import { TenantPackageModal } from './TenantPackageModal.tsx';
import { TenantSettingModal } from './TenantSettingModal.tsx';

type Dialog =
  | { kind: 'package' | 'datasource'; tenant: Row; done: () => void }
  | { kind: 'setting'; ids: string[]; done: () => void };

/** /system/tenant: tenants with their package, the package and data source per row, and the licence of picked rows. */
export default function TenantPage() {
  const { t } = useTranslation('system');
  const canEdit = usePermission('tenant_edit');
  const canSet = usePermission('tenant_setting');
  const canSetDatasource = usePermission('tenant_datasource');
  const packages = useQuery(packagesQuery);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const packageName = (id: unknown) => packages.data?.find((p) => p.id === id)?.packageName as string | undefined;

  const close = () => setDialog(null);
  const saved = () => {
    dialog?.done();
    setDialog(null);
  };

  return (
    <>
      <CrudPage
        entity={tenant}
        columns={[{ key: 'packageId', dataIndex: 'packageId', title: t('tenant.packageName'), render: packageName }]}
        toolbar={({ selected, reload }) =>
          canSet && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => requireSelection(selected, (ids) => setDialog({ kind: 'setting', ids, done: reload }))}
            >
              {t('tenant.setting')}
            </Button>
          )
        }
        rowActions={(row, { reload }) => (
          <Space size={0}>
            {canEdit && (
              <Button
                type="link"
                size="small"
                icon={<GiftOutlined />}
                onClick={() => setDialog({ kind: 'package', tenant: row, done: reload })}
              >
                {t('tenant.packageSetting')}
              </Button>
            )}
            {canSetDatasource && (
              <Button
                type="link"
                size="small"
                icon={<DatabaseOutlined />}
                onClick={() => setDialog({ kind: 'datasource', tenant: row, done: reload })}
              >
                {t('tenant.datasourceSetting')}
              </Button>
            )}
          </Space>
        )}
      />
      {dialog?.kind === 'package' && <TenantPackageModal tenant={dialog.tenant} onClose={close} onSaved={saved} />}
      {dialog?.kind === 'datasource' && (
        <TenantDatasourceModal tenant={dialog.tenant} onClose={close} onSaved={saved} />
      )}
      {dialog?.kind === 'setting' && <TenantSettingModal ids={dialog.ids} onClose={close} onSaved={saved} />}
    </>
  );
}
