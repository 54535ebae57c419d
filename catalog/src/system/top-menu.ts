import type { EntityDef } from '../types.ts';
import { sortField } from './fields.ts';

/** Top menus of a tenant: each groups a set of menus, chosen through topmenu/grant. */
export const topMenu: EntityDef = {
  key: 'topmenu',
  module: 'system',
  api: 'blade-system/topmenu',
  route: '/system/topmenu',
  table: 'blade_top_menu',
  label: { zh: '顶部菜单', en: 'Top menus' },
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'code',
      type: 'string',
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the code' },
      maxLength: 255,
      search: true,
    },
    {
      name: 'name',
      type: 'string',
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入菜单名称', en: 'Please enter the name' },
      maxLength: 255,
      search: true,
    },
    { name: 'source', type: 'string', label: { zh: '菜单图标', en: 'Icon' }, maxLength: 255 },
    { name: 'path', type: 'string', label: { zh: '菜单路径', en: 'Path' }, maxLength: 255 },
    sortField({ zh: '请输入菜单排序', en: 'Please enter the sort order' }),
  ],
};
