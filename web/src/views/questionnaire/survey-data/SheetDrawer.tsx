import { SHEET_STATUS } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Divider, Drawer, Result, Spin, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaOf } from '../../../components/form-designer/schemaOf.ts';
import { FormRenderer } from '../../../components/form-renderer/FormRenderer.tsx';
import { fetchSheet, SHEETS_KEY, type SheetRow } from './api.ts';

/** A sheet's status as a tag: 草稿 or 已提交. */
export function SheetStatus({ status }: { status: number }) {
  const { t } = useTranslation('questionnaire');
  return status === SHEET_STATUS.submitted ? (
    <Tag color="success">{t('survey.data.submitted')}</Tag>
  ) : (
    <Tag>{t('survey.data.draft')}</Tag>
  );
}

/**
 * 查看: one sheet read-only (survey-data/detail): who answered (not for an anonymous survey), its form version,
 * status, score and time, then the answers drawn by the form renderer on the version they were given on.
 */
export function SheetDrawer({ sheetId, onClose }: { sheetId: string; onClose: () => void }) {
  const { t } = useTranslation('questionnaire');
  const sheet = useQuery({ queryKey: [...SHEETS_KEY, 'detail', sheetId], queryFn: () => fetchSheet(sheetId) });
  const schema = useMemo(() => (sheet.data ? schemaOf(sheet.data.content).schema : undefined), [sheet.data]);
  return (
    <Drawer
      open
      // The whole width of a phone, a reading column on a wide screen.
      size="min(760px, 100vw)"
      title={sheet.data ? t('survey.data.sheetTitle', { title: sheet.data.surveyTitle }) : t('survey.data.sheet')}
      onClose={onClose}
    >
      {sheet.isPending ? (
        <Spin />
      ) : sheet.isError ? (
        <Result status="error" title={t('survey.data.sheetUnavailable')} subTitle={sheet.error.message} />
      ) : (
        <div data-testid="sheet-detail">
          <SheetFacts row={sheet.data} />
          <Divider titlePlacement="start">{t('survey.data.answers')}</Divider>
          {schema && <FormRenderer schema={schema} mode="view" values={sheet.data.data} name="sheetView" />}
        </div>
      )}
    </Drawer>
  );
}

function SheetFacts({ row }: { row: SheetRow }) {
  const { t } = useTranslation('questionnaire');
  const anonymous = row.anonymous === 1;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        {
          key: 'respondent',
          label: t('survey.data.respondent'),
          children: anonymous ? t('survey.data.anonymousRespondent') : (row.respondentName ?? '—'),
        },
        ...(anonymous
          ? []
          : [{ key: 'enterprise', label: t('survey.data.enterprise'), children: row.enterpriseName ?? '—' }]),
        {
          key: 'version',
          label: t('survey.data.formVersion'),
          children: t('survey.data.versionN', { version: row.formVersion }),
        },
        { key: 'status', label: t('survey.data.status'), children: <SheetStatus status={row.status} /> },
        { key: 'score', label: t('survey.data.score'), children: row.score ?? '—' },
        { key: 'submitTime', label: t('survey.data.submitTime'), children: row.submitTime ?? '—' },
      ]}
    />
  );
}
