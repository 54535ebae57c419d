import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTag } from '../../shell/usePageTag.ts';
import { useConfirmed } from '../../views/system/shared/useConfirmedAction.ts';
import { FormRenderer } from '../form-renderer/FormRenderer.tsx';
import { PageSpin } from '../PageSpin.tsx';
import { pickedVersion, VersionHistory, VersionHistoryUnavailable } from '../VersionHistory.tsx';
import type { DesignedForm, DesignedForms, DesignedVersion } from './designedForms.ts';
import { schemaOf } from './schemaOf.ts';

/**
 * A form's history (/workflow/design/form/history/:id, /questionnaire/form/history/:id): every saved version
 * (version, time, who, the main one marked), the picked version drawn by the renderer as it would be filled in (not
 * fillable here), and 设为主版本 after a confirmation where `maySetMain`; back to the list.
 */
export function FormHistoryScreen<F extends DesignedForm>({
  forms,
  id,
  maySetMain,
}: {
  forms: DesignedForms<F>;
  id: string;
  maySetMain: boolean;
}) {
  const { t } = useTranslation(['forms', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const { key } = forms.entity;
  const form = useQuery({ queryKey: ['crud', key, 'history-of', id], queryFn: () => forms.detail(id) });
  const versions = useQuery({
    queryKey: ['crud', key, 'history-of', id, 'versions'],
    queryFn: () => forms.versions(id),
  });
  const [pickedId, setPickedId] = useState<string>();
  usePageTag(form.data ? t('history.title', { name: form.data.name }) : t('history.tagPlain'));

  const rows = versions.data ?? [];
  const picked = pickedVersion(rows, pickedId);
  const schema = useMemo(() => (picked ? schemaOf(picked.content).schema : undefined), [picked]);

  const toList = () => navigate(forms.listPath);
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

  const setMain = (row: DesignedVersion) =>
    confirmed(
      t('history.setMainQuestion', { version: row.version }),
      async () => {
        await forms.setMainVersion(row.id);
        // The versions' main mark here, and the list's version column.
        await queryClient.invalidateQueries({ queryKey: ['crud', key] });
      },
      t('history.setMainDone', { version: row.version }),
    );

  const { name, formKey } = form.data;
  return (
    <VersionHistory<DesignedVersion>
      title={t('history.title', { name: formKey ? `${name} (${formKey})` : name })}
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
