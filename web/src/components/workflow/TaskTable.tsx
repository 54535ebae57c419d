import { Empty, Table, type TablePaginationConfig, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from './api.ts';
import { DueTime, StatusTag } from './StatusTag.tsx';

/** The columns a task list may show, in this order. */
export const TASK_COLUMNS = [
  'serialNumber',
  'processDefinitionName',
  'taskName',
  'startUsername',
  'assigneeName',
  'copyUser',
  'startTime',
  'createTime',
  'endTime',
  'dueTime',
  'processStatus',
] as const;
export type TaskColumn = (typeof TASK_COLUMNS)[number];

const DEFAULT_COLUMNS: TaskColumn[] = TASK_COLUMNS.filter(
  (column) => column !== 'endTime' && column !== 'copyUser' && column !== 'startTime',
);

/** A row's key: its task, or its instance in the lists of one row per instance (已发, 办结, 抄送). */
export const taskRowKey = (row: TaskRow) => `${row.processInstanceId}:${row.taskId ?? ''}`;

/**
 * The table of a task list (the five process lists, my work): the task row's fields as columns, the due time red
 * once past, the instance's status as a tag, and the list's own row actions last.
 */
export function TaskTable({
  rows,
  total,
  loading,
  pagination,
  columns = DEFAULT_COLUMNS,
  actions,
  onOpen,
  testId,
}: {
  rows: TaskRow[] | undefined;
  total: number;
  loading: boolean;
  pagination: (total: number) => TablePaginationConfig;
  columns?: TaskColumn[];
  actions: (row: TaskRow) => ReactNode;
  /** Opens a row's detail (its process name is a link to it). */
  onOpen: (row: TaskRow) => void;
  testId?: string;
}) {
  const { t } = useTranslation('workflowRuntime');
  const titles: Record<TaskColumn, string> = {
    serialNumber: t('list.serialNumber'),
    processDefinitionName: t('list.processName'),
    taskName: t('list.taskName'),
    startUsername: t('list.starter'),
    assigneeName: t('list.assignee'),
    copyUser: t('list.copyUser'),
    startTime: t('list.startTime'),
    createTime: t('list.createTime'),
    endTime: t('list.endTime'),
    dueTime: t('list.dueTime'),
    processStatus: t('list.processStatus'),
  };
  const render: Partial<Record<TaskColumn, (value: unknown, row: TaskRow) => ReactNode>> = {
    processDefinitionName: (value, row) => (
      <Typography.Link onClick={() => onOpen(row)}>{String(value ?? '')}</Typography.Link>
    ),
    dueTime: (_, row) => <DueTime row={row} />,
    processStatus: (value) => <StatusTag status={value as string | null} />,
  };
  const tableColumns: ColumnsType<TaskRow> = [
    ...columns.map((key) => ({
      key,
      dataIndex: key,
      title: titles[key],
      ellipsis: key === 'taskName' || key === 'assigneeName',
      width: key.endsWith('Time') ? 170 : key === 'processStatus' ? 100 : undefined,
      render: render[key],
    })),
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      width: 180,
      render: (_: unknown, row: TaskRow) => actions(row),
    },
  ];
  return (
    <div data-testid={testId}>
      <Table<TaskRow>
        rowKey={taskRowKey}
        bordered
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={tableColumns}
        pagination={pagination(total)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
      />
    </div>
  );
}
