import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { fetchDatasources, setTenantDatasource } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';

interface TenantDatasourceModalProps {
  tenant: Row;
  onClose: () => void;
  onSaved: () => void;
}

/** 数据源配置: the data source (of 数据源管理) a tenant's data lives in; clearing it takes it away. */
export function TenantDatasourceModal({ tenant, onClose, onSaved }: TenantDatasourceModalProps) {
  const { t } = useTranslation(['system', 'crud', 'common']);
  const [form] = Form.useForm<{ datasourceId?: string }>();
  const sources = useQuery({ queryKey: ['crud', 'datasource', 'select'], queryFn: fetchDatasources });
  const save = useMutation({
    mutationFn: ({ datasourceId }: { datasourceId?: string }) =>
      setTenantDatasource(String(tenant.tenantId), datasourceId),
    onSuccess: () => {
      toast.success(t('done'));
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={`${t('tenant.datasourceSetting')} · ${String(tenant.tenantName)}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form
        form={form}
        initialValues={{ datasourceId: tenant.datasourceId ?? undefined }}
        onFinish={(values) => save.mutate(values)}
        style={{ paddingTop: 8 }}
      >
        <Form.Item name="datasourceId" label={t('tenant.datasource')} extra={t('tenant.datasourceHelp')}>
          <Select
            allowClear
            loading={sources.isPending}
            placeholder={t('tenant.datasourceRequired')}
            options={sources.data?.map((s) => ({ value: s.id, label: `${String(s.name)} (${String(s.url)})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
