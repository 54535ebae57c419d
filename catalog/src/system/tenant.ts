import type { EntityDef } from '../types.ts';
import { createTimeField } from './fields.ts';

/** Tenants (spec part 1): platform-level, managed by the platform tenant's administrator only. */
export const tenant: EntityDef = {
  key: 'tenant',
  module: 'system',
  api: 'blade-system/tenant',
  route: '/system/tenant',
  table: 'blade_tenant',
  label: { zh: '租户管理', en: 'Tenants' },
  scope: 'platform',
  fields: [
    {
      name: 'tenantId',
      type: 'string',
      label: { zh: '租户ID', en: 'Tenant id' },
      unique: { zh: '租户ID已存在', en: 'A tenant with this id already exists' },
      maxLength: 12,
      search: true,
      sort: true,
    },
    {
      name: 'tenantName',
      type: 'string',
      label: { zh: '租户名称', en: 'Name' },
      required: { zh: '请输入租户名称', en: 'Please enter the tenant name' },
      maxLength: 50,
      search: true,
      sort: true,
    },
    { name: 'domain', type: 'string', label: { zh: '域名地址', en: 'Domain' }, maxLength: 255, list: false },
    {
      name: 'backgroundUrl',
      type: 'string',
      label: { zh: '系统背景', en: 'Background' },
      maxLength: 1000,
      list: false,
    },
    {
      name: 'linkman',
      type: 'string',
      label: { zh: '联系人', en: 'Contact' },
      required: { zh: '请输入联系人', en: 'Please enter the contact person' },
      maxLength: 20,
      search: true,
    },
    {
      name: 'contactNumber',
      type: 'string',
      label: { zh: '联系电话', en: 'Phone' },
      maxLength: 20,
    },
    { name: 'address', type: 'string', label: { zh: '联系地址', en: 'Address' }, maxLength: 255, span: 24 },
    {
      name: 'accountNumber',
      type: 'int',
      label: { zh: '账号额度', en: 'Account limit' },
      form: false,
      unlimited: true,
    },
    {
      name: 'expireTime',
      type: 'datetime',
      label: { zh: '过期时间', en: 'Expires' },
      form: false,
      sort: true,
      unlimited: true,
    },
    { name: 'packageId', type: 'id', label: { zh: '产品包', en: 'Package' }, form: false, list: false },
    { name: 'datasourceId', type: 'id', label: { zh: '数据源', en: 'Data source' }, form: false, list: false },
    createTimeField,
  ],
};
