import type { EntityDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import type { TreeNode } from '../../../api/system.ts';
import CrudPage from '../../../crud/CrudPage.tsx';
import type { FieldInputs } from '../../../crud/RecordModal.tsx';
import { useMenuTreeLabels } from '../../../i18n/index.ts';
import { QueryParentSelect } from '../shared/QueryTreeSelects.tsx';
import { menuTreeQuery } from '../shared/treeQueries.ts';

/** The title of the menu with this id anywhere in the tree. */
function titleIn(nodes: TreeNode[] | undefined, id: string): string | undefined {
  for (const node of nodes ?? []) {
    if (node.id === id) return node.title;
    const below = titleIn(node.children, id);
    if (below) return below;
  }
  return undefined;
}

function MenuName({ id }: { id: unknown }) {
  const menus = useMenuTreeLabels(useQuery(menuTreeQuery).data);
  const key = id === null || id === undefined ? '' : String(id);
  return <>{titleIn(menus, key) ?? key}</>;
}

// The rule's menu is picked from the menu tree (no root: a rule always hangs off a menu).
const inputs: FieldInputs = {
  menuId: ({ placeholder }) => <QueryParentSelect tree={menuTreeQuery} root="" placeholder={placeholder} />,
};
const columns = [{ key: 'menuId', render: (id: unknown) => <MenuName id={id} /> }];

/** /system/datascope and /system/apiscope: rules shown and picked by their menu's name. */
export function ScopePage({ entity }: { entity: EntityDef }) {
  return <CrudPage entity={entity} inputs={inputs} columns={columns} />;
}
