import type { EntityDef } from '../types.ts';
import { parentField, sortField } from './fields.ts';

/** Roles: a tree per tenant; grants (menus, data and API scopes) are set through role/grant. */
export const role: EntityDef = {
  key: 'role',
  module: 'system',
  api: 'blade-system/role',
  route: '/authority/role',
  table: 'blade_role',
  label: { zh: '角色管理', en: 'Roles' },
  tree: true,
  // The user screen grants roles from their tree; a role broadcast picks its roles from it.
  readWith: ['/system/user', '/message/send'],
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'roleName',
      type: 'string',
      label: { zh: '角色名称', en: 'Name' },
      required: { zh: '请输入角色名称', en: 'Please enter the role name' },
      maxLength: 255,
      search: true,
    },
    {
      name: 'roleAlias',
      type: 'string',
      label: { zh: '角色别名', en: 'Alias' },
      required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
      unique: { zh: '角色别名已存在', en: 'A role with this alias already exists' },
      maxLength: 255,
      search: true,
    },
    parentField({ zh: '上级角色', en: 'Parent' }),
    sortField({ zh: '请输入角色排序', en: 'Please enter the sort order' }),
  ],
};
