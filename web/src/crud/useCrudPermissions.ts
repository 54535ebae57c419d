import { useSession } from '../stores/session.ts';

/**
 * The entity's buttons the user holds (`<key>_add|_edit|_delete|_view`). Export has no button of its
 * own in most of the seed, so whoever may view may export, and an explicit `<key>_export` grants it
 * too; a screen whose export endpoint demands a button of its own (export-user wants `user_export`)
 * names it in `exportButton`, and only that button then shows export. A screen that shows another
 * screen's entity (the dictionary layouts) names its own view button in `viewButton`, which shows
 * view as `<key>_view` does.
 */
export function useCrudPermissions(key: string, { exportButton, viewButton }: CrudButtons = {}) {
  const permissions = useSession((s) => s.permissions);
  const has = (suffix: string) => permissions[`${key}_${suffix}`] === true;
  const view = has('view') || (viewButton !== undefined && permissions[viewButton] === true);
  return {
    add: has('add'),
    edit: has('edit'),
    remove: has('delete'),
    view,
    export: exportButton ? permissions[exportButton] === true : has('export') || view,
  };
}

/** Button codes a screen holds besides its entity's own. */
export interface CrudButtons {
  exportButton?: string;
  viewButton?: string;
}
