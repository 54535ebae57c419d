import { ArrowLeftOutlined } from '@ant-design/icons';
import { QN_SCREENS } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageTag } from '../../../../shell/usePageTag.ts';
import { fetchSurveyFacts, isSurveyId, SHEETS_KEY } from '../api.ts';
import { SheetList } from '../SheetList.tsx';

/**
 * /questionnaire/survey-data/:surveyId: the answer sheets of one survey (问卷调查's 答卷 opens it). Kept alive as
 * its menu 问卷数据 is (isOpen 2: router/KeptScreens), each survey's page in its own tab; an id that is not a
 * number is a page not found.
 */
export default function SurveySheetsPage() {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const surveyId = useParams().surveyId ?? '';
  const valid = isSurveyId(surveyId);
  // The tab's name: the survey's title, read with the list's figures (one request, shared by its key).
  const facts = useQuery({
    queryKey: [...SHEETS_KEY, 'facts', surveyId],
    queryFn: () => fetchSurveyFacts(surveyId),
    enabled: valid,
  });
  usePageTag(
    facts.data ? t('survey.data.tag', { title: facts.data.survey.title }) : t('survey.data.tagPlain', { id: surveyId }),
  );

  if (!valid) {
    return (
      <Result
        status="404"
        title={t('survey.data.notFound')}
        subTitle={t('survey.data.badId', { id: surveyId })}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(QN_SCREENS.surveyData)}>
            {t('survey.data.back')}
          </Button>
        }
      />
    );
  }
  return (
    <Card>
      <SheetList surveyId={surveyId} />
    </Card>
  );
}
