import type { Page, PageQuery, Row } from './crud.ts';
import { type Query, request, requestFile, requestList } from './http.ts';

/** The system-administration calls beyond the generic five (CONTRACT.md "Menus and permissions", spec part 7). */

/** A picker node (CONTRACT.md "Trees and dictionaries"). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
  /** Menu trees only: the menu's code and category (1 menu, 2 button), which name it in the user's language. */
  code?: string;
  category?: number;
}

/** The three trees of the role grant dialog. */
export interface GrantTrees {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

export type GrantKeys = Record<keyof GrantTrees, string[]>;

export const fetchDeptTree = () => request<TreeNode[]>('blade-system/dept/tree');
export const fetchRoleTree = () => request<TreeNode[]>('blade-system/role/tree');
export const fetchPostOptions = () => request<Row[]>('blade-system/post/select');
/** The tenant's roles for a plain select (role/select), each with its alias. */
export const fetchRoleOptions = () => request<Row[]>('blade-system/role/select');

/** The signed-in user's own account; its departments' names come comma-joined in `deptName`, as the user list has them. */
export interface OwnAccount {
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
  deptId?: string | null;
  deptName?: string;
  /** The password is still one the account was given (seeded, reset, imported): the shell asks to change it. */
  initialPassword?: boolean;
}

export const ownAccountQuery = { queryKey: ['user', 'info'], queryFn: () => request<OwnAccount>('blade-user/info') };

/** The caller's own departments: its ids with the names the account read gives in the same order. */
export function ownDepartments(account: OwnAccount | undefined): { value: string; label: string }[] {
  const ids = (account?.deptId ?? '').split(',').filter(Boolean);
  const names = (account?.deptName ?? '').split(',');
  // A department the read could not name leaves the names out of step: the ids then stand for themselves.
  const named = names.length === ids.length;
  return ids.map((id, i) => ({ value: id, label: named ? names[i] : id }));
}

/** One level of the regions below a code (0 for the provinces), each node saying whether it `hasChildren`. */
export const fetchRegionLevel = (parentCode: string) =>
  request<TreeNode[]>('blade-system/region/lazy-tree', { query: { parentCode } });

export const fetchUserPage = (query: PageQuery) => request<Page<Row>>('blade-user/page', { query });
/** Colleagues as every signed-in user may look them up (the person picker): names, department and post only. */
export const searchUsers = (query: PageQuery) => request<Page<Row>>('blade-user/search/user', { query });
export const exportUsers = (query: Query) => requestFile('blade-user/export-user', { query });

/** One refused cell of a user import: the sheet's row number, the column's header and why. */
export interface ImportProblem {
  row: number;
  column: string;
  message: string;
}

export const userImportTemplate = () => requestFile('blade-user/export-template');
/** Imports an .xlsx of users; answers how many were written. A refusal's ApiError carries the ImportProblem[]. */
export function importUsers(file: File, covered: boolean) {
  const body = new FormData();
  body.append('file', file);
  return request<number>('blade-user/import-user', { method: 'POST', query: { isCovered: covered ? 1 : 0 }, body });
}
export const userImportReport = (problems: ImportProblem[]) =>
  requestFile('blade-user/import-report', { method: 'POST', body: problems });

const userAction = (action: string, query: Query) =>
  request<unknown>(`blade-user/${action}`, { method: 'POST', query });
const joined = (ids: string[]) => ids.join(',');

export const grantUserRoles = (userIds: string[], roleIds: string[]) =>
  userAction('grant', { userIds: joined(userIds), roleIds: joined(roleIds) });
export const resetPasswords = (userIds: string[]) => userAction('reset-password', { userIds: joined(userIds) });
export const unlockUsers = (userIds: string[]) => userAction('unlock', { userIds: joined(userIds) });
/** A user's platform settings: account type (1 platform, 2 company), its enterprise and free-form extension JSON. */
export interface PlatformSettings {
  userType: number | null;
  enterpriseId: string | null;
  userExt: string | null;
}

export const fetchPlatformSettings = (id: string) =>
  request<PlatformSettings & { id: string }>('blade-user/platform-detail', { query: { id } });
export const savePlatformSettings = (userId: string, settings: PlatformSettings) =>
  request<unknown>('blade-user/update-platform', { method: 'POST', body: { userId, ...settings } });
/** 1 enables, 0 disables. */
export const setUserStatus = (userIds: string[], status: 0 | 1) =>
  userAction('status-change', { userIds: joined(userIds), status });

/** Every row of a tree-shaped resource (menus; catalog `tree`), whose `list` answers an array. */
export const fetchAll = (api: string, query: Query) => request<Row[]>(`${api}/list`, { query });
/**
 * The departments or roles as SpringBlade's `list` answers them (issue 35): every row matching the filters, nested
 * by the server (a match whose parent did not match is a root), unpaged: the page's `current` and `size` stay home.
 */
export const fetchForest = (api: string, { current: _current, size: _size, ...filters }: PageQuery) =>
  request<Row[]>(`${api}/list`, { query: filters });

/** The menus (no buttons), to pick a parent from. */
export const fetchMenuTree = () => request<TreeNode[]>('blade-system/menu/tree');
/** One level of the menus and buttons (parentId 0 for the top), each row saying whether it `hasChildren`. */
export const fetchMenuLevel = (parentId: string) =>
  request<Row[]>('blade-system/menu/lazy-list', { query: { parentId } });

export const fetchGrantTrees = () => request<GrantTrees>('blade-system/menu/grant-tree');
/** The menus and buttons a tenant package may hold: all but the platform's own. */
export const fetchPackageMenuTree = () => request<TreeNode[]>('blade-system/tenant-package/menu-tree');
/**
 * What the roles hold, as the grant dialog's value: the server's keys are the fully held nodes (what a cascading
 * tree ticks) and, apart, the menus held without any of their buttons, which our dialog shows half-ticked and
 * keeps; the server derives the half-held parents on grant.
 */
export const fetchGrantKeys = async (roleIds: string[]): Promise<GrantKeys> => {
  const { menuHeldAlone = [], ...keys } = await request<GrantKeys & { menuHeldAlone?: string[] }>(
    'blade-system/menu/role-tree-keys',
    { query: { roleIds: joined(roleIds) } },
  );
  return { ...keys, menu: [...keys.menu, ...menuHeldAlone] };
};
export const grantRoles = (roleIds: string[], keys: GrantKeys) =>
  request<unknown>('blade-system/role/grant', {
    method: 'POST',
    body: { roleIds, menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope },
  });

/** The menus a top menu may be given, and the ones the picked top menus hold. */
export const fetchTopMenuTree = async () =>
  (await request<{ menu: TreeNode[] }>('blade-system/menu/grant/top-tree')).menu;
/** The fully held menus and those held alone (as fetchGrantKeys). */
export const fetchTopMenuKeys = async (topMenuIds: string[]) => {
  const { menu, menuHeldAlone = [] } = await request<{ menu: string[]; menuHeldAlone?: string[] }>(
    'blade-system/menu/top-tree-keys',
    { query: { topMenuIds: joined(topMenuIds) } },
  );
  return [...menu, ...menuHeldAlone];
};
/** Gives the top menus exactly these menus. */
export const grantTopMenus = (topMenuIds: string[], menuIds: string[]) =>
  request<unknown>('blade-system/topmenu/grant', {
    method: 'POST',
    body: { topMenuIds: joined(topMenuIds), menuIds: joined(menuIds) },
  });

/** A tile of 导航管理 as the home page gets it: enabled, sorted, only what the user can open. */
export interface NavigationTile {
  id: string;
  name: string;
  /** A console path, or an http(s) address. */
  path: string;
  source?: string | null;
  category?: string | null;
}

export const fetchHomeTiles = () => request<NavigationTile[]>('blade-system/navigate/home');

export const fetchPackages = () => requestList<Row>('blade-system/tenant-package');
/** The data sources (develop/datasource) a tenant's data may live in. */
export const fetchDatasources = () => request<Row[]>('blade-develop/datasource/select');
/** Gives a tenant (by its tenant id) a data source; none takes it away. */
export const setTenantDatasource = (tenantId: string, datasourceId: string | undefined) =>
  request<unknown>('blade-system/tenant/datasource', { method: 'POST', query: { tenantId, datasourceId } });
/** Gives a tenant (by its tenant id, not its row id) a package; none takes it away. */
export const setTenantPackage = (tenantId: string, packageId: string | undefined) =>
  request<unknown>('blade-system/tenant/package-setting', { method: 'POST', query: { tenantId, packageId } });
/** Account limit (-1 for none) and expiry of tenants by row id. */
export const setTenantLimits = (ids: string[], accountNumber: number, expireTime: string | undefined) =>
  request<unknown>('blade-system/tenant/setting', {
    method: 'POST',
    query: { ids: joined(ids), accountNumber, expireTime },
  });

/** A dictionary's entries below its row, as a tree (dict or dict-biz by `api`). */
export const fetchDictEntries = (api: string, query: Query) => request<Row[]>(`${api}/child-list`, { query });
export const fetchDictParents = (api: string, query: PageQuery) => request<Page<Row>>(`${api}/parent-list`, { query });
export const fetchDictTree = (api: string, code: string) => request<TreeNode[]>(`${api}/tree`, { query: { code } });

/** A pending account application, for the administrators' review. */
export interface PendingApplication {
  id: string;
  account: string;
  name: string;
  oauthId: string | null;
  createTime: string;
}

export const pendingApplications = () => request<PendingApplication[]>('blade-user/register/list');
export const decideApplications = (ids: string[], approve: boolean) =>
  request<boolean>(`blade-user/register/${approve ? 'approve' : 'reject'}`, {
    method: 'POST',
    query: { ids: joined(ids) },
  });
