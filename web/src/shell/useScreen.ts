import { Grid } from 'antd';

/**
 * The layout's screen classes by the spec's breakpoints (768, 992, 1200: antd's md, lg, xl). Before the
 * first measure every flag is false, which is the desktop layout.
 */
export function useScreen() {
  const screens = Grid.useBreakpoint();
  return {
    /** Below 768: the sidebar is an overlay, hidden until the menu button opens it. */
    mobile: screens.md === false,
    /** Below 992: the sidebar starts collapsed and a menu click collapses it again. */
    narrow: screens.lg === false,
    /** Below 1200: the top bar drops its search box (the search button stays). */
    compact: screens.xl === false,
  };
}
