import { ADMINISTRATOR } from '../auth/roles.ts';

/** The home page: the first tag, never closable, where `/` leads. */
export const HOME_PATH = '/wel/index';

/** The lock screen (spec part 9): public, and where a locked console always goes. */
export const LOCK_PATH = '/lock';

/** The account's information page, a shell page that opens as a tab (shell/staticPages.ts). */
export const INFO_PATH = '/info/index';
/** The developers' showcase of the shared components (spec part 2's `/test/index`, "mock menu only"). */
export const TEST_PATH = '/test/index';
/** Who may open the showcase: its pickers read the park's lists, which only the administrator sees whole. */
export const TEST_ROLES = [ADMINISTRATOR];

/**
 * The page the address bar shows now. The router changes the address at once but renders a navigation
 * as a transition, so right after one `useLocation()` may still name the page being left: a click then
 * (closing a tab) must read the address instead.
 */
export function currentPath(): string {
  return window.location.pathname;
}
