import {
  ClusterOutlined,
  EditOutlined,
  HistoryOutlined,
  PictureOutlined,
  RocketOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { wfModel } from '@park/catalog';
import { Button, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Row } from '../../../../api/crud.ts';
import { changeModelCategory, type ModelRow } from '../../../../api/workflow-design.ts';
import CrudPage from '../../../../crud/CrudPage.tsx';
import { usePermission } from '../../../../stores/session.ts';
import { requireSelection } from '../../../system/shared/requireSelection.ts';
import { ChangeCategoryModal } from './ChangeCategoryModal.tsx';
import { ModelIcon, ModelIconModal } from './ModelIcon.tsx';
import { ModelScopeEditor, useMayEditScope } from './ModelScopeEditor.tsx';
import { designerPath, historyPath } from './paths.ts';
import { useDeploy } from './useDeploy.tsx';

/** A model's latest deployed version, or 未部署. */
function DeployedVersion({ version }: { version: unknown }) {
  const { t } = useTranslation('workflow');
  return version === null || version === undefined ? (
    <Tag>{t('model.notDeployed')}</Tag>
  ) : (
    <Tag color="success">{t('model.versionTag', { version })}</Tag>
  );
}

/**
 * /workflow/design/model (模型设计): the models' generic list and dialog (name, key, category, description), and per
 * row 设计 (the BPMN designer), 部署 (a refusal lists every reason), 历史 (the versions), 范围 (who may start it) and
 * 图标; 变更分类 for the picked rows. Each behind its button code (workflow-contract.md).
 */
export default function ModelPage() {
  const { t } = useTranslation('workflow');
  const navigate = useNavigate();
  const deploy = useDeploy();
  const can = {
    design: usePermission('wf_model_design'),
    deploy: usePermission('wf_model_deploy'),
    history: usePermission('wf_model_history'),
    scope: useMayEditScope(),
    // Icon and category are the model's own fields: whoever may edit it may change them.
    edit: usePermission('wf_model_edit'),
  };
  const [recategorising, setRecategorising] = useState<{ ids: string[]; reload: () => void } | null>(null);
  const [iconOf, setIconOf] = useState<{ model: ModelRow; reload: () => void } | null>(null);
  const [scopeOf, setScopeOf] = useState<ModelRow | null>(null);

  const rowActions = (row: Row, { reload }: { reload: () => void }) => {
    const model = row as ModelRow;
    return (
      <>
        {can.design && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(designerPath(model.id))}>
            {t('model.design')}
          </Button>
        )}
        {can.deploy && (
          <Button type="link" size="small" icon={<RocketOutlined />} onClick={() => deploy(model, reload)}>
            {t('model.deploy')}
          </Button>
        )}
        {can.history && (
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => navigate(historyPath(model.id))}>
            {t('model.history')}
          </Button>
        )}
        {can.scope && (
          <Button type="link" size="small" icon={<ClusterOutlined />} onClick={() => setScopeOf(model)}>
            {t('model.scope')}
          </Button>
        )}
        {can.edit && (
          <Button type="link" size="small" icon={<PictureOutlined />} onClick={() => setIconOf({ model, reload })}>
            {t('model.icon')}
          </Button>
        )}
      </>
    );
  };

  return (
    <>
      <CrudPage
        entity={wfModel}
        columns={[
          {
            key: 'icon',
            title: t('model.iconColumn'),
            align: 'center',
            render: (_: unknown, row: Row) => (row.icon ? <ModelIcon name={String(row.icon)} /> : null),
          },
          {
            key: 'deployedVersion',
            title: t('model.deployedVersion'),
            render: (_: unknown, row: Row) => <DeployedVersion version={row.deployedVersion} />,
          },
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
        rowActions={rowActions}
      />
      {recategorising && (
        <ChangeCategoryModal
          ids={recategorising.ids}
          change={changeModelCategory}
          onClose={() => setRecategorising(null)}
          onDone={() => {
            recategorising.reload();
            setRecategorising(null);
          }}
        />
      )}
      {iconOf && (
        <ModelIconModal
          model={iconOf.model}
          onClose={() => setIconOf(null)}
          onDone={() => {
            iconOf.reload();
            setIconOf(null);
          }}
        />
      )}
      {scopeOf && (
        <Modal
          open
          title={t('scope.title', { name: scopeOf.name })}
          footer={null}
          width={720}
          onCancel={() => setScopeOf(null)}
          destroyOnHidden
        >
          <ModelScopeEditor modelId={scopeOf.id} onSaved={() => setScopeOf(null)} onCancel={() => setScopeOf(null)} />
        </Modal>
      )}
    </>
  );
}
