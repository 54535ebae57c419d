import CrudPage from '../../../crud/CrudPage.tsx';
import { useTabRowActions } from './TabRowActions.tsx';
import { tabOf } from './tabs.ts';

/**
 * An enterprise tab's entity as its own menu list (`/crm/certificate`, ...): the generic list of every
 * enterprise's rows the caller may see, with the row buttons the tab has.
 */
export function TabEntityList({ tabKey }: { tabKey: string }) {
  const tab = tabOf(tabKey);
  const { rowActions, dialogs, detail } = useTabRowActions(tab);
  return (
    <>
      <CrudPage key={tab.entity.key} entity={tab.entity} rowActions={rowActions} detail={detail} />
      {dialogs}
    </>
  );
}
