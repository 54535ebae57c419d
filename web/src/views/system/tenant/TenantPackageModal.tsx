import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { setTenantPackage } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { packagesQuery } from './packagesQuery.ts';

interface TenantPackageModalProps {
  tenant: Row;
  onClose: () => void;
  onSaved: () => void;
}

/** 产品包配置: the package that bounds a tenant's menus; clearing it takes the bound away. */
export function TenantPackageModal({ tenant, onClose, onSaved }: TenantPackageModalProps) {
  const { t } = useTranslation('system');
  const packages = useQuery(packagesQuery);
  return (
    <FormModal<{ packageId?: string }>
      title={`${t('tenant.packageSetting')} · ${String(tenant.tenantName)}`}
      submit={({ packageId }) => setTenantPackage(String(tenant.tenantId), packageId)}
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{ packageId: tenant.packageId ?? undefined }}
    >
      <Form.Item name="packageId" label={t('tenant.packageName')}>
        <Select
          allowClear
          loading={packages.isPending}
          placeholder={t('tenant.packageRequired')}
          options={packages.data?.map((p) => ({ value: p.id, label: String(p.packageName) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
