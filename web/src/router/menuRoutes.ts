import type { ComponentType } from 'react';
import type { MenuNode } from '../api/menu.ts';

export type ViewModule = { default: ComponentType };
export type ViewLoader = () => Promise<ViewModule>;

/** What a menu path shows. */
export type Screen = { kind: 'view'; load: ViewLoader } | { kind: 'entity'; route: string } | { kind: 'missing' };

/** A leaf page of the menus as the shell knows it (tabs, searches): what it shows is the router's business. */
export interface MenuPage {
  path: string;
  code: string;
  name: string;
  /** The menu's isOpen = 2 (CONTRACT.md): the page keeps its state while the user is on other tabs. */
  keepAlive: boolean;
}

export interface MenuRoute extends MenuPage {
  screen: Screen;
}

/** The menu's isOpen value that keeps a page alive, or opens an external link in a new window. */
export const IS_OPEN_YES = 2;

export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** A menu path that is a web address or an html page shows inside the console, at /myiframe (spec part 2). */
export function isEmbedded(path: string): boolean {
  return isExternal(path) || /\.html?(\?|#|$)/i.test(path);
}

/** `../views/system/param/index.tsx` -> `/system/param`: a custom screen lives at its menu path. */
export function viewPathOf(moduleKey: string): string {
  return moduleKey.replace(/^.*?\/views/, '').replace(/\/index\.tsx$/, '');
}

/**
 * One page per leaf of the menu tree, once per path. Web addresses and html pages are not pages of the
 * router: the sidebar opens them in a new window or at /myiframe.
 */
export function menuPages(tree: MenuNode[]): MenuPage[] {
  const pages = new Map<string, MenuPage>();
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      if (node.children?.length) {
        visit(node.children);
        continue;
      }
      const path = node.path?.trim();
      if (!path || isEmbedded(path) || pages.has(path)) continue;
      pages.set(path, { path, code: node.code, name: node.name, keepAlive: node.isOpen === IS_OPEN_YES });
    }
  };
  visit(tree);
  return [...pages.values()];
}

/**
 * One route per leaf page of the menu tree. A custom screen in views/ wins (ARCHITECTURE.md), then the
 * generic screen of the catalog entity at that path; a path with neither (a menu an administrator pointed at no
 * screen) is missing and opens the 404 page.
 */
export function buildMenuRoutes(
  tree: MenuNode[],
  views: ReadonlyMap<string, ViewLoader>,
  entityRoutes: ReadonlySet<string>,
): MenuRoute[] {
  return menuPages(tree).map((page) => ({ ...page, screen: screenOf(page.path, views, entityRoutes) }));
}

function screenOf(path: string, views: ReadonlyMap<string, ViewLoader>, entityRoutes: ReadonlySet<string>): Screen {
  const load = views.get(path);
  if (load) return { kind: 'view', load };
  if (entityRoutes.has(path)) return { kind: 'entity', route: path };
  return { kind: 'missing' };
}

/**
 * The custom screens that open as sub-pages of the user's menu pages: those below a page's path
 * (views/crm/enterprise/detail below /crm/enterprise), and those elsewhere that name the menu path
 * granting them (`grants`: the model designer at /workflow/design/process/:id for /workflow/design/model).
 */
export function subPageViews(
  views: ReadonlyMap<string, ViewLoader>,
  grants: ReadonlyMap<string, string>,
  routes: readonly MenuPage[],
): [string, ViewLoader][] {
  return [...views].filter(([path]) =>
    routes.some((route) => path.startsWith(`${route.path}/`) || grants.get(path) === route.path),
  );
}

/** `../views/workflow/design/process/[id]/grantedBy.ts` -> `/workflow/design/process/:id`: the screen a grant names. */
export function grantPathOf(moduleKey: string): string {
  return moduleKey
    .replace(/^.*?\/views/, '')
    .replace(/\/grantedBy\.ts$/, '')
    .replace(/\[(\w+)\]/g, ':$1');
}

/** Ids of the menu groups above the page at `path`, outermost first (to open them in the sidebar). */
export function ancestorsOf(tree: MenuNode[], path: string): string[] {
  for (const node of tree) {
    if (!node.children?.length) continue;
    if (node.children.some((child) => !child.children?.length && child.path === path)) return [node.id];
    const below = ancestorsOf(node.children, path);
    if (below.length) return [node.id, ...below];
  }
  return [];
}
