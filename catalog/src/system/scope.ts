import type { EntityDef, FieldDef } from '../types.ts';
import { remarkField } from './fields.ts';

/**
 * Data-scope and API-scope rules (CONTRACT.md "Menus and permissions"), each hanging
 * off a menu; roles are granted them through role/grant.
 */
const common: FieldDef[] = [
  {
    name: 'menuId',
    type: 'id',
    label: { zh: '所属菜单', en: 'Menu' },
    required: { zh: '请选择所属菜单', en: 'Please select the menu' },
    search: true,
  },
  {
    name: 'resourceCode',
    type: 'string',
    label: { zh: '资源编号', en: 'Resource code' },
    required: { zh: '请输入资源编号', en: 'Please enter the resource code' },
    maxLength: 255,
    search: true,
  },
  {
    name: 'scopeName',
    type: 'string',
    label: { zh: '权限名称', en: 'Name' },
    required: { zh: '请输入权限名称', en: 'Please enter the rule name' },
    maxLength: 255,
    search: true,
  },
];

export const dataScope: EntityDef = {
  key: 'data_scope',
  module: 'system',
  api: 'blade-system/data-scope',
  route: '/authority/datascope',
  table: 'blade_scope_data',
  label: { zh: '数据权限', en: 'Data scopes' },
  scope: 'platform',
  fields: [
    ...common,
    { name: 'scopeField', type: 'string', label: { zh: '权限字段', en: 'Field' }, maxLength: 255, list: false },
    {
      name: 'scopeColumn',
      type: 'string',
      label: { zh: '权限字段列', en: 'Column' },
      required: { zh: '请输入权限字段列', en: 'Please enter the column' },
      maxLength: 255,
    },
    {
      name: 'scopeType',
      type: 'int',
      label: { zh: '权限类型', en: 'Type' },
      dict: 'data_scope_type',
      required: { zh: '请选择权限类型', en: 'Please select the rule type' },
    },
    { name: 'scopeValue', type: 'string', label: { zh: '权限值域', en: 'Values' }, maxLength: 2000, list: false },
    remarkField,
  ],
};

export const apiScope: EntityDef = {
  key: 'api_scope',
  module: 'system',
  api: 'blade-system/api-scope',
  route: '/authority/apiscope',
  table: 'blade_scope_api',
  label: { zh: '接口权限', en: 'API scopes' },
  scope: 'platform',
  fields: [
    ...common,
    {
      name: 'scopePath',
      type: 'string',
      label: { zh: '权限路径', en: 'Path' },
      required: { zh: '请输入权限路径', en: 'Please enter the path' },
      maxLength: 255,
    },
    {
      name: 'scopeType',
      type: 'int',
      label: { zh: '接口类型', en: 'Type' },
      dict: 'api_scope_type',
      required: { zh: '请选择接口类型', en: 'Please select the type' },
    },
    remarkField,
  ],
};
