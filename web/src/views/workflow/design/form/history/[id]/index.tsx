import { wfForm } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  type FormVersion,
  fetchForm,
  fetchFormVersions,
  setFormMainVersion,
} from '../../../../../../api/workflow-form.ts';
import { FormRenderer } from '../../../../../../components/form-renderer/FormRenderer.tsx';
import { PageSpin } from '../../../../../../components/PageSpin.tsx';
import {
  pickedVersion,
  VersionHistory,
  VersionHistoryUnavailable,
} from '../../../../../../components/VersionHistory.tsx';
import { usePageTag } from '../../../../../../shell/usePageTag.ts';
import { usePermission } from '../../../../../../stores/session.ts';
import { useConfirmed } from '../../../../../system/shared/useConfirmedAction.ts';
import { schemaOf } from '../../schemaOf.ts';

const LIST_PATH = '/workflow/design/form';

/**
 * /workflow/design/form/history/:id: every saved version of a form (version, time, who, the main one marked), the
 * picked version drawn by the renderer as it would be filled in (not fillable here), and 设为主版本 after a
 * confirmation; back to 表单设计.
 */
export default function FormHistoryPage() {
  const { t } = useTranslation(['forms', 'common']);
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const maySetMain = usePermission('wf_form_history');
  const form = useQuery({ queryKey: ['crud', wfForm.key, 'history-of', id], queryFn: () => fetchForm(id) });
  const versions = useQuery({
    queryKey: ['crud', wfForm.key, 'history-of', id, 'versions'],
    queryFn: () => fetchFormVersions(id),
  });
  const [pickedId, setPickedId] = useState<string>();
  usePageTag(form.data ? t('history.title', { name: form.data.name }) : t('history.tagPlain'));

  const rows = versions.data ?? [];
  const picked = pickedVersion(rows, pickedId);
  const schema = useMemo(() => (picked ? schemaOf(picked.content).schema : undefined), [picked]);

  const toList = () => navigate(LIST_PATH);
  if (form.isPending || versions.isPending) return <PageSpin />;
  if (form.isError || versions.isError) {
    return (
      <VersionHistoryUnavailable
        title={t('history.unavailable')}
        failure={(form.error ?? versions.error) as Error}
        back={t('history.back')}
        onBack={toList}
      />
    );
  }

  const setMain = (row: FormVersion) =>
    confirmed(
      t('history.setMainQuestion', { version: row.version }),
      async () => {
        await setFormMainVersion(row.id);
        // The versions' main mark here, and the list's version column.
        await queryClient.invalidateQueries({ queryKey: ['crud', wfForm.key] });
      },
      t('history.setMainDone', { version: row.version }),
    );

  return (
    <VersionHistory<FormVersion>
      title={t('history.title', { name: `${form.data.name} (${form.data.formKey})` })}
      texts={{
        back: t('history.back'),
        version: t('history.version'),
        time: t('history.createTime'),
        user: t('history.createUser'),
        main: t('history.main'),
        mainTag: t('history.main'),
        setMain: t('history.setMain'),
        versionLabel: (version) => t('history.versionN', { version }),
        noVersions: t('history.noVersions'),
      }}
      onBack={toList}
      rows={rows}
      picked={picked}
      onPick={(row) => setPickedId(row.id)}
      maySetMain={maySetMain}
      onSetMain={setMain}
      gutter={24}
      preview={(version) =>
        version && schema ? (
          <section aria-labelledby="form-version-preview">
            <Typography.Title level={5} id="form-version-preview" style={{ marginTop: 0 }}>
              {t('history.preview', { version: version.version })}
            </Typography.Title>
            <FormRenderer key={version.id} schema={schema} disabled name="versionPreview" />
          </section>
        ) : (
          <Empty description={t(rows.length ? 'history.pick' : 'history.noVersions')} />
        )
      }
    />
  );
}
