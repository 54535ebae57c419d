import { zh } from '../i18n/zh/index.ts';
import type { Tag } from '../stores/tags.ts';

/**
 * Pages of the shell that open as tabs like menu pages. A tag keeps the Chinese name, as menu tags
 * keep the server's; the English one comes by code from i18n/en/menu.ts.
 */
export const INFO_PATH = '/info/index';

export const STATIC_PAGES: Tag[] = [{ path: INFO_PATH, code: 'info', name: zh.info.title }];
