import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  fetchModel,
  fetchModelVersions,
  type ModelVersion,
  setModelMainVersion,
} from '../../../../../../api/workflow-design.ts';
import { BpmnViewer } from '../../../../../../components/bpmn/BpmnViewer.tsx';
import { PageSpin } from '../../../../../../components/PageSpin.tsx';
import {
  pickedVersion,
  VersionHistory,
  VersionHistoryUnavailable,
} from '../../../../../../components/VersionHistory.tsx';
import { usePageTag } from '../../../../../../shell/usePageTag.ts';
import { usePermission } from '../../../../../../stores/session.ts';
import { useConfirmed } from '../../../../../system/shared/useConfirmedAction.ts';
import { MODEL_LIST_PATH } from '../../paths.ts';

/**
 * /workflow/design/model/history/:id: every saved version of a model (version, time, who, the main one marked),
 * the picked version's diagram, and 设为主版本 after a confirmation; back to 模型设计.
 */
export default function ModelHistoryPage() {
  const { t } = useTranslation(['workflow', 'common']);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const maySetMain = usePermission('wf_model_history');
  const model = useQuery({ queryKey: ['workflow', 'model', id], queryFn: () => fetchModel(id) });
  const versions = useQuery({
    queryKey: ['workflow', 'model', id, 'versions'],
    queryFn: () => fetchModelVersions(id),
  });
  const [pickedId, setPickedId] = useState<string>();
  usePageTag(model.data ? t('history.tag', { name: model.data.name }) : t('history.tagPlain'));

  const toList = () => navigate(MODEL_LIST_PATH);
  if (model.isPending || versions.isPending) return <PageSpin />;
  if (model.isError || versions.isError) {
    return (
      <VersionHistoryUnavailable
        title={t('history.unavailable')}
        failure={(model.error ?? versions.error) as Error}
        back={t('history.back')}
        onBack={toList}
      />
    );
  }

  const rows = versions.data;
  const setMain = (row: ModelVersion) =>
    confirmed(
      t('history.setMainQuestion', { version: row.version }),
      async () => {
        await setModelMainVersion(row.id);
        await queryClient.invalidateQueries({ queryKey: ['workflow', 'model', id] });
        await queryClient.invalidateQueries({ queryKey: ['crud'] });
      },
      t('history.mainSet'),
    );

  return (
    <VersionHistory<ModelVersion>
      title={t('history.title', { name: model.data.name, key: model.data.modelKey })}
      texts={{
        back: t('history.back'),
        version: t('history.version'),
        time: t('history.time'),
        user: t('history.user'),
        main: t('history.main'),
        mainTag: t('history.mainTag'),
        setMain: t('history.setMain'),
        versionLabel: (version) => t('model.versionTag', { version }),
      }}
      onBack={toList}
      rows={rows}
      picked={pickedVersion(rows, pickedId)}
      onPick={(row) => setPickedId(row.id)}
      maySetMain={maySetMain}
      onSetMain={setMain}
      preview={(picked) =>
        picked ? (
          <>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('history.diagramOf', { version: picked.version })}
            </Typography.Title>
            <BpmnViewer xml={picked.xml} height={520} />
          </>
        ) : (
          <Empty description={t('history.none')} />
        )
      }
    />
  );
}
