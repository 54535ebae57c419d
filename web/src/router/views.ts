import { grantPathOf, type ViewLoader, type ViewModule, viewPathOf } from './menuRoutes.ts';

/**
 * Custom screens by menu path, each its own chunk: `views/system/param/index.tsx` serves `/system/param`.
 * A `[name]` folder is a route parameter: `views/crm/project/detail/[params]/index.tsx` serves
 * `/crm/project/detail/:params`.
 */
export const views: ReadonlyMap<string, ViewLoader> = new Map(
  Object.entries(import.meta.glob<ViewModule>('../views/**/index.tsx')).map(([key, load]) => [
    viewPathOf(key).replace(/\[(\w+)\]/g, ':$1'),
    load,
  ]),
);

/**
 * A custom screen outside the path of the menu that opens it names that menu's path in a `grantedBy.ts`
 * beside its index.tsx (`export default '/workflow/design/model'`): whoever is granted that menu may open it.
 * The files are a line each, read with the routes.
 */
export const viewGrants: ReadonlyMap<string, string> = new Map(
  Object.entries(import.meta.glob<string>('../views/**/grantedBy.ts', { eager: true, import: 'default' })).map(
    ([key, menuPath]) => [grantPathOf(key), menuPath],
  ),
);
