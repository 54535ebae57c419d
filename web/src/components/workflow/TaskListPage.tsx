import {
  AlertOutlined,
  AuditOutlined,
  EyeOutlined,
  RollbackOutlined,
  VerticalAlignBottomOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePaging } from '../../crud/usePaging.ts';
import { useSearch } from '../../crud/useSearch.ts';
import { toast } from '../../feedback.ts';
import {
  claimTask,
  fetchTaskList,
  type TaskFilters,
  type TaskListKind,
  type TaskRow,
  urgeTask,
  withdrawProcess,
} from './api.ts';
import { TASK_PAGE_SIZES, TASKS_KEY } from './lists.ts';
import { OperationModal, type OperationSpec } from './OperationModal.tsx';
import { ProcessSearchBar } from './ProcessSearchBar.tsx';
import { detailPath } from './paths.ts';
import { type TaskColumn, TaskTable } from './TaskTable.tsx';

/** The lists whose rows are a task of the viewer's (a detail opened at that task), not an instance. */
const TASK_ROWS: readonly TaskListKind[] = ['todo', 'claim', 'myDone'];

const COLUMNS: Partial<Record<TaskListKind, TaskColumn[]>> = {
  send: ['serialNumber', 'processDefinitionName', 'taskName', 'assigneeName', 'startTime', 'processStatus'],
  copy: [
    'serialNumber',
    'processDefinitionName',
    'taskName',
    'startUsername',
    'copyUser',
    'createTime',
    'processStatus',
  ],
  done: ['serialNumber', 'processDefinitionName', 'startUsername', 'startTime', 'endTime', 'processStatus'],
  myDone: [
    'serialNumber',
    'processDefinitionName',
    'taskName',
    'startUsername',
    'createTime',
    'endTime',
    'processStatus',
  ],
};

/**
 * One of the process lists (待办, 待签, 已发, 办结, 抄送; process/<kind>List): searched by category, process name,
 * starter and dates, paged, each row opening the process's detail (办理 on a to-do). 待签 claims a task after a
 * question; 已发 withdraws or urges a running process it started.
 */
export function TaskListPage({ kind }: { kind: TaskListKind }) {
  const { t } = useTranslation(['workflowRuntime', 'system', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const { paging, toFirstPage, pagination } = usePaging(TASK_PAGE_SIZES);
  const { filters, searches, search } = useSearch<TaskFilters>({});
  const [operation, setOperation] = useState<OperationSpec | null>(null);
  const rows = useQuery({
    queryKey: [...TASKS_KEY, kind, { ...filters, ...paging }, searches],
    queryFn: () => fetchTaskList(kind, { ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: TASKS_KEY });

  const open = (row: TaskRow) =>
    navigate(detailPath(row.processInstanceId, TASK_ROWS.includes(kind) ? row.taskId : undefined));
  const name = (row: TaskRow) => row.processDefinitionName ?? row.serialNumber ?? '';

  const claim = (row: TaskRow) =>
    modal.confirm({
      title: t('system:confirmTitle'),
      content: t('list.claimQuestion', { name: `${name(row)} ${row.taskName ?? ''}`.trim() }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await claimTask(String(row.taskId));
          toast.success(t('list.claimed'));
          await reload();
        } catch {
          // Already shown by the HTTP client.
        }
      },
    });

  const running = (row: TaskRow) => row.processStatus === 'running';
  const actions = (row: TaskRow) => (
    <Space size={0} wrap>
      {kind === 'todo' ? (
        <Button type="link" size="small" icon={<AuditOutlined />} onClick={() => open(row)}>
          {t('list.handle')}
        </Button>
      ) : (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => open(row)}>
          {t('list.view')}
        </Button>
      )}
      {kind === 'claim' && row.taskId && (
        <Button type="link" size="small" icon={<VerticalAlignBottomOutlined />} onClick={() => claim(row)}>
          {t('list.claim')}
        </Button>
      )}
      {kind === 'send' && running(row) && (
        <>
          <Button
            type="link"
            size="small"
            icon={<RollbackOutlined />}
            onClick={() =>
              setOperation({
                title: t('operation.withdrawTitle'),
                hint: t('list.withdrawQuestion', { name: name(row) }),
                comment: 'optional',
                doneMessage: t('list.withdrawn'),
                submit: ({ comment }) => withdrawProcess({ processInstanceId: row.processInstanceId, comment }),
              })
            }
          >
            {t('list.withdraw')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<AlertOutlined />}
            onClick={() =>
              setOperation({
                title: t('operation.urgeTitle'),
                comment: 'optional',
                doneMessage: t('list.urged'),
                submit: ({ comment }) => urgeTask({ processInstanceId: row.processInstanceId, comment }),
              })
            }
          >
            {t('list.urge')}
          </Button>
        </>
      )}
    </Space>
  );

  return (
    <Card>
      <ProcessSearchBar
        name={`${kind}Tasks`}
        onSearch={(filters) => {
          toFirstPage();
          search(filters);
        }}
      />
      <TaskTable
        testId={`task-list-${kind}`}
        rows={rows.data?.records}
        total={rows.data?.total ?? 0}
        loading={rows.isFetching}
        pagination={pagination}
        columns={COLUMNS[kind]}
        actions={actions}
        onOpen={open}
      />
      {operation && (
        <OperationModal
          spec={operation}
          onClose={() => setOperation(null)}
          onDone={() => {
            setOperation(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}
