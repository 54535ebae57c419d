import { ArrowLeftOutlined, CloseOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { wfDraft } from '@park/catalog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Result, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../../../api/errors.ts';
import { FormRenderer, filledValues } from '../../../../../components/form-renderer/FormRenderer.tsx';
import { UserInput } from '../../../../../components/form-renderer/pickers.tsx';
import { PageSpin } from '../../../../../components/PageSpin.tsx';
import { fetchStartForm, type StartForm, saveDraft, startProcess } from '../../../../../components/workflow/api.ts';
import { TASKS_KEY } from '../../../../../components/workflow/lists.ts';
import { joinedIds } from '../../../../../components/workflow/OperationModal.tsx';
import { PROCESS_PATHS, readStartParams } from '../../../../../components/workflow/paths.ts';
import { toast } from '../../../../../feedback.ts';
import { usePageTag } from '../../../../../shell/usePageTag.ts';

/** A draft's form data, kept as JSON text (or, from a looser server, the object). */
function draftValues(draft: StartForm['draft']): Record<string, unknown> | undefined {
  if (!draft?.formData) return undefined;
  if (typeof draft.formData !== 'string') return draft.formData;
  try {
    const parsed: unknown = JSON.parse(draft.formData);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function StartFormScreen({ start, processDefinitionId }: { start: StartForm; processDefinitionId: string }) {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [copyUser, setCopyUser] = useState<string | string[] | undefined>();
  const [draftId, setDraftId] = useState(start.draft?.id);
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const values = useMemo(() => draftValues(start.draft) ?? start.defaults ?? {}, [start]);
  usePageTag(t('startForm.tag', { name: start.process.name }));

  const leave = () => navigate(start.draft ? PROCESS_PATHS.draft : PROCESS_PATHS.start);

  const submit = async () => {
    let formData: Record<string, unknown> = {};
    if (start.form) {
      try {
        formData = await filledValues(form, start.form);
      } catch {
        return; // The fields say what is missing.
      }
    }
    setBusy('submit');
    try {
      const started = await startProcess({ processDefinitionId, formData, draftId, copyUser: joinedIds(copyUser) });
      toast.success(t('startForm.started', { serialNumber: started.serialNumber }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['crud', wfDraft.key] }),
      ]);
      navigate(PROCESS_PATHS.send);
    } catch {
      // The server's refusal (a field's message, a suspended process) is shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  const keepDraft = async () => {
    setBusy('draft');
    try {
      const saved = await saveDraft({
        ...(draftId ? { id: draftId } : {}),
        processDefinitionId,
        formData: start.form ? (form.getFieldsValue(true) as Record<string, unknown>) : {},
      });
      if (saved?.id) setDraftId(saved.id);
      toast.success(t('startForm.draftSaved'));
      await queryClient.invalidateQueries({ queryKey: ['crud', wfDraft.key] });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={
        <Space wrap>
          <span>{start.process.name}</span>
          <Tag color="blue">{t('start.version', { version: start.process.version })}</Tag>
          {start.draft && <Tag color="gold">{t('startForm.fromDraft')}</Tag>}
        </Space>
      }
      extra={
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={leave}>
          {t('startForm.back')}
        </Button>
      }
    >
      <div data-testid="start-form">
        {start.form ? (
          <FormRenderer schema={start.form} form={form} values={values} name="wfStart" />
        ) : (
          <Alert type="info" showIcon title={t('startForm.noForm')} style={{ marginBottom: 16 }} />
        )}
      </div>
      <Form layout="vertical" name="wfStartCopy" style={{ maxWidth: 640 }}>
        <Form.Item label={t('startForm.copyUser')} htmlFor="wfStartCopy_copyUser">
          <UserInput id="wfStartCopy_copyUser" multiple value={copyUser} onChange={setCopyUser} />
        </Form.Item>
      </Form>
      <Flex gap={8} wrap data-testid="start-actions">
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={busy === 'submit'}
          disabled={busy !== null}
          onClick={submit}
        >
          {t('startForm.submit')}
        </Button>
        <Button icon={<SaveOutlined />} loading={busy === 'draft'} disabled={busy !== null} onClick={keepDraft}>
          {t('startForm.saveDraft')}
        </Button>
        <Button icon={<CloseOutlined />} disabled={busy !== null} onClick={leave}>
          {t('startForm.cancel')}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * /workflow/process/start/:params (below 发起事务, which grants it): the start form of the deployment `:params`
 * names (process/getFormByProcessId), filled with its defaults or the draft's values; 提交 starts the process
 * (the server checks the form again) and goes to 已发事务, 存为草稿 keeps it in 草稿箱, 取消 leaves.
 */
export default function StartFormPage() {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  const params = readStartParams(useParams().params);
  const start = useQuery({
    queryKey: ['workflow', 'startForm', params?.processDefinitionId, params?.draftId],
    queryFn: () => fetchStartForm(params?.processDefinitionId as string, params?.draftId),
    enabled: Boolean(params),
    gcTime: 0,
    retry: false,
  });
  usePageTag(start.data ? undefined : t('startForm.tagPlain'));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PROCESS_PATHS.start)}>
      {t('startForm.back')}
    </Button>
  );
  if (!params) return <Result status="404" title={t('startForm.badParams')} extra={back} />;
  if (start.isPending) return <PageSpin />;
  if (start.isError) {
    const code = start.error instanceof ApiError ? start.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'warning'}
        title={t('startForm.unavailable')}
        subTitle={start.error.message}
        extra={back}
      />
    );
  }
  return <StartFormScreen start={start.data} processDefinitionId={params.processDefinitionId} />;
}
