import { ArrowLeftOutlined, EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { QN_SCREENS, qnSurvey } from '@park/catalog';
import { type FormSchema, visibleValues } from '@park/catalog/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Grid, Result, Tag, Typography, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../../../api/errors.ts';
import { schemaOf } from '../../../../../components/form-designer/schemaOf.ts';
import { FormRenderer, filledValues } from '../../../../../components/form-renderer/FormRenderer.tsx';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { toast } from '../../../../../feedback.ts';
import { useLang } from '../../../../../i18n/index.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';
import { isSurveyId } from '../../../survey-data/api.ts';
import { type BrowsedSurvey, browseKey, browseSurvey, saveAnswers } from './api.ts';

/** A reading column on a wide screen; a phone's whole width. */
const COLUMN = 880;

/** The card's padding: a phone keeps its width for the questions. */
const paddingOf = (wide: boolean) => (wide ? 24 : 12);

/**
 * /questionnaire/survey/detail/answer?id=<surveyId>: a survey answered in the console, company accounts included.
 * The survey's title, description, period and anonymity, then its questions (the form renderer, on the version
 * the survey was given); 暂存 keeps a draft to come back to (loaded again on open), 提交 checks the answers, asks,
 * and sends them, which the server checks again against the form version. When the server says the caller may not
 * answer (not started, ended, outside the scope, already answered) its reason stands instead of the form.
 */
export default function SurveyAnswerPage() {
  const { t } = useTranslation(['questionnaire', 'common']);
  const lang = useLang();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = isSurveyId(id);
  // The reason is in the caller's language: read again when it changes.
  const browse = useQuery({ queryKey: browseKey(id, lang), queryFn: () => browseSurvey(id), enabled: valid });
  usePageTag(browse.data ? t('survey.answer.tag', { title: browse.data.title }) : t('survey.answer.tagPlain'));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(QN_SCREENS.survey)}>
      {t('survey.answer.back')}
    </Button>
  );
  if (!valid) return <Result status="404" title={t('survey.answer.notFound')} extra={back} />;
  if (browse.isPending) return <PageSpin />;
  if (browse.isError) {
    const code = browse.error instanceof ApiError ? browse.error.code : 0;
    return (
      <Result
        status={code === 404 ? '404' : code === 403 ? '403' : 'error'}
        title={t(code === 404 ? 'survey.answer.notFound' : 'survey.answer.unavailable')}
        subTitle={browse.error.message}
        extra={back}
      />
    );
  }
  return <Answering survey={browse.data} back={back} />;
}

/** The survey's head, then the form, the thank-you once submitted, or why it cannot be answered. */
function Answering({ survey, back }: { survey: BrowsedSurvey; back: ReactNode }) {
  const { t } = useTranslation('questionnaire');
  const wide = Boolean(Grid.useBreakpoint().md);
  const schema = useMemo(() => schemaOf(survey.content).schema, [survey.content]);
  // Bumped by 再填一份: a fresh form for another sheet.
  const [round, setRound] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [preview, setPreview] = useState(false);

  let body: ReactNode;
  if (submitted) {
    body = (
      <Result
        status="success"
        title={t('survey.answer.thanks')}
        subTitle={t('survey.answer.thanksHint')}
        extra={
          <Flex wrap gap={8} justify="center">
            {back}
            {survey.allowMultiple === 1 && survey.answerable && (
              <Button
                type="primary"
                onClick={() => {
                  setSubmitted(false);
                  setRound((n) => n + 1);
                }}
              >
                {t('survey.answer.again')}
              </Button>
            )}
          </Flex>
        }
      />
    );
  } else if (!survey.answerable) {
    body = (
      <>
        <Result
          status="info"
          title={t('survey.answer.closed')}
          subTitle={<span data-testid="answer-reason">{survey.reason}</span>}
          extra={
            <Flex wrap gap={8} justify="center">
              {back}
              <Button icon={<EyeOutlined />} aria-expanded={preview} onClick={() => setPreview((shown) => !shown)}>
                {t(preview ? 'survey.answer.hideQuestions' : 'survey.answer.showQuestions')}
              </Button>
            </Flex>
          }
        />
        {preview && <FormRenderer schema={schema} disabled name="surveyPreview" />}
      </>
    );
  } else {
    body = (
      <AnswerForm
        key={round}
        survey={survey}
        schema={schema}
        fresh={round > 0}
        onSubmitted={() => setSubmitted(true)}
      />
    );
  }

  return (
    <Card
      style={{ maxWidth: COLUMN, margin: '0 auto' }}
      styles={{ body: { padding: paddingOf(wide) } }}
      data-testid="survey-answer"
    >
      <SurveyHead survey={survey} />
      {body}
    </Card>
  );
}

