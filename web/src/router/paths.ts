/** The home page: the first tag, never closable, where `/` leads. */
export const HOME_PATH = '/wel/index';

/** The lock screen (spec part 9): public, and where a locked console always goes. */
export const LOCK_PATH = '/lock';

/**
 * The page the address bar shows now. The router changes the address at once but renders a navigation
 * as a transition, so right after one `useLocation()` may still name the page being left: a click then
 * (closing a tab) must read the address instead.
 */
export function currentPath(): string {
  return window.location.pathname;
}
