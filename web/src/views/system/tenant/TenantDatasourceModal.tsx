import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { fetchDatasources, setTenantDatasource } from '../../../api/system.ts';
import { FormModal } from '../../../crud/FormModal.tsx';

interface TenantDatasourceModalProps {
  tenant: Row;
  onClose: () => void;
  onSaved: () => void;
}

/** 数据源配置: the data source (of 数据源管理) a tenant's data lives in; clearing it takes it away. */
export function TenantDatasourceModal({ tenant, onClose, onSaved }: TenantDatasourceModalProps) {
  const { t } = useTranslation('system');
  const sources = useQuery({ queryKey: ['crud', 'datasource', 'select'], queryFn: fetchDatasources });
  return (
    <FormModal<{ datasourceId?: string }>
      title={`${t('tenant.datasourceSetting')} · ${String(tenant.tenantName)}`}
      submit={({ datasourceId }) => setTenantDatasource(String(tenant.tenantId), datasourceId)}
      savedMessage={t('done')}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{ datasourceId: tenant.datasourceId ?? undefined }}
    >
      <Form.Item name="datasourceId" label={t('tenant.datasource')} extra={t('tenant.datasourceHelp')}>
        <Select
          allowClear
          loading={sources.isPending}
          placeholder={t('tenant.datasourceRequired')}
          options={sources.data?.map((s) => ({ value: s.id, label: `${String(s.name)} (${String(s.url)})` }))}
        />
      </Form.Item>
    </FormModal>
  );
}
