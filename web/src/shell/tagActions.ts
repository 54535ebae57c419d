import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../api/http.ts';
import { queryClient } from '../queryClient.ts';
import { currentPath, HOME_PATH } from '../router/paths.ts';
import { useKeptPages } from '../stores/keptPages.ts';
import { useTags } from '../stores/tags.ts';
import { useMenuSearchDialog } from './menuSearchState.ts';

export type TagAction = 'clearCache' | 'closeOthers' | 'closeAll' | 'search';
export const TAG_ACTIONS: TagAction[] = ['clearCache', 'closeOthers', 'closeAll', 'search'];

/** The tags bar's menu (spec part 2): clear cache after a confirmation, close others, close all, search. */
export function useTagActions() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const tags = useTags((s) => s.tags);
  const close = useTags((s) => s.close);
  const reset = useTags((s) => s.reset);
  const openSearch = useMenuSearchDialog((s) => s.setOpen);

  /** `target` is the tab the menu was opened on; close others keeps it (and home) and shows it. */
  return (action: TagAction, target = currentPath()) => {
    switch (action) {
      case 'clearCache':
        modal.confirm({
          title: t('confirmTitle'),
          content: t('tags.clearCacheConfirm'),
          onOk: async () => {
            // The server's caches for the tenant, then everything this browser fetched and the kept pages.
            await request('blade-auth/oauth/clear-cache');
            useKeptPages.getState().clear();
            await queryClient.invalidateQueries();
            void message.success(t('tags.cacheCleared'));
          },
        });
        return;
      case 'closeOthers':
        for (const tag of tags) if (tag.path !== target) close(tag.path);
        // A tab that remembers its whole address (a detail's ?id=) goes back to it.
        if (target !== currentPath()) navigate(tags.find((tag) => tag.path === target)?.to ?? target);
        return;
      case 'closeAll':
        reset();
        navigate(HOME_PATH);
        return;
      case 'search':
        openSearch(true);
        return;
    }
  };
}
