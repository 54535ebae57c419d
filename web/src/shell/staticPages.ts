import { ADMINISTRATOR } from '../auth/roles.ts';
// The two texts alone: the whole of zh/index.ts would bring every Chinese text into the first chunk.
import { info } from '../i18n/zh/info.ts';
import { showcase } from '../i18n/zh/showcase.ts';
import type { Tag } from '../stores/tags.ts';

/**
 * Pages of the shell that open as tabs like menu pages. A tag keeps the Chinese name, as menu tags
 * keep the server's; the English one comes by code from i18n/en/menu.ts.
 */
export const INFO_PATH = '/info/index';
/** The developers' showcase of the shared components (spec part 2's `/test/index`, "mock menu only"). */
export const TEST_PATH = '/test/index';
/** Who may open the showcase: its pickers read the park's lists, which only the administrator sees whole. */
export const TEST_ROLES = [ADMINISTRATOR];

export interface StaticPage extends Tag {
  /** Role aliases allowed to open the page; everyone signed in when absent. */
  roles?: string[];
}

export const STATIC_PAGES: StaticPage[] = [
  { path: INFO_PATH, code: 'info', name: info.title },
  { path: TEST_PATH, code: 'test', name: showcase.title, roles: TEST_ROLES },
];
