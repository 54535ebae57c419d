import type { EntityDef } from '@park/catalog';
import type { CrudPageProps } from '../../../crud/CrudPage.tsx';
import { fetchTree } from '../../../crud/treeRows.ts';
import { QueryParentSelect, type TreeQuery } from './QueryTreeSelects.tsx';

/**
 * What makes the generic screen a tree table (roles, departments): every row from `list`,
 * nested by parent, and the parent picked from the entity's own tree.
 */
export function treeTable(entity: EntityDef, tree: TreeQuery): Pick<CrudPageProps, 'load' | 'inputs'> {
  return {
    load: (query) => fetchTree(entity.api, query),
    inputs: { parentId: ({ placeholder }) => <QueryParentSelect tree={tree} placeholder={placeholder} /> },
  };
}
