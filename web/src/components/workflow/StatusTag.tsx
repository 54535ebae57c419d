import { ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Tag, TreeSelect, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { processCategoryTreeQuery } from './api.ts';
import { isOverdue, statusColor, statusLabel } from './words.ts';

/** An instance's or a task's status as a tag (审批中, 已办结, 已终止...). */
export function StatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('workflowRuntime');
  if (!status) return null;
  return (
    <Tag color={statusColor(status)} style={{ marginInlineEnd: 0 }}>
      {statusLabel(status, t)}
    </Tag>
  );
}

/** A task's due time, red with a clock and 已超时 to assistive technology when it is past. */
export function DueTime({
  row,
}: {
  row: { dueTime?: string | null; overdue?: boolean | null; status?: string | null; endTime?: string | null };
}) {
  const { t } = useTranslation('workflowRuntime');
  if (!row.dueTime) return null;
  if (!isOverdue(row)) return <>{row.dueTime}</>;
  return (
    <Typography.Text type="danger" title={t('list.overdue')} style={{ whiteSpace: 'nowrap' }}>
      <ClockCircleOutlined aria-label={t('list.overdue')} style={{ marginInlineEnd: 4 }} />
      {row.dueTime}
    </Typography.Text>
  );
}

/** The process categories as a tree select (a list's filter), any node pickable. */
export function CategoryTreeSelect({
  id,
  value,
  onChange,
  style,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('workflowRuntime');
  const tree = useQuery({ ...processCategoryTreeQuery, retry: false });
  return (
    <TreeSelect
      id={id}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isPending}
      treeData={tree.data}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      value={value}
      onChange={onChange}
      placeholder={t('list.category')}
      style={{ width: 180, ...style }}
    />
  );
}
