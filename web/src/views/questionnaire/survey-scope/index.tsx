import { qnSurvey, qnSurveyScope } from '@park/catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Flex, Select, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScopeEditor } from '../../../components/scope/ScopeEditor.tsx';
import { usePermission } from '../../../stores/session.ts';
import { fetchSurveyPage, fetchSurveyScope, SURVEYS_KEY, type SurveyRow, submitSurveyScope } from '../survey/api.ts';
import { STATE_COLORS, surveyState } from '../survey/state.ts';

/** How many surveys the picker offers at a time; typing narrows them by title. */
const OPTIONS = 20;

/** Editing a survey's scope: 问卷范围's edit or add button, or 问卷调查's (the server's rule for survey-scope/submit). */
function useMayEditScope(): boolean {
  const buttons = [
    usePermission(`${qnSurveyScope.key}_edit`),
    usePermission(`${qnSurveyScope.key}_add`),
    usePermission(`${qnSurvey.key}_add`),
    usePermission(`${qnSurvey.key}_edit`),
  ];
  return buttons.some(Boolean);
}

/**
 * /questionnaire/survey-scope (问卷范围): a survey picked by its title, and who must answer it, edited with the
 * scope editor the create screen uses and saved as a whole (survey-scope/submit); a published survey's newcomers
 * are told by the server.
 */
export default function SurveyScopePage() {
  const { t } = useTranslation('questionnaire');
  const queryClient = useQueryClient();
  const mayEdit = useMayEditScope();
  const [search, setSearch] = useState('');
  const typed = useDeferredValue(search.trim());
  const [survey, setSurvey] = useState<SurveyRow>();
  const surveys = useQuery({
    queryKey: [...SURVEYS_KEY, 'scope-options', typed],
    queryFn: () => fetchSurveyPage({ current: 1, size: OPTIONS, title: typed, descs: 'createTime' }),
    placeholderData: keepPreviousData,
  });
  const options = (surveys.data?.records ?? []).map((row) => ({ value: row.id, label: row.title, row }));
  if (survey && !options.some((option) => option.value === survey.id)) {
    options.unshift({ value: survey.id, label: survey.title, row: survey });
  }
  const state = survey && surveyState(survey);

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" wrap>
          <label htmlFor="scopeSurvey">{t('survey.scope.survey')}</label>
          <Select
            id="scopeSurvey"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={surveys.isFetching}
            placeholder={t('survey.scope.surveyPlaceholder')}
            style={{ width: 420, maxWidth: '100%' }}
            value={survey?.id}
            options={options}
            notFoundContent={surveys.isFetching ? undefined : t('survey.scope.noSurveys')}
            onChange={(_, option) => {
              setSurvey(Array.isArray(option) ? undefined : option?.row);
              setSearch('');
            }}
          />
          {state && <Tag color={STATE_COLORS[state]}>{t(`survey.list.states.${state}`)}</Tag>}
        </Flex>
        {survey ? (
          <>
            <Typography.Text type="secondary">{t('survey.scope.hint')}</Typography.Text>
            <ScopeEditor
              queryKey={[...SURVEYS_KEY, 'scope', survey.id]}
              load={() => fetchSurveyScope(survey.id)}
              save={(rows) => submitSurveyScope(survey.id, rows)}
              empty={t('survey.scope.empty')}
              readOnly={!mayEdit}
              // The survey's lists (its row changes with its scope) read again.
              onSaved={() => void queryClient.invalidateQueries({ queryKey: SURVEYS_KEY })}
            />
          </>
        ) : (
          <Empty description={t('survey.scope.pickFirst')} />
        )}
      </Flex>
    </Card>
  );
}
