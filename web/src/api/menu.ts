import { request } from './http.ts';

/** A node of the menu tree from `menu/routes` (CONTRACT.md "Menus and permissions"). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  /** Absolute for pages (`/system/param`); an http(s) URL for an external link. */
  path: string;
  /** Icon name: a BladeX iconfont class (`iconfont iconicon_setting`) or an antd icon name. */
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  isOpen?: number;
  /**
   * BladeX/Avue route meta. `roles` (role aliases, an array or comma-joined) limits who sees the item:
   * shown only to a user holding one of them, or to everyone when absent (spec part 6).
   */
  meta?: { roles?: string[] | string; i18n?: string; [key: string]: unknown };
  children?: MenuNode[];
  hasChildren?: boolean;
}

/** A node of the `menu/buttons` tree; its leaves are the granted buttons. */
export interface ButtonNode {
  code: string;
  children?: ButtonNode[];
}

/** A top menu of the tenant (`menu/top-menu`): picking one narrows the sidebar to its menus. */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string | null;
  path?: string | null;
  sort?: number;
}

/** The user's menus; with a top menu, only those it holds (with their parents). */
export function fetchMenuRoutes(topMenuId?: string): Promise<MenuNode[]> {
  return request<MenuNode[]>('blade-system/menu/routes', { query: { topMenuId } });
}

export function fetchTopMenus(): Promise<TopMenu[]> {
  return request<TopMenu[]>('blade-system/menu/top-menu');
}

export function fetchButtons(): Promise<ButtonNode[]> {
  return request<ButtonNode[]>('blade-system/menu/buttons');
}
