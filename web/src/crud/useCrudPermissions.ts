import { useSession } from '../stores/session.ts';

/**
 * The entity's buttons the user holds (`<key>_add|_edit|_delete|_view`). Export has no button of its
 * own in the seed, so whoever may view may export; an explicit `<key>_export` grants it too.
 */
export function useCrudPermissions(key: string) {
  const permissions = useSession((s) => s.permissions);
  const has = (suffix: string) => permissions[`${key}_${suffix}`] === true;
  return {
    add: has('add'),
    edit: has('edit'),
    remove: has('delete'),
    view: has('view'),
    export: has('export') || has('view'),
  };
}
