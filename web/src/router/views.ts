import { type ViewLoader, type ViewModule, viewPathOf } from './menuRoutes.ts';

/** Custom screens by menu path, each its own chunk: `views/system/param/index.tsx` serves `/system/param`. */
export const views: ReadonlyMap<string, ViewLoader> = new Map(
  Object.entries(import.meta.glob<ViewModule>('../views/**/index.tsx')).map(([key, load]) => [viewPathOf(key), load]),
);
