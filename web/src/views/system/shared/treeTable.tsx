import type { EntityDef } from '@park/catalog';
import { fetchForest } from '../../../api/system.ts';
import type { CrudPageProps } from '../../../crud/CrudPage.tsx';
import { QueryParentSelect, type TreeQuery } from './QueryTreeSelects.tsx';

/**
 * What makes the generic screen a tree table (roles, departments): the tree `list` answers (nested by the server,
 * as SpringBlade's), and the parent picked from the entity's own tree.
 */
export function treeTable(entity: EntityDef, tree: TreeQuery): Pick<CrudPageProps, 'load' | 'inputs'> {
  return {
    load: (query) => fetchForest(entity.api, query),
    inputs: { parentId: ({ placeholder }) => <QueryParentSelect tree={tree} placeholder={placeholder} /> },
  };
}
