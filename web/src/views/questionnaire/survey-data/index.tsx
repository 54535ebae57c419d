import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLatestEnabled, fetchSurveys, SHEETS_KEY, type SurveyOption } from './api.ts';
import { SheetList } from './SheetList.tsx';

/** How many surveys the picker offers at a time; typing narrows them by title. */
const OPTIONS = 20;

/**
 * /questionnaire/survey-data (问卷数据): pick a survey (searched by title; the enabled one published last at first)
 * and see its answer sheets, as survey-data/:surveyId shows them. Kept alive (menu isOpen 2): the pick stays.
 */
export default function SurveyDataPage() {
  const { t } = useTranslation('questionnaire');
  const latest = useQuery({ queryKey: [...SHEETS_KEY, 'latest-enabled'], queryFn: fetchLatestEnabled });
  const [picked, setPicked] = useState<SurveyOption | null>();
  const survey = picked === undefined ? latest.data : picked;

  return (
    <Card>
      <SurveyPicker value={survey ?? undefined} onChange={setPicked} />
      {latest.isPending && picked === undefined ? (
        <Skeleton active />
      ) : survey ? (
        // A survey's list starts afresh: its first page, no search.
        <SheetList key={survey.id} surveyId={survey.id} />
      ) : (
        <Empty description={t(latest.isError ? 'survey.data.loadFailed' : 'survey.data.pickFirst')} />
      )}
    </Card>
  );
}

/** The survey select: the newest surveys, searched by title as the user types. */
function SurveyPicker({
  value,
  onChange,
}: {
  value: SurveyOption | undefined;
  onChange: (survey: SurveyOption | null) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const id = useId();
  const [text, setText] = useState('');
  const surveys = useQuery({
    queryKey: [...SHEETS_KEY, 'options', text],
    queryFn: () => fetchSurveys(text, OPTIONS),
  });
  const rows = surveys.data?.records ?? [];
  const options = rows.map((row) => ({ value: row.id, label: row.title }));
  if (value && !rows.some((row) => row.id === value.id)) options.unshift({ value: value.id, label: value.title });
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        <label htmlFor={id}>{t('survey.data.pickSurvey')}</label>
      </Typography.Text>
      <Select
        id={id}
        showSearch
        allowClear
        filterOption={false}
        onSearch={setText}
        loading={surveys.isFetching}
        value={value?.id}
        placeholder={t('survey.data.pickPlaceholder')}
        options={options}
        style={{ width: 420, maxWidth: '100%' }}
        onChange={(next: string | undefined) => {
          const row = rows.find((r) => r.id === next) ?? (next === value?.id ? value : undefined);
          onChange(row ?? null);
          setText('');
        }}
      />
    </Flex>
  );
}
