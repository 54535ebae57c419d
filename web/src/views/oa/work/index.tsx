import { AuditOutlined, EyeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  fetchMyWork,
  fetchOaCategories,
  OA_WORK_TYPES,
  type OaWorkType,
  type TaskRow,
} from '../../../components/workflow/api.ts';
import { TASK_PAGE_SIZES, TASKS_KEY } from '../../../components/workflow/lists.ts';
import { detailPath, PROCESS_PATHS } from '../../../components/workflow/paths.ts';
import { type TaskColumn, TaskTable } from '../../../components/workflow/TaskTable.tsx';
import { usePaging } from '../../../crud/usePaging.ts';

const COLUMNS: Record<OaWorkType, TaskColumn[] | undefined> = {
  todo: undefined,
  send: ['serialNumber', 'processDefinitionName', 'taskName', 'assigneeName', 'startTime', 'processStatus'],
  done: [
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
 * /oa/work (我的工作): the work of the OA categories' processes, 待办 / 已发 / 已办 (blade-oa/work/myWork?type=),
 * filtered by an OA category; a row opens its detail (/oa/work/detail/:params, myWorkDetail).
 */
export default function MyWorkPage() {
  const { t } = useTranslation('workflowRuntime');
  const navigate = useNavigate();
  const [type, setType] = useState<OaWorkType>('todo');
  const [categoryId, setCategoryId] = useState<string>();
  const { paging, toFirstPage, pagination } = usePaging(TASK_PAGE_SIZES);
  const categories = useQuery({ queryKey: ['oa', 'category', 'list'], queryFn: fetchOaCategories });
  const rows = useQuery({
    queryKey: [...TASKS_KEY, 'oa', type, categoryId, paging],
    queryFn: () => fetchMyWork(type, { ...paging, categoryId }),
    placeholderData: keepPreviousData,
  });
  const open = (row: TaskRow) => navigate(detailPath(row.processInstanceId, undefined, PROCESS_PATHS.oaDetail));

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Tabs
          activeKey={type}
          onChange={(key) => {
            setType(key as OaWorkType);
            toFirstPage();
          }}
          items={OA_WORK_TYPES.map((key) => ({ key, label: t(`oa.${key}`) }))}
          style={{ flex: 1, minWidth: 240 }}
        />
        <Select
          allowClear
          aria-label={t('oa.category')}
          placeholder={t('oa.category')}
          loading={categories.isPending}
          value={categoryId}
          onChange={(value?: string) => {
            setCategoryId(value);
            toFirstPage();
          }}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          style={{ width: 200 }}
        />
      </Flex>
      <TaskTable
        testId={`my-work-${type}`}
        rows={rows.data?.records}
        total={rows.data?.total ?? 0}
        loading={rows.isFetching}
        pagination={pagination}
        columns={COLUMNS[type]}
        onOpen={open}
        actions={(row) =>
          type === 'todo' ? (
            <Button type="link" size="small" icon={<AuditOutlined />} onClick={() => open(row)}>
              {t('list.handle')}
            </Button>
          ) : (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => open(row)}>
              {t('list.view')}
            </Button>
          )
        }
      />
    </Card>
  );
}
