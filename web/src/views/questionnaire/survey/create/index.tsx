import { ArrowLeftOutlined, CloseOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { qnSurvey } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { memo, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Row as CrudRow } from '../../../../api/crud.ts';
import { ApiError } from '../../../../api/errors.ts';
import { fetchQnForm } from '../../../../api/questionnaire-form.ts';
import { parkNow } from '../../../../clock.ts';
import { schemaOf } from '../../../../components/form-designer/schemaOf.ts';
import { FormRenderer } from '../../../../components/form-renderer/FormRenderer.tsx';
import { PageSpin } from '../../../../components/PageSpin.tsx';
import { checkScopeLines, ScopeLinesInput } from '../../../../components/scope/ScopeEditor.tsx';
import { linesOf, rowsOf, type ScopeLine } from '../../../../components/scope/scopeLines.ts';
import { DATETIME_FORMAT } from '../../../../crud/dates.ts';
import { useCrudPermissions } from '../../../../crud/useCrudPermissions.ts';
import { toast } from '../../../../feedback.ts';
import { usePageTag } from '../../../../shell/usePageTag.ts';
import {
  fetchEnabledForms,
  fetchEnabledTemplates,
  fetchSurvey,
  fetchTemplateForm,
  SURVEYS_KEY,
  type SurveyBody,
  type SurveyDetail,
  saveSurvey,
  setSurveyEnabled,
} from '../api.ts';
import { SURVEY_PATHS } from '../paths.ts';

type Source = 'form' | 'template';

interface Values {
  source: Source;
  formId?: string;
  templateId?: string;
  title: string;
  period: [Dayjs, Dayjs];
  anonymous: boolean;
  allowMultiple: boolean;
  description?: string;
}

/** A survey's id as an address carries it. */
const isId = (id: string) => /^[1-9]\d{0,18}$/.test(id);

/**
 * /questionnaire/survey/create (below 问卷调查, which grants it), `?id=` to edit: a survey made from an enabled
 * form's main version or from a template (its questions previewed read-only), with its title, period, anonymity,
 * whether one may answer more than once, its description, and its scope (who must answer) on the same page. 保存
 * saves it with its scope (survey/add or update); 保存并发布 then enables it, and the server says how many it told.
 * Once it has answers, its form, anonymity and several-answers no longer change (the server's rule): shown disabled.
 */
export default function SurveyCreatePage() {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? undefined;
  const can = useCrudPermissions(qnSurvey.key);
  const survey = useQuery({
    queryKey: [...SURVEYS_KEY, 'detail', id],
    queryFn: () => fetchSurvey(id as string),
    enabled: id !== undefined && isId(id),
    gcTime: 0,
    retry: false,
  });
  usePageTag(
    id === undefined
      ? t('survey.create.tagNew')
      : survey.data
        ? t('survey.create.tagEdit', { title: survey.data.title })
        : t('survey.create.tagEditPlain'),
  );

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SURVEY_PATHS.list)}>
      {t('survey.create.back')}
    </Button>
  );
  if (!(id === undefined ? can.add : can.edit)) {
    return <Result status="403" title={t('survey.create.noRight')} extra={back} />;
  }
  if (id !== undefined && !isId(id)) return <Result status="404" title={t('survey.create.notFound')} extra={back} />;
  if (id !== undefined && survey.isPending) return <PageSpin />;
  if (survey.isError) {
    const code = survey.error instanceof ApiError ? survey.error.code : 0;
    return (
      <Result
        status={code === 404 ? '404' : code === 403 ? '403' : 'warning'}
        title={t(code === 404 ? 'survey.create.notFound' : 'survey.create.unavailable')}
        subTitle={code === 404 ? undefined : survey.error.message}
        extra={back}
      />
    );
  }
  // Another survey (or a new one) starts afresh.
  return <SurveyEditor key={id ?? 'new'} survey={survey.data} />;
}

