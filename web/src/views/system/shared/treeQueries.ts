import { fetchGrantTrees, fetchMenuTree, fetchPackageMenuTree, fetchRoleTree } from '../../../api/system.ts';

/** The role, department and menu trees, shared by the pickers of several screens (one cache entry each). */
export const roleTreeQuery = { queryKey: ['system', 'role', 'tree'], queryFn: fetchRoleTree };
export { deptTreeQuery } from '../../../components/DeptTreeSelect.tsx';
export const menuTreeQuery = { queryKey: ['system', 'menu', 'tree'], queryFn: fetchMenuTree };
/** The menus, data scopes and API scopes a role is granted from. */
export const grantTreeQuery = { queryKey: ['system', 'grant-tree'], queryFn: fetchGrantTrees };
/** The menus and buttons a tenant package is made of. */
export const packageMenuTreeQuery = { queryKey: ['system', 'package-menu-tree'], queryFn: fetchPackageMenuTree };
