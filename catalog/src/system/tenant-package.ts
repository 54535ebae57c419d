import type { EntityDef } from '../types.ts';
import { createTimeField, remarkField } from './fields.ts';

/** Tenant packages (spec parts 2, 3 and 5): the menus a tenant's users may see at most. */
export const tenantPackage: EntityDef = {
  key: 'tenant_package',
  module: 'system',
  api: 'blade-system/tenant-package',
  route: '/system/tenantpackage',
  table: 'blade_tenant_package',
  label: { zh: '租户产品包', en: 'Tenant packages' },
  // The tenant screen gives a tenant its package.
  readWith: ['/system/tenant'],
  scope: 'platform',
  fields: [
    {
      name: 'packageName',
      type: 'string',
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入产品包名称', en: 'Please enter the package name' },
      maxLength: 50,
      search: true,
      sort: true,
    },
    {
      name: 'menuId',
      type: 'text',
      label: { zh: '菜单列表', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please select the menus' },
      list: false,
      span: 24,
    },
    remarkField,
    createTimeField,
  ],
};