function SurveyHead({ survey }: { survey: BrowsedSurvey }) {
  const { t } = useTranslation('questionnaire');
  return (
    <header style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {survey.title}
      </Typography.Title>
      {survey.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{survey.description}</Typography.Paragraph>
      )}
      <Flex wrap gap={8}>
        <Tag>{t('survey.answer.period', { start: survey.startTime, end: survey.endTime })}</Tag>
        <Tag color={survey.anonymous === 1 ? 'blue' : undefined}>
          {t(survey.anonymous === 1 ? 'survey.answer.anonymousTag' : 'survey.answer.namedTag')}
        </Tag>
        <Tag>{t(survey.allowMultiple === 1 ? 'survey.answer.multiple' : 'survey.answer.once')}</Tag>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t(survey.anonymous === 1 ? 'survey.answer.anonymousNote' : 'survey.answer.namedNote')}
      </Typography.Paragraph>
    </header>
  );
}

/** The questions, the draft loaded into them, and the bar of 暂存 and 提交 that stays in reach at the bottom. */
function AnswerForm({
  survey,
  schema,
  fresh,
  onSubmitted,
}: {
  survey: BrowsedSurvey;
  schema: FormSchema;
  /** Another sheet after one was submitted: the draft the page was opened with is gone. */
  fresh: boolean;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation(['questionnaire', 'common']);
  const { token } = theme.useToken();
  const wide = Boolean(Grid.useBreakpoint().md);
  const padding = paddingOf(wide);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState<'draft' | 'submit'>();
  // The server's refusal, kept in view by the buttons (a toast is easily missed on a phone).
  const [problem, setProblem] = useState<string>();
  // The draft the form opened with (a save refreshes the survey, whose draft then is the one just saved).
  const [draft] = useState(() => (fresh ? null : survey.draft));
  // When 暂存 last saved on this visit.
  const [savedAt, setSavedAt] = useState<string>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['crud', qnSurvey.key] });
  const failed = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error));

  const saveDraft = async () => {
    setBusy('draft');
    setProblem(undefined);
    try {
      const values = visibleValues(schema, form.getFieldsValue(true) as Record<string, unknown>);
      const saved = await saveAnswers(survey.id, values, true);
      setSavedAt(String(saved.updateTime));
      toast.success(t('survey.answer.draftSaved'));
      void refresh();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(undefined);
    }
  };

  const submit = async () => {
    setProblem(undefined);
    let values: Record<string, unknown>;
    try {
      values = await filledValues(form, schema);
    } catch (error) {
      const fields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (fields.length) {
        form.scrollToField(fields[0].name, { block: 'center' });
        setProblem(t('survey.answer.fix', { count: fields.length }));
      }
      return;
    }
    modal.confirm({
      title: t('survey.answer.submitTitle'),
      content: t(survey.allowMultiple === 1 ? 'survey.answer.submitQuestion' : 'survey.answer.submitOnceQuestion'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        setBusy('submit');
        try {
          await saveAnswers(survey.id, values, false);
          onSubmitted();
          void refresh();
        } catch (error) {
          failed(error);
        } finally {
          setBusy(undefined);
        }
      },
    });
  };

  return (
    <>
      {draft && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('survey.answer.draftLoaded', { time: draft.updateTime })}
          data-testid="answer-draft"
        />
      )}
      <FormRenderer schema={schema} form={form} values={draft?.data} name="surveyAnswer" />
      <div
        role="toolbar"
        aria-label={t('survey.answer.actions')}
        style={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          // Across the card's whole width, over the questions scrolling under it.
          margin: `0 -${padding}px`,
          padding: `12px ${padding}px`,
          background: token.colorBgContainer,
          borderTop: `1px solid ${token.colorSplit}`,
        }}
      >
        {problem && (
          <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="answer-problem" />
        )}
        {savedAt && (
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('survey.answer.savedAt', { time: savedAt })}
          </Typography.Text>
        )}
        {/* A phone's thumbs reach two halves of the width; a wide screen keeps them at the end. */}
        <Flex gap={12} justify="flex-end">
          <Button
            icon={<SaveOutlined />}
            size="large"
            style={wide ? undefined : { flex: 1 }}
            loading={busy === 'draft'}
            disabled={busy === 'submit'}
            onClick={() => void saveDraft()}
          >
            {t('survey.answer.saveDraft')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            size="large"
            style={wide ? undefined : { flex: 1 }}
            loading={busy === 'submit'}
            disabled={busy === 'draft'}
            onClick={() => void submit()}
          >
            {t('survey.answer.submit')}
          </Button>
        </Flex>
      </div>
    </>
  );
}
