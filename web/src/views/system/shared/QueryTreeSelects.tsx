import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import type { TreeNode } from '../../../api/system.ts';
import { IdsTreeSelect, ParentSelect } from './IdsTreeSelect.tsx';

/**
 * The tree pickers loading their tree when a dialog shows them, so rows added meanwhile
 * (a new role, a new department) are there to pick.
 */
export interface TreeQuery {
  queryKey: readonly unknown[];
  queryFn: () => Promise<TreeNode[]>;
}

export function QueryParentSelect({
  tree,
  ...props
}: { tree: TreeQuery } & Omit<ComponentProps<typeof ParentSelect>, 'treeData'>) {
  const nodes = useQuery(tree);
  return <ParentSelect {...props} treeData={nodes.data} />;
}

export function QueryIdsTreeSelect({
  tree,
  ...props
}: { tree: TreeQuery } & Omit<ComponentProps<typeof IdsTreeSelect>, 'treeData'>) {
  const nodes = useQuery(tree);
  return <IdsTreeSelect {...props} treeData={nodes.data} />;
}
