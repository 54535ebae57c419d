import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

/**
 * Antd's style cache, with each component's generated style kept once it is made. Antd counts a style's users and
 * drops the style from its cache when the count reaches 0, then generates it again (the style object, then its CSS
 * text) for the next user. A screen kept alive (router/KeptScreens.tsx) is hidden with React's Activity, which
 * takes down its effects, so every switch between two open screens dropped and regenerated the styles only they
 * used: about a tenth of a switch's script (docs/decisions.md). The `<style>` elements were never removed (antd
 * does so only when told to), so nothing but the work changes. Component styles depend on the theme only through
 * CSS variables and are cached by component, not by theme; the theme's own variables are counted as before.
 */
export const styleCache = createCache();
const update = styleCache.opUpdate.bind(styleCache);
styleCache.opUpdate = (key, next) =>
  update(key, (held) => {
    if (!key.startsWith('style%') || !held) return next(held);
    // The count as antd sees it is one higher than the users: it never reaches 0, and the style stays.
    const [users, style] = held as [number, unknown];
    const after = next([users + 1, style]) as [number, unknown] | null;
    return after && [after[0] - 1, after[1]];
  });

export function KeptStyles({ children }: { children: ReactNode }) {
  return <StyleProvider cache={styleCache}>{children}</StyleProvider>;
}
