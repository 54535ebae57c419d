// The two texts alone: the whole of zh/index.ts would bring every Chinese text into the first chunk.
import { info } from '../i18n/zh/info.ts';
import { showcase } from '../i18n/zh/showcase.ts';
import { INFO_PATH, TEST_PATH, TEST_ROLES } from '../router/paths.ts';
import type { Tag } from '../stores/tags.ts';

// The paths live with the router's, so that the first chunk does without these Chinese names.
export { INFO_PATH, TEST_PATH, TEST_ROLES };

/**
 * Pages of the shell that open as tabs like menu pages. A tag keeps the Chinese name, as menu tags
 * keep the server's; the English one comes by code from i18n/en/menu.ts.
 */
export interface StaticPage extends Tag {
  /** Role aliases allowed to open the page; everyone signed in when absent. */
  roles?: string[];
}

export const STATIC_PAGES: StaticPage[] = [
  { path: INFO_PATH, code: 'info', name: info.title },
  { path: TEST_PATH, code: 'test', name: showcase.title, roles: TEST_ROLES },
];
