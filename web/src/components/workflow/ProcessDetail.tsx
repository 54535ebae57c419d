import './print.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, Result, Space, Tabs, Tag } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors.ts';
import { usePageTag } from '../../shell/usePageTag.ts';
import { FormRenderer, filledValues } from '../form-renderer/FormRenderer.tsx';
import { PageSpin } from '../PageSpin.tsx';
import type { ProcessDetail } from './api.ts';
import { editableFieldNames, editedValues, taskFieldAuth } from './fieldModes.ts';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { TASKS_KEY } from './lists.ts';
import { DueTime, StatusTag } from './StatusTag.tsx';
import { Signers, TaskActions } from './TaskActions.tsx';
import { mayAct, taskGone } from './taskActions.ts';

// bpmn-js comes with the diagram's tab, when it is first opened.
const ProcessDiagram = lazy(() => import('./ProcessDiagram.tsx'));

type TabKey = 'form' | 'history' | 'diagram';

/** A process's detail as read (ProcessDetailScreen reads it): header, actions, tabs. */
export function ProcessDetailView({
  detail,
  version,
  reload,
  backPath,
}: {
  detail: ProcessDetail;
  /** Changes with each reading of the detail: the form is drawn again with the values read. */
  version: number;
  reload: () => Promise<ProcessDetail | undefined>;
  backPath: string;
}) {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [tab, setTab] = useState<TabKey>('form');
  const { process, task } = detail;
  const auth = useMemo(() => taskFieldAuth(detail.fieldModes, mayAct(detail)), [detail]);

  const edited = async () => {
    if (!detail.form || editableFieldNames(detail.form, auth).length === 0) return undefined;
    try {
      const values = await filledValues(form, detail.form);
      return editedValues(detail.form, auth, values);
    } catch (error) {
      setTab('form');
      throw error;
    }
  };

  const afterOperation = async () => {
    const openTask = task?.taskId;
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    const next = await reload();
    // The operation said how it went; a task that is no longer the viewer's leaves for the list.
    if (taskGone(next, openTask)) navigate(backPath);
  };

  return (
    <div className="wf-print-area" data-testid="process-detail">
      <Card
        title={
          <Space wrap>
            <span>{process.processDefinitionName}</span>
            {process.processDefinitionVersion != null && (
              <Tag color="blue">{`v${process.processDefinitionVersion}`}</Tag>
            )}
            <StatusTag status={process.status} />
          </Space>
        }
        extra={
          <Button type="text" className="wf-no-print" icon={<ArrowLeftOutlined />} onClick={() => navigate(backPath)}>
            {t('detail.back')}
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="process-header">
          <Descriptions.Item label={t('detail.serialNumber')}>{process.serialNumber}</Descriptions.Item>
          <Descriptions.Item label={t('detail.starter')}>{process.startUsername}</Descriptions.Item>
          <Descriptions.Item label={t('detail.startTime')}>{process.startTime}</Descriptions.Item>
          {process.categoryName && (
            <Descriptions.Item label={t('detail.category')}>{process.categoryName}</Descriptions.Item>
          )}
          {process.endTime && <Descriptions.Item label={t('detail.endTime')}>{process.endTime}</Descriptions.Item>}
          {task && (
            <>
              <Descriptions.Item label={t('detail.currentTask')}>
                <Space size={4}>
                  {task.taskName}
                  <StatusTag status={task.status} />
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('detail.assignee')}>{task.assigneeName}</Descriptions.Item>
              {task.dueTime && (
                <Descriptions.Item label={t('detail.dueTime')}>
                  <DueTime row={task} />
                </Descriptions.Item>
              )}
            </>
          )}
          {task?.multiInstance && (
            <Descriptions.Item label={t('detail.signers')} span="filled">
              <Signers detail={detail} onDone={() => void afterOperation()} />
            </Descriptions.Item>
          )}
        </Descriptions>
        {task && !task.mine && !task.claimable && task.status === 'todo' && (
          <Alert type="info" showIcon title={t('detail.notYours')} className="wf-no-print" style={{ marginTop: 12 }} />
        )}
        <div style={{ marginTop: 12 }}>
          <TaskActions detail={detail} editedValues={edited} onDone={() => void afterOperation()} />
        </div>
      </Card>
      <Card style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            {
              key: 'form',
              label: t('detail.form'),
              // Kept while another tab shows: what the task typed stays for 同意.
              forceRender: true,
              children: detail.form ? (
                <div data-testid="process-form">
                  <FormRenderer
                    key={version}
                    schema={detail.form}
                    form={form}
                    auth={auth}
                    values={detail.formData ?? {}}
                    name="wfTask"
                  />
                </div>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noForm')} />
              ),
            },
            {
              key: 'history',
              label: t('detail.history'),
              children: <HistoryTimeline history={detail.history ?? []} />,
            },
            {
              key: 'diagram',
              label: t('detail.diagram'),
              children: detail.xml ? (
                <Suspense fallback={<PageSpin />}>
                  <ProcessDiagram xml={detail.xml} nodes={detail.nodes} />
                </Suspense>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/**
 * A process's detail (process/detail, or OA's myWorkDetail): the header (name, version, status, serial number,
 * starter, times, the current task and its signers), the actions the viewer may take on it, and the tabs 表单
 * (drawn with the task's field rights: editable, read-only, hidden), 流转记录 and 流程图 (the progress marked).
 * After an operation the detail is read again, and the screen goes back to `backPath` when the task is gone.
 */
export function ProcessDetailScreen({
  queryKey,
  load,
  backPath,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<ProcessDetail>;
  backPath: string;
}) {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: ['workflow', 'detail', ...queryKey], queryFn: load, gcTime: 0, retry: false });
  const process = detail.data?.process;
  usePageTag(
    process
      ? t('detail.tag', { name: process.processDefinitionName ?? '', serialNumber: process.serialNumber ?? '' })
      : t('detail.tagPlain'),
  );

  if (detail.isPending) return <PageSpin />;
  if (detail.isError) {
    const code = detail.error instanceof ApiError ? detail.error.code : 0;
    return (
      <Result
        status={code === 403 ? '403' : code === 404 ? '404' : 'warning'}
        title={t('detail.unavailable')}
        subTitle={detail.error.message}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backPath)}>
            {t('detail.back')}
          </Button>
        }
      />
    );
  }
  return (
    <ProcessDetailView
      detail={detail.data}
      version={detail.dataUpdatedAt}
      backPath={backPath}
      reload={async () => (await detail.refetch()).data}
    />
  );
}

/** The detail screen for a `:params` that names no process: says so, with the way back. */
export function BadDetailParams({ backPath }: { backPath: string }) {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  usePageTag(t('detail.tagPlain'));
  return (
    <Result
      status="404"
      title={t('detail.badParams')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backPath)}>
          {t('detail.back')}
        </Button>
      }
    />
  );
}
