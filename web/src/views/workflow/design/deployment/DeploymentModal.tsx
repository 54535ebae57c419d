import { DEPLOYMENT_STATUS } from '@park/catalog';
import type { FormSchema } from '@park/catalog/forms';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchDeployment } from '../../../../api/workflow-design.ts';
import { BpmnViewer } from '../../../../components/bpmn/BpmnViewer.tsx';
import { FormRenderer } from '../../../../components/form-renderer/FormRenderer.tsx';

/** A deployment's state as a tag: 激活 (new instances may start) or 挂起. */
export function DeploymentStatus({ status }: { status: unknown }) {
  const { t } = useTranslation('workflow');
  return Number(status) === DEPLOYMENT_STATUS.suspended ? (
    <Tag color="warning">{t('deployment.suspended')}</Tag>
  ) : (
    <Tag color="success">{t('deployment.active')}</Tag>
  );
}

/** One form version a deployment took a snapshot of (the server's `forms`: a JSON array). */
interface DeployedForm {
  formKey: string;
  formId: string;
  name: string;
  version: number;
  /** The FormSchema as JSON text. */
  content: string;
}

/** The deployment's `forms` snapshot as stored (JSON text); nothing when it is absent. */
export function deployedForms(forms: unknown): DeployedForm[] {
  return typeof forms === 'string' && forms ? (JSON.parse(forms) as DeployedForm[]) : [];
}

/** 查看 of a deployment: what was deployed, its diagram as deployed, and the form versions it uses. */
export function DeploymentModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['workflow', 'common']);
  const deployment = useQuery({ queryKey: ['workflow', 'deployment', id], queryFn: () => fetchDeployment(id) });
  const row = deployment.data;
  const forms = row ? deployedForms(row.forms) : [];
  return (
    <Modal
      open
      width={1040}
      title={row ? t('deployment.viewTitle', { name: row.name, version: row.version }) : t('deployment.view')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {deployment.isPending && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {deployment.isError && <Alert type="error" showIcon title={deployment.error.message} />}
      {row && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'name', label: t('deployment.name'), children: row.name },
              { key: 'processKey', label: t('deployment.processKey'), children: row.processKey },
              {
                key: 'version',
                label: t('deployment.version'),
                children: t('model.versionTag', { version: row.version }),
              },
              { key: 'status', label: t('deployment.status'), children: <DeploymentStatus status={row.status} /> },
              { key: 'deployTime', label: t('deployment.deployTime'), children: row.deployTime ?? '' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('deployment.diagram')}
          </Typography.Title>
          {row.xml ? <BpmnViewer xml={row.xml} height={420} /> : <Empty description={t('deployment.noDiagram')} />}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('deployment.forms')}
          </Typography.Title>
          <Table<DeployedForm>
            rowKey="formKey"
            size="small"
            bordered
            pagination={false}
            dataSource={forms}
            locale={{ emptyText: t('deployment.noForms') }}
            // Each form as it was deployed, drawn as it would be filled in.
            expandable={{
              expandedRowRender: (form) => (
                <FormRenderer
                  schema={JSON.parse(form.content) as FormSchema}
                  name={`deployed_${form.formKey}`}
                  disabled
                />
              ),
            }}
            columns={[
              { key: 'formKey', dataIndex: 'formKey', title: t('deployment.formKey') },
              { key: 'name', dataIndex: 'name', title: t('deployment.formName') },
              {
                key: 'version',
                title: t('deployment.formVersion'),
                render: (_, form) => t('model.versionTag', { version: form.version }),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
