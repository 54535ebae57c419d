import type { EntityDef } from '@park/catalog';
import type { PageQuery } from '../../../api/crud.ts';
import { fetchAll } from '../../../api/system.ts';
import type { CrudPageProps } from '../../../crud/CrudPage.tsx';
import { QueryParentSelect, type TreeQuery } from './QueryTreeSelects.tsx';
import { treeRows } from './treeRows.ts';

/**
 * What makes the generic screen a tree table (roles, departments): every row from `list`,
 * nested by parent, and the parent picked from the entity's own tree.
 */
export function treeTable(entity: EntityDef, tree: TreeQuery): Pick<CrudPageProps, 'load' | 'inputs'> {
  return {
    load: async ({ current: _current, size: _size, ...filters }: PageQuery) =>
      treeRows(await fetchAll(entity.api, filters)),
    inputs: { parentId: ({ placeholder }) => <QueryParentSelect tree={tree} placeholder={placeholder} /> },
  };
}
