import { type ViewLoader, type ViewModule, viewPathOf } from './menuRoutes.ts';

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
