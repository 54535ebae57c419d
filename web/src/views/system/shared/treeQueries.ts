import { fetchDeptTree, fetchGrantTrees, fetchRoleTree } from '../../../api/system.ts';

/** The role and department trees, shared by the pickers of several screens (one cache entry each). */
export const roleTreeQuery = { queryKey: ['system', 'role', 'tree'], queryFn: fetchRoleTree };
export const deptTreeQuery = { queryKey: ['system', 'dept', 'tree'], queryFn: fetchDeptTree };
/** The menus, data scopes and API scopes everything is granted from (the role grant, the menus of a package). */
export const grantTreeQuery = { queryKey: ['system', 'grant-tree'], queryFn: fetchGrantTrees };
