import { lazyScreen } from '../router/loadChunk.tsx';

/**
 * The signed-in screens, whose code is imported from here, inside the shell: so the build knows the shell is loaded
 * before any of them, and keeps the shell's modules in the shell's chunks instead of splitting them by the screens
 * that also use them (home loaded some sixty files). The router names them (router/ShellScreen.tsx).
 */
export const SHELL_SCREENS = {
  home: lazyScreen(() => import('../pages/home/HomePage.tsx')),
  info: lazyScreen(() => import('../views/info/index.tsx')),
  showcase: lazyScreen(() => import('../pages/showcase/ShowcasePage.tsx')),
  iframe: lazyScreen(() => import('../pages/iframe/IframePage.tsx')),
  // The menu routes bring the catalog and every screen's loader.
  menu: lazyScreen(() => import('../router/MenuScreens.tsx')),
};
export type ShellScreenName = keyof typeof SHELL_SCREENS;
