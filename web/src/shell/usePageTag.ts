import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTags } from '../stores/tags.ts';

/**
 * Names the tab of a page the menus do not list (a row's detail), which the tags bar cannot name
 * from the menus; the tab leads back to the page's whole address, query included. The name is the
 * page's own, in the current language, and follows it while the page is shown; a page shown at a
 * menu's path as well (my enterprise) names none there.
 */
export function usePageTag(name: string | undefined): void {
  const { pathname, search } = useLocation();
  const keep = useTags((s) => s.keep);
  useEffect(() => {
    // The code is the path, which no menu translation names, so the tab shows the name given.
    if (name) keep({ path: pathname, code: pathname, name, to: `${pathname}${search}` });
  }, [keep, pathname, search, name]);
}
