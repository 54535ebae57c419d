import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { IdsTreeSelect } from './IdsTreeSelect.tsx';
import { packageMenuTreeQuery } from './treeQueries.ts';

/** Menus and buttons ticked in a tree, as comma-joined ids (a package's menuId), exactly those held; loads them when shown. */
export function MenuTreeSelect(props: Omit<ComponentProps<typeof IdsTreeSelect>, 'treeData' | 'checkable'>) {
  const menus = useQuery(packageMenuTreeQuery);
  return <IdsTreeSelect {...props} treeData={menus.data} checkable />;
}
