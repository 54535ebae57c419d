import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { setTenantPackage } from '../../../api/system.ts';
import { toast } from '../../../feedback.ts';
import { packagesQuery } from './packagesQuery.ts';

interface TenantPackageModalProps {
  tenant: Row;
  onClose: () => void;
  onSaved: () => void;
}

/** 产品包配置: the package that bounds a tenant's menus; clearing it takes the bound away. */
export function TenantPackageModal({ tenant, onClose, onSaved }: TenantPackageModalProps) {
  const { t } = useTranslation(['system', 'crud', 'common']);
  const [form] = Form.useForm<{ packageId?: string }>();
  const packages = useQuery(packagesQuery);
  const save = useMutation({
    mutationFn: ({ packageId }: { packageId?: string }) => setTenantPackage(String(tenant.tenantId), packageId),
    onSuccess: () => {
      toast.success(t('done'));
      onSaved();
    },
  });
  return (
    <Modal
      open
      title={`${t('tenant.packageSetting')} · ${String(tenant.tenantName)}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form
        form={form}
        initialValues={{ packageId: tenant.packageId ?? undefined }}
        onFinish={(values) => save.mutate(values)}
        style={{ paddingTop: 8 }}
      >
        <Form.Item name="packageId" label={t('tenant.packageName')}>
          <Select
            allowClear
            loading={packages.isPending}
            placeholder={t('tenant.packageRequired')}
            options={packages.data?.map((p) => ({ value: p.id, label: String(p.packageName) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
