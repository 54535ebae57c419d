import { Activity, type ReactNode, useEffect } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { type KeptPage, useKeptPages, withPage } from '../stores/keptPages.ts';
import { useTags } from '../stores/tags.ts';

/** A kept page rendered at its own address, so a hidden one goes on seeing where it was, not the current page. */
function KeptScreen({ routes, page }: { routes: RouteObject[]; page: KeptPage }) {
  return useRoutes(routes, { pathname: page.path, search: page.search, hash: page.hash });
}

/** Whether a page is kept: a flagged menu's page, or a page below it (spec: survey-data/:surveyId), each address apart. */
export function isKeptPath(keptPaths: ReadonlySet<string>, path: string): boolean {
  for (const kept of keptPaths) if (path === kept || path.startsWith(`${kept}/`)) return true;
  return false;
}

/**
 * Keep-alive (menu isOpen = 2): such a page stays mounted but hidden (React's Activity) when the user
 * moves to another tab, and shows again with its state; any other page remounts. A kept page lives as
 * long as its tab; the tags bar's clear cache drops them all.
 */
export function KeptScreens({
  routes,
  keptPaths,
  children,
}: {
  routes: RouteObject[];
  keptPaths: ReadonlySet<string>;
  /** The current page when it is not kept. */
  children: ReactNode;
}) {
  const { pathname, search, hash } = useLocation();
  const stored = useKeptPages((s) => s.pages);
  const generation = useKeptPages((s) => s.generation);
  const keep = useKeptPages((s) => s.keep);
  const drop = useKeptPages((s) => s.drop);
  const tags = useTags((s) => s.tags);
  const isKept = isKeptPath(keptPaths, pathname);

  // The current kept page is rendered at once (not after the effect), so it never mounts twice.
  const pages = (isKept ? withPage(stored, { path: pathname, search, hash }) : stored).filter(
    (page) =>
      isKeptPath(keptPaths, page.path) && (page.path === pathname || tags.some((tag) => tag.path === page.path)),
  );

  useEffect(() => {
    if (isKept) keep({ path: pathname, search, hash });
  }, [isKept, pathname, search, hash, keep]);

  // A closed tab (or a page whose menu lost the flag) lets its kept page go.
  useEffect(() => {
    for (const page of stored) if (!pages.some((p) => p.path === page.path)) drop(page.path);
  }, [stored, pages, drop]);

  return (
    <>
      {pages.map((page) => (
        <Activity key={`${generation}:${page.path}`} mode={page.path === pathname ? 'visible' : 'hidden'}>
          <KeptScreen routes={routes} page={page} />
        </Activity>
      ))}
      {!isKept && children}
    </>
  );
}
