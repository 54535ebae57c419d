import { fetchDeptTree, fetchGrantTrees, fetchMenuTree, fetchRoleTree } from '../../../api/system.ts';

/** The role, department and menu trees, shared by the pickers of several screens (one cache entry each). */
export const roleTreeQuery = { queryKey: ['system', 'role', 'tree'], queryFn: fetchRoleTree };
export const deptTreeQuery = { queryKey: ['system', 'dept', 'tree'], queryFn: fetchDeptTree };
export const menuTreeQuery = { queryKey: ['system', 'menu', 'tree'], queryFn: fetchMenuTree };
/** The menus, data scopes and API scopes everything is granted from (the role grant, the menus of a package). */
export const grantTreeQuery = { queryKey: ['system', 'grant-tree'], queryFn: fetchGrantTrees };
