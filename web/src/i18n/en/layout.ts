import type { Resources } from '../types.ts';

export const layout: Resources['layout'] = {
  home: 'Home',
  toggleMenu: 'Expand or collapse the menu',
  logout: 'Log out',
  menuFailed: 'Could not load the menu',
};
