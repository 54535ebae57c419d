import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  CompressOutlined,
  DownloadOutlined,
  DownOutlined,
  HistoryOutlined,
  ImportOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignedModel } from '../../../../../api/workflow-model.ts';
import { usePermission } from '../../../../../stores/session.ts';

/** An icon button named by its tooltip (and for screen readers by the same words). */
function IconButton({
  title,
  icon,
  onClick,
  disabled,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button aria-label={title} icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

/**
 * The designer's toolbar: back, save (Ctrl+S), deploy, history as the model's buttons allow (wf_model_design,
 * wf_model_deploy, wf_model_history), then undo and redo, zoom, download and import, and where the model stands.
 */
export function DesignerToolbar({
  model,
  ready,
  dirty,
  busy,
  canUndo,
  canRedo,
  onSave,
  onDeploy,
  onHistory,
  onBack,
  onUndo,
  onRedo,
  onZoom,
  onFit,
  onDownload,
  onImport,
}: {
  model: DesignedModel;
  ready: boolean;
  dirty: boolean;
  busy?: 'save' | 'deploy';
  canUndo: boolean;
  canRedo: boolean;
  onSave: () => void;
  onDeploy: () => void;
  onHistory: () => void;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onZoom: (step: number) => void;
  onFit: () => void;
  onDownload: (kind: 'xml' | 'svg') => void;
  onImport: (file: File) => void;
}) {
  const { t } = useTranslation('workflowDesigner');
  const mayDesign = usePermission('wf_model_design');
  const mayDeploy = usePermission('wf_model_deploy');
  const mayHistory = usePermission('wf_model_history');
  const file = useRef<HTMLInputElement>(null);
  return (
    <Flex role="toolbar" aria-label={t('toolbar.label')} wrap gap={8} align="center">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('toolbar.back')}
      </Button>
      {mayDesign && (
        <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} disabled={!ready} onClick={onSave}>
          {t('toolbar.save')}
        </Button>
      )}
      {mayDeploy && (
        <Button
          icon={<CloudUploadOutlined />}
          loading={busy === 'deploy'}
          disabled={!ready || !!busy}
          onClick={onDeploy}
        >
          {t('toolbar.deploy')}
        </Button>
      )}
      {mayHistory && (
        <Button icon={<HistoryOutlined />} onClick={onHistory}>
          {t('toolbar.history')}
        </Button>
      )}
      <Divider orientation="vertical" />
      <IconButton title={t('toolbar.undo')} icon={<UndoOutlined />} disabled={!canUndo} onClick={onUndo} />
      <IconButton title={t('toolbar.redo')} icon={<RedoOutlined />} disabled={!canRedo} onClick={onRedo} />
      <IconButton title={t('toolbar.zoomIn')} icon={<ZoomInOutlined />} disabled={!ready} onClick={() => onZoom(1)} />
      <IconButton
        title={t('toolbar.zoomOut')}
        icon={<ZoomOutOutlined />}
        disabled={!ready}
        onClick={() => onZoom(-1)}
      />
      <IconButton title={t('toolbar.fit')} icon={<CompressOutlined />} disabled={!ready} onClick={onFit} />
      <Divider orientation="vertical" />
      <Dropdown
        disabled={!ready}
        trigger={['click']}
        menu={{
          items: [
            { key: 'xml', label: t('toolbar.downloadXml') },
            { key: 'svg', label: t('toolbar.downloadSvg') },
          ],
          onClick: ({ key }) => onDownload(key as 'xml' | 'svg'),
        }}
      >
        <Button icon={<DownloadOutlined />}>
          {t('toolbar.download')} <DownOutlined />
        </Button>
      </Dropdown>
      {mayDesign && (
        <>
          <Button icon={<ImportOutlined />} disabled={!ready} onClick={() => file.current?.click()}>
            {t('toolbar.importXml')}
          </Button>
          <input
            ref={file}
            type="file"
            accept=".bpmn,.xml,application/xml,text/xml"
            hidden
            data-testid="bpmn-import"
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (picked) onImport(picked);
            }}
          />
        </>
      )}
      <Flex gap={4} align="center" style={{ marginInlineStart: 'auto' }}>
        <Typography.Text strong>{model.name}</Typography.Text>
        <Tag>{model.version ? t('status.version', { version: model.version }) : t('status.noVersion')}</Tag>
        <Tag color={model.deployedVersion ? 'success' : undefined}>
          {model.deployedVersion ? t('status.deployed', { version: model.deployedVersion }) : t('status.notDeployed')}
        </Tag>
        {dirty && <Tag color="warning">{t('status.dirty')}</Tag>}
      </Flex>
    </Flex>
  );
}
