import type { EntityDef } from '../types.ts';
import { createTimeField, parentField, remarkField, sortField } from './fields.ts';

/** Menus and buttons (CONTRACT.md "Menus and permissions"): one tree shared by every tenant. */
export const menu: EntityDef = {
  key: 'menu',
  module: 'system',
  api: 'blade-system/menu',
  route: '/system/menu',
  table: 'blade_menu',
  label: { zh: '菜单管理', en: 'Menus' },
  tree: true,
  // Role grants, packages, top menus and scope rules are all picked from the menu tree.
  readWith: [
    '/authority/role',
    '/system/tenantpackage',
    '/system/topmenu',
    '/authority/datascope',
    '/authority/apiscope',
  ],
  scope: 'platform',
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'name',
      type: 'string',
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入菜单名称', en: 'Please enter the menu name' },
      maxLength: 255,
      search: true,
    },
    {
      name: 'path',
      type: 'string',
      label: { zh: '路由地址', en: 'Path' },
      required: { zh: '请输入路由地址', en: 'Please enter the route path' },
      maxLength: 255,
      format: 'menuPath',
    },
    parentField({ zh: '上级菜单', en: 'Parent' }),
    {
      name: 'code',
      type: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the menu code' },
      unique: { zh: '菜单编号已存在', en: 'A menu with this code already exists' },
      maxLength: 255,
      search: true,
    },
    { name: 'alias', type: 'string', label: { zh: '菜单别名', en: 'Alias' }, maxLength: 255, list: false },
    { name: 'source', type: 'string', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 255 },
    { name: 'component', type: 'string', label: { zh: '组件地址', en: 'Component' }, maxLength: 255, list: false },
    {
      name: 'category',
      type: 'int',
      label: { zh: '菜单类型', en: 'Type' },
      dict: 'menu_category',
      required: { zh: '请选择菜单类型', en: 'Please select the type' },
      search: true,
    },
    { name: 'action', type: 'int', label: { zh: '按钮功能', en: 'Button place' }, dict: 'button_func', list: false },
    {
      name: 'isOpen',
      type: 'int',
      label: { zh: '新窗口', en: 'Keep alive / new window' },
      dict: 'open_type',
      list: false,
    },
    sortField({ zh: '请输入菜单排序', en: 'Please enter the sort order' }),
    remarkField,
    createTimeField,
  ],
};
