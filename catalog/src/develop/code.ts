import { createTimeField, remarkField } from '../system/fields.ts';
import type { EntityDef } from '../types.ts';

/** The one target the generator writes for (BladeX's `system=saber`): this project's catalog, web view and menu. */
export const CODE_GEN_SYSTEM = 'saber';

/**
 * What the path-like fields must look like, because they become file paths and names in the
 * generated zip: the catalog module folder, the entity's API path and its menu route.
 */
export const CODE_PATHS = {
  packageName: /^[a-z][a-z0-9-]*$/,
  apiPath: /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)+$/,
  webPath: /^(\/[a-z][a-z0-9-]*)+$/,
} as const;

/**
 * Code generation (BladeX blade_code): one configuration per table, from which `gen-code` writes
 * this project's catalog entity, web view and menu seed. BladeX's Java-only fields (service name,
 * base and wrapper modes, sub-table and tree templates) are left out (docs/decisions.md).
 */
export const code: EntityDef = {
  key: 'code',
  module: 'develop',
  api: 'blade-develop/code',
  route: '/tool/code',
  table: 'blade_code',
  label: { zh: '代码生成', en: 'Code generation' },
  fields: [
    {
      name: 'codeName',
      type: 'string',
      label: { zh: '模块名', en: 'Module name' },
      required: { zh: '请输入模块名', en: 'Please enter the module name' },
      maxLength: 64,
      search: true,
      sort: true,
    },
    {
      name: 'datasourceId',
      type: 'id',
      label: { zh: '数据源', en: 'Data source' },
      ref: { entity: 'datasource', nameField: 'name' },
    },
    {
      name: 'tableName',
      type: 'string',
      label: { zh: '表名', en: 'Table name' },
      required: { zh: '请输入表名', en: 'Please enter the table name' },
      maxLength: 64,
      search: true,
      sort: true,
    },
    {
      name: 'tablePrefix',
      type: 'string',
      label: { zh: '表前缀', en: 'Table prefix' },
      maxLength: 64,
    },
    {
      name: 'pkName',
      type: 'string',
      label: { zh: '主键名', en: 'Primary key' },
      required: { zh: '请输入主键名', en: 'Please enter the primary key' },
      maxLength: 32,
      initial: 'id',
    },
    {
      name: 'packageName',
      type: 'string',
      label: { zh: '模块目录', en: 'Module folder' },
      required: { zh: '请输入模块目录', en: 'Please enter the module folder' },
      maxLength: 64,
    },
    {
      name: 'apiPath',
      type: 'string',
      label: { zh: '接口路径', en: 'API path' },
      required: { zh: '请输入接口路径', en: 'Please enter the API path' },
      maxLength: 255,
    },
    {
      name: 'webPath',
      type: 'string',
      label: { zh: '菜单路径', en: 'Menu path' },
      required: { zh: '请输入菜单路径', en: 'Please enter the menu path' },
      maxLength: 255,
    },
    remarkField,
    { ...createTimeField, list: true },
  ],
};
