import { useNavigate } from 'react-router-dom';
import { useMenuTree } from '../router/useMenuTree.ts';
import { useTags } from '../stores/tags.ts';
import { linkPath } from './linkedQueries.ts';
import { tagOf } from './tabs.ts';

/**
 * Opens a message's link (issue 34.1): the record's screen in its tab, as the sidebar opens it, with the link's
 * query (the search that finds the record). Links out of the app are not followed.
 */
export function useOpenLink() {
  const { pages } = useMenuTree();
  const navigate = useNavigate();
  const openTag = useTags((s) => s.open);
  const open = (link: string | null | undefined) => {
    const path = linkPath(link);
    if (!path || !link) return;
    const tag = tagOf(pages, path);
    if (tag) openTag(tag);
    navigate(link);
  };
  /** Whether the user's menus hold the link's screen: a link to a screen they cannot open is not offered. */
  open.allowed = (link: string | null | undefined) => {
    const path = linkPath(link);
    return Boolean(path && pages.some((page) => page.path === path));
  };
  return open;
}
