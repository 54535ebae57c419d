import { EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, TagsOutlined } from '@ant-design/icons';
import { DEPLOYMENT_STATUS, wfDeployment } from '@park/catalog';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../../api/crud.ts';
import { changeDeploymentCategory, changeDeploymentStatus } from '../../../../api/workflow-design.ts';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { usePermission } from '../../../../stores/session.ts';
import { requireSelection } from '../../../system/shared/requireSelection.ts';
import { useConfirmed } from '../../../system/shared/useConfirmedAction.ts';
import { ChangeCategoryModal } from '../model/ChangeCategoryModal.tsx';
import { DeploymentModal, DeploymentStatus } from './DeploymentModal.tsx';

/**
 * /workflow/design/deployment (部署管理): the deployed versions, searched by name, key, category and state; per row
 * 查看 (its diagram and the forms it uses), 挂起 / 激活 after a question, 删除; 变更分类 for the picked rows.
 */
export default function DeploymentPage() {
  const { t } = useTranslation('workflow');
  const confirmed = useConfirmed();
  const can = {
    view: usePermission('wf_deployment_view'),
    status: usePermission('wf_deployment_status'),
    edit: usePermission('wf_deployment_edit'),
  };
  const [viewing, setViewing] = useState<string | null>(null);
  const [recategorising, setRecategorising] = useState<{ ids: string[]; reload: () => void } | null>(null);

  const switchStatus = (row: Row, reload: () => void) => {
    const suspend = Number(row.status) !== DEPLOYMENT_STATUS.suspended;
    const name = String(row.name ?? '');
    confirmed(
      t(suspend ? 'deployment.suspendQuestion' : 'deployment.activateQuestion', { name, version: row.version }),
      async () => {
        await changeDeploymentStatus([row.id], suspend ? DEPLOYMENT_STATUS.suspended : DEPLOYMENT_STATUS.active);
        reload();
      },
      t(suspend ? 'deployment.suspendedDone' : 'deployment.activatedDone'),
    );
  };

  return (
    <>
      <CrudPage
        entity={wfDeployment}
        addable={false}
        editable={false}
        viewable={false}
        columns={[
          {
            key: 'version',
            render: (value: unknown) => <Tag color="blue">{t('model.versionTag', { version: value })}</Tag>,
          },
          { key: 'status', render: (value: unknown) => <DeploymentStatus status={value} /> },
        ]}
        toolbar={({ selected, reload }) =>
          can.edit && (
            <Button
              icon={<TagsOutlined />}
              onClick={() => requireSelection(selected, (ids) => setRecategorising({ ids, reload }))}
            >
              {t('category.change')}
            </Button>
          )
        }
        rowActions={(row, { reload }) => {
          const suspended = Number(row.status) === DEPLOYMENT_STATUS.suspended;
          return (
            <>
              {can.view && (
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(row.id)}>
                  {t('deployment.view')}
                </Button>
              )}
              {can.status && (
                <Button
                  type="link"
                  size="small"
                  icon={suspended ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
                  onClick={() => switchStatus(row, reload)}
                >
                  {t(suspended ? 'deployment.activate' : 'deployment.suspend')}
                </Button>
              )}
            </>
          );
        }}
      />
      {viewing && <DeploymentModal id={viewing} onClose={() => setViewing(null)} />}
      {recategorising && (
        <ChangeCategoryModal
          ids={recategorising.ids}
          change={changeDeploymentCategory}
          onClose={() => setRecategorising(null)}
          onDone={() => {
            recategorising.reload();
            setRecategorising(null);
          }}
        />
      )}
    </>
  );
}
