import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { fetchDeptTree } from '../api/system.ts';

/** The department tree, one cache entry for every screen that picks a department. */
export const deptTreeQuery = { queryKey: ['system', 'dept', 'tree'], queryFn: fetchDeptTree };

/** One department picked from the tree, searchable by name; loads the tree when shown. */
export function DeptTreeSelect(props: Omit<TreeSelectProps, 'treeData' | 'loading'>) {
  const depts = useQuery(deptTreeQuery);
  return (
    <TreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      {...props}
      loading={depts.isPending}
      treeData={depts.data ?? []}
    />
  );
}
