import {
  ApartmentOutlined,
  DeleteOutlined,
  EyeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Flex, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  dispatchTask,
  fetchOpsList,
  fetchProcessNodes,
  type InstanceRow,
  openTasksOf,
  opsChangeStatus,
  opsDelete,
  opsTerminate,
  type ProcessNode,
  type TaskFilters,
} from '../../../components/workflow/api.ts';
import { TASK_PAGE_SIZES, TASKS_KEY } from '../../../components/workflow/lists.ts';
import { OperationModal, type OperationSpec, oneId } from '../../../components/workflow/OperationModal.tsx';
import { ProcessSearchBar } from '../../../components/workflow/ProcessSearchBar.tsx';
import { detailPath, PROCESS_PATHS } from '../../../components/workflow/paths.ts';
import { StatusTag } from '../../../components/workflow/StatusTag.tsx';
import { usePaging } from '../../../crud/usePaging.ts';
import { useSearch } from '../../../crud/useSearch.ts';
import { useConfirmed } from '../../system/shared/useConfirmedAction.ts';

const OPS_KEY = ['workflow', 'ops'] as const;

const NODE_COLORS: Record<ProcessNode['state'], string> = {
  finished: 'success',
  current: 'processing',
  untouched: 'default',
};

/** 节点: the instance's start and user tasks with where it stands (ops/processNodes). */
function NodesDrawer({ row, onClose }: { row: InstanceRow; onClose: () => void }) {
  const { t } = useTranslation('workflowRuntime');
  const nodes = useQuery({
    queryKey: [...OPS_KEY, 'nodes', row.processInstanceId],
    queryFn: () => fetchProcessNodes(row.processInstanceId),
    gcTime: 0,
  });
  return (
    <Drawer
      open
      size={360}
      title={t('ops.nodesTitle', { name: row.processDefinitionName ?? row.serialNumber ?? '' })}
      onClose={onClose}
    >
      {nodes.isPending ? (
        <Spin />
      ) : !nodes.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.noNodes')} />
      ) : (
        <Flex vertical gap={8} role="list" data-testid="ops-nodes">
          {nodes.data.map((node) => (
            <Flex key={node.nodeId} role="listitem" justify="space-between" align="center" data-state={node.state}>
              <Flex vertical>
                <Typography.Text>{node.nodeName || node.nodeId}</Typography.Text>
                {node.tasks?.length ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {node.tasks.map((task) => task.assigneeName || t('operation.unclaimed')).join('、')}
                  </Typography.Text>
                ) : null}
              </Flex>
              <Tag color={NODE_COLORS[node.state]} style={{ marginInlineEnd: 0 }}>
                {t(`ops.nodeState.${node.state}`)}
              </Tag>
            </Flex>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * /workflow/ops (流程监控): every process of the tenant, 运行中 (ops/list) and 已结束 (ops/doneList), searched like
 * the task lists; per row 查看 (the detail), 节点 (where it stands), and on a running one 指派 (an open task to
 * another user), 挂起 / 激活 and 终止; 删除 after a question.
 */
export default function OpsPage() {
  const { t } = useTranslation(['workflowRuntime', 'crud']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmed = useConfirmed();
  const [finished, setFinished] = useState(false);
  const { paging, toFirstPage, pagination } = usePaging(TASK_PAGE_SIZES);
  const { filters, searches, search } = useSearch<TaskFilters>({});
  const [operation, setOperation] = useState<OperationSpec | null>(null);
  const [nodesOf, setNodesOf] = useState<InstanceRow | null>(null);
  const rows = useQuery({
    queryKey: [...OPS_KEY, finished, { ...filters, ...paging }, searches],
    queryFn: () => fetchOpsList(finished, { ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OPS_KEY }),
      queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
    ]);
  const name = (row: InstanceRow) => `${row.processDefinitionName ?? ''} ${row.serialNumber ?? ''}`.trim();

  const nodesQuery = (row: InstanceRow) => ({
    queryKey: [...OPS_KEY, 'nodes', row.processInstanceId],
    queryFn: () => fetchProcessNodes(row.processInstanceId),
    staleTime: 0,
  });
  // 指派 picks one of the instance's open tasks, read with its nodes.
  const dispatch = async (row: InstanceRow) => {
    let nodes: ProcessNode[];
    try {
      nodes = await queryClient.fetchQuery(nodesQuery(row));
    } catch {
      return; // Shown by the HTTP client.
    }
    setOperation({
      title: t('operation.dispatchTitle'),
      tasks: openTasksOf(nodes).map((task) => ({
        value: task.taskId,
        label: `${task.taskName}（${task.assigneeName || t('operation.unclaimed')}）`,
      })),
      assignee: 'one',
      comment: 'optional',
      submit: (v) => dispatchTask({ taskId: String(v.taskId), assignee: oneId(v.assignee), comment: v.comment }),
    });
  };
  const terminate = (row: InstanceRow) =>
    setOperation({
      title: t('operation.terminateTitle'),
      hint: t('operation.terminateHint'),
      comment: 'required',
      danger: true,
      submit: (v) => opsTerminate({ processInstanceId: row.processInstanceId, comment: String(v.comment) }),
    });
  const switchStatus = (row: InstanceRow) => {
    const suspend = row.status !== 'suspended';
    confirmed(
      t(suspend ? 'ops.suspendQuestion' : 'ops.activateQuestion', { name: name(row) }),
      async () => {
        await opsChangeStatus(row.processInstanceId, suspend ? 'suspended' : 'running');
        await reload();
      },
      t(suspend ? 'ops.suspended' : 'ops.activated'),
    );
  };
  const remove = (row: InstanceRow) =>
    confirmed(
      t('ops.deleteQuestion', { name: name(row) }),
      async () => {
        await opsDelete([row.processInstanceId]);
        await reload();
      },
      t('ops.deleted'),
    );

  const view = (row: InstanceRow) => navigate(detailPath(row.processInstanceId, undefined, PROCESS_PATHS.opsDetail));
  const live = (row: InstanceRow) => row.status === 'running' || row.status === 'suspended';

  const columns: ColumnsType<InstanceRow> = [
    { key: 'serialNumber', dataIndex: 'serialNumber', title: t('list.serialNumber') },
    {
      key: 'processDefinitionName',
      dataIndex: 'processDefinitionName',
      title: t('list.processName'),
      render: (value: string, row) => <Typography.Link onClick={() => view(row)}>{value}</Typography.Link>,
    },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('list.category') },
    ...(finished
      ? []
      : [
          { key: 'taskName', dataIndex: 'taskName', title: t('list.taskName'), ellipsis: true },
          { key: 'assigneeName', dataIndex: 'assigneeName', title: t('list.assignee'), ellipsis: true },
        ]),
    { key: 'startUsername', dataIndex: 'startUsername', title: t('list.starter') },
    { key: 'startTime', dataIndex: 'startTime', title: t('list.startTime'), width: 170 },
    ...(finished ? [{ key: 'endTime', dataIndex: 'endTime', title: t('list.endTime'), width: 170 }] : []),
    {
      key: 'status',
      dataIndex: 'status',
      title: t('list.processStatus'),
      width: 100,
      render: (status: string) => <StatusTag status={status} />,
    },
    {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => view(row)}>
            {t('ops.view')}
          </Button>
          <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => setNodesOf(row)}>
            {t('ops.nodes')}
          </Button>
          {live(row) && (
            <>
              {row.status === 'running' && (
                <Button type="link" size="small" icon={<UserSwitchOutlined />} onClick={() => void dispatch(row)}>
                  {t('ops.dispatch')}
                </Button>
              )}
              <Button
                type="link"
                size="small"
                icon={row.status === 'suspended' ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
                onClick={() => switchStatus(row)}
              >
                {t(row.status === 'suspended' ? 'ops.activate' : 'ops.suspend')}
              </Button>
              <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => terminate(row)}>
                {t('ops.terminate')}
              </Button>
            </>
          )}
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
            {t('ops.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={finished ? 'finished' : 'running'}
        onChange={(key) => {
          setFinished(key === 'finished');
          toFirstPage();
        }}
        items={[
          { key: 'running', label: t('ops.running') },
          { key: 'finished', label: t('ops.finished') },
        ]}
      />
      <ProcessSearchBar
        name="opsProcesses"
        onSearch={(filters) => {
          toFirstPage();
          search(filters);
        }}
      />
      <div data-testid={`ops-list-${finished ? 'finished' : 'running'}`}>
        <Table<InstanceRow>
          rowKey="processInstanceId"
          bordered
          size="middle"
          loading={rows.isFetching}
          dataSource={rows.data?.records}
          columns={columns}
          pagination={pagination(rows.data?.total ?? 0)}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        />
      </div>
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
      {nodesOf && <NodesDrawer row={nodesOf} onClose={() => setNodesOf(null)} />}
    </Card>
  );
}
