import type { EntityDef } from '../types.ts';
import { remarkField, sortField } from './fields.ts';

/**
 * Navigation (导航管理): the quick-navigation tiles of a tenant's home page. A tile opens a
 * console path (a menu's, shown only to users who have that menu) or an http(s) address.
 */
export const navigate: EntityDef = {
  key: 'navigate',
  module: 'system',
  api: 'blade-system/navigate',
  route: '/system/navigate',
  table: 'blade_navigate',
  label: { zh: '导航管理', en: 'Navigation' },
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'name',
      type: 'string',
      label: { zh: '导航名称', en: 'Name' },
      required: { zh: '请输入导航名称', en: 'Please enter the name' },
      maxLength: 64,
      search: true,
      sort: true,
    },
    {
      name: 'path',
      type: 'string',
      label: { zh: '导航地址', en: 'Address' },
      required: { zh: '请输入导航地址', en: 'Please enter the address' },
      maxLength: 500,
      search: true,
    },
    { name: 'source', type: 'string', label: { zh: '导航图标', en: 'Icon' }, maxLength: 255 },
    { name: 'category', type: 'string', label: { zh: '导航分组', en: 'Group' }, maxLength: 64, search: true },
    sortField({ zh: '请输入导航排序', en: 'Please enter the sort order' }),
    {
      name: 'status',
      type: 'int',
      label: { zh: '导航状态', en: 'Status' },
      dict: 'status',
      required: { zh: '请选择导航状态', en: 'Please select the status' },
      search: true,
    },
    remarkField,
  ],
};