function SurveyEditor({ survey }: { survey?: SurveyDetail }) {
  const { t } = useTranslation(['questionnaire', 'crud']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [lines, setLines] = useState<ScopeLine[]>(() => linesOf(survey?.scopes ?? []));
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  // Answered: the form, anonymity and several answers are fixed (the server refuses their change).
  const fixed = (survey?.answerCount ?? 0) > 0;
  const enabled = survey?.status === 1;

  const [initial] = useState<Partial<Values>>(() => {
    if (survey) {
      return {
        source: survey.templateId ? 'template' : 'form',
        formId: survey.formId,
        templateId: survey.templateId ?? undefined,
        title: survey.title,
        period: [dayjs(survey.startTime), dayjs(survey.endTime)],
        anonymous: survey.anonymous === 1,
        allowMultiple: survey.allowMultiple === 1,
        description: survey.description ?? '',
      };
    }
    const start = parkNow().startOf('hour');
    return {
      source: 'form',
      period: [start, start.add(30, 'day').endOf('day')],
      anonymous: false,
      allowMultiple: false,
    };
  });
  const source = Form.useWatch('source', form) ?? initial.source;
  const formId = Form.useWatch('formId', form) ?? initial.formId;
  const templateId = Form.useWatch('templateId', form) ?? initial.templateId;

  /** A picked form or template names the survey while it has no title of its own. */
  const nameAfter = (name: string | undefined) => {
    if (name && !form.getFieldValue('title')) form.setFieldValue('title', name);
  };

  const save = async (publish: boolean) => {
    let values: Values;
    try {
      await form.validateFields();
      // Disabled fields (fixed once answered) are sent as they are.
      values = form.getFieldsValue(true) as Values;
    } catch {
      return; // The fields say what is missing.
    }
    if (!checkScopeLines(lines)) return;
    // Published, it must ask someone (the server would refuse the enable, once the survey is saved).
    if (publish && lines.length === 0) {
      toast.warning(t('survey.create.scopeEmpty'));
      return;
    }
    const [start, end] = values.period;
    const body: SurveyBody = {
      ...(survey ? { id: survey.id } : {}),
      title: values.title.trim(),
      // Made from a template: the server makes the template's form and takes it.
      ...(values.source === 'template'
        ? { templateId: values.templateId }
        : { formId: values.formId, templateId: null }),
      startTime: start.format(DATETIME_FORMAT),
      endTime: end.format(DATETIME_FORMAT),
      anonymous: values.anonymous ? 1 : 0,
      allowMultiple: values.allowMultiple ? 1 : 0,
      description: values.description?.trim() ?? '',
      scopes: rowsOf(lines),
    };
    setBusy(publish ? 'publish' : 'save');
    let savedId: string | undefined;
    try {
      const saved = await saveSurvey(body);
      savedId = saved.id;
      toast.success(t(survey ? 'crud:updated' : 'crud:added'));
      if (publish) toast.success((await setSurveyEnabled(saved.id, true)).msg);
      await queryClient.invalidateQueries({ queryKey: SURVEYS_KEY });
      navigate(SURVEY_PATHS.list);
    } catch {
      // The server's refusal is shown by the HTTP client. A new survey saved but not published is edited from here on.
      if (!survey && savedId) navigate(SURVEY_PATHS.create(savedId), { replace: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={survey ? t('survey.create.tagEdit', { title: survey.title }) : t('survey.create.tagNew')}
      extra={
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(SURVEY_PATHS.list)}>
          {t('survey.create.back')}
        </Button>
      }
    >
      {fixed && <Alert type="info" showIcon title={t('survey.create.fixed')} style={{ marginBottom: 16 }} />}
      {enabled && <Alert type="success" showIcon title={t('survey.create.enabledNote')} style={{ marginBottom: 16 }} />}
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={12}>
          <Form<Values> form={form} name="survey" layout="vertical" initialValues={initial}>
            <Form.Item name="source" label={t('survey.create.source')}>
              <Radio.Group
                disabled={fixed}
                optionType="button"
                options={[
                  { value: 'form', label: t('survey.create.sourceForm') },
                  { value: 'template', label: t('survey.create.sourceTemplate') },
                ]}
              />
            </Form.Item>
            {source === 'template' ? (
              <Form.Item
                name="templateId"
                label={t('survey.create.template')}
                rules={[{ required: true, message: t('survey.create.templateRequired') }]}
                extra={t('survey.create.templateHint')}
              >
                <SourceSelect kind={TEMPLATES} disabled={fixed} onNamed={nameAfter} />
              </Form.Item>
            ) : (
              <Form.Item
                name="formId"
                label={t('survey.create.form')}
                rules={[{ required: true, message: t('survey.create.formRequired') }]}
              >
                <SourceSelect kind={FORMS} disabled={fixed} onNamed={nameAfter} />
              </Form.Item>
            )}
            <Form.Item
              name="title"
              label={t('survey.create.title')}
              rules={[{ required: true, whitespace: true, message: t('survey.create.titleRequired') }]}
            >
              <Input maxLength={100} showCount />
            </Form.Item>
            <Form.Item
              name="period"
              label={t('survey.create.period')}
              rules={[
                { required: true, message: t('survey.create.periodRequired') },
                {
                  validator: (_, value?: [Dayjs | null, Dayjs | null] | null) =>
                    value?.[0] && value[1] && !value[1].isAfter(value[0])
                      ? Promise.reject(new Error(t('survey.create.endAfterStart')))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker.RangePicker
                showTime
                format={DATETIME_FORMAT}
                placeholder={[t('survey.create.start'), t('survey.create.end')]}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Flex gap={32} wrap>
              <Form.Item
                name="anonymous"
                label={t('survey.create.anonymous')}
                valuePropName="checked"
                extra={t('survey.create.anonymousHint')}
              >
                <Switch disabled={fixed} />
              </Form.Item>
              <Form.Item
                name="allowMultiple"
                label={t('survey.create.allowMultiple')}
                valuePropName="checked"
                extra={t('survey.create.allowMultipleHint')}
              >
                <Switch disabled={fixed} />
              </Form.Item>
            </Flex>
            <Form.Item name="description" label={t('survey.create.description')}>
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} xl={12}>
          <Preview survey={survey} source={source ?? 'form'} formId={formId} templateId={templateId} />
        </Col>
      </Row>
      <section aria-labelledby="surveyScopeTitle" style={{ marginTop: 8 }}>
        <Typography.Title level={5} id="surveyScopeTitle">
          {t('survey.create.scope')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('survey.create.scopeHint')}</Typography.Paragraph>
        <ScopeLinesInput value={lines} onChange={setLines} empty={t('survey.create.scopeEmpty')} />
      </section>
      <Flex gap={8} wrap style={{ marginTop: 24 }} data-testid="survey-actions">
        <Button
          type={enabled ? 'primary' : 'default'}
          icon={<SaveOutlined />}
          loading={busy === 'save'}
          disabled={busy !== null}
          onClick={() => save(false)}
        >
          {t('survey.create.save')}
        </Button>
        {!enabled && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={busy === 'publish'}
            disabled={busy !== null}
            onClick={() => save(true)}
          >
            {t('survey.create.saveAndPublish')}
          </Button>
        )}
        <Button icon={<CloseOutlined />} disabled={busy !== null} onClick={() => navigate(SURVEY_PATHS.list)}>
          {t('survey.create.cancel')}
        </Button>
      </Flex>
    </Card>
  );
}

interface PickProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  /** The picked row's name, once picked. */
  onNamed: (name: string | undefined) => void;
}

/** What a survey is made from: its rows searched by name, one row named by id, and how an option reads. */
interface SourceKind {
  key: 'forms' | 'templates';
  search: (text: string) => Promise<{ records: CrudRow[] }>;
  /** The survey's own source, which may since have been deactivated: named from its detail. */
  one: (id: string) => Promise<{ name?: unknown }>;
  label: (row: CrudRow, t: TFunction<'questionnaire'>) => string;
  placeholder: 'survey.create.formPlaceholder' | 'survey.create.templatePlaceholder';
  empty: 'survey.create.noForms' | 'survey.create.noTemplates';
}

/** The enabled forms with a saved version, each with its main version. */
const FORMS: SourceKind = {
  key: 'forms',
  search: fetchEnabledForms,
  one: fetchQnForm,
  label: (row, t) => t('survey.create.formOption', { name: row.name, version: row.version }),
  placeholder: 'survey.create.formPlaceholder',
  empty: 'survey.create.noForms',
};

/** The enabled templates. */
const TEMPLATES: SourceKind = {
  key: 'templates',
  search: fetchEnabledTemplates,
  one: fetchTemplateForm,
  label: (row) => String(row.name),
  placeholder: 'survey.create.templatePlaceholder',
  empty: 'survey.create.noTemplates',
};

/** A form or a template to make the survey from, searched by name. */
function SourceSelect({ kind, id, value, onChange, disabled, onNamed }: PickProps & { kind: SourceKind }) {
  const { t } = useTranslation('questionnaire');
  const [text, setText] = useState('');
  const rows = useQuery({
    queryKey: [...SURVEYS_KEY, kind.key, text],
    queryFn: () => kind.search(text),
    enabled: !disabled,
  });
  const own = useQuery({
    queryKey: [...SURVEYS_KEY, kind.key, 'one', value],
    queryFn: () => kind.one(value as string),
    enabled: Boolean(value),
  });
  const options = (rows.data?.records ?? []).map((row) => ({
    value: row.id,
    label: kind.label(row, t),
    name: String(row.name),
  }));
  if (value && !options.some((option) => option.value === value)) {
    const name = own.data?.name ? String(own.data.name) : value;
    options.unshift({ value, label: name, name });
  }
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={setText}
      loading={rows.isFetching}
      disabled={disabled}
      value={value}
      placeholder={t(kind.placeholder)}
      notFoundContent={rows.isFetching ? <Spin size="small" /> : t(kind.empty)}
      options={options}
      onChange={(next: string, option) => {
        onChange?.(next);
        onNamed(option && !Array.isArray(option) ? option.name : undefined);
        setText('');
      }}
    />
  );
}

/**
 * The questions the survey asks, read-only: the version it took while its source is unchanged, else the picked
 * form's main version or the template's content.
 */
const Preview = memo(function Preview({
  survey,
  source,
  formId,
  templateId,
}: {
  survey?: SurveyDetail;
  source: Source;
  formId?: string;
  templateId?: string;
}) {
  const { t } = useTranslation('questionnaire');
  const unchanged =
    survey !== undefined &&
    (source === 'template' ? templateId === (survey.templateId ?? undefined) : formId === survey.formId);
  const picked = source === 'template' ? templateId : formId;
  const content = useQuery({
    queryKey: [...SURVEYS_KEY, 'preview', source, picked],
    queryFn: async () => {
      if (source === 'template') return { content: (await fetchTemplateForm(picked as string)).content };
      const row = await fetchQnForm(picked as string);
      return { content: row.content ?? '', version: row.version ?? undefined };
    },
    enabled: Boolean(picked) && !unchanged,
  });
  const shown = unchanged ? { content: survey.content, version: survey.formVersion ?? undefined } : content.data;
  // Parsed once per content: the editor re-renders with every change of its fields and scope lines.
  const { schema, broken } = useMemo(() => schemaOf(shown?.content), [shown?.content]);
  const version = unchanged
    ? t('survey.create.takenVersion', { version: survey.formVersion })
    : source === 'form' && content.data?.version
      ? t('survey.create.mainVersion', { version: content.data.version })
      : undefined;
  let body: ReactNode;
  if (!picked) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('survey.create.previewEmpty')} />;
  else if (!unchanged && content.isPending) body = <Spin style={{ display: 'block', margin: '24px auto' }} />;
  else if (!unchanged && content.isError)
    body = <Alert type="error" showIcon title={t('survey.create.previewFailed')} />;
  else if (broken) body = <Alert type="warning" showIcon title={t('survey.create.previewFailed')} />;
  else if (schema.fields.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('survey.create.noQuestions')} />;
  } else body = <FormRenderer key={`${source}:${picked}`} schema={schema} disabled name="surveyPreview" />;
  return (
    <Card
      size="small"
      title={t('survey.create.preview')}
      extra={version && <Tag color="blue">{version}</Tag>}
      data-testid="survey-preview"
    >
      {body}
    </Card>
  );
});
